import type { listMySignupsEndpoint } from '@planwerk/events/projects/project-queries.endpoints';
import { api } from '../../app/api';
import { fromContract, route, type ResponseOf } from '../../app/contract';

// "My sign-ups" across every team, with their receipts (GET /v5/user/signups,
// events/src/projects/project-queries.endpoints.ts). The type comes from the declaration.
export type MySignup = ResponseOf<typeof listMySignupsEndpoint>['signups'][number];

export const mySignupsApi = api.enhanceEndpoints({ addTagTypes: ['MySignups'] }).injectEndpoints({
  endpoints: (build) => ({
    listMySignups: build.query({
      ...fromContract(route<typeof listMySignupsEndpoint>('GET /v5/user/signups', 'minCheckpoint'), (_: void) => ({ params: {} }), (answer) => answer.signups),
      providesTags: ['MySignups'],
    }),
  }),
});

export const { useListMySignupsQuery } = mySignupsApi;
