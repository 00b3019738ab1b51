import type { inviteToProjectEndpoint } from '@planwerk/events/projects/project-invite.endpoints';
import { api } from '../../../app/api';
import { fromContract, route, type RequestOf } from '../../../app/contract';

// The project invitation by mail (events/src/projects/project-invite.endpoints.ts).

export type InviteToProjectInput = RequestOf<typeof inviteToProjectEndpoint>['body'];

export const projectInvitesApi = api.enhanceEndpoints({ addTagTypes: ['ProjectInvitations'] }).injectEndpoints({
  endpoints: (build) => ({
    inviteToProject: build.mutation({
      ...fromContract(route<typeof inviteToProjectEndpoint>('POST /v5/team/{teamId}/project/{projectId}/invite'), ({ teamId, projectId, body }: { teamId: string; projectId: string; body: InviteToProjectInput }) => ({
        params: { teamId, projectId }, body,
      })),
      invalidatesTags: (_result, _error, { projectId }) => [{ type: 'ProjectInvitations' as const, id: projectId }],
    }),
  }),
});

export const { useInviteToProjectMutation } = projectInvitesApi;
