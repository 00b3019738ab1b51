import fc from 'fast-check';
import { replay } from '../../shared/testing/decider-replay';
import { RESET_MAIL_INTERVAL_SECONDS, SessionNotFound } from './self-service';
import { accountCommands, accountStreamDecider as decider } from '../testing/account-commands.arbitrary';

describe('account self-service decider (property)', () => {
  it('sends a reset mail at most once a minute and never to a locked or missing account', () => {
    fc.assert(fc.property(accountCommands, (commands) => {
      const run = replay(decider, commands);
      let last: number | null = null;
      for (const { command: c, before, events } of run.steps) {
        const mails = events.filter((e) => e.type === 'PasswordResetRequested');
        if (c.kind !== 'request-reset') {
          expect(mails).toEqual([]);
          continue;
        }
        const now = c.command.now.getTime();
        const due = before.registered && !before.locked && (last === null || now - last >= RESET_MAIL_INTERVAL_SECONDS * 1000);
        expect(mails).toHaveLength(due ? 1 : 0);
        if (due) last = now;
      }
    }), { numRuns: 100 });
  });

  it('a reset changes the password once per link and leaves at most the kept session active', () => {
    fc.assert(fc.property(accountCommands, (commands) => {
      const run = replay(decider, commands);
      const usedResetTokens = new Set<string>();
      for (const { command: c, after, events, error } of run.steps) {
        if (c.kind !== 'reset') continue;
        if (error !== null) {
          expect(error.code).toBe('not_found');
          continue;
        }
        expect(usedResetTokens.has(c.command.tokenHash)).toBe(false);
        usedResetTokens.add(c.command.tokenHash);
        expect(events[0]).toMatchObject({ type: 'PasswordChanged', data: { via: 'reset', tokenHash: c.command.tokenHash } });
        const keep = c.command.signOutEverywhere ? null : c.command.currentSessionId;
        const active = Object.entries(after.sessions).filter(([, status]) => status === 'active').map(([id]) => id);
        expect(active.every((id) => id === keep)).toBe(true);
        expect(after.passwordHash).toBe(c.command.passwordHash);
        expect(after.resetRequired).toBe(false);
      }
    }), { numRuns: 100 });
  });

  it('ends exactly the sessions asked for, refuses an unknown one, and erasure ends them all', () => {
    fc.assert(fc.property(accountCommands, (commands) => {
      const run = replay(decider, commands);
      for (const { command: c, before, after, error } of run.steps) {
        const active = (s: typeof before) => Object.keys(s.sessions).filter((id) => s.sessions[id] === 'active').sort();
        if (c.kind === 'end-sessions' && before.registered) {
          if (c.command.kind === 'one') {
            const known = before.sessions[c.command.sessionId] === 'active';
            expect(error === null).toBe(known);
            if (!known) expect(error).toBeInstanceOf(SessionNotFound);
            expect(active(after)).toEqual(active(before).filter((id) => id !== (c.command as { sessionId: string }).sessionId));
          } else {
            const current = c.command.currentSessionId;
            expect(active(after)).toEqual(active(before).filter((id) => id === current));
          }
        }
        if (c.kind === 'erase' && error === null) {
          expect(active(after)).toEqual([]);
          expect(after).toMatchObject({ registered: false, erased: true, passwordHash: '', profile: { email: null, firstName: null, lastName: null } });
        }
        if (c.kind === 'erase' && !before.registered) expect(error?.code).toBe(6005);
      }
    }), { numRuns: 100 });
  });
});
