import { DomainError, type SecondFactorEvent, type SecondFactorPurpose } from '@planwerk/events';

// Entry rate limit (security page, TOTP): after this many wrong codes in a row, code entry
// pauses; every further wrong code after a pause starts the next one.
export const MAX_CODE_FAILURES = 5;
export const LOCKOUT_MS = 5 * 60_000;

type Totp = { status: 'off' } | { status: 'pending'; secret: string } | { status: 'on'; secret: string };

export interface SecondFactorState {
  totp: Totp;
  /** The last time step whose code was accepted: that code and older ones never work again. */
  lastUsedTimeStep: number | null;
  /** Hashes of the recovery codes not used yet. */
  recoveryCodeHashes: readonly string[];
  failuresInARow: number;
  lastFailureAt: number | null;
}

/**
 * What an entered code proves, worked out outside the decider (HMAC and SHA-256 are I/O-free
 * but not the decider's business): see `enteredCode` in totp.ts.
 */
export interface EnteredCode {
  /** The time step the code belongs to for `secret` within ±1 step of now, or null. */
  totpStep(secret: string): number | null;
  /** SHA-256 of the code when it has the shape of a recovery code, else null. */
  recoveryHash: string | null;
}

interface CodeEntry {
  userId: string;
  code: EnteredCode;
  now: Date;
}

export type SecondFactorCommand =
  | { type: 'SetUpTotp'; data: { userId: string; secret: string; now: Date } }
  | { type: 'ConfirmTotp'; data: CodeEntry & { recoveryCodeHashes: readonly string[] } }
  | { type: 'DisableTotp'; data: CodeEntry }
  | { type: 'RegenerateRecoveryCodes'; data: CodeEntry & { recoveryCodeHashes: readonly string[] } }
  | { type: 'VerifyLoginCode'; data: CodeEntry & { mode: '2fa' | 'recovery' } };

export class SecondFactorLocked extends DomainError {
  constructor(readonly retryAt: Date) {
    super('second_factor_locked', { details: { retryAt: retryAt.toISOString() } });
    this.name = 'SecondFactorLocked';
  }
}

export class TotpAlreadyEnabled extends DomainError {
  constructor() {
    super('second_factor_already_enabled');
    this.name = 'TotpAlreadyEnabled';
  }
}

export class TotpNotEnabled extends DomainError {
  constructor() {
    super('second_factor_not_enabled');
    this.name = 'TotpNotEnabled';
  }
}

export class TotpSetupNotStarted extends DomainError {
  constructor() {
    super('second_factor_setup_missing');
    this.name = 'TotpSetupNotStarted';
  }
}

/** Thrown by handlers after the rejection was recorded (so that it counts). */
export class SecondFactorCodeInvalid extends DomainError {
  constructor() {
    super('second_factor_code_invalid', { field: 'code' });
    this.name = 'SecondFactorCodeInvalid';
  }
}

export function initialSecondFactorState(): SecondFactorState {
  return { totp: { status: 'off' }, lastUsedTimeStep: null, recoveryCodeHashes: [], failuresInARow: 0, lastFailureAt: null };
}

export function evolve(state: SecondFactorState, event: SecondFactorEvent): SecondFactorState {
  const succeeded = { ...state, failuresInARow: 0, lastFailureAt: null };
  switch (event.type) {
    case 'TotpSetupStarted':
      return { ...state, totp: { status: 'pending', secret: event.data.secret } };
    case 'TotpEnabled':
      return {
        ...succeeded,
        totp: { status: 'on', secret: state.totp.status === 'off' ? '' : state.totp.secret },
        lastUsedTimeStep: laterStep(state.lastUsedTimeStep, event.data.timeStep),
        recoveryCodeHashes: event.data.recoveryCodeHashes,
      };
    case 'TotpDisabled':
      return { ...succeeded, totp: { status: 'off' }, recoveryCodeHashes: [] };
    case 'TotpCodeUsed':
      return { ...succeeded, lastUsedTimeStep: laterStep(state.lastUsedTimeStep, event.data.timeStep) };
    case 'RecoveryCodeUsed':
      return { ...succeeded, recoveryCodeHashes: state.recoveryCodeHashes.filter((h) => h !== event.data.codeHash) };
    case 'RecoveryCodesRegenerated':
      return { ...state, recoveryCodeHashes: event.data.recoveryCodeHashes };
    case 'SecondFactorCodeRejected':
      return { ...state, failuresInARow: state.failuresInARow + 1, lastFailureAt: Date.parse(event.data.rejectedAt) };
    default:
      return exhaustive(event, state);
  }
}

