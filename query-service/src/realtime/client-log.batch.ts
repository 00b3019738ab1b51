import { LOG_BATCH_MAX, LOG_EXTRAS_MAX_BYTES, logMessageSchema, type LiveMessage, type LogMessage } from '@planwerk/events';
import { invalidMessage } from './realtime.replies';

// Client log messages on the log channel (spec section 4): one message or a cached batch, all
// valid or none stored, at most LOG_MESSAGES_PER_MINUTE per socket.

/** Log messages one socket may send per minute; more are refused. */
export const LOG_MESSAGES_PER_MINUTE = 600;

export interface LogWindow {
  startedAt: number;
  count: number;
}

export type LogBatchOutcome = { ok: true; messages: LogMessage[] } | { ok: false; reply: LiveMessage };

/** Checks a log frame against the schema and the socket's rate window (which it advances). */
export function acceptLogBatch(body: unknown, window: LogWindow, now: number): LogBatchOutcome {
  const batch = Array.isArray(body) ? body : [body];
  if (batch.length === 0 || batch.length > LOG_BATCH_MAX) {
    return { ok: false, reply: invalidMessage({ path: ['message'], message: `must hold 1 to ${LOG_BATCH_MAX} log messages` }) };
  }
  const messages: LogMessage[] = [];
  for (const [index, entry] of batch.entries()) {
    const parsed = logMessageSchema.safeParse(entry);
    const prefix = Array.isArray(body) ? [index] : [];
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return { ok: false, reply: invalidMessage(issue ? { path: [...prefix, ...issue.path], message: issue.message } : undefined) };
    }
    if (parsed.data.meta.extras !== undefined && JSON.stringify(parsed.data.meta.extras).length > LOG_EXTRAS_MAX_BYTES) {
      return { ok: false, reply: invalidMessage({ path: [...prefix, 'meta', 'extras'], message: `is larger than ${LOG_EXTRAS_MAX_BYTES} bytes` }) };
    }
    messages.push(parsed.data);
  }
  if (now - window.startedAt >= 60_000) {
    window.startedAt = now;
    window.count = 0;
  }
  if (window.count + messages.length > LOG_MESSAGES_PER_MINUTE) {
    return { ok: false, reply: { event: 'error', data: { status: 429, intern: 429, text: 'Too many log messages: try again in a minute' }, sub_type: null, sub_id: null } };
  }
  window.count += messages.length;
  return { ok: true, messages };
}
