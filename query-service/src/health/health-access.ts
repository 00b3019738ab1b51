import { createHash, timingSafeEqual } from 'node:crypto';
import { isLoopbackAddress } from '@planwerk/platform';
import type { FastifyRequest } from 'fastify';

// Who may read the detailed health report and /metrics (issue 12): they name components,
// projections and raw error texts, and each read costs queries. Everybody else gets the bare
// status (probes need no more). Configured once at start from METRICS_TOKEN.
export const HEALTH_ACCESS = Symbol('HEALTH_ACCESS');

export interface HealthAccess {
  /** `Authorization: Bearer <token>` opens the details from anywhere; null: only this machine. */
  metricsToken: string | null;
}

export const METRICS_TOKEN_MIN_LENGTH = 16;

/** METRICS_TOKEN: optional; when set, at least 16 characters (a guessable token is refused at start). */
export function parseHealthAccess(env: NodeJS.ProcessEnv): HealthAccess {
  const token = env.METRICS_TOKEN?.trim() ?? '';
  if (token === '') return { metricsToken: null };
  if (token.length < METRICS_TOKEN_MIN_LENGTH) throw new Error(`METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN_LENGTH} characters`);
  return { metricsToken: token };
}

type Caller = Pick<FastifyRequest, 'headers' | 'ip'> & { socket: { remoteAddress?: string } };

/**
 * True for an operator: the right bearer token, or a caller on this machine — the peer and the
 * real client address (forwarding headers are believed only from trusted proxies) are loopback.
 */
export function mayReadDetails(request: Caller, access: HealthAccess): boolean {
  if (access.metricsToken !== null && bearerMatches(request.headers.authorization, access.metricsToken)) return true;
  return isLoopbackAddress(request.socket.remoteAddress) && isLoopbackAddress(request.ip);
}

function bearerMatches(header: string | string[] | undefined, token: string): boolean {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || !value.startsWith('Bearer ')) return false;
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(value.slice('Bearer '.length).trim()), digest(token));
}
