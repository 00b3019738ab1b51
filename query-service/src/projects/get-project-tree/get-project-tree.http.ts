import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { CLOCK, type Clock, RequiresLogin } from '@planwerk/platform';
import {
  DomainError,
  exportProjectQuery,
  minCheckpointQuery,
  ok,
  type ApiResponse,
  type ExportProjectQuery,
  type MinCheckpointQuery,
  type ProjectAnalysis,
  type ProjectTree,
} from '@planwerk/events';
import { PROJECT_FILL_DAILY, PROJECT_FILL_PROJECTION, PROJECT_TREE_PROJECTION, type ProjectTreeDoc } from '@planwerk/projector';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import { z } from 'zod';
import { PG_POOL } from '../../app/tokens';
import { ZodQueryPipe } from '../../app/zod-query.pipe';
import { RequiresTeamAccess, teamAccessOf } from '../../shared/access/requires-team-access.decorator';
import { signedInUser } from '../../shared/auth/request-actor';
import { findTeamProject, liveTable } from '../../shared/projects/project-read-models';
import { buildProjectTree } from '../../shared/projects/project-view.builder';
import { ReadYourWrites } from '../../shared/read-your-writes/read-your-writes';
import { exportTable, toCsv, toXlsx } from '../export-project/project-export';
import { analyseProject, type FillDayRow } from '../project-analysis/project-analysis';

const projectIdParam = z.uuid();
const MANAGE_PROJECT = { kind: 'area', area: 'manage_prj', item: 'param:projectId' } as const;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// The management reads of one project (access manage_prj, item = project id; ADR 0006): the
// whole tree, the analysis and the export. A project of another team is a 404.
@Controller('v5/team')
export class GetProjectTreeHttp {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly readYourWrites: ReadYourWrites,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  private async load(request: FastifyRequest, projectId: string, minCheckpoint: string | undefined): Promise<ProjectTreeDoc> {
    const grant = teamAccessOf(request);
    await this.readYourWrites.waitFor(PROJECT_TREE_PROJECTION, minCheckpoint);
    const parsed = projectIdParam.safeParse(projectId);
    if (!parsed.success) throw new DomainError('validation_failed', { field: 'projectId' });
    const doc = await findTeamProject(this.pool, grant.teamId, parsed.data);
    if (!doc) throw new DomainError('not_found');
    return doc;
  }

  @RequiresLogin()
  @RequiresTeamAccess(MANAGE_PROJECT)
  @Get(':teamId/project/:projectId')
  async tree(
    @Req() request: FastifyRequest,
    @Param('projectId') projectId: string,
    @Query(new ZodQueryPipe(minCheckpointQuery)) query: MinCheckpointQuery,
  ): Promise<ApiResponse<ProjectTree>> {
    const doc = await this.load(request, projectId, query.minCheckpoint);
    return ok(buildProjectTree(doc, { userId: signedInUser(request)?.userId ?? null, membership: teamAccessOf(request).member }, this.clock.now()));
  }

  @RequiresLogin()
  @RequiresTeamAccess(MANAGE_PROJECT)
  @Get(':teamId/project/:projectId/analysis')
  async analysis(
    @Req() request: FastifyRequest,
    @Param('projectId') projectId: string,
    @Query(new ZodQueryPipe(minCheckpointQuery)) query: MinCheckpointQuery,
  ): Promise<ApiResponse<ProjectAnalysis>> {
    await this.readYourWrites.waitFor(PROJECT_FILL_PROJECTION, query.minCheckpoint);
    const doc = await this.load(request, projectId, query.minCheckpoint);
    const table = await liveTable(this.pool, PROJECT_FILL_PROJECTION, PROJECT_FILL_DAILY);
    const rows = table === null ? [] : (await this.pool.query<FillDayRow>(
      `SELECT list_id AS "listId", item_id AS "itemId", to_char(day, 'YYYY-MM-DD') AS day, placed, waitlisted, capacity
         FROM ${table} WHERE project_id = $1 ORDER BY day, item_id`, [doc.project.projectId])).rows;
    return ok(analyseProject(doc, rows));
  }

  @RequiresLogin()
  @RequiresTeamAccess(MANAGE_PROJECT)
  @Get(':teamId/project/:projectId/export')
  async export(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Param('projectId') projectId: string,
    @Query(new ZodQueryPipe(exportProjectQuery)) query: ExportProjectQuery,
  ): Promise<void> {
    const doc = await this.load(request, projectId, query.minCheckpoint);
    const now = this.clock.now();
    const table = exportTable(doc, { phaseId: query.phaseId, listId: query.listId }, now);
    const scope = query.listId ?? query.phaseId;
    const name = `${doc.project.link}${scope ? `-${scope.slice(0, 8)}` : ''}-${now.toISOString().slice(0, 10)}.${query.format}`;
    const body = query.format === 'csv' ? toCsv(table) : await toXlsx(table, doc.project.name);
    await reply
      .status(200)
      .header('content-type', query.format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE)
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store')
      .send(body);
  }
}
