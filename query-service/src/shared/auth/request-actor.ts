import type { Actor } from '@planwerk/events';
import type { FastifyRequest } from 'fastify';

// Set by the session guard before the handler; keyed by the request object, so nothing a
// client sends can put an entry here.
const actors = new WeakMap<object, { userId: string; sessionId: string }>();

export function attachUser(request: FastifyRequest, session: { userId: string; sessionId: string }): void {
  actors.set(request, session);
}

/** The signed-in user of a request, or null for an anonymous visitor. */
export function signedInUser(request: FastifyRequest): { userId: string; sessionId: string } | null {
  return actors.get(request) ?? null;
}

/** The actor of a request: the user of a live session, else the device's anonymous visitor. */
export function requestActor(request: FastifyRequest): Actor {
  const user = signedInUser(request);
  if (user) return { kind: 'user', id: user.userId };
  const device = request.headers['x-device-id'];
  const deviceId = Array.isArray(device) ? device[0] : device;
  return { kind: 'anonymous', id: deviceId ? `device:${deviceId}` : 'device:unknown' };
}
