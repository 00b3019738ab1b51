import { Inject, Injectable, Optional, type CanActivate, type ExecutionContext, type InjectionToken, type Type } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainError } from '@planwerk/events';
import type { FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import type { AccountsConfig } from '../accounts/accounts.config';
import { CLOCK, systemClock, type Clock } from '../clock/clock';
import { findActiveSession, type ActiveSession } from '../accounts/account-sessions.sql';
import { parseAuthorization } from '../accounts/session-token';
import { REQUIRES_LOGIN } from './requires-login.decorator';

/** How a service wires the session guard: its tokens and where it keeps the session it found. */
export interface SessionGuardBinding {
  /** The injection token of the service's `pg` Pool. */
  pool: InjectionToken;
  /** The injection token of the service's AccountsConfig. */
  config: InjectionToken;
  /** Keeps the live session for the handlers (the request's actor is then the user). */
  attach(request: FastifyRequest, session: ActiveSession): void;
}

/**
 * The one session guard of both services: resolves `authorization: <token>.<device>` to a live
 * session before every handler, so the request's actor is the user (ADR 0004). Unknown, expired
 * or revoked → 6011 where the endpoint requires login; elsewhere the request stays the device's
 * anonymous visitor. Register the returned class as the service's APP_GUARD.
 */
export function createSessionGuard(binding: SessionGuardBinding): Type<CanActivate> {
  @Injectable()
  class SessionGuard implements CanActivate {
    constructor(
      @Inject(binding.pool) private readonly pool: Pool,
      @Inject(binding.config) private readonly config: AccountsConfig,
      private readonly reflector: Reflector,
      @Optional() @Inject(CLOCK) private readonly clock?: Clock,
    ) {}

    async canActivate(context: ExecutionContext): Promise<boolean> {
      if (context.getType() !== 'http') return true;
      const request = context.switchToHttp().getRequest<FastifyRequest>();
      const required = this.reflector.getAllAndOverride<boolean | undefined>(REQUIRES_LOGIN, [context.getHandler(), context.getClass()]) === true;
      const header = request.headers.authorization;
      const credentials = parseAuthorization(Array.isArray(header) ? header[0] : header);
      const now = (this.clock ?? systemClock).now();
      const session = credentials
        ? await findActiveSession(this.pool, credentials, { now, idleSeconds: this.config.sessionIdleSeconds })
        : null;
      if (session) binding.attach(request, session);
      else if (required) throw new DomainError(6011);
      return true;
    }
  }
  return SessionGuard;
}
