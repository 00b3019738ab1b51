import { applyDecorators, Inject, Injectable, SetMetadata, UseGuards, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  authorizeTeamAccess,
  type TeamAccessGrant,
  type TeamAccessOptions,
  type TeamAccessRule,
} from '@planwerk/platform';
import type { FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import { PG_POOL } from '../../app/tokens';
import { signedInUser } from '../auth/request-actor';

const TEAM_ACCESS = 'planwerk:team-access';

interface DeclaredTeamAccess {
  rule: TeamAccessRule;
  options: TeamAccessOptions;
}

// Granted access per request; keyed by the request object, so nothing a client sends can set it.
const grants = new WeakMap<object, TeamAccessGrant>();

/**
 * Runs after the session guard (a route guard, not a global one): loads the caller's
 * `team_members` row for the team the request names and decides the rule with `checkAccess`
 * (spec section 6). 6011 without a session, 404 for an unknown team or a non-member,
 * `no_permission` when the level lacks the area.
 */
@Injectable()
export class TeamAccessGuard implements CanActivate {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const declared = this.reflector.get<DeclaredTeamAccess | undefined>(TEAM_ACCESS, context.getHandler());
    if (!declared) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const session = signedInUser(request);
    const grant = await authorizeTeamAccess(this.pool, session?.userId ?? null, declared.rule, declared.options, {
      params: request.params, body: request.body, query: request.query,
    });
    grants.set(request, grant);
    return true;
  }
}

/** Declares the team access an endpoint needs; the handler reads the grant with `teamAccessOf`. */
export function RequiresTeamAccess(rule: TeamAccessRule, options: TeamAccessOptions = {}): MethodDecorator {
  return applyDecorators(SetMetadata(TEAM_ACCESS, { rule, options } satisfies DeclaredTeamAccess), UseGuards(TeamAccessGuard));
}

/** The access the guard granted to this request; throws when the endpoint declared none. */
export function teamAccessOf(request: FastifyRequest): TeamAccessGrant {
  const grant = grants.get(request);
  if (!grant) throw new Error('teamAccessOf: the endpoint has no @RequiresTeamAccess');
  return grant;
}
