import { DomainError, passwordProblem } from '@planwerk/events';
import { AccountNotFound, LinkTokenNotUsable, type AccountState, type DecidedEvent, type NewLink } from './account.decider';

// The account's own settings: password reset, ending sessions, erasure. Pure, like the core
// decider: hashes, ids and the time come in; the handler verified passwords before.

/** At most one reset mail in this time per account, so the form cannot flood an inbox. */
export const RESET_MAIL_INTERVAL_SECONDS = 60;

export interface RequestPasswordReset {
  link: NewLink;
  linkLifetimeSeconds: number;
  now: Date;
}

/** No events (and no error) when the account cannot be reset by mail: the answer is neutral anyway. */
export function decideRequestPasswordReset(command: RequestPasswordReset, state: AccountState): DecidedEvent[] {
  if (!state.registered || state.locked) return [];
  const last = state.lastResetRequestAt ? Date.parse(state.lastResetRequestAt) : Number.NEGATIVE_INFINITY;
  if (command.now.getTime() - last < RESET_MAIL_INTERVAL_SECONDS * 1000) return [];
  return [{
    type: 'PasswordResetRequested', eventId: command.link.eventId,
    data: {
      userId: state.userId, tokenHash: command.link.tokenHash,
      expiresAt: new Date(command.now.getTime() + command.linkLifetimeSeconds * 1000).toISOString(), requestedAt: command.now.toISOString(),
    },
  }];
}

export interface ResetPassword {
  tokenHash: string;
  passwordHash: string;
  /** The session of the device doing the reset; it survives unless `signOutEverywhere`. */
  currentSessionId: string | null;
  signOutEverywhere: boolean;
  now: Date;
}

/** Whether the reset link is unused, unexpired and of this account. */
export function resetLinkUsable(state: AccountState, tokenHash: string, now: Date): boolean {
  const link = state.links[tokenHash];
  return state.registered && link !== undefined && link.purpose === 'password-reset' && !link.used && Date.parse(link.expiresAt) > now.getTime();
}

/** The new password's problem, judged as at registration (the person's own address and names are refused). */
export function newPasswordProblem(state: AccountState, password: string): string | null {
  const { email, firstName, lastName } = state.profile;
  return passwordProblem(password, [email ?? '', (email ?? '').split('@')[0] ?? '', firstName ?? '', lastName ?? '']);
}

export function decideResetPassword(command: ResetPassword, state: AccountState): DecidedEvent[] {
  if (!resetLinkUsable(state, command.tokenHash, command.now)) throw new LinkTokenNotUsable();
  const keep = command.signOutEverywhere ? null : command.currentSessionId;
  // Security page: a password change ends the other sessions; a reset does not sign anyone in.
  return [
    { type: 'PasswordChanged', data: { userId: state.userId, passwordHash: command.passwordHash, via: 'reset', tokenHash: command.tokenHash, changedAt: command.now.toISOString() } },
    ...endSessions(state, activeSessionsBut(state, keep), 'password-changed', command.now),
  ];
}

export class SessionNotFound extends DomainError {
  constructor() {
    super('not_found', { field: 'sessionId' });
    this.name = 'SessionNotFound';
  }
}

export type EndSessions =
  | { kind: 'one'; sessionId: string; now: Date }
  | { kind: 'others'; currentSessionId: string; now: Date };

/** A user ends one of their sessions or all but the current one; a session not theirs is 404. */
export function decideEndSessions(command: EndSessions, state: AccountState): DecidedEvent[] {
  if (!state.registered) throw new AccountNotFound();
  if (command.kind === 'one') {
    if (state.sessions[command.sessionId] !== 'active') throw new SessionNotFound();
    return endSessions(state, [command.sessionId], 'ended-by-user', command.now);
  }
  return endSessions(state, activeSessionsBut(state, command.currentSessionId), 'ended-by-user', command.now);
}

/** Erasure: every session ends, then `AccountErased`. The caller destroyed the key and checked the password. */
export function decideEraseAccount(command: { now: Date }, state: AccountState): DecidedEvent[] {
  if (!state.registered) throw new AccountNotFound();
  return [
    ...endSessions(state, activeSessionsBut(state, null), 'account-erased', command.now),
    { type: 'AccountErased', data: { userId: state.userId, erasedAt: command.now.toISOString() } },
  ];
}

/** The reservation stream's event that frees the address of an erased account. */
export function releaseEmail(state: AccountState, now: Date): DecidedEvent {
  return { type: 'AccountEmailReleased', data: { emailKey: state.emailKey, userId: state.userId, releasedAt: now.toISOString() } };
}

function activeSessionsBut(state: AccountState, keep: string | null): string[] {
  return Object.entries(state.sessions).filter(([id, status]) => status === 'active' && id !== keep).map(([id]) => id);
}

function endSessions(state: AccountState, ids: string[], reason: 'ended-by-user' | 'password-changed' | 'account-erased', now: Date): DecidedEvent[] {
  return ids.map((sessionId) => ({ type: 'SessionEnded', data: { userId: state.userId, sessionId, reason, endedAt: now.toISOString() } }));
}
