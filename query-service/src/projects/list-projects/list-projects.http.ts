import { Controller, Get, Inject, Query, Req } from '@nestjs/common';
import {
  isProjectManager,
  listProjectsQuery,
  minCheckpointQuery,
  ok,
  PROJECT_STATUS_CODES,
  type ApiResponse,
  type ListProjectsQuery,
  type MinCheckpointQuery,
  type PresetList,
  type ProjectStatus,
  type ResponseOf,
  type listProjectsEndpoint,
} from '@planwerk/events';
import { PROJECT_TREE_PROJECTION } from '@planwerk/projector';
import type { FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import { PG_POOL } from '../../app/tokens';
import { ZodQueryPipe } from '../../app/zod-query.pipe';
import { RequiresTeamAccess, teamAccessOf } from '../../shared/access/requires-team-access.decorator';
import { RequiresLogin } from '@planwerk/platform';
import { ReadYourWrites } from '../../shared/read-your-writes/read-your-writes';
import { listPresetColumns, listProjectOverview } from './project-overview.repository';

type Overview = ResponseOf<typeof listProjectsEndpoint>;

// Planning (3) and template (2) projects are for owner, admin and space only (ADR 0006, "others
// do not see a planning project"); the trash (0) is for team members, and every caller here is one.
const MANAGER_ONLY: ReadonlySet<ProjectStatus> = new Set<ProjectStatus>([2, 3]);

// Without a status filter the list leaves out the trash and the templates (the presets page lists those).
const ASKED_FOR_ONLY: ReadonlySet<ProjectStatus> = new Set<ProjectStatus>([0, 2]);

/** The statuses a member may list, narrowed to the ones asked for. */
export function visibleStatuses(manager: boolean, asked: readonly ProjectStatus[] | undefined): ProjectStatus[] {
  const allowed = PROJECT_STATUS_CODES.filter((s) => manager || !MANAGER_ONLY.has(s));
  return asked === undefined ? allowed.filter((s) => !ASKED_FOR_ONLY.has(s)) : allowed.filter((s) => asked.includes(s));
}

// manage-project (spec section 2, query filter project/form/calendar) and the presets page.
@Controller('v5/team')
export class ListProjectsHttp {
  constructor(@Inject(PG_POOL) private readonly pool: Pool, private readonly readYourWrites: ReadYourWrites) {}

  @RequiresLogin()
  @RequiresTeamAccess({ kind: 'team' })
  @Get(':teamId/project')
  async list(@Req() request: FastifyRequest, @Query(new ZodQueryPipe(listProjectsQuery)) query: ListProjectsQuery): Promise<ApiResponse<Overview>> {
    const grant = teamAccessOf(request);
    await this.readYourWrites.waitFor(PROJECT_TREE_PROJECTION, query.minCheckpoint);
    // Forms and calendars have no read model yet: their filters list nothing.
    if (query.filter !== 'project') return ok({ projects: [] });
    const statuses = visibleStatuses(isProjectManager(grant.member), query.status);
    return ok({ projects: await listProjectOverview(this.pool, grant.teamId, statuses) });
  }

  @RequiresLogin()
  @RequiresTeamAccess({ kind: 'area', area: 'manage_preset' })
  @Get(':teamId/preset')
  async presets(@Req() request: FastifyRequest, @Query(new ZodQueryPipe(minCheckpointQuery)) query: MinCheckpointQuery): Promise<ApiResponse<PresetList>> {
    const grant = teamAccessOf(request);
    await this.readYourWrites.waitFor(PROJECT_TREE_PROJECTION, query.minCheckpoint);
    const [presets, columns] = await Promise.all([
      listProjectOverview(this.pool, grant.teamId, [2]),
      listPresetColumns(this.pool, grant.teamId),
    ]);
    return ok({ presets, columns });
  }
}
