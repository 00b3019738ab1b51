import { randomUUID } from 'node:crypto';
import {
  API_VERSION,
  DEVICE_ID_PATTERN,
  DomainError,
  HTTP_HEADERS,
  preferredLanguage,
  SESSION_ID_PATTERN,
  type Actor,
  type ErrorLanguage,
} from '@planwerk/events';

export type Headers = Record<string, string | string[] | undefined>;

/** A live session the session guard found for this request's `authorization`. */
export interface AuthenticatedSession {
  userId: string;
  sessionId: string;
  deviceId: string;
}

// Keyed by the request's headers object: the guard runs before the handler and attaches what it
// verified; nothing a client sends can put an entry here.
const authenticated = new WeakMap<Headers, AuthenticatedSession>();

export function attachSession(headers: Headers, session: AuthenticatedSession): void {
  authenticated.set(headers, session);
}

export function authenticatedSession(headers: Headers): AuthenticatedSession | null {
  return authenticated.get(headers) ?? null;
}

/** What the command side knows about a request before it runs a command. */
export interface RequestContext {
  actor: Actor;
  deviceId: string | null;
  sessionId: string | null;
  correlationId: string;
  idempotencyKey: string | null;
  language: ErrorLanguage;
}

const CORRELATION_ID = /^[A-Za-z0-9._:-]{1,128}$/;
// Visible ASCII, as Stripe and the IETF draft allow; long enough for a UUID or a hash.
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;
const VERSION = /^(\d+)(?:\.\d+){0,2}$/;

function single(headers: Headers, name: string): string | undefined {
  const value = headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined || first.trim() === '' ? undefined : first.trim();
}

function invalid(field: string): DomainError {
  return new DomainError('validation_failed', { field });
}

const CURRENT_MAJOR = API_VERSION.split('.')[0];

/** Reads and checks the spec's headers (section 7); a bad header is a 4xx naming it. */
export function readRequestContext(headers: Headers): RequestContext {
  const language = preferredLanguage(single(headers, HTTP_HEADERS.acceptLanguage));

  const apiVersion = single(headers, HTTP_HEADERS.apiVersion);
  if (apiVersion !== undefined) {
    const match = VERSION.exec(apiVersion);
    if (!match) throw invalid(HTTP_HEADERS.apiVersion);
    if (match[1] !== CURRENT_MAJOR) throw new DomainError(6951, { details: { apiVersion } });
  }

  const sessionId = single(headers, HTTP_HEADERS.sessionId) ?? null;
  if (sessionId !== null && !SESSION_ID_PATTERN.test(sessionId)) throw invalid(HTTP_HEADERS.sessionId);

  let deviceId = single(headers, HTTP_HEADERS.deviceId) ?? null;
  if (deviceId !== null && !DEVICE_ID_PATTERN.test(deviceId)) throw invalid(HTTP_HEADERS.deviceId);

  // `authorization` is `token.device` (spec section 7). The session guard verified it (or not)
  // before the handler; only a session it attached makes the actor a user.
  const authorization = single(headers, HTTP_HEADERS.authorization);
  if (authorization !== undefined) {
    const dot = authorization.lastIndexOf('.');
    const token = dot > 0 ? authorization.slice(0, dot) : '';
    const device = dot > 0 ? authorization.slice(dot + 1) : '';
    if (token === '' || !DEVICE_ID_PATTERN.test(device)) throw invalid(HTTP_HEADERS.authorization);
    if (deviceId !== null && deviceId !== device) throw invalid(HTTP_HEADERS.deviceId);
    deviceId = device;
  }

  const correlation = single(headers, HTTP_HEADERS.correlationId);
  if (correlation !== undefined && !CORRELATION_ID.test(correlation)) throw invalid(HTTP_HEADERS.correlationId);

  const idempotencyKey = single(headers, HTTP_HEADERS.idempotencyKey) ?? null;
  if (idempotencyKey !== null && !IDEMPOTENCY_KEY.test(idempotencyKey)) throw invalid(HTTP_HEADERS.idempotencyKey);

  const session = authenticatedSession(headers);
  return {
    // An anonymous visitor is known by their device id; without one, by nothing at all.
    actor: session ? { kind: 'user', id: session.userId } : { kind: 'anonymous', id: deviceId ? `device:${deviceId}` : 'device:unknown' },
    deviceId,
    sessionId,
    correlationId: correlation ?? randomUUID(),
    idempotencyKey,
    language,
  };
}

/** The idempotency scope of an actor: keys of different actors never meet. */
export function actorScope(actor: Actor): string {
  return `${actor.kind}:${actor.id}`;
}
