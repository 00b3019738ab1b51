import { DomainError, isBlockedMailDomain, normalizeEmail, passwordProblem, type AccountEvent } from '@planwerk/events';
import { registerSocial, type SocialRegistration } from './social-registration.decider';

// The account stream `account-<userId>` (ADR 0004). Pure: time, ids and token hashes come in
// on the command; password hashing and verification happen before, in the handler.

type LinkPurpose = 'activation' | 'parent-confirmation' | 'password-reset';

export interface AccountState {
  registered: boolean;
  userId: string;
  passwordHash: string;
  /** The provider of an account created by social login; it has no password. */
  socialProvider: string | null;
  language: 'de' | 'en' | 'fr' | 'it';
  profile: { email: string | null; firstName: string | null; lastName: string | null };
  activated: boolean;
  parentConsent: 'not_needed' | 'pending' | 'given';
  locked: boolean;
  resetRequired: boolean;
  betaApproved: boolean;
  links: Record<string, { purpose: LinkPurpose; expiresAt: string; used: boolean }>;
  lastActivationMailAt: string | null;
  devices: string[];
  sessions: Record<string, 'active' | 'ended'>;
  /** The address's pseudonym: releasing the reservation at erasure needs it. */
  emailKey: string;
  lastResetRequestAt: string | null;
  /** Erased accounts count as unregistered: every later command answers 6005. */
  erased: boolean;
}

/** An event to append; `eventId` is fixed when a mail link token is derived from it. */
export type DecidedEvent = AccountEvent & { eventId?: string };

export interface NewLink {
  eventId: string;
  tokenHash: string;
}

export type AccountCommand =
  | {
      type: 'RegisterAccount';
      data: {
        userId: string; emailKey: string; email: string; firstName: string; lastName: string;
        parentEmail: string | null; passwordHash: string; language: AccountState['language']; adult: boolean;
        activation: NewLink; parentConfirmation: NewLink | null; linkLifetimeSeconds: number; now: Date;
      };
    }
  | { type: 'RegisterSocialAccount'; data: SocialRegistration }
  | { type: 'ActivateAccount'; data: { tokenHash: string; now: Date } }
  | { type: 'ConfirmParentConsent'; data: { tokenHash: string; now: Date } }
  | { type: 'StartSession'; data: SessionStart }
  | { type: 'EndSession'; data: { sessionId: string; reason: 'logout' | 'ended-by-user' | 'password-changed'; now: Date } }
  | { type: 'LockAccount' | 'UnlockAccount' | 'RequirePasswordReset' | 'ApproveBetaAccess'; data: { now: Date } };

export interface SessionStart {
  sessionId: string;
  tokenHash: string;
  deviceId: string;
  deviceName: string;
  method: 'password' | 'second-factor' | 'passkey' | 'social';
  idleSeconds: number;
  absoluteSeconds: number;
  now: Date;
}

export class AccountNotFound extends DomainError {
  constructor() {
    super(6005);
    this.name = 'AccountNotFound';
  }
}

export class LinkTokenNotUsable extends DomainError {
  constructor() {
    super('not_found');
    this.name = 'LinkTokenNotUsable';
  }
}

export class AddressCannotBeUsed extends DomainError {
  constructor(field: string) {
    super(6009, { field });
    this.name = 'AddressCannotBeUsed';
  }
}

export function initialAccountState(): AccountState {
  return {
    registered: false, userId: '', passwordHash: '', socialProvider: null, language: 'de',
    profile: { email: null, firstName: null, lastName: null },
    activated: false, parentConsent: 'not_needed', locked: false, resetRequired: false, betaApproved: false,
    links: {}, lastActivationMailAt: null, devices: [], sessions: {}, emailKey: '', lastResetRequestAt: null, erased: false,
  };
}

function withLink(state: AccountState, hash: string, purpose: LinkPurpose, expiresAt: string): AccountState {
  return { ...state, links: { ...state.links, [hash]: { purpose, expiresAt, used: false } } };
}

function useLink(state: AccountState, hash: string): AccountState {
  const link = state.links[hash];
  return link ? { ...state, links: { ...state.links, [hash]: { ...link, used: true } } } : state;
}

/**
 * Every open link of a purpose counts as used (ADR 0004: a hash "consumed or superseded" is
 * refused): a newer reset mail supersedes the older links, a changed password all of them.
 */
function retireLinks(state: AccountState, purpose: LinkPurpose): AccountState {
  const links = Object.fromEntries(Object.entries(state.links).map(([hash, link]) => [hash, link.purpose === purpose ? { ...link, used: true } : link]));
  return { ...state, links };
}

