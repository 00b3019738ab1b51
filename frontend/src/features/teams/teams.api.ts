import { TEAM_TYPES, type Plan, type TeamType } from '@planwerk/events/constants';
import type { listUserLinksEndpoint, disconnectUserLinkEndpoint } from '@planwerk/events/links/user-link.endpoints';
import type {
  acceptInvitationEndpoint, acceptInviteLinkEndpoint, applyForMembershipEndpoint, changeMemberAccessEndpoint, changeMemberLevelEndpoint, decideApplicationEndpoint, declineInvitationEndpoint,
  disconnectMemberEndpoint, inviteMemberEndpoint, leaveTeamEndpoint, listTeamApplicationsEndpoint, listTeamInvitationsEndpoint,
  listTeamMembersEndpoint, revokeInvitationEndpoint,
} from '@planwerk/events/teams/membership.endpoints';
import type {
  changeTeamSettingsEndpoint, createTeamEndpoint, getTeamDetailsEndpoint, getTeamSetupEndpoint, unlockTeamEndpoint,
} from '@planwerk/events/teams/team.endpoints';
import type { listTeamActivityEndpoint, setActivityRetentionEndpoint } from '@planwerk/events/activity/activity.endpoints';
import type { listProjectsEndpoint } from '@planwerk/events/projects/project-queries.endpoints';
import { api } from '../../app/api';
import { allOf, fromContract, route, type RequestOf, type ResponseOf } from '../../app/contract';

// Teams, memberships and user links (events/src/teams/*.endpoints.ts, events/src/links/*).
// Every type here comes from the declarations: none is written by hand.
export { TEAM_TYPES, type Plan, type TeamType };
/** The levels an owner or admin grants, as the level change accepts them. */
export type GrantableLevel = RequestOf<typeof changeMemberLevelEndpoint>['body']['level'];
/** Every grantable level, in the order the console offers them (a missing or extra one fails typecheck). */
export const GRANTABLE_LEVELS = allOf<GrantableLevel>()(['admin', 'space', 'item', 'member']);

export type TeamDetails = ResponseOf<typeof getTeamDetailsEndpoint>;
export type TeamDesign = NonNullable<RequestOf<typeof changeTeamSettingsEndpoint>['body']['design']>;
export type TeamSettings = TeamDetails['set'];
export type TeamSetupStatus = ResponseOf<typeof getTeamSetupEndpoint>;
export type TeamMember = ResponseOf<typeof listTeamMembersEndpoint>['members'][number];
export type Invitation = ResponseOf<typeof listTeamInvitationsEndpoint>['invitations'][number];
export type Application = ResponseOf<typeof listTeamApplicationsEndpoint>['applications'][number];
/** The link entry of spec section 3. */
export type LinkEntry = ResponseOf<typeof listUserLinksEndpoint>['links'][number];
export type Joined = ResponseOf<typeof acceptInvitationEndpoint>;
export type CreateTeamBody = RequestOf<typeof createTeamEndpoint>['body'];
export type ChangeTeamSettingsBody = RequestOf<typeof changeTeamSettingsEndpoint>['body'];
export type InviteBody = RequestOf<typeof inviteMemberEndpoint>['body'];
export type MemberAccess = RequestOf<typeof changeMemberAccessEndpoint>['body']['access'];
type LinkTarget = Omit<RequestOf<typeof disconnectUserLinkEndpoint>['body'], 'force'>;

const teamTag = (teamId: string) => ({ type: 'Team' as const, id: teamId });
const membersTag = (teamId: string) => ({ type: 'TeamMembers' as const, id: teamId });
const invitationsTag = (teamId: string) => ({ type: 'TeamInvitations' as const, id: teamId });
const applicationsTag = (teamId: string) => ({ type: 'TeamApplications' as const, id: teamId });
const retentionTag = (teamId: string) => ({ type: 'TeamActivityRetention' as const, id: teamId });

