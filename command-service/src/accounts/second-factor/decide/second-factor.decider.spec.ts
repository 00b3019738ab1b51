import type { SecondFactorEvent } from '@planwerk/events';
import {
  decide,
  evolve,
  initialSecondFactorState,
  LOCKOUT_MS,
  MAX_CODE_FAILURES,
  SecondFactorLocked,
  TotpAlreadyEnabled,
  TotpNotEnabled,
  TotpSetupNotStarted,
  type SecondFactorCommand,
} from './second-factor.decider';
import { enteredCode, generateRecoveryCodes, hashRecoveryCode, matchTotpCode, totpCodeAt } from '../totp';

const userId = '7d4c1c2e-3b9a-4f55-8a31-5b8c2e9f0a11';
const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const T0 = new Date('2026-11-22T10:00:05Z'); // 5 s into a 30 s step
const step = (date: Date) => Math.floor(date.getTime() / 30_000);
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const codeAt = (date: Date) => totpCodeAt(secret, date);
const recoveryCodes = generateRecoveryCodes();
const recoveryCodeHashes = recoveryCodes.map(hashRecoveryCode);

const started: SecondFactorEvent = { type: 'TotpSetupStarted', data: { userId, secret, startedAt: T0.toISOString() } };
const enabled: SecondFactorEvent = {
  type: 'TotpEnabled',
  data: { userId, timeStep: step(at(-60)), recoveryCodeHashes: recoveryCodes.map(hashRecoveryCode), enabledAt: at(-60).toISOString() },
};
const rejectedAt = (date: Date): SecondFactorEvent => ({ type: 'SecondFactorCodeRejected', data: { userId, purpose: 'login', rejectedAt: date.toISOString() } });
const login = (code: string, now = T0, mode: '2fa' | 'recovery' = '2fa'): SecondFactorCommand => ({ type: 'VerifyLoginCode', data: { userId, code: enteredCode(code, now), now, mode } });
// A settings command's code entry at `now`.
const entry = (code: string, now = T0) => ({ userId, code: enteredCode(code, now), now });

function given(events: SecondFactorEvent[]) {
  const state = events.reduce(evolve, initialSecondFactorState());
  return { when: (command: SecondFactorCommand) => () => decide(command, state) };
}

describe('second factor decider: TOTP set-up', () => {
  it('given nothing, when set-up starts, then TotpSetupStarted with the new secret', () => {
    expect(given([]).when({ type: 'SetUpTotp', data: { userId, secret, now: T0 } })()).toEqual([started]);
  });

  it('given TOTP on, when set-up starts again, then TotpAlreadyEnabled', () => {
    expect(given([started, enabled]).when({ type: 'SetUpTotp', data: { userId, secret, now: T0 } })).toThrow(TotpAlreadyEnabled);
  });

  it('given no set-up, when a code confirms, then TotpSetupNotStarted', () => {
    expect(given([]).when({ type: 'ConfirmTotp', data: { ...entry(codeAt(T0), T0), recoveryCodeHashes } })).toThrow(TotpSetupNotStarted);
  });

  it('given a set-up, when a current code confirms, then TotpEnabled with its step and the hashed recovery codes', () => {
    const [event] = given([started]).when({ type: 'ConfirmTotp', data: { ...entry(codeAt(T0), T0), recoveryCodeHashes } })();
    expect(event).toEqual({
      type: 'TotpEnabled',
      data: { userId, timeStep: step(T0), recoveryCodeHashes: recoveryCodes.map(hashRecoveryCode), enabledAt: T0.toISOString() },
    });
    // Stored hashed: no plaintext recovery code in the event.
    expect(JSON.stringify(event)).not.toContain(recoveryCodes[0]);
  });

  it('given a set-up, when a wrong code confirms, then SecondFactorCodeRejected', () => {
    expect(given([started]).when({ type: 'ConfirmTotp', data: { ...entry('000000', T0), recoveryCodeHashes } })()).toEqual([
      { type: 'SecondFactorCodeRejected', data: { userId, purpose: 'confirm', rejectedAt: T0.toISOString() } },
    ]);
  });
});

describe('second factor decider: codes at login', () => {
  const on = [started, enabled];

  it('accepts the current code and remembers its time step', () => {
    expect(given(on).when(login(codeAt(T0)))()).toEqual([
      { type: 'TotpCodeUsed', data: { userId, timeStep: step(T0), purpose: 'login', usedAt: T0.toISOString() } },
    ]);
  });

  it.each([
    ['the previous step', -30, -1],
    ['the next step', 30, 1],
  ])('accepts a code of %s (±1 step)', (_label, offset, delta) => {
    const [event] = given(on).when(login(codeAt(at(offset))))();
    expect(event).toMatchObject({ type: 'TotpCodeUsed', data: { timeStep: step(T0) + delta } });
  });

  it.each([
    ['two steps back', -60],
    ['two steps ahead', 60],
  ])('rejects a code from %s', (_label, offset) => {
    expect(given(on).when(login(codeAt(at(offset))))()).toEqual([rejectedAt(T0)]);
  });

  it('refuses a code whose time step was already used (each code once)', () => {
    const used: SecondFactorEvent = { type: 'TotpCodeUsed', data: { userId, timeStep: step(T0), purpose: 'login', usedAt: T0.toISOString() } };
    expect(given([...on, used]).when(login(codeAt(T0), at(10)))()).toEqual([rejectedAt(at(10))]);
    // An older code within the window is refused too: steps only move forward.
    expect(given([...on, used]).when(login(codeAt(at(-30)), at(10)))()).toEqual([rejectedAt(at(10))]);
  });

  it('given TOTP off, when a code is entered, then TotpNotEnabled', () => {
    expect(given([started]).when(login(codeAt(T0)))).toThrow(TotpNotEnabled);
  });

  it('accepts a recovery code once, then never again', () => {
    const code = recoveryCodes[3].toLowerCase();
    const [used] = given(on).when(login(code, T0, 'recovery'))();
    expect(used).toEqual({ type: 'RecoveryCodeUsed', data: { userId, codeHash: hashRecoveryCode(recoveryCodes[3]), purpose: 'login', usedAt: T0.toISOString() } });
    expect(given([...on, used]).when(login(code, at(1), 'recovery'))()).toEqual([rejectedAt(at(1))]);
    // The other nine still work.
    expect(given([...on, used]).when(login(recoveryCodes[4], at(2)))()[0]).toMatchObject({ type: 'RecoveryCodeUsed' });
  });

  it('in recovery mode a TOTP code is not enough', () => {
    expect(given(on).when(login(codeAt(T0), T0, 'recovery'))()).toEqual([rejectedAt(T0)]);
  });
});

