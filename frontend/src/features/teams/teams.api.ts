import type { AccessMap, MemberLevel } from '@planwerk/events/access';
import { api } from '../../app/api';

// Teams, memberships and user links (events/src/teams/*.endpoints.ts, events/src/links/*).
export const TEAM_TYPES = ['private_person', 'club', 'organisation', 'company', 'school', 'public_authority'] as const;
export type TeamType = (typeof TEAM_TYPES)[number];
export type Plan = 'free' | 'prime' | 'basic' | 'pro';
export const GRANTABLE_LEVELS = ['admin', 'space', 'item', 'member'] as const;
export type GrantableLevel = (typeof GRANTABLE_LEVELS)[number];

export interface TeamDesign {
  color?: number;
  theme?: 'default' | 'dark' | 'dark-contrast' | 'contrast';
}

export interface TeamSettings {
  contactUser: boolean;
  contactGroup: boolean;
  featureTag: string[];
}

export interface TeamDetails {
  id: string;
  link: string;
  name: string;
  type: TeamType;
  design: TeamDesign & { logo_url: string | null };
  pro: boolean;
  plan: Plan;
  planLapsed: boolean;
  blocked: boolean;
  activeProjects: string[];
  set: TeamSettings;
  team: 0 | 1 | 2;
  level: MemberLevel;
}

export interface TeamSetupStatus {
  teamId: string;
  link: string;
  plan: Plan;
  planLapsed: boolean;
  pro: boolean;
  blocked: boolean;
  missing: ('logo' | 'contactUser' | 'paid_plan')[];
  next: 'success' | 'payment';
}

export interface TeamMember {
  userId: string;
  /** From the account; null once the person is erased or unknown. */
  name: string | null;
  level?: MemberLevel;
  team?: 0 | 1 | 2;
  access?: AccessMap;
  joinedAt?: string;
}

export interface Invitation {
  inviteId: string;
  channel: 'mail' | 'link';
  level: GrantableLevel;
  expiresAt: string;
}

export interface Application {
  applicationId: string;
  userId: string;
  /** From the account; null once the person is erased or unknown. */
  name: string | null;
  appliedAt: string;
}

/** The link entry of spec section 3. */
export interface LinkEntry {
  id: string;
  link: string;
  hash: string | null;
  obj: string;
  name: string;
  team: 0 | 1 | 2;
  access: { level: 'owner' | 'admin' | 'space' | 'item' | 'others'; manage: boolean; access: AccessMap };
  item: string[];
  cc_id: string | null;
}

export interface Joined {
  teamId: string;
  link: string;
  level: GrantableLevel;
}

export interface CreateTeamBody {
  name: string;
  link: string;
  type: TeamType;
  logoUrl?: string | null;
  design?: TeamDesign;
}

export interface ChangeTeamSettingsBody {
  name?: string;
  logoUrl?: string | null;
  design?: TeamDesign;
  set?: Partial<TeamSettings>;
}

export type InviteBody =
  | { channel: 'mail'; email: string; level: GrantableLevel }
  | { channel: 'link'; level: GrantableLevel };

const teamTag = (teamId: string) => ({ type: 'Team' as const, id: teamId });

