import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { minCheckpointQuery } from '../platform/platform.endpoints';

// The socket calls of spec section 7 (ADR 0009). They act on the sockets this page opened: the
// caller's `x-session-id` header names them (each socket connects with `?session=` the same id;
// without the header, the `x-device-id` names the device's sockets that connected with `?ident=`).
// wss/* concerns the realtime (main) socket, socket/* the second socket. They answer on any
// query-service instance: the binding is stored and the instance holding the socket is woken.

const tag = 'realtime';

export const socketUidBody = z.object({ uid: z.string().min(1).max(100) });
export type SocketUidBody = z.infer<typeof socketUidBody>;
/** socket/login names no uid in the spec; when given it must be the caller's. */
export const socketLoginBody = z.object({ uid: z.string().min(1).max(100).optional() });

const socketAnswer = z.object({
  sessionId: z.string(),
  /** Sockets of this session connected to some instance right now are told at once; others on connect. */
  channel: z.enum(['main', 'second']),
});

export const liveSubscribeEndpoint = defineEndpoint({
  operationId: 'subscribeSocket', method: 'POST', path: '/v5/wss/subscribe/{id}', service: 'query', tag,
  summary: "Subscribe the page's realtime socket to a project (id) the caller may view; events follow on the socket",
  query: minCheckpointQuery,
  response: socketAnswer.extend({ projectId: z.string(), checkpoint: z.string().nullable() }),
});

export const liveUnsubscribeEndpoint = defineEndpoint({
  operationId: 'unsubscribeSocket', method: 'DELETE', path: '/v5/wss/subscribe/{id}', service: 'query', tag,
  summary: "End the subscription of the page's realtime socket to a project",
  response: socketAnswer.extend({ projectId: z.string() }),
});

export const liveWssLoginEndpoint = defineEndpoint({
  operationId: 'socketWssLogin', method: 'PUT', path: '/v5/wss/login', service: 'query', tag,
  summary: "Log the page's realtime socket in as the signed-in caller (uid must be the caller's)",
  body: socketUidBody,
  response: socketAnswer.extend({ state: z.number().int() }),
});

export const liveWssLogoutEndpoint = defineEndpoint({
  operationId: 'socketWssLogout', method: 'PUT', path: '/v5/wss/logout', service: 'query', tag,
  summary: "Log the page's realtime socket out",
  body: socketUidBody,
  response: socketAnswer.extend({ state: z.number().int() }),
});

export const liveSocketLoginEndpoint = defineEndpoint({
  operationId: 'socketLogin', method: 'PUT', path: '/v5/socket/login', service: 'query', tag,
  summary: "Log the page's second socket (messenger, calendar, service events) in as the signed-in caller",
  body: socketLoginBody,
  response: socketAnswer.extend({ state: z.number().int() }),
});

export const liveSocketLogoutEndpoint = defineEndpoint({
  operationId: 'socketLogout', method: 'PUT', path: '/v5/socket/logout', service: 'query', tag,
  summary: "Log the page's second socket out",
  body: socketUidBody,
  response: socketAnswer.extend({ state: z.number().int() }),
});

export const realtimeEndpoints = [
  liveSubscribeEndpoint, liveUnsubscribeEndpoint, liveWssLoginEndpoint, liveWssLogoutEndpoint, liveSocketLoginEndpoint, liveSocketLogoutEndpoint,
] as const;
