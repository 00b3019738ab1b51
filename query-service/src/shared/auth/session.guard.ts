import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainError } from '@planwerk/events';
import { findActiveSession, parseAuthorization, type AccountsConfig } from '@planwerk/platform';
import type { FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import { PG_POOL } from '../../app/tokens';
import { ACCOUNTS_CONFIG } from './auth.tokens';
import { attachUser } from './request-actor';
import { REQUIRES_LOGIN } from './requires-login.decorator';

/**
 * The command service's session guard, for reads (ADR 0004): the same parsing and lookup from
 * `@planwerk/events`; 6011 where login is required, the anonymous visitor elsewhere.
 */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(ACCOUNTS_CONFIG) private readonly config: AccountsConfig,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const required = this.reflector.getAllAndOverride<boolean | undefined>(REQUIRES_LOGIN, [context.getHandler(), context.getClass()]) === true;
    const header = request.headers.authorization;
    const credentials = parseAuthorization(Array.isArray(header) ? header[0] : header);
    const session = credentials
      ? await findActiveSession(this.pool, credentials, { now: new Date(), idleSeconds: this.config.sessionIdleSeconds })
      : null;
    if (session) attachUser(request, { userId: session.userId, sessionId: session.sessionId });
    else if (required) throw new DomainError(6011);
    return true;
  }
}
