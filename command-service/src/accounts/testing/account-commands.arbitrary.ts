import fc from 'fast-check';
import { DomainError, type AccountEvent as StreamEvent } from '@planwerk/events';
import type { PureDecider } from '../../shared/testing/decider-replay';
import { accountDecider, type AccountCommand, type AccountState, type DecidedEvent } from '../decide/account.decider';
import { decideLogin, type LogInCommand } from '../decide/login';
import {
  decideEndSessions,
  decideEraseAccount,
  decideRequestPasswordReset,
  decideResetPassword,
  type EndSessions,
  type RequestPasswordReset,
  type ResetPassword,
} from '../decide/self-service';

// Every command of the account stream `account-<userId>` (core, login, self-service, social),
// for the property specs of the three account deciders that share the stream's state.

export type AnyAccountCommand =
  | { kind: 'core'; command: AccountCommand }
  | { kind: 'login'; command: LogInCommand }
  | { kind: 'request-reset'; command: RequestPasswordReset }
  | { kind: 'reset'; command: ResetPassword }
  | { kind: 'end-sessions'; command: EndSessions }
  | { kind: 'erase'; command: { now: Date } };

export const USER = '11111111-1111-4111-8111-111111111111';
export const OTHER = '99999999-9999-4999-8999-999999999999';
export const T0 = Date.parse('2026-11-22T10:00:00.000Z');
export const LINK_LIFETIME_SECONDS = 3600;
export const ACTIVATION_MAIL_INTERVAL_SECONDS = 300;

/** Token hash number n: every issued link gets a fresh one, as random tokens do in production. */
export const tokenHash = (n: number): string => n.toString(16).padStart(64, '0');
export const sessionId = (n: number): string => `44444444-4444-4444-8444-${n.toString(16).padStart(12, '0')}`;
const DEVICES = ['Device-0001', 'Device-0002'];

export const accountStreamDecider: PureDecider<AccountState, AnyAccountCommand, DecidedEvent> = {
  initialState: accountDecider.initialState,
  evolve: (state, event) => accountDecider.evolve(state, event as StreamEvent),
  decide: (c, state) => {
    switch (c.kind) {
      case 'core': return accountDecider.decide(c.command, state);
      case 'login': {
        const decision = decideLogin(c.command, state);
        return decision.kind === 'second-factor' ? [] : decision.events;
      }
      case 'request-reset': return decideRequestPasswordReset(c.command, state);
      case 'reset': return decideResetPassword(c.command, state);
      case 'end-sessions': return decideEndSessions(c.command, state);
      case 'erase': return decideEraseAccount(c.command, state);
    }
  },
};

type Spec =
  | { kind: 'register'; adult: boolean }
  | { kind: 'register-social'; holder: 'none' | 'self' | 'other' }
  | { kind: 'activate' | 'consent'; token: number }
  | { kind: 'start-session'; device: number }
  | { kind: 'end-session'; session: number }
  | { kind: 'admin'; type: 'LockAccount' | 'UnlockAccount' | 'RequirePasswordReset' | 'ApproveBetaAccess' }
  | { kind: 'login'; passwordMatches: boolean; secondFactorEnabled: boolean; betaSite: boolean; device: number }
  | { kind: 'request-reset' }
  | { kind: 'reset'; token: number; keep: number | null; signOutEverywhere: boolean }
  | { kind: 'end-sessions'; one: boolean; session: number }
  | { kind: 'erase' };

// Tokens and sessions are picked by age among those the stream really issued: 0 is the latest;
// past the first one is an unknown token.
const index = fc.integer({ min: 0, max: 4 });
// Weights: erasure and a second registration are rare, so most runs keep a live account.
const spec: fc.Arbitrary<Spec> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('register' as const), adult: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('register-social' as const), holder: fc.constantFrom('none' as const, 'self' as const, 'other' as const) }) },
  { weight: 12, arbitrary: fc.record({ kind: fc.constantFrom('activate' as const, 'consent' as const, 'consent' as const), token: index }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('start-session' as const), device: fc.integer({ min: 0, max: 1 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('end-session' as const), session: index }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('admin' as const), type: fc.constantFrom('LockAccount' as const, 'UnlockAccount' as const, 'RequirePasswordReset' as const, 'ApproveBetaAccess' as const) }) },
  { weight: 9, arbitrary: fc.record({ kind: fc.constant('login' as const), passwordMatches: fc.constantFrom(true, true, false), secondFactorEnabled: fc.boolean(), betaSite: fc.boolean(), device: fc.integer({ min: 0, max: 1 }) }) },
  { weight: 5, arbitrary: fc.constant({ kind: 'request-reset' as const }) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('reset' as const), token: index, keep: fc.option(index), signOutEverywhere: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('end-sessions' as const), one: fc.boolean(), session: index }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'erase' as const }) },
);
// Steps around the 60 s reset interval, the 300 s mail interval and the 1 h link lifetime.
const dt = fc.constantFrom(0, 1, 59, 61, 301, 7200);

const registration: fc.Arbitrary<Spec> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('register' as const), adult: fc.boolean() }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'register-social' as const, holder: 'none' as const }) },
);

