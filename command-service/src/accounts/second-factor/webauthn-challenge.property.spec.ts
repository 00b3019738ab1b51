import fc from 'fast-check';
import type { WebAuthnChallengeEvent } from '@planwerk/events';
import { everyPrefixRebuilds, replay, type PureDecider } from '../../shared/testing/decider-replay';
import {
  CHALLENGE_LIFETIME_MS,
  webAuthnChallengeDecider,
  type WebAuthnChallengeCommand,
  type WebAuthnChallengeState,
} from './decide/webauthn-challenge.decider';

const decider: PureDecider<WebAuthnChallengeState, WebAuthnChallengeCommand, WebAuthnChallengeEvent> = webAuthnChallengeDecider;
const T0 = Date.parse('2026-11-22T10:00:00.000Z');
const ID = '11111111-1111-4111-8111-111111111111';
const ADA = '22222222-2222-4222-8222-222222222222';
const BOB = '33333333-3333-4333-8333-333333333333';

type Spec =
  | { kind: 'issue'; purpose: 'register' | 'login'; userId: string | null; dt: number }
  | { kind: 'consume'; purpose: 'register' | 'login'; userId: string | null; dt: number };

const purpose = fc.constantFrom('register' as const, 'login' as const);
const user = fc.constantFrom(ADA, BOB, null);
// Steps of up to 3 minutes: some answers come before the 5-minute expiry, some after.
const dt = fc.integer({ min: 0, max: 180_000 });
const spec: fc.Arbitrary<Spec> = fc.oneof(
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('issue' as const), purpose, userId: user, dt }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('consume' as const), purpose, userId: user, dt }) },
);

// The issue handler appends with `no_stream` (second-factor.streams.ts): a challenge stream is issued once.
function commandsOf(specs: Spec[]): WebAuthnChallengeCommand[] {
  let now = T0;
  let issued = false;
  const commands: WebAuthnChallengeCommand[] = [];
  for (const s of specs) {
    now += s.dt;
    if (s.kind === 'issue') {
      if (issued) continue;
      issued = true;
      commands.push({ type: 'IssueWebAuthnChallenge', data: { challengeId: ID, purpose: s.purpose, challenge: 'c-1', userId: s.userId, now: new Date(now) } });
    } else {
      commands.push({ type: 'ConsumeWebAuthnChallenge', data: { challengeId: ID, purpose: s.purpose, userId: s.userId, now: new Date(now) } });
    }
  }
  return commands;
}

describe('WebAuthn challenge decider (property)', () => {
  it('consumes a challenge at most once, only for its purpose and user, and only before it expires', () => {
    fc.assert(fc.property(fc.array(spec, { maxLength: 10 }), (specs) => {
      const run = replay(decider, commandsOf(specs));
      let issuedAt: { purpose: string; userId: string | null; at: number } | null = null;
      let consumed = false;
      for (const { command, events, error } of run.steps) {
        const at = command.data.now.getTime();
        if (command.type === 'IssueWebAuthnChallenge') {
          issuedAt = { purpose: command.data.purpose, userId: command.data.userId, at };
          expect(events).toHaveLength(1);
          continue;
        }
        const fits = issuedAt !== null && !consumed && issuedAt.purpose === command.data.purpose && issuedAt.userId === command.data.userId
          && at < issuedAt.at + CHALLENGE_LIFETIME_MS;
        expect(error === null).toBe(fits);
        if (fits) consumed = true;
      }
      expect(run.log.filter((e) => e.type === 'WebAuthnChallengeConsumed').length).toBeLessThanOrEqual(1);
      expect(run.state.status).toBe(consumed ? 'consumed' : issuedAt ? 'issued' : 'none');
    }), { numRuns: 200 });
  });

  it('rebuilds from the log to the state the decider saw before every command', () => {
    fc.assert(fc.property(fc.array(spec, { maxLength: 10 }), (specs) => everyPrefixRebuilds(decider, replay(decider, commandsOf(specs)))), { numRuns: 150 });
  });
});
