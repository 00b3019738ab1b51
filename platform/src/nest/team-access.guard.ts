import { applyDecorators, Inject, Injectable, SetMetadata, UseGuards, type CanActivate, type ExecutionContext, type InjectionToken } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import {
  authorizeTeamAccess,
  type TeamAccessGrant,
  type TeamAccessOptions,
  type TeamAccessRule,
} from '../access/team-access-rule';

const TEAM_ACCESS = 'planwerk:team-access';

interface DeclaredTeamAccess {
  rule: TeamAccessRule;
  options: TeamAccessOptions;
}

/** How a service wires the team access guard: its pool token and where its session guard left the user. */
export interface TeamAccessBinding {
  /** The injection token of the service's `pg` Pool. */
  pool: InjectionToken;
  /** The signed-in user of the request (set by the session guard), or null for a visitor. */
  userIdOf(request: FastifyRequest): string | null;
}

/** What a service gets: the decorator its endpoints use (the guard runs behind it). */
export interface TeamAccess {
  RequiresTeamAccess(rule: TeamAccessRule, options?: TeamAccessOptions): MethodDecorator;
}

// Granted access per request; keyed by the request object, so nothing a client sends can set it.
const grants = new WeakMap<object, TeamAccessGrant>();

/**
 * The one team access guard of both services. It runs after the session guard (a route guard,
 * not a global one): loads the caller's `team_members` row for the team the request names and
 * decides the rule with `checkAccess` (spec section 6). 6011 without a session, 404 for an
 * unknown team or a non-member, `no_permission` when the level lacks the area.
 */
export function createTeamAccess(binding: TeamAccessBinding): TeamAccess {
  @Injectable()
  class TeamAccessGuard implements CanActivate {
    constructor(
      @Inject(binding.pool) private readonly pool: Pool,
      private readonly reflector: Reflector,
    ) {}

    async canActivate(context: ExecutionContext): Promise<boolean> {
      const declared = this.reflector.get<DeclaredTeamAccess | undefined>(TEAM_ACCESS, context.getHandler());
      if (!declared) return true;
      const request = context.switchToHttp().getRequest<FastifyRequest>();
      const grant = await authorizeTeamAccess(this.pool, binding.userIdOf(request), declared.rule, declared.options, {
        params: request.params, body: request.body, query: request.query,
      });
      grants.set(request, grant);
      return true;
    }
  }

  return {
    /** Declares the team access an endpoint needs; the handler reads the grant with `teamAccessOf`. */
    RequiresTeamAccess(rule, options = {}) {
      return applyDecorators(SetMetadata(TEAM_ACCESS, { rule, options } satisfies DeclaredTeamAccess), UseGuards(TeamAccessGuard));
    },
  };
}

/** The access the guard granted to this request; throws when the endpoint declared none. */
export function teamAccessOf(request: FastifyRequest): TeamAccessGrant {
  const grant = grants.get(request);
  if (!grant) throw new Error('teamAccessOf: the endpoint has no @RequiresTeamAccess');
  return grant;
}
