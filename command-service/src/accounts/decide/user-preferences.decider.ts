import {
  defaultUserPreferences,
  sameShortcut,
  type AccountEvent,
  type PutUserPreferencesBody,
  type UserPreferences,
} from '@planwerk/events';
import type { DecidedEvent } from './account.decider';

// Stream `user-preferences-<userId>` (spec section 7, PUT user/{uid}/ui). Pure.

export interface UserPreferencesState {
  preferences: UserPreferences;
}

export type UserPreferencesCommand = { type: 'PutUserPreferences'; data: { userId: string; body: PutUserPreferencesBody; now: Date } };

export function initialUserPreferencesState(): UserPreferencesState {
  return { preferences: defaultUserPreferences };
}

export function evolveUserPreferences(state: UserPreferencesState, event: AccountEvent): UserPreferencesState {
  switch (event.type) {
    case 'UserPreferencesChanged':
      return { preferences: event.data.preferences };
    case 'SavedLinkRemoved': {
      const removed = event.data.link;
      return { preferences: { ...state.preferences, shortcut: state.preferences.shortcut.filter((s) => !sameShortcut(s, removed)) } };
    }
    default:
      // Account stream events never reach this stream.
      return state;
  }
}

export function decideUserPreferences(command: UserPreferencesCommand, state: UserPreferencesState): DecidedEvent[] {
  const { userId, body, now } = command.data;
  switch (body.mode) {
    case 'settings': {
      const next: UserPreferences = { ...state.preferences, ...dropUndefined(body.data) };
      // Unchanged settings are no event: a repeated PUT is safe.
      if (JSON.stringify(next) === JSON.stringify(state.preferences)) return [];
      return [{ type: 'UserPreferencesChanged', data: { userId, preferences: next, changedAt: now.toISOString() } }];
    }
    case 'link_del':
      // Spec section 7: a link that is not saved fails silently.
      if (!state.preferences.shortcut.some((s) => sameShortcut(s, body.data))) return [];
      return [{ type: 'SavedLinkRemoved', data: { userId, link: body.data, removedAt: now.toISOString() } }];
    default: {
      const exhaustive: never = body;
      return exhaustive;
    }
  }
}

function dropUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export const userPreferencesDecider = { initialState: initialUserPreferencesState, evolve: evolveUserPreferences, decide: decideUserPreferences };
