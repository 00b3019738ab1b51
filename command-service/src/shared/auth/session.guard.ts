import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainError } from '@planwerk/events';
import { findActiveSession, parseAuthorization, type AccountsConfig } from '@planwerk/platform';
import type { FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import { PG_POOL } from '../../app/tokens';
import { attachSession } from '../http/request-context';
import { ACCOUNTS_CLOCK, ACCOUNTS_CONFIG, type AccountsClock } from './auth.tokens';
import { REQUIRES_LOGIN } from './requires-login.decorator';

/**
 * Resolves `authorization: <token>.<device>` to a live session before every handler, so the
 * request's actor is the user (ADR 0004). Unknown, expired or revoked → 6011 where the endpoint
 * requires login; elsewhere the request stays the device's anonymous visitor.
 */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(ACCOUNTS_CONFIG) private readonly config: AccountsConfig,
    @Inject(ACCOUNTS_CLOCK) private readonly clock: AccountsClock,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const required = this.reflector.getAllAndOverride<boolean | undefined>(REQUIRES_LOGIN, [context.getHandler(), context.getClass()]) === true;
    const header = request.headers.authorization;
    const credentials = parseAuthorization(Array.isArray(header) ? header[0] : header);
    const session = credentials
      ? await findActiveSession(this.pool, credentials, { now: this.clock(), idleSeconds: this.config.sessionIdleSeconds })
      : null;
    if (session) attachSession(request.headers, { userId: session.userId, sessionId: session.sessionId, deviceId: session.deviceId });
    else if (required) throw new DomainError(6011);
    return true;
  }
}
