import { api } from '../../app/api';

// GET /v5/dev/status and /v5/dev/mailbox (events/src/dev/dev.endpoints.ts).
export interface DevStatus {
  devMode: boolean;
}

export interface DevMail {
  id: number;
  to: string;
  toName: string | null;
  subject: string;
  language: string;
  /** ISO 8601 time the local mailbox received it. */
  received: string;
  text: string;
  html: string;
}

export const devApi = api.enhanceEndpoints({ addTagTypes: ['DevMailbox'] }).injectEndpoints({
  endpoints: (build) => ({
    getDevStatus: build.query<DevStatus, void>({
      query: () => 'dev/status',
    }),
    listDevMailbox: build.query<DevMail[], void>({
      query: () => 'dev/mailbox',
      transformResponse: (body: { mails: DevMail[] }) => body.mails,
      providesTags: ['DevMailbox'],
    }),
  }),
});

export const { useGetDevStatusQuery, useListDevMailboxQuery } = devApi;

/** True only when the server says so; loading, errors and older servers count as off. */
export function useDevMode(): { devMode: boolean; settled: boolean } {
  const { data, isLoading, isUninitialized } = useGetDevStatusQuery();
  return { devMode: data?.devMode === true, settled: !isLoading && !isUninitialized };
}
