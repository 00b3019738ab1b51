import { Controller, Get, Inject, Req } from '@nestjs/common';
import {
  DomainError,
  isPaid,
  ok,
  type ApiResponse,
  type TeamSetupStatus,
  type TeamSetupStep,
} from '@planwerk/events';
import { findTeamById } from '@planwerk/platform';
import type { FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import { PG_POOL } from '../../app/tokens';
import { RequiresTeamAccess, teamAccessOf } from '../../shared/access/requires-team-access.decorator';
import { RequiresLogin } from '@planwerk/platform';

// GET /v5/team/setup/{teamId} — what /team-setup shows (ADR 0005): the plan and the steps still
// missing. Without a paid plan the console goes on to `payment`, else to `success`.
@Controller('v5/team/setup')
export class GetTeamSetupHttp {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  @RequiresLogin()
  @RequiresTeamAccess({ kind: 'levels', levels: ['owner', 'admin'] })
  @Get(':teamId')
  async setup(@Req() request: FastifyRequest): Promise<ApiResponse<TeamSetupStatus>> {
    const team = await findTeamById(this.pool, teamAccessOf(request).teamId);
    if (!team) throw new DomainError('not_found');
    const paid = isPaid({ plan: team.plan, lapsed: team.planLapsed });
    const missing: TeamSetupStep[] = [
      ...(team.logoUrl === null ? (['logo'] as const) : []),
      ...(!team.settings.contactUser ? (['contactUser'] as const) : []),
      ...(!paid ? (['paid_plan'] as const) : []),
    ];
    return ok({
      teamId: team.teamId, link: team.link, plan: team.plan, planLapsed: team.planLapsed, pro: team.pro,
      blocked: team.blocked, missing, next: paid ? 'success' : 'payment',
    });
  }
}
