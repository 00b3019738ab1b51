import type {
  inviteToProjectEndpoint, listProjectInvitationsEndpoint, reportInvitationEndpoint,
} from '@planwerk/events/projects/project-invite.endpoints';
import { api } from '../../../app/api';
import { fromContract, route, type RequestOf, type ResponseOf } from '../../../app/contract';

// The project invitation by mail, the visitor page's reports and the response overview
// (events/src/projects/project-invite.endpoints.ts).

export type InviteToProjectInput = RequestOf<typeof inviteToProjectEndpoint>['body'];
export type ReportInvitationInput = RequestOf<typeof reportInvitationEndpoint>['body'];
export type ProjectInvitations = ResponseOf<typeof listProjectInvitationsEndpoint>;
export type ProjectInvitationView = ProjectInvitations['invitations'][number];

export const projectInvitesApi = api.enhanceEndpoints({ addTagTypes: ['ProjectInvitations'] }).injectEndpoints({
  endpoints: (build) => ({
    inviteToProject: build.mutation({
      ...fromContract(route<typeof inviteToProjectEndpoint>('POST /v5/team/{teamId}/project/{projectId}/invite'), ({ teamId, projectId, body }: { teamId: string; projectId: string; body: InviteToProjectInput }) => ({
        params: { teamId, projectId }, body,
      })),
      invalidatesTags: (_result, _error, { projectId }) => [{ type: 'ProjectInvitations' as const, id: projectId }],
    }),
    listProjectInvitations: build.query({
      ...fromContract(route<typeof listProjectInvitationsEndpoint>('GET /v5/team/{teamId}/project/{projectId}/invitations', 'minCheckpoint'), ({ teamId, projectId }: { teamId: string; projectId: string }) => ({
        params: { teamId, projectId },
      })),
      providesTags: (_result, _error, { projectId }) => [{ type: 'ProjectInvitations' as const, id: projectId }],
    }),
    reportInvitation: build.mutation({
      ...fromContract(route<typeof reportInvitationEndpoint>('POST /v5/project/{projectId}/invitation/{invitationId}/report'), ({ projectId, invitationId, body }: { projectId: string; invitationId: string; body: ReportInvitationInput }) => ({
        params: { projectId, invitationId }, body,
      })),
    }),
  }),
});

export const { useInviteToProjectMutation, useListProjectInvitationsQuery, useReportInvitationMutation } = projectInvitesApi;