export const teamsApi = api.enhanceEndpoints({ addTagTypes: ['Team', 'TeamMembers', 'TeamInvitations', 'TeamApplications'] }).injectEndpoints({
  endpoints: (build) => ({
    listUserLinks: build.query<LinkEntry[], void>({
      query: () => 'user/link',
      transformResponse: (body: { links: LinkEntry[] }) => body.links,
      providesTags: ['UserLinks'],
    }),
    disconnectUserLink: build.mutation<unknown, { obj: string; id: string }>({
      query: (body) => ({ url: 'user/link', method: 'DELETE', body: { ...body, force: true } }),
      invalidatesTags: ['UserLinks', 'TeamAccess'],
    }),
    getTeamDetails: build.query<TeamDetails, string>({
      query: (link) => `team/${encodeURIComponent(link)}`,
      providesTags: (result) => (result ? [teamTag(result.id)] : []),
    }),
    getTeamSetup: build.query<TeamSetupStatus, string>({
      query: (teamId) => `team/setup/${encodeURIComponent(teamId)}`,
      providesTags: (_result, _error, teamId) => [teamTag(teamId)],
    }),
    createTeam: build.mutation<{ teamId: string; link: string }, CreateTeamBody>({
      query: (body) => ({ url: 'team', method: 'POST', body }),
      invalidatesTags: ['UserLinks', 'TeamAccess'],
    }),
    changeTeamSettings: build.mutation<{ changed: boolean }, { teamId: string; body: ChangeTeamSettingsBody }>({
      query: ({ teamId, body }) => ({ url: `team/${encodeURIComponent(teamId)}`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { teamId }) => [teamTag(teamId), 'UserLinks'],
    }),
    listTeamMembers: build.query<TeamMember[], string>({
      query: (teamId) => `team/${encodeURIComponent(teamId)}/members`,
      transformResponse: (body: { members: TeamMember[] }) => body.members,
      providesTags: (_result, _error, teamId) => [{ type: 'TeamMembers', id: teamId }],
    }),
    changeMemberLevel: build.mutation<unknown, { teamId: string; userId: string; level: GrantableLevel }>({
      query: ({ teamId, userId, level }) => ({
        url: `team/${encodeURIComponent(teamId)}/members/${encodeURIComponent(userId)}/level`, method: 'PUT', body: { level },
      }),
      invalidatesTags: (_result, _error, { teamId }) => [{ type: 'TeamMembers', id: teamId }],
    }),
    disconnectMember: build.mutation<unknown, { teamId: string; userId: string }>({
      query: ({ teamId, userId }) => ({ url: `team/${encodeURIComponent(teamId)}/members/${encodeURIComponent(userId)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { teamId }) => [{ type: 'TeamMembers', id: teamId }],
    }),
    leaveTeam: build.mutation<unknown, string>({
      query: (teamId) => ({ url: `team/${encodeURIComponent(teamId)}/leave`, method: 'POST' }),
      invalidatesTags: ['UserLinks', 'TeamAccess'],
    }),
    listTeamInvitations: build.query<Invitation[], string>({
      query: (teamId) => `team/${encodeURIComponent(teamId)}/invitations`,
      transformResponse: (body: { invitations: Invitation[] }) => body.invitations,
      providesTags: (_result, _error, teamId) => [{ type: 'TeamInvitations', id: teamId }],
    }),
    inviteMember: build.mutation<{ inviteId: string; path: string }, { teamId: string; body: InviteBody }>({
      query: ({ teamId, body }) => ({ url: `team/${encodeURIComponent(teamId)}/invitations`, method: 'POST', body }),
      invalidatesTags: (_result, _error, { teamId }) => [{ type: 'TeamInvitations', id: teamId }],
    }),
    revokeInvitation: build.mutation<unknown, { teamId: string; inviteId: string }>({
      query: ({ teamId, inviteId }) => ({ url: `team/${encodeURIComponent(teamId)}/invitations/${encodeURIComponent(inviteId)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { teamId }) => [{ type: 'TeamInvitations', id: teamId }],
    }),
    listTeamApplications: build.query<Application[], string>({
      query: (teamId) => `team/${encodeURIComponent(teamId)}/applications`,
      transformResponse: (body: { applications: Application[] }) => body.applications,
      providesTags: (_result, _error, teamId) => [{ type: 'TeamApplications', id: teamId }],
    }),
    decideApplication: build.mutation<unknown, { teamId: string; applicationId: string; accept: boolean }>({
      query: ({ teamId, applicationId, accept }) => ({
        url: `team/${encodeURIComponent(teamId)}/applications/${encodeURIComponent(applicationId)}`, method: 'PUT', body: { accept },
      }),
      invalidatesTags: (_result, _error, { teamId }) => [{ type: 'TeamApplications', id: teamId }, { type: 'TeamMembers', id: teamId }],
    }),
    acceptInvitation: build.mutation<Joined, string>({
      query: (inviteId) => ({ url: `invite/${encodeURIComponent(inviteId)}/accept`, method: 'POST' }),
      invalidatesTags: ['UserLinks', 'TeamAccess', 'TeamMembers'],
    }),
    declineInvitation: build.mutation<unknown, string>({
      query: (inviteId) => ({ url: `invite/${encodeURIComponent(inviteId)}/decline`, method: 'POST' }),
    }),
    acceptInviteLink: build.mutation<Joined, string>({
      query: (data) => ({ url: 'account/invite', method: 'POST', body: { data } }),
      invalidatesTags: ['UserLinks', 'TeamAccess', 'TeamMembers'],
    }),
  }),
});

export const {
  useListUserLinksQuery, useDisconnectUserLinkMutation, useGetTeamDetailsQuery, useGetTeamSetupQuery, useCreateTeamMutation,
  useChangeTeamSettingsMutation, useListTeamMembersQuery, useChangeMemberLevelMutation, useDisconnectMemberMutation,
  useLeaveTeamMutation, useListTeamInvitationsQuery, useInviteMemberMutation, useRevokeInvitationMutation,
  useListTeamApplicationsQuery, useDecideApplicationMutation, useAcceptInvitationMutation, useDeclineInvitationMutation,
  useAcceptInviteLinkMutation,
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
