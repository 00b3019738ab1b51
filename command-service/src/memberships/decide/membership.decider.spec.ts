import { DomainError, type MembershipEvent } from '@planwerk/events';
import { decideMembership, evolveMembership, initialMembershipState, type MembershipCommand, type MembershipState } from './membership.decider';

const TEAM = '00000000-0000-4000-8000-00000000000a';
const OWNER = '00000000-0000-4000-8000-000000000001';
const ADMIN = '00000000-0000-4000-8000-000000000002';
const ANNA = '00000000-0000-4000-8000-000000000003';
const INVITE = '00000000-0000-4000-8000-0000000000f1';
const KEY = 'a'.repeat(64);
const NOW = '2026-11-23T10:00:00.000Z';

const given = (...events: MembershipEvent[]): MembershipState => events.reduce(evolveMembership, initialMembershipState());
const joined = (userId: string, level: 'admin' | 'member' = 'member'): MembershipEvent =>
  ({ type: 'InvitationAccepted', data: { teamId: TEAM, inviteId: INVITE, userId, level, access: {}, acceptedAt: NOW } });
const mailInvite = (expiresAt = '2026-12-01T00:00:00.000Z'): MembershipEvent => ({ type: 'MemberInvited', data: {
  teamId: TEAM, inviteId: INVITE, channel: 'mail', emailKey: KEY, email: 'anna@example.org', tokenHash: null, level: 'member',
  access: {}, language: 'de', invitedBy: OWNER, invitedAt: NOW, expiresAt,
} });

function failure(command: MembershipCommand, state: MembershipState): string | number {
  try {
    decideMembership(command, state);
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  throw new Error('expected a rule error');
}

describe('membership decider', () => {
  const accept = (emailKey: string | null, now = NOW): MembershipCommand =>
    ({ type: 'AcceptInvitation', teamId: TEAM, ownerId: OWNER, inviteId: INVITE, userId: ANNA, emailKey, now });

  it('lets the invited address accept a mail invitation once', () => {
    const events = decideMembership(accept(KEY), given(mailInvite()));
    expect(events).toEqual([joined(ANNA)]);
    expect(failure(accept(KEY), given(mailInvite(), ...events))).toBe('not_found');
  });

  it('answers another address, an expired and an unknown invitation alike (404)', () => {
    expect(failure(accept('b'.repeat(64)), given(mailInvite()))).toBe('not_found');
    expect(failure(accept(KEY, '2026-12-02T00:00:00.000Z'), given(mailInvite()))).toBe('not_found');
    expect(failure(accept(KEY), given())).toBe('not_found');
  });

  it('only the owner makes admins; admins cannot touch other admins or the owner', () => {
    const state = given(joined(ADMIN, 'admin'), joined(ANNA));
    const byAdmin = { teamId: TEAM, ownerId: OWNER, actor: { userId: ADMIN, level: 'admin' as const } };
    expect(failure({ type: 'ChangeMemberLevel', ...byAdmin, userId: ANNA, level: 'admin' }, state)).toBe('no_permission');
    expect(failure({ type: 'DisconnectMember', ...byAdmin, userId: OWNER }, state)).toBe('no_permission');
    expect(decideMembership({ type: 'ChangeMemberLevel', ...byAdmin, userId: ANNA, level: 'space' }, state))
      .toEqual([{ type: 'MemberLevelChanged', data: { teamId: TEAM, userId: ANNA, level: 'space' } }]);
    const byOwner = { teamId: TEAM, ownerId: OWNER, actor: { userId: OWNER, level: 'owner' as const } };
    expect(decideMembership({ type: 'DisconnectMember', ...byOwner, userId: ADMIN }, state))
      .toEqual([{ type: 'MemberDisconnected', data: { teamId: TEAM, userId: ADMIN } }]);
  });

  it('keeps the owner in the team and lets members leave', () => {
    const state = given(joined(ANNA));
    expect(failure({ type: 'LeaveTeam', teamId: TEAM, ownerId: OWNER, userId: OWNER }, state)).toBe('membership_owner_cannot_leave');
    expect(decideMembership({ type: 'LeaveTeam', teamId: TEAM, ownerId: OWNER, userId: ANNA }, state))
      .toEqual([{ type: 'MemberLeft', data: { teamId: TEAM, userId: ANNA } }]);
  });

  it('takes one open application per person and refuses members', () => {
    const apply: MembershipCommand = { type: 'ApplyForMembership', teamId: TEAM, ownerId: OWNER, applicationId: INVITE, userId: ANNA, now: NOW };
    const events = decideMembership(apply, given());
    expect(failure({ ...apply, applicationId: ADMIN }, given(...events))).toBe('membership_application_open');
    expect(failure(apply, given(joined(ANNA)))).toBe('membership_already_member');
    expect(decideMembership({ type: 'DecideApplication', teamId: TEAM, applicationId: INVITE, accept: true, now: NOW }, given(...events)))
      .toEqual([{ type: 'MembershipApplicationAccepted', data: { teamId: TEAM, applicationId: INVITE, userId: ANNA, acceptedAt: NOW } }]);
  });

  it('lets a space member with manage_contact hand out plain memberships only', () => {
    const invite = (level: 'admin' | 'member'): MembershipCommand => ({
      type: 'InviteMember', teamId: TEAM, actor: { userId: ANNA, level: 'space' }, inviteId: INVITE, channel: 'link', emailKey: null,
      email: null, tokenHash: 'c'.repeat(64), level, access: {}, language: 'de', now: NOW, expiresAt: '2026-12-01T00:00:00.000Z',
    });
    expect(failure(invite('admin'), given())).toBe('no_permission');
    expect(decideMembership(invite('member'), given())).toHaveLength(1);
  });
});