export const teamsApi = api.enhanceEndpoints({ addTagTypes: ['Team', 'TeamMembers', 'TeamInvitations', 'TeamApplications', 'TeamActivityRetention', 'Activity', 'Projects'] }).injectEndpoints({
  endpoints: (build) => ({
    listUserLinks: build.query({
      ...fromContract(route<typeof listUserLinksEndpoint>('GET /v5/user/link'), (_: void) => ({ params: {} }), (answer) => answer.links),
      providesTags: ['UserLinks'],
    }),
    disconnectUserLink: build.mutation({
      ...fromContract(route<typeof disconnectUserLinkEndpoint>('DELETE /v5/user/link'), (target: LinkTarget) => ({ params: {}, body: { ...target, force: true } })),
      invalidatesTags: ['UserLinks', 'TeamAccess'],
    }),
    getTeamDetails: build.query({
      ...fromContract(route<typeof getTeamDetailsEndpoint>('GET /v5/team/{link}'), (link: string) => ({ params: { link } })),
      providesTags: (result) => (result ? [teamTag(result.id)] : []),
    }),
    getTeamSetup: build.query({
      ...fromContract(route<typeof getTeamSetupEndpoint>('GET /v5/team/setup/{teamId}'), (teamId: string) => ({ params: { teamId } })),
      providesTags: (_result, _error, teamId) => [teamTag(teamId)],
    }),
    createTeam: build.mutation({
      ...fromContract(route<typeof createTeamEndpoint>('POST /v5/team'), (body: CreateTeamBody) => ({ params: {}, body })),
      invalidatesTags: ['UserLinks', 'TeamAccess'],
    }),
    changeTeamSettings: build.mutation({
      ...fromContract(route<typeof changeTeamSettingsEndpoint>('PUT /v5/team/{teamId}'), ({ teamId, body }: { teamId: string; body: ChangeTeamSettingsBody }) => ({ params: { teamId }, body })),
      invalidatesTags: (_result, _error, { teamId }) => [teamTag(teamId), 'UserLinks'],
    }),
    listTeamMembers: build.query({
      ...fromContract(route<typeof listTeamMembersEndpoint>('GET /v5/team/{teamId}/members'), (teamId: string) => ({ params: { teamId } }), (answer) => answer.members),
      providesTags: (_result, _error, teamId) => [membersTag(teamId)],
    }),
    changeMemberLevel: build.mutation({
      ...fromContract(route<typeof changeMemberLevelEndpoint>('PUT /v5/team/{teamId}/members/{userId}/level'), ({ teamId, userId, level }: { teamId: string; userId: string; level: GrantableLevel }) => ({
        params: { teamId, userId }, body: { level },
      })),
      invalidatesTags: (_result, _error, { teamId }) => [membersTag(teamId)],
    }),
    disconnectMember: build.mutation({
      ...fromContract(route<typeof disconnectMemberEndpoint>('DELETE /v5/team/{teamId}/members/{userId}'), ({ teamId, userId }: { teamId: string; userId: string }) => ({ params: { teamId, userId } })),
      invalidatesTags: (_result, _error, { teamId }) => [membersTag(teamId)],
    }),
    leaveTeam: build.mutation({
      ...fromContract(route<typeof leaveTeamEndpoint>('POST /v5/team/{teamId}/leave'), (teamId: string) => ({ params: { teamId } })),
      invalidatesTags: ['UserLinks', 'TeamAccess'],
    }),
    listTeamInvitations: build.query({
      ...fromContract(route<typeof listTeamInvitationsEndpoint>('GET /v5/team/{teamId}/invitations'), (teamId: string) => ({ params: { teamId } }), (answer) => answer.invitations),
      providesTags: (_result, _error, teamId) => [invitationsTag(teamId)],
    }),
    inviteMember: build.mutation({
      ...fromContract(route<typeof inviteMemberEndpoint>('POST /v5/team/{teamId}/invitations'), ({ teamId, body }: { teamId: string; body: InviteBody }) => ({ params: { teamId }, body })),
      invalidatesTags: (_result, _error, { teamId }) => [invitationsTag(teamId)],
    }),
    revokeInvitation: build.mutation({
      ...fromContract(route<typeof revokeInvitationEndpoint>('DELETE /v5/team/{teamId}/invitations/{inviteId}'), ({ teamId, inviteId }: { teamId: string; inviteId: string }) => ({ params: { teamId, inviteId } })),
      invalidatesTags: (_result, _error, { teamId }) => [invitationsTag(teamId)],
    }),
    listTeamApplications: build.query({
      ...fromContract(route<typeof listTeamApplicationsEndpoint>('GET /v5/team/{teamId}/applications'), (teamId: string) => ({ params: { teamId } }), (answer) => answer.applications),
      providesTags: (_result, _error, teamId) => [applicationsTag(teamId)],
    }),
    decideApplication: build.mutation({
      ...fromContract(route<typeof decideApplicationEndpoint>('PUT /v5/team/{teamId}/applications/{applicationId}'), ({ teamId, applicationId, accept }: { teamId: string; applicationId: string; accept: boolean }) => ({
        params: { teamId, applicationId }, body: { accept },
      })),
      invalidatesTags: (_result, _error, { teamId }) => [applicationsTag(teamId), membersTag(teamId)],
    }),
    changeMemberAccess: build.mutation({
      ...fromContract(route<typeof changeMemberAccessEndpoint>('PUT /v5/team/{teamId}/members/{userId}/access'), ({ teamId, userId, access }: { teamId: string; userId: string; access: MemberAccess }) => ({
        params: { teamId, userId }, body: { access },
      })),
      invalidatesTags: (_result, _error, { teamId }) => [membersTag(teamId)],
    }),
    // The team id or its link (a person who is no member yet knows only the link).
    applyForMembership: build.mutation({
      ...fromContract(route<typeof applyForMembershipEndpoint>('POST /v5/team/{teamId}/applications'), (teamRef: string) => ({ params: { teamId: teamRef } })),
    }),
    unlockTeam: build.mutation({
      ...fromContract(route<typeof unlockTeamEndpoint>('PUT /v5/team/{teamId}/unlock'), ({ teamId, projectId }: { teamId: string; projectId: string }) => ({ params: { teamId }, body: { projectId } })),
      invalidatesTags: (_result, _error, { teamId }) => [teamTag(teamId), 'UserLinks', 'Projects'],
    }),
    // The team's projects by name for the team screens (blocked banner, access lists); the same
    // read model and tag as the projects feature, which may itself show team screens.
    listTeamProjects: build.query({
      ...fromContract(route<typeof listProjectsEndpoint>('GET /v5/team/{teamId}/project', 'minCheckpoint'), ({ teamId, status }: { teamId: string; status: string }) => ({
        params: { teamId }, query: { filter: 'project' as const, status },
      }), (answer) => answer.projects.map((project) => ({ projectId: project.projectId, name: project.name }))),
      providesTags: (_result, _error, { teamId }) => [{ type: 'Projects' as const, id: teamId }],
    }),
    // The retention is part of the log's first page (owner and admin read the log).
    getActivityRetention: build.query({
      ...fromContract(route<typeof listTeamActivityEndpoint>('GET /v5/team/{teamId}/activity', 'minCheckpoint'), (teamId: string) => ({
        params: { teamId }, query: { limit: 1 },
      }), (answer) => answer.retentionDays),
      providesTags: (_result, _error, teamId) => [retentionTag(teamId)],
    }),
    setActivityRetention: build.mutation({
      ...fromContract(route<typeof setActivityRetentionEndpoint>('PUT /v5/team/{teamId}/activity/retention'), ({ teamId, days }: { teamId: string; days: number | null }) => ({ params: { teamId }, body: { days } })),
      invalidatesTags: (_result, _error, { teamId }) => [retentionTag(teamId), 'Activity'],
    }),
    acceptInvitation: build.mutation({
      ...fromContract(route<typeof acceptInvitationEndpoint>('POST /v5/invite/{inviteId}/accept'), (inviteId: string) => ({ params: { inviteId } })),
      invalidatesTags: ['UserLinks', 'TeamAccess', 'TeamMembers'],
    }),
    declineInvitation: build.mutation({
      ...fromContract(route<typeof declineInvitationEndpoint>('POST /v5/invite/{inviteId}/decline'), (inviteId: string) => ({ params: { inviteId } })),
    }),
    acceptInviteLink: build.mutation({
      ...fromContract(route<typeof acceptInviteLinkEndpoint>('POST /v5/account/invite'), (data: string) => ({ params: {}, body: { data } })),
      invalidatesTags: ['UserLinks', 'TeamAccess', 'TeamMembers'],
    }),
  }),
});

