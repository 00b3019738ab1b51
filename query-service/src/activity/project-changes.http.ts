import { Controller, Get, Inject, Param, Query, Req } from '@nestjs/common';
import {
  checkAccess,
  DomainError,
  ok,
  projectChangeCountsQuery,
  projectChangesQuery,
  type countProjectChangesEndpoint,
  type ProjectChangeCountsQuery,
  type ApiResponse,
  type EventStore,
  type ProjectChangesQuery,
  type ResponseOf,
  type listProjectChangesEndpoint,
} from '@planwerk/events';
import type { FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import { EVENT_STORE, PG_POOL } from '../app/tokens';
import { ZodQueryPipe } from '../app/zod-query.pipe';
import { RequiresTeamAccess, teamAccessOf } from '../shared/access/requires-team-access.decorator';
import { CLOCK, type Clock, RequiresLogin } from '@planwerk/platform';
import { signedInUser } from '../shared/auth/request-actor';
import { ReadYourWrites } from '../shared/read-your-writes/read-your-writes';
import { ActivityActors, type ActorView } from './activity-actors';
import { namesOf } from './activity-names';
import { entryView } from './list-team-activity.http';
import { retentionCutoff, retentionDaysOf } from './list-activity.repository';
import { countProjectChanges, listProjectChanges } from './project-changes.repository';

type Changes = ResponseOf<typeof listProjectChangesEndpoint>;
type ChangeCounts = ResponseOf<typeof countProjectChangesEndpoint>;
const PROJECT_ID = /^[A-Za-z0-9_:.-]{1,100}$/;

// The badge and list of "what changed since I last looked" for projects the caller may manage.
@Controller('v5/team')
export class ProjectChangesHttp {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly readYourWrites: ReadYourWrites,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @RequiresLogin()
  @RequiresTeamAccess({ kind: 'area', area: 'manage_prj', item: 'param:projectId' })
  @Get(':teamId/project/:projectId/changes')
  async changes(
    @Req() request: FastifyRequest,
    @Param('projectId') projectId: string,
    @Query(new ZodQueryPipe(projectChangesQuery)) query: ProjectChangesQuery,
  ): Promise<ApiResponse<Changes>> {
    const grant = teamAccessOf(request);
    if (!PROJECT_ID.test(projectId)) throw new DomainError('validation_failed', { field: 'projectId' });
    const user = signedInUser(request);
    if (user === null) throw new DomainError(6011);
    // A position just marked must be read back: the settings projection is waited for as well.
    await this.readYourWrites.waitFor('activity-log', query.minCheckpoint);
    await this.readYourWrites.waitFor('activity-settings', query.minCheckpoint);
    const changes = await listProjectChanges(this.pool, {
      teamId: grant.teamId, projectId, userId: user.userId, limit: query.limit,
      retainedSince: retentionCutoff(await retentionDaysOf(this.pool, grant.teamId), this.clock.now()),
    });
    const actors = await new ActivityActors(this.pool, this.store).viewsFor(changes.entries);
    const names = await namesOf(this.pool, grant.teamId, changes.entries);
    return ok({ ...changes, entries: changes.entries.map((entry) => entryView(entry, actors.get(entry.eventId) as ActorView, names.get(entry.eventId))) });
  }

  // The home page's badges: one call per team instead of one per project. The area is checked
  // for the team; each project is then checked as the per-project route checks it, and the
  // ones the caller may not manage are left out (never an error that tells they exist).
  @RequiresLogin()
  @RequiresTeamAccess({ kind: 'area', area: 'manage_prj' })
  @Get(':teamId/changes')
  async counts(
    @Req() request: FastifyRequest,
    @Query(new ZodQueryPipe(projectChangeCountsQuery)) query: ProjectChangeCountsQuery,
  ): Promise<ApiResponse<ChangeCounts>> {
    const grant = teamAccessOf(request);
    const user = signedInUser(request);
    if (user === null) throw new DomainError(6011);
    await this.readYourWrites.waitFor('activity-log', query.minCheckpoint);
    await this.readYourWrites.waitFor('activity-settings', query.minCheckpoint);
    const allowed = query.projects.filter((projectId) => checkAccess(grant.member, { kind: 'area', area: 'manage_prj', itemId: projectId }) !== false);
    const projects = await countProjectChanges(this.pool, {
      teamId: grant.teamId, projectIds: allowed, userId: user.userId,
      retainedSince: retentionCutoff(await retentionDaysOf(this.pool, grant.teamId), this.clock.now()),
    });
    return ok({ projects });
  }
}
