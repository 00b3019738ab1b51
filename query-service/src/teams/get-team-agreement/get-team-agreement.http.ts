import { Controller, Get, Inject, Query, Req } from '@nestjs/common';
import {
  getTeamAgreementQuery,
  ok,
  TEAM_AGREEMENT_VERSION,
  type ApiResponse,
  type EventStore,
  type GetTeamAgreementQuery,
  type TeamAgreement,
} from '@planwerk/events';
import { RequiresLogin } from '@planwerk/platform';
import { TEAM_AGREEMENTS, teamAgreementProjection } from '@planwerk/projector';
import type { FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import { EVENT_STORE, PG_POOL } from '../../app/tokens';
import { ZodQueryPipe } from '../../app/zod-query.pipe';
import { RequiresTeamAccess, teamAccessOf } from '../../shared/access/requires-team-access.decorator';
import { liveTable } from '../../shared/projections/live-table';
import { MemberNames } from '../../shared/people/member-names';
import { ReadYourWrites } from '../../shared/read-your-writes/read-your-writes';

// GET /v5/team/{teamId}/agreement — the team's data-processing agreement (spec section 2,
// /settings/admin/{ccLink}, owner or admin): the current version and every acceptance, newest
// first, with the person's name from the account streams (null once erased).
@Controller('v5/team')
export class GetTeamAgreementHttp {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  @RequiresLogin()
  @RequiresTeamAccess({ kind: 'levels', levels: ['owner', 'admin'] })
  @Get(':teamId/agreement')
  async agreement(@Req() request: FastifyRequest, @Query(new ZodQueryPipe(getTeamAgreementQuery)) query: GetTeamAgreementQuery): Promise<ApiResponse<TeamAgreement>> {
    const { teamId } = teamAccessOf(request);
    await this.readYourWrites.waitFor(teamAgreementProjection.name, query.minCheckpoint);
    const table = await liveTable(this.pool, teamAgreementProjection.name, TEAM_AGREEMENTS);
    const rows = table === null ? [] : (await this.pool.query<{ version: string; accepted_by: string | null; accepted_at: Date }>(
      `SELECT version, accepted_by, accepted_at FROM ${table} WHERE team_id = $1 ORDER BY accepted_at DESC, version DESC`, [teamId])).rows;
    const names = await new MemberNames(this.pool, this.store).namesOf(rows.flatMap((row) => (row.accepted_by === null ? [] : [row.accepted_by])));
    return ok({
      current: TEAM_AGREEMENT_VERSION,
      accepted: rows.some((row) => row.version === TEAM_AGREEMENT_VERSION),
      acceptances: rows.map((row) => ({
        version: row.version,
        acceptedAt: row.accepted_at.toISOString(),
        acceptedBy: { userId: row.accepted_by ?? '', name: row.accepted_by === null ? null : names.get(row.accepted_by) ?? null },
      })),
    });
  }
}
