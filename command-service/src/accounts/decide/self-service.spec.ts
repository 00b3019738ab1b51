import { accountEvents, createEventCatalogue, DomainError } from '@planwerk/events';
import { accountDecider, type AccountCommand, type AccountState, type DecidedEvent } from './account.decider';
import { decideLogin } from './login';
import {
  decideEndSessions,
  decideEraseAccount,
  decideRequestPasswordReset,
  decideResetPassword,
  newPasswordProblem,
  releaseEmail,
  RESET_MAIL_INTERVAL_SECONDS,
} from './self-service';

const NOW = new Date('2026-11-22T10:00:00.000Z');
const USER = '11111111-1111-4111-8111-111111111111';
const S1 = '44444444-4444-4444-8444-444444444441';
const S2 = '44444444-4444-4444-8444-444444444442';
const hash = (c: string) => c.repeat(64).slice(0, 64);
const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

const register: AccountCommand = {
  type: 'RegisterAccount',
  data: {
    userId: USER, emailKey: hash('e'), email: 'ada@planwerk.de', firstName: 'Ada', lastName: 'Lovelace', parentEmail: null,
    passwordHash: '$argon2id$old', language: 'de', adult: true,
    activation: { eventId: '22222222-2222-4222-8222-222222222222', tokenHash: hash('a') }, parentConfirmation: null,
    linkLifetimeSeconds: 3600, now: NOW,
  },
};
const startSession = (sessionId: string): AccountCommand => ({
  type: 'StartSession',
  data: { sessionId, tokenHash: hash(sessionId.slice(-1)), deviceId: `Device${sessionId.slice(-4)}`, deviceName: 'Firefox', method: 'password', idleSeconds: 60, absoluteSeconds: 600, now: at(30) },
});

function apply(state: AccountState, events: DecidedEvent[]): AccountState {
  return events.reduce(accountDecider.evolve, state);
}

function given(...commands: AccountCommand[]): AccountState {
  let state = accountDecider.initialState();
  for (const command of commands) state = apply(state, accountDecider.decide(command, state));
  return state;
}

function codeOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  throw new Error('expected a DomainError');
}

const active = () => given(register, { type: 'ActivateAccount', data: { tokenHash: hash('a'), now: at(10) } }, startSession(S1), startSession(S2));
const requestReset = (state: AccountState, seconds = 60) =>
  decideRequestPasswordReset({ link: { eventId: '55555555-5555-4555-8555-555555555555', tokenHash: hash('r') }, linkLifetimeSeconds: 3600, now: at(seconds) }, state);
const reset = (overrides: Partial<Parameters<typeof decideResetPassword>[0]> = {}) =>
  ({ tokenHash: hash('r'), passwordHash: '$argon2id$new', currentSessionId: S1, signOutEverywhere: false, now: at(120), ...overrides });

