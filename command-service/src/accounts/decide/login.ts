import { isActive, sessionEvents, type AccountState, type DecidedEvent, type NewLink, type SessionStart } from './account.decider';

// Password login (spec section 7, PUT auth; codes of section 8). Pure: the handler verified
// the password (always exactly one Argon2 run) and brings ids, token hashes and the time.

export type LoginRefusal = 6005 | 6008 | 6020 | 6021 | 6022 | 6991;

export type LoginDecision =
  | { kind: 'refused'; code: LoginRefusal; events: DecidedEvent[] }
  | { kind: 'second-factor' }
  | { kind: 'session'; events: DecidedEvent[] };

export interface LogInCommand {
  passwordMatches: boolean;
  /** Whether a second factor is on (the second-factor stream says; ADR 0004). */
  secondFactorEnabled: boolean;
  betaSite: boolean;
  session: SessionStart;
  /** A fresh activation link, used when the account is not active yet (6021 sends a new mail). */
  activation: NewLink;
  linkLifetimeSeconds: number;
  /** A new activation mail at most this often, so failed logins cannot flood an inbox. */
  activationMailIntervalSeconds: number;
}

export function decideLogin(command: LogInCommand, state: AccountState): LoginDecision {
  const now = command.session.now;
  if (!state.registered) return { kind: 'refused', code: 6005, events: [] };
  // The password first: nothing about the account's status is told to someone without it.
  if (!command.passwordMatches) return { kind: 'refused', code: 6008, events: [] };
  if (state.locked) return { kind: 'refused', code: 6020, events: [] };
  if (state.resetRequired) return { kind: 'refused', code: 6022, events: [] };
  if (!isActive(state)) {
    const last = state.lastActivationMailAt ? Date.parse(state.lastActivationMailAt) : 0;
    const due = state.activated === false && now.getTime() - last >= command.activationMailIntervalSeconds * 1000;
    const events: DecidedEvent[] = due
      ? [{
          type: 'ActivationMailRequested', eventId: command.activation.eventId,
          data: {
            userId: state.userId, tokenHash: command.activation.tokenHash,
            expiresAt: new Date(now.getTime() + command.linkLifetimeSeconds * 1000).toISOString(), requestedAt: now.toISOString(),
          },
        }]
      : [];
    return { kind: 'refused', code: 6021, events };
  }
  if (command.betaSite && !state.betaApproved) return { kind: 'refused', code: 6991, events: [] };
  if (command.secondFactorEnabled) return { kind: 'second-factor' };
  return { kind: 'session', events: sessionEvents(state, command.session) };
}