// Most sequences begin with a registration, so that the rules of a live account get exercised.
export const accountCommands: fc.Arbitrary<AnyAccountCommand[]> = fc
  .tuple(fc.option(registration, { freq: 5 }), fc.array(fc.tuple(spec, dt), { maxLength: 30, size: 'medium' }))
  .map(([first, rest]) => (first === null ? rest : [[first, 0] as [Spec, number], ...rest]))
  .map((specs) => {
    let now = T0;
    let tokens = 0;
    let sessions = 0;
    const link = () => ({ eventId: `55555555-5555-4555-8555-${(tokens + 1).toString(16).padStart(12, '0')}`, tokenHash: tokenHash(tokens++) });
    // The stream as the commands so far left it, only to pick tokens and sessions that exist.
    let state = accountStreamDecider.initialState();
    const recent = (ids: string[], age: number, unknown: string) => ids[ids.length - 1 - age] ?? unknown;
    // Ages 0-2 pick a link of the command's purpose, 3-4 any link (a wrong purpose, mostly).
    const recentToken = (purpose: string, age: number) => recent(
      Object.keys(state.links).filter((hash) => age >= 3 || state.links[hash]?.purpose === purpose), age >= 3 ? age - 3 : age, tokenHash(500_000),
    );
    const recentSession = (age: number) => recent(Object.keys(state.sessions), age, sessionId(500_000));
    return specs.map(([s, seconds]) => {
      const command = build(s, seconds);
      try {
        state = accountStreamDecider.decide(command, state).reduce(accountStreamDecider.evolve, state);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
      }
      return command;
    });

    function build(s: Spec, seconds: number): AnyAccountCommand {
      now += seconds * 1000;
      const at = new Date(now);
      const session = (device: number) => ({
        sessionId: sessionId(sessions++), tokenHash: tokenHash(1_000_000 + sessions), deviceId: DEVICES[device] ?? 'Device-0001',
        deviceName: 'Firefox', method: 'password' as const, idleSeconds: 600, absoluteSeconds: 3600, now: at,
      });
      switch (s.kind) {
        case 'register': {
          const activation = link();
          return { kind: 'core', command: { type: 'RegisterAccount', data: {
            userId: USER, emailKey: tokenHash(999), email: 'ada@planwerk.de', firstName: 'Ada', lastName: 'L', parentEmail: s.adult ? null : 'mum@planwerk.de',
            passwordHash: '$argon2id$x', language: 'de', adult: s.adult, activation, parentConfirmation: s.adult ? null : link(),
            linkLifetimeSeconds: LINK_LIFETIME_SECONDS, now: at,
          } } };
        }
        case 'register-social':
          return { kind: 'core', command: { type: 'RegisterSocialAccount', data: {
            userId: USER, emailKey: tokenHash(999), email: 'ada@planwerk.de', firstName: 'Ada', lastName: 'L', provider: 'google', language: 'de',
            emailHolder: s.holder === 'none' ? null : s.holder === 'self' ? USER : OTHER, now: at,
          } } };
        case 'activate':
          return { kind: 'core', command: { type: 'ActivateAccount', data: { tokenHash: recentToken('activation', s.token), now: at } } };
        case 'consent':
          return { kind: 'core', command: { type: 'ConfirmParentConsent', data: { tokenHash: recentToken('parent-confirmation', s.token), now: at } } };
        case 'start-session':
          return { kind: 'core', command: { type: 'StartSession', data: session(s.device) } };
        case 'end-session':
          return { kind: 'core', command: { type: 'EndSession', data: { sessionId: recentSession(s.session), reason: 'logout', now: at } } };
        case 'admin':
          return { kind: 'core', command: { type: s.type, data: { now: at } } };
        case 'login':
          return { kind: 'login', command: {
            passwordMatches: s.passwordMatches, secondFactorEnabled: s.secondFactorEnabled, betaSite: s.betaSite, session: session(s.device),
            activation: link(), linkLifetimeSeconds: LINK_LIFETIME_SECONDS, activationMailIntervalSeconds: ACTIVATION_MAIL_INTERVAL_SECONDS,
          } };
        case 'request-reset':
          return { kind: 'request-reset', command: { link: link(), linkLifetimeSeconds: LINK_LIFETIME_SECONDS, now: at } };
        case 'reset':
          return { kind: 'reset', command: {
            tokenHash: recentToken('password-reset', s.token), passwordHash: `$argon2id$${now}`, currentSessionId: s.keep === null ? null : recentSession(s.keep),
            signOutEverywhere: s.signOutEverywhere, now: at,
          } };
        case 'end-sessions':
          return { kind: 'end-sessions', command: s.one ? { kind: 'one', sessionId: recentSession(s.session), now: at } : { kind: 'others', currentSessionId: recentSession(s.session), now: at } };
        case 'erase':
          return { kind: 'erase', command: { now: at } };
      }
    }
  });

/** The time a command was given at. */
export function nowOf(c: AnyAccountCommand): Date {
  switch (c.kind) {
    case 'core': return c.command.data.now;
    case 'login': return c.command.session.now;
    default: return c.command.now;
  }
}