describe('password reset', () => {
  it('a request records the link hash and expiry with the event id the mail recomputes the token from', () => {
    const events = requestReset(active());
    expect(events).toEqual([{
      type: 'PasswordResetRequested', eventId: '55555555-5555-4555-8555-555555555555',
      data: { userId: USER, tokenHash: hash('r'), expiresAt: at(3660).toISOString(), requestedAt: at(60).toISOString() },
    }]);
  });

  it('asks for no second mail within the interval, and none for an unknown or locked account', () => {
    const requested = apply(active(), requestReset(active()));
    expect(requestReset(requested, 60 + RESET_MAIL_INTERVAL_SECONDS - 1)).toEqual([]);
    expect(requestReset(requested, 60 + RESET_MAIL_INTERVAL_SECONDS)).toHaveLength(1);
    expect(requestReset(accountDecider.initialState())).toEqual([]);
    const locked = apply(active(), accountDecider.decide({ type: 'LockAccount', data: { now: at(40) } }, active()));
    expect(requestReset(locked)).toEqual([]);
  });

  it('a usable link changes the password and ends the other sessions, keeping the resetting one', () => {
    const requested = apply(active(), requestReset(active()));
    expect(decideResetPassword(reset(), requested)).toEqual([
      { type: 'PasswordChanged', data: { userId: USER, passwordHash: '$argon2id$new', via: 'reset', tokenHash: hash('r'), changedAt: at(120).toISOString() } },
      { type: 'SessionEnded', data: { userId: USER, sessionId: S2, reason: 'password-changed', endedAt: at(120).toISOString() } },
    ]);
  });

  it('"sign out everywhere" ends every session', () => {
    const requested = apply(active(), requestReset(active()));
    const ended = decideResetPassword(reset({ signOutEverywhere: true }), requested).filter((e) => e.type === 'SessionEnded');
    expect(ended.map((e) => (e.data as { sessionId: string }).sessionId)).toEqual([S1, S2]);
  });

  it('a link is single use, expires, and must be a reset link (LinkTokenNotUsable → 404)', () => {
    const requested = apply(active(), requestReset(active()));
    const used = apply(requested, decideResetPassword(reset(), requested));
    expect(codeOf(() => decideResetPassword(reset(), used))).toBe('not_found');
    expect(codeOf(() => decideResetPassword(reset({ now: at(3661) }), requested))).toBe('not_found');
    expect(codeOf(() => decideResetPassword(reset({ tokenHash: hash('a') }), requested))).toBe('not_found');
  });

  it('a newer reset link supersedes the older one, and a new password spends every open reset link (ADR 0004)', () => {
    const second = (state: AccountState, seconds: number) =>
      decideRequestPasswordReset({ link: { eventId: '66666666-6666-4666-8666-666666666666', tokenHash: hash('s') }, linkLifetimeSeconds: 3600, now: at(seconds) }, state);
    const twoLinks = apply(apply(active(), requestReset(active())), second(apply(active(), requestReset(active())), 60 + RESET_MAIL_INTERVAL_SECONDS + 1));
    expect(twoLinks.links[hash('r')]?.used).toBe(true);
    expect(codeOf(() => decideResetPassword(reset({ now: at(60 + RESET_MAIL_INTERVAL_SECONDS + 2) }), twoLinks))).toBe('not_found');
    const afterNewest = apply(twoLinks, decideResetPassword(reset({ tokenHash: hash('s'), now: at(60 + RESET_MAIL_INTERVAL_SECONDS + 2) }), twoLinks));
    expect(codeOf(() => decideResetPassword(reset({ tokenHash: hash('s'), now: at(60 + RESET_MAIL_INTERVAL_SECONDS + 3) }), afterNewest))).toBe('not_found');

    // Two links in flight when one is used: the other is spent with the new password too.
    const open = { ...twoLinks, links: { ...twoLinks.links, [hash('r')]: { ...twoLinks.links[hash('r')]!, used: false } } };
    const afterOne = apply(open, decideResetPassword(reset({ tokenHash: hash('s'), now: at(60 + RESET_MAIL_INTERVAL_SECONDS + 2) }), open));
    expect(codeOf(() => decideResetPassword(reset({ now: at(60 + RESET_MAIL_INTERVAL_SECONDS + 3) }), afterOne))).toBe('not_found');
  });

  it('lifts "must reset" (6022), and the password policy refuses the person’s own address and names', () => {
    const required = apply(active(), accountDecider.decide({ type: 'RequirePasswordReset', data: { now: at(40) } }, active()));
    const requested = apply(required, requestReset(required));
    const after = apply(requested, decideResetPassword(reset(), requested));
    expect(after.resetRequired).toBe(false);
    expect(after.passwordHash).toBe('$argon2id$new');
    expect(newPasswordProblem(after, 'ada@planwerk.de')).toBe('too_common');
    expect(newPasswordProblem(after, 'Lovelace')).toBe('too_common');
    expect(newPasswordProblem(after, 'kurz')).toBe('too_short');
    expect(newPasswordProblem(after, 'ein neuer langer Satz')).toBeNull();
  });

  it('does not bypass a second factor: the next login with the new password still asks for it', () => {
    const requested = apply(active(), requestReset(active()));
    const after = apply(requested, decideResetPassword(reset(), requested));
    const session = { sessionId: '66666666-6666-4666-8666-666666666666', tokenHash: hash('t'), deviceId: 'Dev1ce0009', deviceName: 'x', method: 'password' as const, idleSeconds: 60, absoluteSeconds: 600, now: at(200) };
    const decision = decideLogin({
      passwordMatches: true, secondFactorEnabled: true, betaSite: false, session,
      activation: { eventId: '77777777-7777-4777-8777-777777777777', tokenHash: hash('z') }, linkLifetimeSeconds: 60, activationMailIntervalSeconds: 60,
    }, after);
    expect(decision).toEqual({ kind: 'second-factor' });
  });
});

