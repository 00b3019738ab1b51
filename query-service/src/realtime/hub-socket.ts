import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Logger } from '@nestjs/common';
import { type Checkpoint, type LiveChannel, type LiveLoginState } from '@planwerk/events';
import { clientAddressOf, type TrustedProxies } from '@planwerk/platform';
import type { WebSocket } from 'ws';
import type { FeedEvent } from './live-feed';

// One connected socket of the live protocol (ADR 0009) and what it follows.

export interface Subscription {
  projectId: string;
  /** Newest checkpoint this socket was sent (or resumes from); older changes are not repeated. */
  last: Checkpoint | null;
  /** Live events held while the missed ones are read from the log; null when live. */
  pending: FeedEvent[] | null;
  password: string | null;
  /** Made over HTTP (wss/subscribe): kept in step with the stored rows. */
  viaHttp: boolean;
}

export interface LiveSocket {
  ws: WebSocket;
  channel: LiveChannel;
  /**
   * The page's ids the socket presented (`?session=`, `?ident=`). Client-chosen and not secret:
   * they only route the page's HTTP socket calls here, and never carry a user or a right.
   */
  pageIds: string[];
  /** `socketKey` of each page id: the wake-up index of the HTTP socket calls. */
  keys: string[];
  ident: string | null;
  clientIp: string | null;
  /** Only ever set from a session token this socket presented and the store verified. */
  userId: string | null;
  authSessionId: string | null;
  login: LiveLoginState;
  /** When the socket's own token login succeeded: earlier HTTP logout requests do not apply. */
  loggedInAt: number;
  projects: Map<string, Subscription>;
  logWindow: { startedAt: number; count: number };
  /** The re-reading of the page's stored HTTP calls under way: one at a time per socket. */
  reloads: Promise<void>;
}

/**
 * The socket's client address (connection cap, project-password throttle): the peer, or
 * behind a trusted proxy the forwarded address that proxy wrote — never an entry the client
 * added itself.
 */
export function socketClientAddress(request: Pick<IncomingMessage, 'headers' | 'socket'> | undefined, trusted: TrustedProxies): string | null {
  const peer = request?.socket.remoteAddress;
  if (!peer) return null;
  return clientAddressOf(peer, request.headers['x-forwarded-for'], trusted) || null;
}

/** The stored key of a page's sockets: a hash, so the notifier never carries the raw id. */
export function socketKey(id: string): string {
  return createHash('sha256').update(id).digest('base64url');
}

/**
 * The stored key of what a signed-in caller asked for the page's sockets over HTTP: bound to
 * the caller's login session, so only a socket that verified a token of that same session
 * applies it; presenting the page's id alone gives nothing.
 */
export function sessionBoundKey(pageId: string, authSessionId: string): string {
  return createHash('sha256').update(`${pageId}\u0000${authSessionId}`).digest('base64url');
}

/** The stored keys a socket applies: its pages' anonymous rows, and those of its verified session. */
export function bindingKeys(socket: Pick<LiveSocket, 'pageIds' | 'authSessionId'>): string[] {
  const keys = socket.pageIds.map(socketKey);
  const session = socket.authSessionId;
  if (session !== null) for (const id of socket.pageIds) keys.push(sessionBoundKey(id, session));
  return keys;
}

/**
 * Sends one text frame; false when the socket is not open. A client that cannot keep up is
 * dropped: it reconnects with `since` and loses nothing.
 */
export function sendText(socket: LiveSocket, text: string, maxBufferedBytes: number, logger: Logger): boolean {
  const ws = socket.ws;
  if (ws.readyState !== ws.OPEN) return false;
  if (ws.bufferedAmount > maxBufferedBytes) {
    logger.warn('Dropping a live client that is not reading its messages');
    ws.terminate();
    return false;
  }
  ws.send(text);
  return true;
}

/** The set under `key`, created on first use. */
export function indexed<T>(map: Map<string, Set<T>>, key: string): Set<T> {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  return set;
}

export function unindex<T>(map: Map<string, Set<T>>, key: string, value: T): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(value);
  if (set.size === 0) map.delete(key);
}
