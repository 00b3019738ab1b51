import fc from 'fast-check';
import { replay } from '../../shared/testing/decider-replay';
import { isActive, type AccountState } from './account.decider';
import { decideLogin, type LogInCommand, type LoginDecision } from './login';
import { accountCommands, accountStreamDecider as decider, ACTIVATION_MAIL_INTERVAL_SECONDS } from '../testing/account-commands.arbitrary';

// An independent model of the refusal order of spec section 8 (the password before any status).
function expectedDecision(c: LogInCommand, s: AccountState): LoginDecision['kind'] | number {
  if (!s.registered) return 6005;
  if (!c.passwordMatches) return 6008;
  if (s.locked) return 6020;
  if (s.resetRequired) return 6022;
  if (!isActive(s)) return 6021;
  if (c.betaSite && !s.betaApproved) return 6991;
  return c.secondFactorEnabled ? 'second-factor' : 'session';
}

describe('login decider (property)', () => {
  it('starts a session only for an active, unlocked account with the right password, and refuses in the spec order', () => {
    fc.assert(fc.property(accountCommands, (commands) => {
      const run = replay(decider, commands);
      for (const { command: c, before, events } of run.steps) {
        if (c.kind !== 'login') continue;
        const decision = decideLogin(c.command, before);
        const expected = expectedDecision(c.command, before);
        expect(decision.kind === 'refused' ? decision.code : decision.kind).toBe(expected);
        if (events.some((e) => e.type === 'SessionStarted')) {
          expect(decision.kind).toBe('session');
          expect(isActive(before) && !before.locked && !before.resetRequired).toBe(true);
        }
        // Of the refusals only 6021 may do something: send a fresh activation mail.
        if (decision.kind === 'refused' && decision.code !== 6021) expect(events).toEqual([]);
        if (decision.kind === 'second-factor') expect(events).toEqual([]);
      }
    }), { numRuns: 100 });
  });

  it('sends an activation mail only to a not yet activated account and at most once per interval', () => {
    fc.assert(fc.property(accountCommands, (commands) => {
      const run = replay(decider, commands);
      let lastMailAt: number | null = null;
      for (const { before, events } of run.steps) {
        for (const event of events) {
          if (event.type === 'AccountRegistered') lastMailAt = Date.parse(event.data.registeredAt);
          if (event.type !== 'ActivationMailRequested') continue;
          expect(before.activated).toBe(false);
          const at = Date.parse(event.data.requestedAt);
          if (lastMailAt !== null) expect(at - lastMailAt).toBeGreaterThanOrEqual(ACTIVATION_MAIL_INTERVAL_SECONDS * 1000);
          lastMailAt = at;
        }
      }
    }), { numRuns: 100 });
  });
});
