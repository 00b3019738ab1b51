import type { requestSupportEndpoint } from '@planwerk/events/support/support.endpoints';
import { api } from '../../app/api';
import { fromContract, route, type RequestOf } from '../../app/contract';

// A team's owner or admin writes to the operator of this installation
// (events/src/support/support.endpoints.ts); the operator gets it by mail, Reply-To the person.
type SupportBody = RequestOf<typeof requestSupportEndpoint>['body'];

export const supportApi = api.enhanceEndpoints({ addTagTypes: ['Activity'] }).injectEndpoints({
  endpoints: (build) => ({
    requestSupport: build.mutation({
      ...fromContract(route<typeof requestSupportEndpoint>('POST /v5/team/{teamId}/support'), ({ teamId, ...body }: SupportBody & { teamId: string }) => ({
        params: { teamId }, body,
      })),
      // The request is an entry of the team's activity log.
      invalidatesTags: ['Activity'],
    }),
  }),
});

export const { useRequestSupportMutation } = supportApi;
