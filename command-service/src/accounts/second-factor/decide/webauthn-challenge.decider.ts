import { DomainError, type WebAuthnChallengeEvent, type WebAuthnPurpose } from '@planwerk/events';

// A WebAuthn ceremony has a few minutes; the browser's own timeout is the same.
export const CHALLENGE_LIFETIME_MS = 5 * 60_000;

type Issued = Extract<WebAuthnChallengeEvent, { type: 'WebAuthnChallengeIssued' }>['data'];

export type WebAuthnChallengeState =
  | { status: 'none' }
  | { status: 'issued'; challenge: Issued }
  | { status: 'consumed'; challenge: Issued };

export type WebAuthnChallengeCommand =
  | { type: 'IssueWebAuthnChallenge'; data: Omit<Issued, 'expiresAt'> & { now: Date } }
  | { type: 'ConsumeWebAuthnChallenge'; data: { challengeId: string; purpose: WebAuthnPurpose; userId: string | null; now: Date } };

export class WebAuthnChallengeUnknown extends DomainError {
  constructor() {
    super('webauthn_challenge_invalid', { field: 'id' });
    this.name = 'WebAuthnChallengeUnknown';
  }
}

export class WebAuthnChallengeAlreadyUsed extends DomainError {
  constructor() {
    super('webauthn_challenge_invalid', { field: 'id' });
    this.name = 'WebAuthnChallengeAlreadyUsed';
  }
}

export class WebAuthnChallengeExpired extends DomainError {
  constructor() {
    super('webauthn_challenge_invalid', { field: 'id' });
    this.name = 'WebAuthnChallengeExpired';
  }
}

export function initialWebAuthnChallengeState(): WebAuthnChallengeState {
  return { status: 'none' };
}

export function evolve(state: WebAuthnChallengeState, event: WebAuthnChallengeEvent): WebAuthnChallengeState {
  switch (event.type) {
    case 'WebAuthnChallengeIssued':
      return { status: 'issued', challenge: event.data };
    case 'WebAuthnChallengeConsumed':
      return state.status === 'none' ? state : { status: 'consumed', challenge: state.challenge };
    default:
      return exhaustive(event, state);
  }
}

export function decide(command: WebAuthnChallengeCommand, state: WebAuthnChallengeState): WebAuthnChallengeEvent[] {
  switch (command.type) {
    case 'IssueWebAuthnChallenge': {
      const { now, ...data } = command.data;
      return [{ type: 'WebAuthnChallengeIssued', data: { ...data, expiresAt: new Date(now.getTime() + CHALLENGE_LIFETIME_MS).toISOString() } }];
    }
    case 'ConsumeWebAuthnChallenge': {
      const { challengeId, purpose, userId, now } = command.data;
      if (state.status === 'none') throw new WebAuthnChallengeUnknown();
      // Single use: a replayed answer finds its challenge consumed, whatever its outcome was.
      if (state.status === 'consumed') throw new WebAuthnChallengeAlreadyUsed();
      // A registration challenge belongs to the user it was issued to; a login one to no one.
      if (state.challenge.purpose !== purpose || state.challenge.userId !== userId) throw new WebAuthnChallengeUnknown();
      if (now.getTime() >= Date.parse(state.challenge.expiresAt)) throw new WebAuthnChallengeExpired();
      return [{ type: 'WebAuthnChallengeConsumed', data: { challengeId, consumedAt: now.toISOString() } }];
    }
    default:
      return exhaustive(command, []);
  }
}

function exhaustive<T>(value: never, fallback: T): T {
  void value;
  return fallback;
}

export const webAuthnChallengeDecider = { initialState: initialWebAuthnChallengeState, evolve, decide };