describe('ending sessions', () => {
  it('ends one own session; an unknown (another user’s) or ended session is 404', () => {
    const state = active();
    expect(decideEndSessions({ kind: 'one', sessionId: S2, now: at(60) }, state)).toEqual([
      { type: 'SessionEnded', data: { userId: USER, sessionId: S2, reason: 'ended-by-user', endedAt: at(60).toISOString() } },
    ]);
    expect(codeOf(() => decideEndSessions({ kind: 'one', sessionId: '99999999-9999-4999-8999-999999999999', now: at(60) }, state))).toBe('not_found');
    const ended = apply(state, decideEndSessions({ kind: 'one', sessionId: S2, now: at(60) }, state));
    expect(codeOf(() => decideEndSessions({ kind: 'one', sessionId: S2, now: at(61) }, ended))).toBe('not_found');
  });

  it('ends all others, never the current one', () => {
    const events = decideEndSessions({ kind: 'others', currentSessionId: S2, now: at(60) }, active());
    expect(events.map((e) => (e.data as { sessionId: string }).sessionId)).toEqual([S1]);
  });
});

describe('erasure', () => {
  it('ends every session, records AccountErased, and afterwards the account answers 6005', () => {
    const state = active();
    const events = decideEraseAccount({ now: at(90) }, state);
    expect(events.map((e) => e.type)).toEqual(['SessionEnded', 'SessionEnded', 'AccountErased']);
    expect(events.every((e) => e.type !== 'SessionEnded' || (e.data as { reason: string }).reason === 'account-erased')).toBe(true);
    expect(releaseEmail(state, at(90))).toEqual({ type: 'AccountEmailReleased', data: { emailKey: hash('e'), userId: USER, releasedAt: at(90).toISOString() } });
    const erased = apply(state, events);
    expect(erased).toMatchObject({ erased: true, registered: false, profile: { email: null, firstName: null, lastName: null } });
    expect(codeOf(() => decideEraseAccount({ now: at(91) }, erased))).toBe(6005);
    expect(codeOf(() => accountDecider.decide({ type: 'LockAccount', data: { now: at(91) } }, erased))).toBe(6005);
  });
});

describe('the new account events', () => {
  it('are in the catalogue and describe no personal field', () => {
    const catalogue = createEventCatalogue();
    const samples: Record<string, unknown> = {
      AccountErased: { userId: USER, erasedAt: NOW.toISOString() },
      AccountEmailReleased: { emailKey: hash('e'), userId: USER, releasedAt: NOW.toISOString() },
      UserPreferencesChanged: { userId: USER, preferences: { theme: 'dark', sidebar: 2, viewOpt: 'list', shortcut: [] }, changedAt: NOW.toISOString() },
      SavedLinkRemoved: { userId: USER, link: { type: 'link_cc', data: { id: 'verein' }, hash: 'h' }, removedAt: NOW.toISOString() },
    };
    for (const [type, data] of Object.entries(samples)) {
      expect(catalogue.has(type)).toBe(true);
      const definition = accountEvents.find((e) => e.type === type);
      expect(definition?.schema.safeParse(data).success).toBe(true);
      expect(JSON.stringify(definition?.describe(data as never))).not.toMatch(/ada@|Lovelace|[0-9a-f]{64}/);
    }
  });
});
