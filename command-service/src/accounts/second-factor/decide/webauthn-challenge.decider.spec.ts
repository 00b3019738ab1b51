import type { WebAuthnChallengeEvent } from '@planwerk/events';
import {
  CHALLENGE_LIFETIME_MS,
  decide,
  evolve,
  initialWebAuthnChallengeState,
  WebAuthnChallengeAlreadyUsed,
  WebAuthnChallengeExpired,
  WebAuthnChallengeUnknown,
  type WebAuthnChallengeCommand,
} from './webauthn-challenge.decider';

const challengeId = '0b6d2f7a-9c41-4e0b-8f2d-3a5e6c7d8e9f';
const userId = '7d4c1c2e-3b9a-4f55-8a31-5b8c2e9f0a11';
const T0 = new Date('2026-11-22T10:00:00Z');
const issued: WebAuthnChallengeEvent = {
  type: 'WebAuthnChallengeIssued',
  data: { challengeId, purpose: 'register', challenge: 'c2VydmVyLWNoYWxsZW5nZQ', userId, expiresAt: new Date(T0.getTime() + CHALLENGE_LIFETIME_MS).toISOString() },
};
const consume = (now: Date, over: Partial<{ purpose: 'register' | 'login'; userId: string | null }> = {}): WebAuthnChallengeCommand => ({
  type: 'ConsumeWebAuthnChallenge', data: { challengeId, purpose: 'register', userId, now, ...over },
});

function given(events: WebAuthnChallengeEvent[]) {
  const state = events.reduce(evolve, initialWebAuthnChallengeState());
  return { when: (command: WebAuthnChallengeCommand) => () => decide(command, state) };
}

describe('WebAuthn challenge decider', () => {
  it('issues a challenge that expires after the ceremony time', () => {
    const { expiresAt, ...data } = issued.data as Extract<WebAuthnChallengeEvent, { type: 'WebAuthnChallengeIssued' }>['data'];
    expect(given([]).when({ type: 'IssueWebAuthnChallenge', data: { ...data, now: T0 } })()).toEqual([issued]);
    expect(expiresAt).toBe('2026-11-22T10:05:00.000Z');
  });

  it('given an issued challenge, when it is consumed in time, then WebAuthnChallengeConsumed', () => {
    expect(given([issued]).when(consume(new Date(T0.getTime() + 1000)))()).toEqual([
      { type: 'WebAuthnChallengeConsumed', data: { challengeId, consumedAt: '2026-11-22T10:00:01.000Z' } },
    ]);
  });

  it('given a consumed challenge, when it is used again, then WebAuthnChallengeAlreadyUsed (a replay)', () => {
    const consumed: WebAuthnChallengeEvent = { type: 'WebAuthnChallengeConsumed', data: { challengeId, consumedAt: T0.toISOString() } };
    const then = given([issued, consumed]).when(consume(T0));
    expect(then).toThrow(WebAuthnChallengeAlreadyUsed);
    expect(then).toThrow(expect.objectContaining({ code: 'webauthn_challenge_invalid', httpStatus: 401 }));
  });

  it('refuses an expired challenge', () => {
    expect(given([issued]).when(consume(new Date(T0.getTime() + CHALLENGE_LIFETIME_MS)))).toThrow(WebAuthnChallengeExpired);
  });

  it('refuses an unknown challenge, another purpose and another user', () => {
    expect(given([]).when(consume(T0))).toThrow(WebAuthnChallengeUnknown);
    expect(given([issued]).when(consume(T0, { purpose: 'login', userId: null }))).toThrow(WebAuthnChallengeUnknown);
    expect(given([issued]).when(consume(T0, { userId: 'someone-else' }))).toThrow(WebAuthnChallengeUnknown);
  });
});