export function evolve(state: AccountState, event: AccountEvent): AccountState {
  switch (event.type) {
    case 'AccountRegistered': {
      const d = event.data;
      return withLink({
        ...state, registered: true, userId: d.userId, emailKey: d.emailKey, passwordHash: d.passwordHash, language: d.language,
        profile: { email: d.email, firstName: d.firstName, lastName: d.lastName },
        parentConsent: d.adult ? 'not_needed' : 'pending', lastActivationMailAt: d.registeredAt,
      }, d.activationTokenHash, 'activation', d.activationExpiresAt);
    }
    case 'SocialAccountRegistered': {
      const d = event.data;
      return {
        ...state, registered: true, userId: d.userId, socialProvider: d.provider, language: d.language,
        profile: { email: d.email, firstName: d.firstName, lastName: d.lastName }, activated: true, parentConsent: 'not_needed',
      };
    }
    case 'ParentConfirmationRequested':
      return withLink(state, event.data.tokenHash, 'parent-confirmation', event.data.expiresAt);
    case 'ActivationMailRequested':
      return { ...withLink(state, event.data.tokenHash, 'activation', event.data.expiresAt), lastActivationMailAt: event.data.requestedAt };
    case 'PasswordResetRequested':
      return { ...withLink(retireLinks(state, 'password-reset'), event.data.tokenHash, 'password-reset', event.data.expiresAt), lastResetRequestAt: event.data.requestedAt };
    case 'AccountActivated':
      return { ...useLink(state, event.data.tokenHash), activated: true };
    case 'ParentConsentGiven':
      return { ...useLink(state, event.data.tokenHash), parentConsent: 'given' };
    case 'SessionStarted':
      return { ...state, sessions: { ...state.sessions, [event.data.sessionId]: 'active' } };
    case 'NewDeviceLoggedIn':
      return { ...state, devices: [...state.devices, event.data.deviceId] };
    case 'SessionEnded':
      return { ...state, sessions: { ...state.sessions, [event.data.sessionId]: 'ended' } };
    case 'AccountLocked':
      return { ...state, locked: true };
    case 'AccountUnlocked':
      return { ...state, locked: false };
    case 'PasswordResetRequired':
      return { ...state, resetRequired: true };
    case 'BetaAccessApproved':
      return { ...state, betaApproved: true };
    case 'PasswordChanged': {
      // The link used (if any) and every other open reset link are spent with the new password.
      return retireLinks({ ...state, passwordHash: event.data.passwordHash, resetRequired: false }, 'password-reset');
    }
    case 'AccountErased':
      return {
        ...state, registered: false, erased: true, passwordHash: '', profile: { email: null, firstName: null, lastName: null },
        sessions: Object.fromEntries(Object.keys(state.sessions).map((id) => [id, 'ended' as const])),
      };
    case 'AccountEmailReserved':
    case 'AccountEmailReleased':
    case 'UserPreferencesChanged':
    case 'SavedLinkRemoved':
      // Other streams (the address reservation, the preferences).
      return state;
    default:
      return exhaustive(event);
  }
}

/** The checks of a registration that need no stored state (spec section 5; 6009). Runs before hashing. */
export function assertRegistrationAllowed(input: { mail: string; parentMail?: string; pass: string; vorname: string; nachname: string }): void {
  if (isBlockedMailDomain(input.mail)) throw new AddressCannotBeUsed('mail');
  if (input.parentMail !== undefined) {
    if (isBlockedMailDomain(input.parentMail)) throw new AddressCannotBeUsed('parentMail');
    // A child cannot confirm themselves.
    if (normalizeEmail(input.parentMail) === normalizeEmail(input.mail)) throw new AddressCannotBeUsed('parentMail');
  }
  const problem = passwordProblem(input.pass, [input.mail, input.mail.split('@')[0] ?? '', input.vorname, input.nachname]);
  if (problem !== null) throw new DomainError('validation_failed', { field: 'pass', details: { problem } });
}

function usableLink(state: AccountState, hash: string, purpose: LinkPurpose, now: Date): boolean {
  const link = state.links[hash];
  return link !== undefined && link.purpose === purpose && !link.used && Date.parse(link.expiresAt) > now.getTime();
}

function plus(now: Date, seconds: number): string {
  return new Date(now.getTime() + seconds * 1000).toISOString();
}

