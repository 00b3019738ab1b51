import { Controller, Get, Inject, Param, Query, Req } from '@nestjs/common';
import { RequiresLogin } from '@planwerk/platform';
import { DomainError, ok, projectInvitationsQuery, type ApiResponse, type EventStore, type ProjectInvitationsQuery } from '@planwerk/events';
import { PROJECT_INVITATION_COLUMNS, PROJECT_INVITATIONS, PROJECT_INVITATIONS_PROJECTION, PROJECT_TREE_PROJECTION, type ProjectInvitationRow } from '@planwerk/projector';
import type { FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import { z } from 'zod';
import { EVENT_STORE, PG_POOL } from '../../app/tokens';
import { ZodQueryPipe } from '../../app/zod-query.pipe';
import { RequiresTeamAccess, teamAccessOf } from '../../shared/access/requires-team-access.decorator';
import { signedInUser } from '../../shared/auth/request-actor';
import { MemberNames } from '../../shared/people/member-names';
import { findTeamProject, liveTable } from '../../shared/projects/project-read-models';
import { ReadYourWrites } from '../../shared/read-your-writes/read-your-writes';
import { addressesOf, invitationsAnswer, type InvitationsAnswer } from './project-invitations';

const projectIdParam = z.uuid();
const MANAGE_PROJECT = { kind: 'area', area: 'manage_prj', item: 'param:projectId' } as const;

// GET /v5/team/{teamId}/project/{projectId}/invitations (issue 14): who was invited, who opened
// the link, who signed up; manage_prj with the project as item, another team's project is a 404.
@Controller('v5/team')
export class ProjectInvitationsHttp {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  @RequiresLogin()
  @RequiresTeamAccess(MANAGE_PROJECT)
  @Get(':teamId/project/:projectId/invitations')
  async invitations(
    @Req() request: FastifyRequest,
    @Param('projectId') projectId: string,
    @Query(new ZodQueryPipe(projectInvitationsQuery)) query: ProjectInvitationsQuery,
  ): Promise<ApiResponse<InvitationsAnswer>> {
    const grant = teamAccessOf(request);
    const user = signedInUser(request);
    if (user === null) throw new DomainError(6011);
    const parsed = projectIdParam.safeParse(projectId);
    if (!parsed.success) throw new DomainError('validation_failed', { field: 'projectId' });
    await this.readYourWrites.waitFor(PROJECT_TREE_PROJECTION, query.minCheckpoint);
    await this.readYourWrites.waitFor(PROJECT_INVITATIONS_PROJECTION, query.minCheckpoint);
    const doc = await findTeamProject(this.pool, grant.teamId, parsed.data);
    if (!doc) throw new DomainError('not_found');
    const table = await liveTable(this.pool, PROJECT_INVITATIONS_PROJECTION, PROJECT_INVITATIONS);
    const rows = table === null ? [] : (await this.pool.query<ProjectInvitationRow>(
      `SELECT ${PROJECT_INVITATION_COLUMNS} FROM ${table} WHERE project_id = $1 ORDER BY sent_at DESC, invitation_id`, [doc.project.projectId])).rows;
    if (rows.length === 0) return ok(invitationsAnswer([], new Map(), new Map(), user.userId));
    const [addresses, names] = await Promise.all([
      addressesOf(this.store, doc.project.projectId),
      new MemberNames(this.pool, this.store).namesOf(rows.flatMap((row) => (row.invitedBy === null ? [] : [row.invitedBy]))),
    ]);
    return ok(invitationsAnswer(rows, addresses, names, user.userId));
  }
}
