/**
 * Database faults that say nothing about the request or the event being processed: the
 * connection or the server went away (a terminated backend, a restart, a failover, too many
 * connections), or PostgreSQL chose this transaction as the victim of a serialization failure or
 * deadlock. Retrying later can succeed; they answer 503, and a projection backs off and retries
 * the batch instead of recording a poison event.
 */

// SQLSTATE classes and codes (PostgreSQL appendix A).
const TRANSIENT_CLASSES = ['08']; // connection exception
const TRANSIENT_CODES = new Set([
  '57P01', // admin_shutdown (pg_terminate_backend, fast shutdown)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down, recovery)
  '57P05', // idle_session_timeout
  '53300', // too_many_connections
  '53400', // configuration_limit_exceeded
  '25P03', // idle_in_transaction_session_timeout
  '40001', // serialization_failure
  '40P01', // deadlock_detected
]);

// node-postgres and Node's socket layer report a lost connection without a SQLSTATE.
const TRANSIENT_MESSAGES = [
  'connection terminated',
  'not queryable',
  'timeout exceeded when trying to connect',
  'connection timeout',
  'server closed the connection unexpectedly',
  'terminating connection',
];
const TRANSIENT_SYSCALL_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

function isTransientOne(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (TRANSIENT_CODES.has(code) || TRANSIENT_SYSCALL_CODES.has(code)) return true;
    if (code.length === 5 && TRANSIENT_CLASSES.includes(code.slice(0, 2))) return true;
  }
  const message = (error as { message?: unknown }).message;
  if (typeof message !== 'string') return false;
  const lower = message.toLowerCase();
  return TRANSIENT_MESSAGES.some((fragment) => lower.includes(fragment));
}

/**
 * True for a transient database fault, looking through wrappers (`cause`, `reason` of a
 * projection failure, AggregateError's `errors`).
 */
export function isTransientDatabaseError(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next !== 'object' || next === null || seen.has(next)) continue;
    seen.add(next);
    if (isTransientOne(next)) return true;
    const wrapper = next as { cause?: unknown; reason?: unknown; errors?: unknown };
    pending.push(wrapper.cause, wrapper.reason);
    if (Array.isArray(wrapper.errors)) pending.push(...wrapper.errors);
  }
  return false;
}