export function sessionEvents(state: AccountState, s: SessionStart): DecidedEvent[] {
  const userId = state.userId;
  const events: DecidedEvent[] = [{
    type: 'SessionStarted',
    data: {
      userId, sessionId: s.sessionId, tokenHash: s.tokenHash, deviceId: s.deviceId, deviceName: s.deviceName,
      method: s.method, startedAt: s.now.toISOString(), idleExpiresAt: plus(s.now, Math.min(s.idleSeconds, s.absoluteSeconds)),
      absoluteExpiresAt: plus(s.now, s.absoluteSeconds),
    },
  }];
  if (!state.devices.includes(s.deviceId)) {
    events.push({ type: 'NewDeviceLoggedIn', data: { userId, deviceId: s.deviceId, deviceName: s.deviceName, loggedInAt: s.now.toISOString() } });
  }
  return events;
}

export function decide(command: AccountCommand, state: AccountState): DecidedEvent[] {
  // Erasure is final: a registration on the erased stream would bring the shredded account back.
  if (state.erased) throw new AccountNotFound();
  if (command.type !== 'RegisterAccount' && command.type !== 'RegisterSocialAccount' && !state.registered) throw new AccountNotFound();
  const now = command.data.now.toISOString();
  switch (command.type) {
    case 'RegisterAccount': {
      const d = command.data;
      if (state.registered) throw new DomainError(6001);
      const expiresAt = plus(d.now, d.linkLifetimeSeconds);
      const events: DecidedEvent[] = [{
        type: 'AccountRegistered',
        eventId: d.activation.eventId,
        data: {
          userId: d.userId, emailKey: d.emailKey, email: d.email, firstName: d.firstName, lastName: d.lastName,
          parentEmail: d.parentEmail, passwordHash: d.passwordHash, language: d.language, adult: d.adult,
          acceptedTerms: true, acceptedPrivacy: true, acceptedCookies: true,
          activationTokenHash: d.activation.tokenHash, activationExpiresAt: expiresAt, registeredAt: now,
        },
      }];
      if (!d.adult) {
        if (d.parentConfirmation === null || d.parentEmail === null) throw new DomainError('validation_failed', { field: 'parentMail' });
        events.push({
          type: 'ParentConfirmationRequested', eventId: d.parentConfirmation.eventId,
          data: { userId: d.userId, parentEmail: d.parentEmail, tokenHash: d.parentConfirmation.tokenHash, expiresAt },
        });
      }
      return events;
    }
    case 'RegisterSocialAccount':
      return registerSocial(command.data, state);
    case 'ActivateAccount':
      if (!usableLink(state, command.data.tokenHash, 'activation', command.data.now) || state.activated) throw new LinkTokenNotUsable();
      return [{ type: 'AccountActivated', data: { userId: state.userId, tokenHash: command.data.tokenHash, activatedAt: now } }];
    case 'ConfirmParentConsent':
      if (!usableLink(state, command.data.tokenHash, 'parent-confirmation', command.data.now)) throw new LinkTokenNotUsable();
      return [{ type: 'ParentConsentGiven', data: { userId: state.userId, tokenHash: command.data.tokenHash, confirmedAt: now } }];
    case 'StartSession':
      return sessionEvents(state, command.data);
    case 'EndSession':
      // Ending an ended session is a no-op: logout is safe to repeat.
      if (state.sessions[command.data.sessionId] !== 'active') return [];
      return [{ type: 'SessionEnded', data: { userId: state.userId, sessionId: command.data.sessionId, reason: command.data.reason, endedAt: now } }];
    case 'LockAccount':
      return state.locked ? [] : [{ type: 'AccountLocked', data: { userId: state.userId, lockedAt: now } }];
    case 'UnlockAccount':
      return state.locked ? [{ type: 'AccountUnlocked', data: { userId: state.userId, unlockedAt: now } }] : [];
    case 'RequirePasswordReset':
      return state.resetRequired ? [] : [{ type: 'PasswordResetRequired', data: { userId: state.userId, requiredAt: now } }];
    case 'ApproveBetaAccess':
      return state.betaApproved ? [] : [{ type: 'BetaAccessApproved', data: { userId: state.userId, approvedAt: now } }];
    default:
      return exhaustive(command);
  }
}

/** Active once the address is confirmed and, below 16, a parent has confirmed (spec section 2). */
export function isActive(state: AccountState): boolean {
  return state.activated && state.parentConsent !== 'pending';
}

export function exhaustive(value: never): never {
  throw new Error(`Unhandled ${JSON.stringify(value)}`);
}

export const accountDecider = { initialState: initialAccountState, evolve, decide };
