import { DomainError, type PasskeyEvent } from '@planwerk/events';

type Registered = Extract<PasskeyEvent, { type: 'PasskeyRegistered' }>['data'];

export interface StoredPasskey {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: readonly string[];
  name: string | null;
  registeredAt: string;
  lastUsedAt: string | null;
}

export interface PasskeyState {
  passkeys: Readonly<Record<string, StoredPasskey>>;
}

export type PasskeyCommand =
  | { type: 'RegisterPasskey'; data: Omit<Registered, 'registeredAt'> & { now: Date } }
  | { type: 'UsePasskey'; data: { userId: string; credentialId: string; counter: number; now: Date } }
  | { type: 'RemovePasskey'; data: { userId: string; credentialId: string; now: Date } };

export class PasskeyAlreadyRegistered extends DomainError {
  constructor() {
    super('passkey_already_registered');
    this.name = 'PasskeyAlreadyRegistered';
  }
}

export class PasskeyNotFound extends DomainError {
  constructor() {
    super('passkey_not_found');
    this.name = 'PasskeyNotFound';
  }
}

/** A signature counter that did not grow: the authenticator may have been cloned. */
export class PasskeyCounterDidNotIncrease extends DomainError {
  constructor() {
    super('webauthn_verification_failed');
    this.name = 'PasskeyCounterDidNotIncrease';
  }
}

export function initialPasskeyState(): PasskeyState {
  return { passkeys: {} };
}

export function evolve(state: PasskeyState, event: PasskeyEvent): PasskeyState {
  switch (event.type) {
    case 'PasskeyRegistered': {
      const { credentialId, publicKey, counter, transports, name, registeredAt } = event.data;
      // After erasure the label reads as null; the key itself stays usable for nothing else.
      const passkey: StoredPasskey = { credentialId, publicKey, counter, transports, name, registeredAt, lastUsedAt: null };
      return { passkeys: { ...state.passkeys, [credentialId]: passkey } };
    }
    case 'PasskeyUsed': {
      const known = state.passkeys[event.data.credentialId];
      if (!known) return state;
      const used = { ...known, counter: event.data.counter, lastUsedAt: event.data.usedAt };
      return { passkeys: { ...state.passkeys, [known.credentialId]: used } };
    }
    case 'PasskeyRemoved': {
      const { [event.data.credentialId]: removed, ...rest } = state.passkeys;
      void removed;
      return { passkeys: rest };
    }
    default:
      return exhaustive(event, state);
  }
}

export function decide(command: PasskeyCommand, state: PasskeyState): PasskeyEvent[] {
  const { userId, credentialId, now } = command.data;
  switch (command.type) {
    case 'RegisterPasskey': {
      if (state.passkeys[credentialId]) throw new PasskeyAlreadyRegistered();
      const { now: registeredAt, ...data } = command.data;
      return [{ type: 'PasskeyRegistered', data: { ...data, registeredAt: registeredAt.toISOString() } }];
    }
    case 'UsePasskey': {
      const known = state.passkeys[credentialId];
      if (!known) throw new PasskeyNotFound();
      // WebAuthn §6.1.1: authenticators that count must count up; 0 and 0 means "no counter".
      const next = command.data.counter;
      if ((known.counter > 0 || next > 0) && next <= known.counter) throw new PasskeyCounterDidNotIncrease();
      return [{ type: 'PasskeyUsed', data: { userId, credentialId, counter: next, usedAt: now.toISOString() } }];
    }
    case 'RemovePasskey':
      if (!state.passkeys[credentialId]) throw new PasskeyNotFound();
      return [{ type: 'PasskeyRemoved', data: { userId, credentialId, removedAt: now.toISOString() } }];
    default:
      return exhaustive(command, []);
  }
}

function exhaustive<T>(value: never, fallback: T): T {
  void value;
  return fallback;
}

export const passkeyDecider = { initialState: initialPasskeyState, evolve, decide };
