import { DomainError, type ConnectableLinkObject, type UserLinkEvent } from '@planwerk/events';

// The links a user saved by connecting (stream `user-links-<userId>`). Pure: time and the found
// target come in on the command.

export type UserLinksCommand =
  | { type: 'ConnectUserLink'; data: { userId: string; obj: ConnectableLinkObject; targetId: string; ccId: string; now: Date } }
  | { type: 'DisconnectUserLink'; data: { userId: string; obj: ConnectableLinkObject; targetId: string; force: boolean; now: Date } };

export interface UserLinksState {
  /** `obj:targetId` of every saved link. */
  saved: ReadonlySet<string>;
}

const key = (obj: string, targetId: string): string => `${obj}:${targetId}`;

/** Disconnecting asks first (spec section 5); the console shows this as a dialog and resends with force. */
export class DisconnectNeedsConfirmation extends DomainError {
  constructor() {
    super('confirmation_required', { field: 'force' });
    this.name = 'DisconnectNeedsConfirmation';
  }
}

export class UserLinkNotSaved extends DomainError {
  constructor(obj: string, targetId: string) {
    super('not_found', { field: 'id', details: { obj, targetId } });
    this.name = 'UserLinkNotSaved';
  }
}

export function initialUserLinksState(): UserLinksState {
  return { saved: new Set() };
}

export function evolve(state: UserLinksState, event: UserLinkEvent): UserLinksState {
  switch (event.type) {
    case 'UserLinkConnected':
      return { saved: new Set([...state.saved, key(event.data.obj, event.data.targetId)]) };
    case 'UserLinkDisconnected': {
      const saved = new Set(state.saved);
      saved.delete(key(event.data.obj, event.data.targetId));
      return { saved };
    }
    default:
      return exhaustive(event, state);
  }
}

export function decide(command: UserLinksCommand, state: UserLinksState): UserLinkEvent[] {
  switch (command.type) {
    case 'ConnectUserLink': {
      const { userId, obj, targetId, ccId, now } = command.data;
      // Connecting again is allowed: it makes the link the last chosen one.
      return [{ type: 'UserLinkConnected', data: { userId, obj, targetId, ccId, connectedAt: now.toISOString() } }];
    }
    case 'DisconnectUserLink': {
      const { userId, obj, targetId, force, now } = command.data;
      if (!state.saved.has(key(obj, targetId))) throw new UserLinkNotSaved(obj, targetId);
      if (!force) throw new DisconnectNeedsConfirmation();
      return [{ type: 'UserLinkDisconnected', data: { userId, obj, targetId, disconnectedAt: now.toISOString() } }];
    }
    default:
      return exhaustive(command, []);
  }
}

function exhaustive<T>(value: never, fallback: T): T {
  void value;
  return fallback;
}

export const userLinksDecider = { initialState: initialUserLinksState, evolve, decide };
