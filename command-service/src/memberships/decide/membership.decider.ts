import { DomainError, type MemberAccessMap, type GrantableLevel, type InviteChannel, type MemberLevel, type MembershipEvent } from '@planwerk/events';

// The team's membership stream `team-members-<teamId>` (ADR 0005): pure state, evolve, decide.
// The owner is made by TeamCreated on the team stream; commands carry `ownerId` and the
// actor's level (both from the inline tables, which never lag).

interface MemberState { level: GrantableLevel; access: MemberAccessMap; active: boolean }
interface InvitationState {
  channel: InviteChannel; emailKey: string | null; level: GrantableLevel; access: MemberAccessMap;
  expiresAt: string; status: 'open' | 'accepted' | 'declined' | 'revoked';
}
interface ApplicationState { userId: string; status: 'open' | 'accepted' | 'rejected' }

export interface MembershipState {
  members: Record<string, MemberState>;
  invitations: Record<string, InvitationState>;
  applications: Record<string, ApplicationState>;
}

export interface Actor { userId: string; level: MemberLevel }

export type MembershipCommand =
  | { type: 'InviteMember'; teamId: string; actor: Actor; inviteId: string; channel: InviteChannel; emailKey: string | null;
      email: string | null; tokenHash: string | null; level: GrantableLevel; access: MemberAccessMap; language: 'de' | 'en' | 'fr' | 'it';
      now: string; expiresAt: string }
  | { type: 'RevokeInvitation'; teamId: string; inviteId: string }
  | { type: 'AcceptInvitation'; teamId: string; ownerId: string; inviteId: string; userId: string; emailKey: string | null; now: string }
  | { type: 'DeclineInvitation'; teamId: string; inviteId: string; userId: string; emailKey: string | null; now: string }
  | { type: 'ApplyForMembership'; teamId: string; ownerId: string; applicationId: string; userId: string; now: string }
  | { type: 'DecideApplication'; teamId: string; applicationId: string; accept: boolean; now: string }
  | { type: 'LeaveTeam'; teamId: string; ownerId: string; userId: string }
  | { type: 'DisconnectMember'; teamId: string; ownerId: string; actor: Actor; userId: string }
  | { type: 'ChangeMemberLevel'; teamId: string; ownerId: string; actor: Actor; userId: string; level: GrantableLevel }
  | { type: 'ChangeMemberAccess'; teamId: string; ownerId: string; actor: Actor; userId: string; access: MemberAccessMap };

export const initialMembershipState = (): MembershipState => ({ members: {}, invitations: {}, applications: {} });

export function evolveMembership(state: MembershipState, event: MembershipEvent): MembershipState {
  const members = { ...state.members };
  const invitations = { ...state.invitations };
  const applications = { ...state.applications };
  switch (event.type) {
    case 'MemberInvited': {
      const d = event.data;
      invitations[d.inviteId] = { channel: d.channel, emailKey: d.emailKey, level: d.level, access: d.access, expiresAt: d.expiresAt, status: 'open' };
      break;
    }
    case 'InvitationRevoked':
    case 'InvitationDeclined': {
      const invitation = invitations[event.data.inviteId];
      if (invitation) invitations[event.data.inviteId] = { ...invitation, status: event.type === 'InvitationRevoked' ? 'revoked' : 'declined' };
      break;
    }
    case 'InvitationAccepted': {
      const d = event.data;
      const invitation = invitations[d.inviteId];
      if (invitation && invitation.channel === 'mail') invitations[d.inviteId] = { ...invitation, status: 'accepted' };
      members[d.userId] = { level: d.level, access: d.access, active: true };
      break;
    }
    case 'MembershipApplied':
      applications[event.data.applicationId] = { userId: event.data.userId, status: 'open' };
      break;
    case 'MembershipApplicationAccepted':
      applications[event.data.applicationId] = { userId: event.data.userId, status: 'accepted' };
      members[event.data.userId] = { level: 'member', access: {}, active: true };
      break;
    case 'MembershipApplicationRejected':
      applications[event.data.applicationId] = { userId: event.data.userId, status: 'rejected' };
      break;
    case 'MemberLeft':
    case 'MemberDisconnected': {
      const m = members[event.data.userId];
      if (m) members[event.data.userId] = { ...m, active: false };
      break;
    }
    case 'MemberLevelChanged': {
      const m = members[event.data.userId];
      if (m) members[event.data.userId] = { ...m, level: event.data.level };
      break;
    }
    case 'MemberAccessChanged': {
      const m = members[event.data.userId];
      if (m) members[event.data.userId] = { ...m, access: event.data.access };
      break;
    }
    default:
      return assertNever(event);
  }
  return { members, invitations, applications };
}

const isActive = (state: MembershipState, ownerId: string, userId: string): boolean =>
  userId === ownerId || state.members[userId]?.active === true;

// Who may hand out which level: the owner any (but owner), an admin space/item/member, a
// space member with manage_contact plain memberships only.
function mayGrant(actor: Actor, level: GrantableLevel): boolean {
  switch (actor.level) {
    case 'owner': return true;
    case 'admin': return level !== 'admin';
    case 'space':
    case 'item': return level === 'member';
    case 'member': return false;
    default: return assertNever(actor.level);
  }
}

