import fc from 'fast-check';
import { DomainError, GRANTABLE_LEVELS, type GrantableLevel, type MemberLevel, type MembershipEvent } from '@planwerk/events';
import { everyPrefixRebuilds, replay, type PureDecider } from '../shared/testing/decider-replay';
import { decideMembership, evolveMembership, initialMembershipState, type Actor, type MembershipCommand, type MembershipState } from './decide/membership.decider';

const decider: PureDecider<MembershipState, MembershipCommand, MembershipEvent> = {
  initialState: initialMembershipState, evolve: evolveMembership, decide: decideMembership,
};
const TEAM = '00000000-0000-4000-8000-00000000000a';
const OWNER = '00000000-0000-4000-8000-000000000001';
const USERS = [OWNER, '00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000004'];
const KEYS = ['a'.repeat(64), 'b'.repeat(64)];
const T0 = Date.parse('2026-11-23T10:00:00.000Z');
const id = (prefix: string, n: number) => `${prefix}-${n}`;

type Spec =
  | { kind: 'invite'; actor: number; actorLevel: MemberLevel; channel: 'mail' | 'link'; key: number; level: GrantableLevel; lifetime: number }
  | { kind: 'revoke' | 'accept' | 'decline'; age: number; user: number; key: 'own' | 'other' | 'none' }
  | { kind: 'apply'; user: number }
  | { kind: 'decide'; age: number; accept: boolean }
  | { kind: 'leave'; user: number }
  | { kind: 'disconnect' | 'level' | 'access'; actor: number; actorLevel: MemberLevel; user: number; level: GrantableLevel };

const user = fc.integer({ min: 0, max: USERS.length - 1 });
const level = fc.constantFrom(...GRANTABLE_LEVELS);
// The level comes from the inline tables: only the owner (user 0) is 'owner'.
const actorLevel = fc.constantFrom<MemberLevel>('admin', 'space', 'item', 'member');
const age = fc.integer({ min: 0, max: 3 });
const spec: fc.Arbitrary<Spec> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('invite' as const), actor: user, actorLevel, channel: fc.constantFrom('mail' as const, 'link' as const), key: fc.integer({ min: 0, max: 1 }), level, lifetime: fc.constantFrom(60, 86_400) }) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constantFrom('revoke' as const, 'accept' as const, 'accept' as const, 'accept' as const, 'decline' as const), age, user, key: fc.constantFrom('own' as const, 'own' as const, 'other' as const, 'none' as const) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('apply' as const), user }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('decide' as const), age, accept: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('leave' as const), user }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constantFrom('disconnect' as const, 'level' as const, 'access' as const), actor: user, actorLevel, user, level }) },
);

