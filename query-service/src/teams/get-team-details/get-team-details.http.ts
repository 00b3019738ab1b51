import { Controller, Get, Inject, Req } from '@nestjs/common';
import { DomainError, ok, type ApiResponse, type TeamDetails } from '@planwerk/events';
import { findActiveProjects, findTeamById, teamFlagOf } from '@planwerk/platform';
import type { FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import { PG_POOL } from '../../app/tokens';
import { RequiresTeamAccess, teamAccessOf } from '../../shared/access/requires-team-access.decorator';
import { RequiresLogin } from '@planwerk/platform';

// GET /v5/team/{link} — client/team details (spec section 3) from the inline `teams` table
// (ADR 0005). A team link matches only if found; outsiders get the same 404 as an unknown link.
@Controller('v5/team')
export class GetTeamDetailsHttp {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  @RequiresLogin()
  @RequiresTeamAccess({ kind: 'team' }, { team: 'param:link' })
  @Get(':link')
  async details(@Req() request: FastifyRequest): Promise<ApiResponse<TeamDetails>> {
    const grant = teamAccessOf(request);
    const team = await findTeamById(this.pool, grant.teamId);
    if (!team) throw new DomainError('not_found');
    const design = team.design as Omit<TeamDetails['design'], 'logo_url'>;
    return ok({
      id: team.teamId,
      link: team.link,
      name: team.name,
      type: team.type as TeamDetails['type'],
      design: { ...design, logo_url: team.logoUrl },
      pro: team.pro,
      plan: team.plan,
      planLapsed: team.planLapsed,
      blocked: team.blocked,
      activeProjects: await findActiveProjects(this.pool, team.teamId),
      set: team.settings,
      team: teamFlagOf(grant.member.level),
      level: grant.member.level,
    });
  }
}