// The owner is untouchable; another admin only for the owner.
function mayManage(actor: Actor, ownerId: string, target: MemberState | undefined, targetId: string): MemberState {
  if (targetId === ownerId) throw new DomainError('no_permission');
  if (!target?.active) throw new DomainError('not_found');
  if (target.level === 'admin' && actor.level !== 'owner') throw new DomainError('no_permission');
  if (actor.level !== 'owner' && actor.level !== 'admin') throw new DomainError('no_permission');
  return target;
}

function openInvitation(state: MembershipState, inviteId: string, emailKey: string | null, now: string): InvitationState {
  const invitation = state.invitations[inviteId];
  // Unknown, used, revoked, expired and someone else's invitations answer alike (ADR 0004 links).
  if (!invitation || invitation.status !== 'open' || Date.parse(invitation.expiresAt) <= Date.parse(now)) throw new DomainError('not_found');
  if (invitation.channel === 'mail' && (emailKey === null || invitation.emailKey !== emailKey)) throw new DomainError('not_found');
  return invitation;
}

export function decideMembership(command: MembershipCommand, state: MembershipState): MembershipEvent[] {
  const teamId = command.teamId;
  switch (command.type) {
    case 'InviteMember': {
      if (!mayGrant(command.actor, command.level)) throw new DomainError('no_permission');
      const { inviteId, channel, emailKey, email, tokenHash, level, access, language, now, expiresAt } = command;
      return [{ type: 'MemberInvited', data: {
        teamId, inviteId, channel, emailKey, email, tokenHash, level, access, language,
        invitedBy: command.actor.userId, invitedAt: now, expiresAt,
      } }];
    }
    case 'RevokeInvitation': {
      const invitation = state.invitations[command.inviteId];
      if (!invitation) throw new DomainError('not_found');
      return invitation.status === 'open' ? [{ type: 'InvitationRevoked', data: { teamId, inviteId: command.inviteId } }] : [];
    }
    case 'AcceptInvitation': {
      const invitation = openInvitation(state, command.inviteId, command.emailKey, command.now);
      if (isActive(state, command.ownerId, command.userId)) throw new DomainError('membership_already_member');
      return [{ type: 'InvitationAccepted', data: {
        teamId, inviteId: command.inviteId, userId: command.userId, level: invitation.level, access: invitation.access, acceptedAt: command.now,
      } }];
    }
    case 'DeclineInvitation': {
      const invitation = openInvitation(state, command.inviteId, command.emailKey, command.now);
      // A link is for many people: declining it only means not following it.
      if (invitation.channel === 'link') return [];
      return [{ type: 'InvitationDeclined', data: { teamId, inviteId: command.inviteId, userId: command.userId } }];
    }
    case 'ApplyForMembership': {
      if (isActive(state, command.ownerId, command.userId)) throw new DomainError('membership_already_member');
      const open = Object.values(state.applications).some((a) => a.userId === command.userId && a.status === 'open');
      if (open) throw new DomainError('membership_application_open');
      return [{ type: 'MembershipApplied', data: { teamId, applicationId: command.applicationId, userId: command.userId, appliedAt: command.now } }];
    }
    case 'DecideApplication': {
      const application = state.applications[command.applicationId];
      if (!application || application.status !== 'open') throw new DomainError('not_found');
      const { applicationId } = command;
      if (!command.accept) return [{ type: 'MembershipApplicationRejected', data: { teamId, applicationId, userId: application.userId } }];
      if (state.members[application.userId]?.active) throw new DomainError('membership_already_member');
      return [{ type: 'MembershipApplicationAccepted', data: { teamId, applicationId, userId: application.userId, acceptedAt: command.now } }];
    }
    case 'LeaveTeam':
      // Owner transfer is out of scope (issue 4): the owner stays.
      if (command.userId === command.ownerId) throw new DomainError('membership_owner_cannot_leave');
      if (!state.members[command.userId]?.active) throw new DomainError('not_found');
      return [{ type: 'MemberLeft', data: { teamId, userId: command.userId } }];
    case 'DisconnectMember':
      mayManage(command.actor, command.ownerId, state.members[command.userId], command.userId);
      return [{ type: 'MemberDisconnected', data: { teamId, userId: command.userId } }];
    case 'ChangeMemberLevel': {
      const target = mayManage(command.actor, command.ownerId, state.members[command.userId], command.userId);
      // Only the owner makes admins (issue 4).
      if (command.level === 'admin' && command.actor.level !== 'owner') throw new DomainError('no_permission');
      return target.level === command.level ? [] : [{ type: 'MemberLevelChanged', data: { teamId, userId: command.userId, level: command.level } }];
    }
    case 'ChangeMemberAccess':
      mayManage(command.actor, command.ownerId, state.members[command.userId], command.userId);
      return [{ type: 'MemberAccessChanged', data: { teamId, userId: command.userId, access: command.access } }];
    default:
      return assertNever(command);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unexpected membership value ${JSON.stringify(value)}`);
}
