import { z } from 'zod';
import { MEMBER_LEVELS } from '../access/access';
import { defineEndpoint } from '../http/endpoint';
import {
  acceptInviteLinkBody,
  changeMemberAccessBody,
  changeMemberLevelBody,
  decideApplicationBody,
  inviteMemberBody,
} from './membership.commands';
import { memberAccessMapSchema, grantableLevelSchema, INVITE_CHANNELS } from './membership.events';

const checkpoint = z.string();
const tag = 'memberships';
const joined = z.object({ teamId: z.uuid(), link: z.string(), level: grantableLevelSchema, checkpoint });

export const inviteMemberEndpoint = defineEndpoint({
  operationId: 'inviteMember', method: 'POST', path: '/v5/team/{teamId}/invitations', service: 'command', tag,
  summary: 'Invite by mail (link /invite/{inviteId}) or create a shareable link (/account/invite/{data}); manage_contact',
  body: inviteMemberBody,
  successStatus: 201,
  // A link's token is in the answer: it must not be stored with an idempotency key (ADR 0004).
  idempotencyKey: 'ignored',
  response: z.object({ inviteId: z.uuid(), path: z.string(), checkpoint }),
});

export const revokeInvitationEndpoint = defineEndpoint({
  operationId: 'revokeInvitation', method: 'DELETE', path: '/v5/team/{teamId}/invitations/{inviteId}', service: 'command', tag,
  summary: 'Revoke an open invitation or invite link (manage_contact)',
  response: z.object({ inviteId: z.uuid(), checkpoint }),
});

export const acceptInvitationEndpoint = defineEndpoint({
  operationId: 'acceptInvitation', method: 'POST', path: '/v5/invite/{inviteId}/accept', service: 'command', tag,
  summary: 'Accept a mail invitation (only the invited address; login required)',
  response: joined,
});

export const declineInvitationEndpoint = defineEndpoint({
  operationId: 'declineInvitation', method: 'POST', path: '/v5/invite/{inviteId}/decline', service: 'command', tag,
  summary: 'Decline a mail invitation (login required)',
  response: z.object({ inviteId: z.uuid(), checkpoint }),
});

export const acceptInviteLinkEndpoint = defineEndpoint({
  operationId: 'acceptInviteLink', method: 'POST', path: '/v5/account/invite', service: 'command', tag,
  summary: 'Join a team through a shareable invite link (/account/invite/{data}; login required)',
  body: acceptInviteLinkBody,
  idempotencyKey: 'ignored',
  response: joined,
});

export const applyForMembershipEndpoint = defineEndpoint({
  operationId: 'applyForMembership', method: 'POST', path: '/v5/team/{teamId}/applications', service: 'command', tag,
  summary: 'Apply for membership of a team (team id or link; login required)',
  successStatus: 201,
  response: z.object({ applicationId: z.uuid(), checkpoint }),
});

export const decideApplicationEndpoint = defineEndpoint({
  operationId: 'decideApplication', method: 'PUT', path: '/v5/team/{teamId}/applications/{applicationId}', service: 'command', tag,
  summary: 'Accept or reject a membership application (owner or admin)',
  body: decideApplicationBody,
  response: z.object({ applicationId: z.uuid(), accepted: z.boolean(), checkpoint }),
});

export const leaveTeamEndpoint = defineEndpoint({
  operationId: 'leaveTeam', method: 'POST', path: '/v5/team/{teamId}/leave', service: 'command', tag,
  summary: 'Leave the team (any member but the owner)',
  response: z.object({ teamId: z.uuid(), checkpoint }),
});

export const disconnectMemberEndpoint = defineEndpoint({
  operationId: 'disconnectMember', method: 'DELETE', path: '/v5/team/{teamId}/members/{userId}', service: 'command', tag,
  summary: 'Remove a member from the team (owner or admin; admins only by the owner)',
  response: z.object({ teamId: z.uuid(), userId: z.uuid(), checkpoint }),
});

export const changeMemberLevelEndpoint = defineEndpoint({
  operationId: 'changeMemberLevel', method: 'PUT', path: '/v5/team/{teamId}/members/{userId}/level', service: 'command', tag,
  summary: "Set a member's level (owner or admin; only the owner makes admins)",
  body: changeMemberLevelBody,
  response: z.object({ teamId: z.uuid(), userId: z.uuid(), level: grantableLevelSchema, checkpoint }),
});

export const changeMemberAccessEndpoint = defineEndpoint({
  operationId: 'changeMemberAccess', method: 'PUT', path: '/v5/team/{teamId}/members/{userId}/access', service: 'command', tag,
  summary: "Set a member's access map, area → item ids (owner or admin)",
  body: changeMemberAccessBody,
  response: z.object({ teamId: z.uuid(), userId: z.uuid(), checkpoint }),
});

/** A member's first and last name from the account (ADR 0007); null once erased or unknown. */
const memberName = z.string().nullable();

// Owner and admin see levels, flags and access maps; other members see who is in the team.
export const teamMemberSchema = z.object({
  userId: z.uuid(),
  name: memberName,
  level: z.enum(MEMBER_LEVELS).optional(),
  team: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
  access: memberAccessMapSchema.optional(),
  joinedAt: z.string().optional(),
});

export const listTeamMembersEndpoint = defineEndpoint({
  operationId: 'listTeamMembers', method: 'GET', path: '/v5/team/{teamId}/members', service: 'query', tag,
  summary: 'Active members with their names (owner and admin: with level, flag and access; others: user id and name only)',
  response: z.object({ members: z.array(teamMemberSchema) }),
});

export const listTeamInvitationsEndpoint = defineEndpoint({
  operationId: 'listTeamInvitations', method: 'GET', path: '/v5/team/{teamId}/invitations', service: 'query', tag,
  summary: 'Open invitations and invite links (manage_contact)',
  response: z.object({ invitations: z.array(z.object({
    inviteId: z.uuid(), channel: z.enum(INVITE_CHANNELS), level: grantableLevelSchema, expiresAt: z.string(),
  })) }),
});

export const listTeamApplicationsEndpoint = defineEndpoint({
  operationId: 'listTeamApplications', method: 'GET', path: '/v5/team/{teamId}/applications', service: 'query', tag,
  summary: 'Open membership applications (owner or admin)',
  response: z.object({ applications: z.array(z.object({ applicationId: z.uuid(), userId: z.uuid(), name: memberName, appliedAt: z.string() })) }),
});

export const membershipEndpoints = [
  inviteMemberEndpoint, revokeInvitationEndpoint, acceptInvitationEndpoint, declineInvitationEndpoint, acceptInviteLinkEndpoint,
  applyForMembershipEndpoint, decideApplicationEndpoint, leaveTeamEndpoint, disconnectMemberEndpoint, changeMemberLevelEndpoint,
  changeMemberAccessEndpoint, listTeamMembersEndpoint, listTeamInvitationsEndpoint, listTeamApplicationsEndpoint,
] as const;
