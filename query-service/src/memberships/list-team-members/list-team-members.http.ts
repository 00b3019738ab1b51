import { Controller, Get, Inject, Req } from '@nestjs/common';
import {
  normalizeAccessMap,
  ok,
  type ApiResponse,
  type EventStore,
  type MemberLevel,
  type ResponseOf,
  listTeamApplicationsEndpoint,
  listTeamInvitationsEndpoint,
  listTeamMembersEndpoint,
} from '@planwerk/events';
import { CLOCK, teamFlagOf, type Clock } from '@planwerk/platform';
import type { FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import { EVENT_STORE, PG_POOL } from '../../app/tokens';
import { RequiresTeamAccess, teamAccessOf } from '../../shared/access/requires-team-access.decorator';
import { RequiresLogin } from '@planwerk/platform';
import { MemberNames } from '../../shared/people/member-names';

type Members = ResponseOf<typeof listTeamMembersEndpoint>;
type Invitations = ResponseOf<typeof listTeamInvitationsEndpoint>;
type Applications = ResponseOf<typeof listTeamApplicationsEndpoint>;

// Reads of the membership inline tables (ADR 0005, T2). Reading of "contact/team needs owner"
// (spec section 6) with "owner or admin" for team settings: owner and admin see levels,
// flags and access maps; every other member sees only who is in the team. Names are not in the
// tables: they come from the account streams (MemberNames), null once a person is erased.
@Controller('v5/team')
export class ListTeamMembersHttp {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @RequiresLogin()
  @RequiresTeamAccess({ kind: 'team' })
  @Get(':teamId/members')
  async members(@Req() request: FastifyRequest): Promise<ApiResponse<Members>> {
    const grant = teamAccessOf(request);
    const rows = await this.pool.query<{ user_id: string; level: MemberLevel; access: Record<string, string[]>; joined_at: Date }>(
      "SELECT user_id::text AS user_id, level, access, joined_at FROM team_members WHERE team_id = $1 AND status = 'active' ORDER BY joined_at, user_id",
      [grant.teamId],
    );
    const full = grant.result === 2;
    const names = await new MemberNames(this.pool, this.store).namesOf(rows.rows.map((row) => row.user_id));
    return ok({
      members: rows.rows.map((row) => {
        const name = names.get(row.user_id) ?? null;
        return full
          ? { userId: row.user_id, name, level: row.level, team: teamFlagOf(row.level), access: normalizeAccessMap(row.access) as Members['members'][number]['access'], joinedAt: row.joined_at.toISOString() }
          : { userId: row.user_id, name };
      }),
    });
  }

  @RequiresLogin()
  @RequiresTeamAccess({ kind: 'area', area: 'manage_contact' })
  @Get(':teamId/invitations')
  async invitations(@Req() request: FastifyRequest): Promise<ApiResponse<Invitations>> {
    const grant = teamAccessOf(request);
    const rows = await this.pool.query<{ invite_id: string; channel: 'mail' | 'link'; level: Invitations['invitations'][number]['level']; expires_at: Date }>(
      `SELECT invite_id::text AS invite_id, channel, level, expires_at FROM team_invitations
        WHERE team_id = $1 AND status = 'open' AND expires_at > $2 ORDER BY invited_at, invite_id`,
      [grant.teamId, this.clock.now()],
    );
    return ok({ invitations: rows.rows.map((row) => ({ inviteId: row.invite_id, channel: row.channel, level: row.level, expiresAt: row.expires_at.toISOString() })) });
  }

  @RequiresLogin()
  @RequiresTeamAccess({ kind: 'levels', levels: ['owner', 'admin'] })
  @Get(':teamId/applications')
  async applications(@Req() request: FastifyRequest): Promise<ApiResponse<Applications>> {
    const grant = teamAccessOf(request);
    const rows = await this.pool.query<{ application_id: string; user_id: string; applied_at: Date }>(
      "SELECT application_id::text AS application_id, user_id::text AS user_id, applied_at FROM team_applications WHERE team_id = $1 AND status = 'open' ORDER BY applied_at",
      [grant.teamId],
    );
    const names = await new MemberNames(this.pool, this.store).namesOf(rows.rows.map((row) => row.user_id));
    return ok({
      applications: rows.rows.map((row) => ({
        applicationId: row.application_id, userId: row.user_id, name: names.get(row.user_id) ?? null, appliedAt: row.applied_at.toISOString(),
      })),
    });
  }
}
