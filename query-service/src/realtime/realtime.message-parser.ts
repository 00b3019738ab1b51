import { findUnsafeText, LIVE_MAX_FRAME_BYTES } from '@planwerk/events';

// Clients speak `{ action: 'subscribe', ... }` (the realtime protocols in @planwerk/events) while
// Nest's WsAdapter routes `{ event, data }`; this maps one onto the other. A log message (log
// channel) has no action: an object with a `token`, or an array of them (a flushed cache).
// Anything else goes to the gateway's invalid handler, so a bad message gets an error reply
// instead of silence.
export const INVALID_MESSAGE_EVENT = 'invalid';
export const LOG_MESSAGE_EVENT = 'log';

const ACTIONS: ReadonlySet<string> = new Set(['subscribe', 'unsubscribe', 'login', 'logout']);

export function parseRealtimeMessage(raw: unknown): { event: string; data: unknown } {
  const text = typeof raw === 'string' ? raw : Buffer.isBuffer(raw) ? raw.toString('utf8') : null;
  if (text === null || Buffer.byteLength(text) > LIVE_MAX_FRAME_BYTES) return { event: INVALID_MESSAGE_EVENT, data: null };
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return { event: INVALID_MESSAGE_EVENT, data: null };
  }
  if (typeof message !== 'object' || message === null) return { event: INVALID_MESSAGE_EVENT, data: null };
  // The sockets' edge check, as the HTTP services' (events/src/http/text-input.ts): NUL or a lone
  // surrogate anywhere (a JSON escape like \ud800) never reaches a handler, a log or a query.
  if (findUnsafeText(message) !== null) return { event: INVALID_MESSAGE_EVENT, data: null };
  if (Array.isArray(message)) return { event: LOG_MESSAGE_EVENT, data: message };
  const action = (message as { action?: unknown }).action;
  if (typeof action === 'string' && ACTIONS.has(action)) return { event: action, data: message };
  if (action === undefined && 'token' in message) return { event: LOG_MESSAGE_EVENT, data: message };
  return { event: INVALID_MESSAGE_EVENT, data: message };
}
