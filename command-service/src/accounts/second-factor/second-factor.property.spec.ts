import fc from 'fast-check';
import type { SecondFactorEvent } from '@planwerk/events';
import { everyPrefixRebuilds, replay, type PureDecider } from '../../shared/testing/decider-replay';
import {
  LOCKOUT_MS,
  MAX_CODE_FAILURES,
  secondFactorDecider,
  SecondFactorLocked,
  TotpAlreadyEnabled,
  TotpNotEnabled,
  TotpSetupNotStarted,
  type SecondFactorCommand,
  type SecondFactorState,
} from './decide/second-factor.decider';
import { enteredCode, hashRecoveryCode, totpCodeAt } from './totp';

const decider: PureDecider<SecondFactorState, SecondFactorCommand, SecondFactorEvent> = secondFactorDecider;
const userId = '7d4c1c2e-3b9a-4f55-8a31-5b8c2e9f0a11';
const T0 = Date.parse('2026-11-22T10:00:05Z');
const SECRETS = ['JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'];
// Recovery codes are 16 characters of the Crockford alphabet; digits make them deterministic.
const recoveryCode = (n: number) => String(n).padStart(16, '0');

type Code = { kind: 'totp'; secret: number; offsetSteps: number } | { kind: 'recovery'; n: number } | { kind: 'garbage' };
type Spec =
  | { kind: 'setup'; secret: number; dt: number }
  | { kind: 'confirm' | 'disable' | 'regenerate'; code: Code; dt: number }
  | { kind: 'login'; code: Code; mode: '2fa' | 'recovery'; dt: number };

// Small steps replay the same 30 s window; a 5-minute step ends a lockout.
const dt = fc.constantFrom(0, 0, 1_000, 29_000, 30_000, 61_000, LOCKOUT_MS);
// Mostly the first secret, so that codes of the current secret and replays of its steps are common.
const secret = fc.constantFrom(0, 0, 0, 1);
const code: fc.Arbitrary<Code> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('totp' as const), secret, offsetSteps: fc.constantFrom(-2, -1, 0, 0, 1) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('recovery' as const), n: fc.integer({ min: 0, max: 7 }) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'garbage' as const }) },
);
const spec: fc.Arbitrary<Spec> = fc.oneof(
  fc.record({ kind: fc.constant('setup' as const), secret, dt }),
  fc.record({ kind: fc.constantFrom('confirm' as const, 'disable' as const, 'regenerate' as const), code, dt }),
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('login' as const), code, mode: fc.constantFrom('2fa' as const, 'recovery' as const), dt }) },
);

function codeText(c: Code, now: number): string {
  if (c.kind === 'totp') return totpCodeAt(SECRETS[c.secret] ?? '', new Date(now + c.offsetSteps * 30_000));
  return c.kind === 'recovery' ? recoveryCode(c.n) : '12345x';
}

// Each issue of recovery codes gets fresh ones (they are random in production): 0-3, 4-7, ...
function commandsOf(specs: Spec[]): SecondFactorCommand[] {
  let now = T0;
  let issued = 0;
  const fresh = () => Array.from({ length: 4 }, () => hashRecoveryCode(recoveryCode(issued++)));
  return specs.map((s) => {
    now += s.dt;
    const at = new Date(now);
    if (s.kind === 'setup') return { type: 'SetUpTotp', data: { userId, secret: SECRETS[s.secret] ?? '', now: at } };
    const entry = { userId, code: enteredCode(codeText(s.code, now), at), now: at };
    switch (s.kind) {
      case 'confirm': return { type: 'ConfirmTotp', data: { ...entry, recoveryCodeHashes: fresh() } };
      case 'disable': return { type: 'DisableTotp', data: entry };
      case 'regenerate': return { type: 'RegenerateRecoveryCodes', data: { ...entry, recoveryCodeHashes: fresh() } };
      case 'login': return { type: 'VerifyLoginCode', data: { ...entry, mode: s.mode } };
    }
  });
}

interface Model { totp: 'off' | 'pending' | 'on'; secret: string; lastStep: number | null; recovery: Set<string>; failures: number; lastFailureAt: number | null }

// Most runs start with TOTP set up and confirmed by a current code.
const specs: fc.Arbitrary<Spec[]> = fc.tuple(fc.boolean(), fc.array(spec, { maxLength: 25, size: 'medium' })).map(([enabled, rest]) => (enabled
  ? [{ kind: 'setup', secret: 0, dt: 0 }, { kind: 'confirm', code: { kind: 'totp', secret: 0, offsetSteps: 0 }, dt: 0 }, ...rest] satisfies Spec[]
  : rest));

