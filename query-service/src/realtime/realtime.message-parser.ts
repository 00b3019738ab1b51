// Clients speak `{ action: 'subscribe', ... }` (the realtime protocol in @planwerk/events) while
// Nest's WsAdapter routes `{ event, data }`; this maps one onto the other. Anything else goes to
// the gateway's invalid handler, so a bad message gets an error reply instead of silence.
export const INVALID_MESSAGE_EVENT = 'invalid';

const MAX_MESSAGE_BYTES = 64 * 1024;

export function parseRealtimeMessage(raw: unknown): { event: string; data: unknown } {
  const text = typeof raw === 'string' ? raw : Buffer.isBuffer(raw) ? raw.toString('utf8') : null;
  if (text === null || text.length > MAX_MESSAGE_BYTES) return { event: INVALID_MESSAGE_EVENT, data: null };
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return { event: INVALID_MESSAGE_EVENT, data: null };
  }
  if (typeof message !== 'object' || message === null) return { event: INVALID_MESSAGE_EVENT, data: null };
  const action = (message as { action?: unknown }).action;
  if (action === 'subscribe' || action === 'unsubscribe') return { event: action, data: message };
  return { event: INVALID_MESSAGE_EVENT, data: message };
}
