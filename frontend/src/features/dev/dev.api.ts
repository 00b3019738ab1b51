import type { getDevStatusEndpoint, listDevMailboxEndpoint } from '@planwerk/events/dev/dev.endpoints';
import { api } from '../../app/api';
import { fromContract, route, type ResponseOf } from '../../app/contract';

// GET /v5/dev/status and /v5/dev/mailbox (events/src/dev/dev.endpoints.ts): the types come from the declarations.
export type DevMail = ResponseOf<typeof listDevMailboxEndpoint>['mails'][number];

export const devApi = api.enhanceEndpoints({ addTagTypes: ['DevMailbox'] }).injectEndpoints({
  endpoints: (build) => ({
    getDevStatus: build.query({
      ...fromContract(route<typeof getDevStatusEndpoint>('GET /v5/dev/status', 'minCheckpoint'), (_: void) => ({ params: {} })),
    }),
    listDevMailbox: build.query({
      ...fromContract(route<typeof listDevMailboxEndpoint>('GET /v5/dev/mailbox', 'minCheckpoint'), (_: void) => ({ params: {} }), (answer) => answer.mails),
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