describe('second factor decider (property)', () => {
  it('accepts a TOTP step at most once and in rising order, a recovery code once, and nothing while locked', () => {
    fc.assert(fc.property(specs, (list) => {
      const commands = commandsOf(list);
      const run = replay(decider, commands);
      const m: Model = { totp: 'off', secret: '', lastStep: null, recovery: new Set(), failures: 0, lastFailureAt: null };
      for (const { command: c, events, error } of run.steps) {
        const now = c.data.now.getTime();
        const locked = m.failures >= MAX_CODE_FAILURES && m.lastFailureAt !== null && now < m.lastFailureAt + LOCKOUT_MS;
        const types = events.map((e) => e.type);
        if (c.type === 'SetUpTotp') {
          if (m.totp === 'on') expect(error).toBeInstanceOf(TotpAlreadyEnabled);
          else Object.assign(m, { totp: 'pending', secret: c.data.secret });
          continue;
        }
        if (c.type === 'ConfirmTotp' && m.totp !== 'pending') {
          expect(error).toBeInstanceOf(m.totp === 'on' ? TotpAlreadyEnabled : TotpSetupNotStarted);
          continue;
        }
        if (c.type !== 'ConfirmTotp' && m.totp !== 'on') {
          expect(error).toBeInstanceOf(TotpNotEnabled);
          continue;
        }
        if (locked) {
          expect(error).toBeInstanceOf(SecondFactorLocked);
          continue;
        }
        expect(error).toBeNull();
        const step = c.data.code.totpStep(m.secret);
        const totpOk = step !== null && (m.lastStep === null || step > m.lastStep) && !(c.type === 'VerifyLoginCode' && c.data.mode === 'recovery');
        const hash = c.data.code.recoveryHash;
        const recoveryOk = hash !== null && m.recovery.has(hash) && (c.type === 'DisableTotp' || c.type === 'VerifyLoginCode');
        const expected: string[] = totpOk
          ? [c.type === 'ConfirmTotp' ? 'TotpEnabled' : 'TotpCodeUsed']
          : recoveryOk ? ['RecoveryCodeUsed'] : ['SecondFactorCodeRejected'];
        if (types[0] === 'SecondFactorCodeRejected') expected.length = 1;
        else if (c.type === 'DisableTotp') expected.push('TotpDisabled');
        else if (c.type === 'RegenerateRecoveryCodes') expected.push('RecoveryCodesRegenerated');
        expect(types).toEqual(expected);
        if (expected[0] === 'SecondFactorCodeRejected') {
          Object.assign(m, { failures: m.failures + 1, lastFailureAt: now });
          continue;
        }
        m.failures = 0;
        m.lastFailureAt = null;
        if (totpOk) m.lastStep = step;
        else if (hash !== null) m.recovery.delete(hash);
        if (c.type === 'ConfirmTotp' || c.type === 'RegenerateRecoveryCodes') m.recovery = new Set(c.data.recoveryCodeHashes);
        if (c.type === 'ConfirmTotp') m.totp = 'on';
        if (c.type === 'DisableTotp') Object.assign(m, { totp: 'off', recovery: new Set() });
      }
      expect(new Set(run.state.recoveryCodeHashes)).toEqual(m.recovery);
      expect(run.state.totp.status).toBe(m.totp);

      // Straight from the log: accepted steps rise strictly, and no recovery code is used twice.
      const steps = run.log.flatMap((e) => (e.type === 'TotpEnabled' || e.type === 'TotpCodeUsed' ? [e.data.timeStep] : []));
      steps.forEach((s, i) => i > 0 && expect(s).toBeGreaterThan(steps[i - 1] ?? Number.NEGATIVE_INFINITY));
      const used = run.log.flatMap((e) => (e.type === 'RecoveryCodeUsed' ? [e.data.codeHash] : []));
      expect(new Set(used).size).toBe(used.length);
    }), { numRuns: 200 });
  });

  it('rebuilds from the log to the state the decider saw before every command', () => {
    fc.assert(fc.property(specs, (list) => everyPrefixRebuilds(decider, replay(decider, commandsOf(list)))), { numRuns: 100 });
  });
});