export function decide(command: SecondFactorCommand, state: SecondFactorState): SecondFactorEvent[] {
  const { userId, now } = command.data;
  const at = now.toISOString();
  switch (command.type) {
    case 'SetUpTotp':
      if (state.totp.status === 'on') throw new TotpAlreadyEnabled();
      // A new set-up replaces an unconfirmed one: only the latest QR code will work.
      return [{ type: 'TotpSetupStarted', data: { userId, secret: command.data.secret, startedAt: at } }];
    case 'ConfirmTotp': {
      if (state.totp.status === 'on') throw new TotpAlreadyEnabled();
      if (state.totp.status === 'off') throw new TotpSetupNotStarted();
      assertNotLocked(state, now);
      const step = acceptedStep(state, state.totp.secret, command.data.code);
      if (step === null) return [rejected(userId, 'confirm', at)];
      return [{ type: 'TotpEnabled', data: { userId, timeStep: step, recoveryCodeHashes: [...command.data.recoveryCodeHashes], enabledAt: at } }];
    }
    case 'DisableTotp': {
      const used = checkCode(state, command.data, 'disable', { recovery: true });
      if (used.type === 'SecondFactorCodeRejected') return [used];
      const method = used.type === 'TotpCodeUsed' ? 'totp' : 'recovery';
      return [used, { type: 'TotpDisabled', data: { userId, method, disabledAt: at } }];
    }
    case 'RegenerateRecoveryCodes': {
      // A recovery code cannot mint new ones: regenerating needs the authenticator itself.
      const used = checkCode(state, command.data, 'regenerate', { recovery: false });
      if (used.type === 'SecondFactorCodeRejected') return [used];
      const hashes = [...command.data.recoveryCodeHashes];
      return [used, { type: 'RecoveryCodesRegenerated', data: { userId, recoveryCodeHashes: hashes, regeneratedAt: at } }];
    }
    case 'VerifyLoginCode':
      return [checkCode(state, command.data, 'login', { recovery: true, totp: command.data.mode === '2fa' })];
    default:
      return exhaustive(command, []);
  }
}

/** TotpCodeUsed, RecoveryCodeUsed or SecondFactorCodeRejected for an enabled second factor. */
function checkCode(
  state: SecondFactorState,
  entry: CodeEntry,
  purpose: SecondFactorPurpose,
  allow: { recovery: boolean; totp?: boolean },
): SecondFactorEvent {
  if (state.totp.status !== 'on') throw new TotpNotEnabled();
  assertNotLocked(state, entry.now);
  const { userId } = entry;
  const at = entry.now.toISOString();
  if (allow.totp !== false) {
    const step = acceptedStep(state, state.totp.secret, entry.code);
    if (step !== null) return { type: 'TotpCodeUsed', data: { userId, timeStep: step, purpose, usedAt: at } };
  }
  const codeHash = entry.code.recoveryHash;
  if (allow.recovery && codeHash !== null) {
    // Each recovery code works once: a used one is no longer in the list.
    if (state.recoveryCodeHashes.includes(codeHash)) return { type: 'RecoveryCodeUsed', data: { userId, codeHash, purpose, usedAt: at } };
  }
  return rejected(userId, purpose, at);
}

/** The code's time step when it is valid (±1 step) and newer than the last accepted one. */
function acceptedStep(state: SecondFactorState, secret: string, code: EnteredCode): number | null {
  const step = code.totpStep(secret);
  if (step === null) return null;
  return state.lastUsedTimeStep !== null && step <= state.lastUsedTimeStep ? null : step;
}

function assertNotLocked(state: SecondFactorState, now: Date): void {
  if (state.failuresInARow < MAX_CODE_FAILURES || state.lastFailureAt === null) return;
  const retryAt = state.lastFailureAt + LOCKOUT_MS;
  if (now.getTime() < retryAt) throw new SecondFactorLocked(new Date(retryAt));
}

function rejected(userId: string, purpose: SecondFactorPurpose, at: string): SecondFactorEvent {
  return { type: 'SecondFactorCodeRejected', data: { userId, purpose, rejectedAt: at } };
}

function laterStep(current: number | null, step: number): number {
  return current === null ? step : Math.max(current, step);
}

function exhaustive<T>(value: never, fallback: T): T {
  void value;
  return fallback;
}

export const secondFactorDecider = { initialState: initialSecondFactorState, evolve, decide };