describe('second factor decider: lockout', () => {
  const on = [started, enabled];
  const failures = Array.from({ length: MAX_CODE_FAILURES }, (_, i) => rejectedAt(at(i)));
  const last = at(MAX_CODE_FAILURES - 1);

  it(`given ${MAX_CODE_FAILURES - 1} failures in a row, a correct code still works`, () => {
    expect(given([...on, ...failures.slice(1)]).when(login(codeAt(last), last))()[0]).toMatchObject({ type: 'TotpCodeUsed' });
  });

  it(`given ${MAX_CODE_FAILURES} failures in a row, even a correct code is refused until the pause is over`, () => {
    const then = given([...on, ...failures]).when(login(codeAt(at(60)), at(60)));
    expect(then).toThrow(SecondFactorLocked);
    expect(then).toThrow(expect.objectContaining({ code: 'second_factor_locked', httpStatus: 429 }));
  });

  it('after the pause a correct code works and resets the count', () => {
    const after = new Date(last.getTime() + LOCKOUT_MS);
    const [used] = given([...on, ...failures]).when(login(codeAt(after), after))();
    expect(used).toMatchObject({ type: 'TotpCodeUsed' });
    const state = [...on, ...failures, used].reduce(evolve, initialSecondFactorState());
    expect(state.failuresInARow).toBe(0);
  });

  it('the lockout also guards disabling and regenerating', () => {
    const locked = given([...on, ...failures]);
    expect(locked.when({ type: 'DisableTotp', data: entry(recoveryCodes[0], at(30)) })).toThrow(SecondFactorLocked);
    expect(locked.when({ type: 'RegenerateRecoveryCodes', data: { ...entry(codeAt(at(30)), at(30)), recoveryCodeHashes } })).toThrow(SecondFactorLocked);
  });
});

describe('second factor decider: disable and regenerate', () => {
  const on = [started, enabled];

  it('disables with a current code, recording the used step first', () => {
    expect(given(on).when({ type: 'DisableTotp', data: entry(codeAt(T0), T0) })()).toEqual([
      { type: 'TotpCodeUsed', data: { userId, timeStep: step(T0), purpose: 'disable', usedAt: T0.toISOString() } },
      { type: 'TotpDisabled', data: { userId, method: 'totp', disabledAt: T0.toISOString() } },
    ]);
  });

  it('disables with a recovery code', () => {
    const events = given(on).when({ type: 'DisableTotp', data: entry(recoveryCodes[0], T0) })();
    expect(events.map((e) => e.type)).toEqual(['RecoveryCodeUsed', 'TotpDisabled']);
    expect(events[1]).toMatchObject({ data: { method: 'recovery' } });
  });

  it('refuses to disable with a wrong code', () => {
    expect(given(on).when({ type: 'DisableTotp', data: entry('123456', T0) })()[0]).toMatchObject({ type: 'SecondFactorCodeRejected' });
  });

  it('regenerates recovery codes with a TOTP code; old codes stop working', () => {
    const fresh = generateRecoveryCodes();
    const events = given(on).when({ type: 'RegenerateRecoveryCodes', data: { ...entry(codeAt(T0), T0), recoveryCodeHashes: fresh.map(hashRecoveryCode) } })();
    expect(events[1]).toEqual({ type: 'RecoveryCodesRegenerated', data: { userId, recoveryCodeHashes: fresh.map(hashRecoveryCode), regeneratedAt: T0.toISOString() } });
    const after = given([...on, ...events]);
    expect(after.when(login(recoveryCodes[0], at(40)))()[0]).toMatchObject({ type: 'SecondFactorCodeRejected' });
    expect(after.when(login(fresh[0], at(40)))()[0]).toMatchObject({ type: 'RecoveryCodeUsed' });
  });

  it('a recovery code cannot regenerate recovery codes', () => {
    const events = given(on).when({ type: 'RegenerateRecoveryCodes', data: { ...entry(recoveryCodes[0], T0), recoveryCodeHashes } })();
    expect(events.map((e) => e.type)).toEqual(['SecondFactorCodeRejected']);
  });
});

describe('TOTP codes', () => {
  it('match RFC 6238 appendix B (SHA-1, T = 59 s and 1111111109 s, last six digits)', () => {
    // The RFC's seed is ASCII "12345678901234567890" (20 bytes), base32 below.
    const rfcSecret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(totpCodeAt(rfcSecret, new Date(59_000))).toBe('287082');
    expect(totpCodeAt(rfcSecret, new Date(1_111_111_109_000))).toBe('081804');
    expect(matchTotpCode(rfcSecret, '081804', new Date(1_111_111_109_000))).toBe(Math.floor(1_111_111_109 / 30));
  });
});

describe('recovery codes', () => {
  it('are ten distinct codes of 80 random bits, formatted in groups of four', () => {
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
  });
});
