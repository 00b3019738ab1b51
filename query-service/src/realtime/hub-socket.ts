import { createHash } from 'node:crypto';
import type { Logger } from '@nestjs/common';
import type { Checkpoint, LiveChannel, LiveLoginState } from '@planwerk/events';
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
  keys: string[];
  ident: string | null;
  clientIp: string | null;
  userId: string | null;
  authSessionId: string | null;
  login: LiveLoginState;
  /** When the stored HTTP login last applied to this socket. */
  loginAppliedAt: number;
  projects: Map<string, Subscription>;
  logWindow: { startedAt: number; count: number };
}

/** The stored key of a page's sockets: a hash, so the notifier never carries the raw id. */
export function socketKey(id: string): string {
  return createHash('sha256').update(id).digest('base64url');
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