// Invitation and application ids are fresh per command (random in production); later commands
// pick them by age among those the stream really holds (the decider runs along only for that).
function commandsOf(specs: [Spec, number][]): MembershipCommand[] {
  let now = T0;
  let invites = 0;
  let applications = 0;
  let state = initialMembershipState();
  const recent = (ids: string[], age: number, unknown: string) => ids[ids.length - 1 - age] ?? unknown;
  return specs.map(([s, seconds]) => {
    now += seconds * 1000;
    const command = build(s, new Date(now).toISOString());
    try {
      state = decideMembership(command, state).reduce(evolveMembership, state);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
    return command;
  });

  function build(s: Spec, at: string): MembershipCommand {
    const teamId = TEAM;
    const actor = (a: number, lv: MemberLevel): Actor => ({ userId: USERS[a] ?? OWNER, level: a === 0 ? 'owner' : lv });
    const invite = (age: number) => recent(Object.keys(state.invitations), age, 'invite-unknown');
    const keyFor = (inviteId: string, key: 'own' | 'other' | 'none') =>
      key === 'none' ? null : key === 'own' ? state.invitations[inviteId]?.emailKey ?? KEYS[0] ?? null : KEYS[1] ?? null;
    switch (s.kind) {
      case 'invite':
        return { type: 'InviteMember', teamId, actor: actor(s.actor, s.actorLevel), inviteId: id('invite', invites++), channel: s.channel,
          emailKey: s.channel === 'mail' ? KEYS[s.key] ?? null : null, email: s.channel === 'mail' ? 'x@example.org' : null, tokenHash: null,
          level: s.level, access: {}, language: 'de', now: at, expiresAt: new Date(Date.parse(at) + s.lifetime * 1000).toISOString() };
      case 'revoke':
        return { type: 'RevokeInvitation', teamId, inviteId: invite(s.age) };
      case 'accept': {
        const inviteId = invite(s.age);
        return { type: 'AcceptInvitation', teamId, ownerId: OWNER, inviteId, userId: USERS[s.user] ?? OWNER, emailKey: keyFor(inviteId, s.key), now: at };
      }
      case 'decline': {
        const inviteId = invite(s.age);
        return { type: 'DeclineInvitation', teamId, inviteId, userId: USERS[s.user] ?? OWNER, emailKey: keyFor(inviteId, s.key), now: at };
      }
      case 'apply':
        return { type: 'ApplyForMembership', teamId, ownerId: OWNER, applicationId: id('application', applications++), userId: USERS[s.user] ?? OWNER, now: at };
      case 'decide':
        return { type: 'DecideApplication', teamId, applicationId: recent(Object.keys(state.applications), s.age, 'application-unknown'), accept: s.accept, now: at };
      case 'leave':
        return { type: 'LeaveTeam', teamId, ownerId: OWNER, userId: USERS[s.user] ?? OWNER };
      case 'disconnect':
        return { type: 'DisconnectMember', teamId, ownerId: OWNER, actor: actor(s.actor, s.actorLevel), userId: USERS[s.user] ?? OWNER };
      case 'level':
        return { type: 'ChangeMemberLevel', teamId, ownerId: OWNER, actor: actor(s.actor, s.actorLevel), userId: USERS[s.user] ?? OWNER, level: s.level };
      case 'access':
        return { type: 'ChangeMemberAccess', teamId, ownerId: OWNER, actor: actor(s.actor, s.actorLevel), userId: USERS[s.user] ?? OWNER, access: { manage_prj: ['p1'] } };
    }
  }
}

// Most runs open with a few invitations by the owner, so that joining, managing and leaving happen.
const ownerInvite: fc.Arbitrary<[Spec, number]> = fc.record({
  kind: fc.constant('invite' as const), actor: fc.constant(0), actorLevel: fc.constant<MemberLevel>('owner'), channel: fc.constantFrom('mail' as const, 'link' as const),
  key: fc.integer({ min: 0, max: 1 }), level, lifetime: fc.constant(86_400),
}).map((s) => [s, 0]);
const commands = fc.tuple(fc.array(ownerInvite, { maxLength: 3 }), fc.array(fc.tuple(spec, fc.constantFrom(0, 30, 7200)), { maxLength: 30, size: 'medium' }))
  .map(([invites, rest]) => commandsOf([...invites, ...rest]));
const active = (s: MembershipState) => Object.keys(s.members).filter((u) => s.members[u]?.active).sort();
const actorOf = (c: MembershipCommand): Actor | null => ('actor' in c ? c.actor : null);

describe('membership decider (property)', () => {
  it('never touches the owner, and only the owner makes or manages admins', () => {
    fc.assert(fc.property(commands, (cs) => {
      const run = replay(decider, cs);
      for (const { command: c, before, events } of run.steps) {
        const actor = actorOf(c);
        for (const e of events) {
          if ('userId' in e.data && e.type !== 'MembershipApplied' && e.type !== 'InvitationDeclined') expect(e.data.userId).not.toBe(OWNER);
          if (e.type === 'MemberInvited' && e.data.level === 'admin') expect(actor?.level).toBe('owner');
          if (e.type === 'MemberInvited') expect(actor?.level).not.toBe('member');
          if (e.type === 'MemberInvited' && (actor?.level === 'space' || actor?.level === 'item')) expect(e.data.level).toBe('member');
          if (e.type === 'MemberLevelChanged' || e.type === 'MemberDisconnected' || e.type === 'MemberAccessChanged') {
            expect(['owner', 'admin']).toContain(actor?.level);
            if (before.members[e.data.userId]?.level === 'admin') expect(actor?.level).toBe('owner');
          }
          if (e.type === 'MemberLevelChanged' && e.data.level === 'admin') expect(actor?.level).toBe('owner');
        }
      }
      expect(run.state.members[OWNER]).toBeUndefined();
    }), { numRuns: 150 });
  });

  it('keeps one open application per person and active members equal to a join/leave model', () => {
    fc.assert(fc.property(commands, (cs) => {
      const run = replay(decider, cs);
      const members = new Set<string>();
      const usedMailInvites = new Set<string>();
      for (const { command: c, after, events, error } of run.steps) {
        for (const e of events) {
          if (e.type === 'InvitationAccepted' || e.type === 'MembershipApplicationAccepted') {
            // Nobody joins twice while active.
            expect(members.has(e.data.userId)).toBe(false);
            members.add(e.data.userId);
          }
          if (e.type === 'MemberLeft' || e.type === 'MemberDisconnected') {
            expect(members.delete(e.data.userId)).toBe(true);
          }
          if (e.type === 'InvitationAccepted' && c.type === 'AcceptInvitation') {
            const invited = run.log.find((x) => x.type === 'MemberInvited' && x.data.inviteId === e.data.inviteId);
            expect(invited).toBeDefined();
            if (invited?.type !== 'MemberInvited') continue;
            expect(Date.parse(c.now)).toBeLessThan(Date.parse(invited.data.expiresAt));
            if (invited.data.channel === 'mail') {
              // A mail invitation is for its address and works once.
              expect(c.emailKey).toBe(invited.data.emailKey);
              expect(usedMailInvites.has(e.data.inviteId)).toBe(false);
              usedMailInvites.add(e.data.inviteId);
            }
          }
        }
        if (c.type === 'LeaveTeam' && c.userId === OWNER) expect(error?.code).toBe('membership_owner_cannot_leave');
        const open = Object.values(after.applications).filter((a) => a.status === 'open').map((a) => a.userId);
        expect(new Set(open).size).toBe(open.length);
        expect(active(after)).toEqual([...members].sort());
      }
    }), { numRuns: 150 });
  });

  it('rebuilds from the log to the state the decider saw before every command', () => {
    fc.assert(fc.property(commands, (cs) => everyPrefixRebuilds(decider, replay(decider, cs))), { numRuns: 100 });
  });
});
