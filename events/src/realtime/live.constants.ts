// Constants and message shapes of the live-update protocol (ADR 0009), free of zod so the
// console's socket clients can import them without pulling the schemas into the bundle.

export const LIVE_CHANNELS = ['main', 'second', 'log'] as const;
export type LiveChannel = (typeof LIVE_CHANNELS)[number];

/**
 * Socket login state (spec section 4: "login state 0/1/2/3"; the meanings are ours):
 * 0 logged out, 1 login under way, 2 logged in, 3 login refused (token invalid or expired).
 */
export const LIVE_LOGIN_STATE = { loggedOut: 0, pending: 1, loggedIn: 2, refused: 3 } as const;
export type LiveLoginState = (typeof LIVE_LOGIN_STATE)[keyof typeof LIVE_LOGIN_STATE];

/** Wake-up name on the projection notifier for socket bindings made over HTTP (never a projection). */
export const LIVE_SOCKETS_WAKEUP = 'live-sockets';

/** The fixed application token a log message carries (spec section 7: "a fixed application token"). */
export const LOG_APP_TOKEN = 'planwerk-console';

/** A client log message (spec section 3); checked on the server by `logMessageSchema`. */
export interface LogMessage {
  token: string;
  type: string;
  meta: {
    app_platform?: string;
    app_version?: string;
    user_id?: string | null;
    session_id?: string;
    device_id?: string;
    extras?: Record<string, unknown>;
  };
  /** When the client logged it, ISO 8601 (a cached message keeps its own date). */
  date: string;
}

/** A cached batch flushed on open may arrive as one array. */
export const LOG_BATCH_MAX = 100;

/**
 * The largest frame /v5/ws takes (the server's `maxPayload`): a bigger one closes the socket
 * with 1009. Clients split cached log batches to stay below it.
 */
export const LIVE_MAX_FRAME_BYTES = 64 * 1024;
export const LOG_EXTRAS_MAX_BYTES = 4_096;

// Realtime event names of projects (spec section 4): project-edit reloads, project-delete goes
// back to start, the others update phases, lists, items, sign-ups and comments in place.
export const LIVE_PROJECT_EVENTS = [
  'project-edit', 'project-delete',
  'phase-add', 'phase-edit', 'phase-sort', 'phase-delete',
  'list-add', 'list-edit', 'list-move', 'list-sort', 'list-delete',
  'item-add', 'item-edit', 'item-sort', 'item-delete',
  'signup-add', 'signup-edit', 'signup-delete', 'signup-promote', 'signup-attendance', 'signup-clear',
  'comment-add', 'comment-delete',
] as const;
export type LiveProjectEvent = (typeof LIVE_PROJECT_EVENTS)[number];

/** What a project realtime event carries: the ids it touches, never personal data. */
export interface LiveEventData {
  /** The event's position in the log; resume from it with `since`. */
  checkpoint: string;
  projectId: string;
  phaseId?: string;
  listId?: string;
  itemId?: string;
  /** A sign-up moved to another item. */
  toItemId?: string;
  signupId?: string;
  commentId?: string;
  path?: string;
  /** Names of the changed fields of an edit. */
  fields?: string[];
  /** The change was made by this socket's user (or device): an open editor stays open. */
  mine: boolean;
  /** Sent while resuming from `since`. */
  catchUp?: true;
}

export interface LiveMessage<D = unknown> {
  event: string;
  data: D;
  sub_type: string | null;
  sub_id: string | null;
}

export type LiveProjectMessage = LiveMessage<LiveEventData> & { event: LiveProjectEvent; sub_type: 'project'; sub_id: string };

/** Server answers on the main channel besides the project events. */
export type LiveControlMessage =
  | { event: 'subscribed'; data: { projectId: string; checkpoint: string | null }; sub_type: 'project'; sub_id: string }
  | { event: 'unsubscribed'; data: { projectId: string; reason: 'client' | 'not_found' | 'no_permission' }; sub_type: 'project'; sub_id: string }
  /** Catch-up from `since` would be too long (or `since` is unknown): reload the project, then go on from `checkpoint`. */
  | { event: 'resync'; data: { projectId: string; checkpoint: string | null }; sub_type: 'project'; sub_id: string }
  | { event: 'login'; data: { state: LiveLoginState; uid: string | null }; sub_type: 'login'; sub_id: null }
  | { event: 'error'; data: { status: number; intern: number | string; text: string; field?: string }; sub_type: 'project' | null; sub_id: string | null };

// Service events (spec section 4) on the second channel; `msg` defaults to design info, title
// "Hinwies" and exit text "Schließen" (filled in by the client).
export interface LiveServiceMessage extends LiveMessage<Record<string, unknown>> {
  sub_type: 'service';
  sub_id: null;
}
