import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { refuseUnsafeText, type TextCheckedRequest, type TextCheckReply } from '@planwerk/events';
import { applySecurityHeaders, type SecurityHeaderOptions } from './security-headers';

/** The part of a Nest Fastify application the edge hooks need. */
export interface EdgeHookHost {
  getHttpAdapter(): { getInstance(): { addHook(name: string, hook: (...args: never[]) => unknown): unknown } };
  getHttpServer(): Pick<Server, 'prependListener'>;
}

/**
 * The edge every HTTP service shares (issue 12): security headers on every answer, also those
 * the router writes before any hook; NUL and lone surrogates in any body, query or path
 * parameter answered 400 naming the field before any guard, handler or idempotency record runs
 * (`events/src/http/text-input.ts`).
 */
export function installEdgeHooks(app: EdgeHookHost, security: SecurityHeaderOptions): void {
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', (request: { raw: IncomingMessage }, reply: { raw: ServerResponse }, done: () => void) => {
    applySecurityHeaders(request.raw, reply.raw, security);
    done();
  });
  app.getHttpServer().prependListener('request', (request: IncomingMessage, response: ServerResponse) => applySecurityHeaders(request, response, security));
  fastify.addHook('preValidation', async (request: TextCheckedRequest, reply: TextCheckReply) => (refuseUnsafeText(request, reply) ? reply : undefined));
}