export const {
  useListUserLinksQuery, useDisconnectUserLinkMutation, useGetTeamDetailsQuery, useGetTeamSetupQuery, useCreateTeamMutation,
  useChangeTeamSettingsMutation, useListTeamMembersQuery, useChangeMemberLevelMutation, useDisconnectMemberMutation,
  useLeaveTeamMutation, useListTeamInvitationsQuery, useInviteMemberMutation, useRevokeInvitationMutation,
  useListTeamApplicationsQuery, useDecideApplicationMutation, useAcceptInvitationMutation, useDeclineInvitationMutation,
  useAcceptInviteLinkMutation, useChangeMemberAccessMutation, useApplyForMembershipMutation, useUnlockTeamMutation,
  useGetActivityRetentionQuery, useSetActivityRetentionMutation, useListTeamProjectsQuery,
} = teamsApi;

/** The user's teams from the link list (one entry per team). */
export function teamLinks(links: readonly LinkEntry[] | undefined): LinkEntry[] {
  const teams = new Map<string, LinkEntry>();
  for (const entry of links ?? []) if (entry.obj === 'link_cc' && !teams.has(entry.id)) teams.set(entry.id, entry);
  return [...teams.values()];
}

// The team chosen last (spec section 5: a missing team link falls back to it).
const LAST_TEAM_KEY = 'planwerk.lastTeam';

export function rememberTeam(link: string): void {
  try {
    localStorage.setItem(LAST_TEAM_KEY, link);
  } catch {
    // Storage blocked: nothing remembered.
  }
}
