import { Readable } from 'node:stream';
import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import { CLOCK, type Clock, RequiresLogin } from '@planwerk/platform';
import {
  activityActorsQuery,
  activityLanguageOf,
  exportActivityQuery,
  listActivityQuery,
  ok,
  type ActivityEntryView,
  type ActivityActorsQuery,
  type ActivityFilterQuery,
  type ApiResponse,
  type EventStore,
  type ExportActivityQuery,
  type ListActivityQuery,
  type ResponseOf,
  type listActivityActorsEndpoint,
  type listTeamActivityEndpoint,
} from '@planwerk/events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import { EVENT_STORE, PG_POOL } from '../app/tokens';
import { ZodQueryPipe } from '../app/zod-query.pipe';
import { RequiresTeamAccess, teamAccessOf } from '../shared/access/requires-team-access.decorator';
import { ReadYourWrites } from '../shared/read-your-writes/read-your-writes';
import { scopeToAccess } from './activity-access';
import { ActivityActors, listActors, type ActorView } from './activity-actors';
import { CSV_BOM, CSV_HEADER, csvLine, csvLinesOf, sentenceOf } from './activity-csv';
import { namesOf, NO_NAMES, type EntryNames } from './activity-names';
import { checkRange, listActivity, MAX_ACTIVITY_PAGE, retentionCutoff, retentionDaysOf, type ActivityEntry, type ActivityFilter } from './list-activity.repository';

type ActivityList = ResponseOf<typeof listTeamActivityEndpoint>;
type ActivityActorList = ResponseOf<typeof listActivityActorsEndpoint>;

/** The entry as the API shows it: the actor with the member's name resolved, the objects' names. */
export function entryView(entry: ActivityEntry, actor: ActorView, names: EntryNames = NO_NAMES): ActivityEntryView {
  return {
    eventId: entry.eventId, recordedAt: entry.recordedAt.toISOString(), action: entry.action, eventType: entry.eventType,
    object: { kind: entry.objectKind, id: entry.objectId }, projectId: entry.projectId, listId: entry.listId,
    actor, changes: entry.changes, names,
  };
}

function filterOf(teamId: string, query: ActivityFilterQuery, retainedSince: Date | null): ActivityFilter {
  const { minCheckpoint: _minCheckpoint, ...filters } = query;
  return { teamId, ...filters, retainedSince };
}

// The management activity route (spec section 2, activity/{filter?}, access manage_active).
@Controller('v5/team')
export class ListTeamActivityHttp {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly readYourWrites: ReadYourWrites,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @RequiresLogin()
  @RequiresTeamAccess({ kind: 'area', area: 'manage_active' })
  @Get(':teamId/activity')
  async list(@Req() request: FastifyRequest, @Query(new ZodQueryPipe(listActivityQuery)) query: ListActivityQuery): Promise<ApiResponse<ActivityList>> {
    const grant = teamAccessOf(request);
    await this.waitForProjections(query.minCheckpoint);
    const { limit, after, ...filters } = query;
    const retentionDays = await retentionDaysOf(this.pool, grant.teamId);
    const page = await listActivity(this.pool, { ...scopeToAccess(grant, filterOf(grant.teamId, filters, retentionCutoff(retentionDays, this.clock.now()))), limit, after });
    const actors = await new ActivityActors(this.pool, this.store).viewsFor(page.items);
    const names = await namesOf(this.pool, grant.teamId, page.items);
    return ok({ entries: page.items.map((entry) => entryView(entry, actors.get(entry.eventId) as ActorView, names.get(entry.eventId))), next: page.next, retentionDays });
  }

  /** The people in the log, by name, for the console's person filter (issue 14). */
  @RequiresLogin()
  @RequiresTeamAccess({ kind: 'area', area: 'manage_active' })
  @Get(':teamId/activity/actors')
  async actors(@Req() request: FastifyRequest, @Query(new ZodQueryPipe(activityActorsQuery)) query: ActivityActorsQuery): Promise<ApiResponse<ActivityActorList>> {
    const grant = teamAccessOf(request);
    await this.waitForProjections(query.minCheckpoint);
    const filter = scopeToAccess(grant, filterOf(grant.teamId, {}, await this.retainedSince(grant.teamId)));
    return ok({ actors: await listActors(this.pool, this.store, filter) });
  }

  // The retention comes from the settings projection: a just-changed retention must show too.
  /** The oldest time the team's retention shows now. */
  private async retainedSince(teamId: string): Promise<Date | null> {
    return retentionCutoff(await retentionDaysOf(this.pool, teamId), this.clock.now());
  }

  private async waitForProjections(minCheckpoint: string | undefined): Promise<void> {
    await this.readYourWrites.waitFor('activity-log', minCheckpoint);
    await this.readYourWrites.waitFor('activity-settings', minCheckpoint);
  }

  /**
   * The filtered log as CSV, streamed page by page along the keyset (memory stays flat however
   * long the log). Input and access are checked before the first byte; a failure after that
   * can only abort the download.
   */
  @RequiresLogin()
  @RequiresTeamAccess({ kind: 'area', area: 'manage_active' })
  @Get(':teamId/activity/export')
  async export(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Query(new ZodQueryPipe(exportActivityQuery)) query: ExportActivityQuery,
  ): Promise<void> {
    const grant = teamAccessOf(request);
    await this.waitForProjections(query.minCheckpoint);
    const { lang: asked, ...filters } = query;
    checkRange(filters);
    const lang = asked ?? activityLanguageOf(request.headers['accept-language']);
    const filter = scopeToAccess(grant, filterOf(grant.teamId, filters, await this.retainedSince(grant.teamId)));
    // The first page is read before answering, so a filter PostgreSQL refuses is still a 400.
    const first = await listActivity(this.pool, { ...filter, limit: MAX_ACTIVITY_PAGE });
    const actors = new ActivityActors(this.pool, this.store);
    const pool = this.pool;
    async function* lines(): AsyncGenerator<string> {
      yield CSV_BOM + csvLine(CSV_HEADER);
      let page = first;
      for (;;) {
        const views = await actors.viewsFor(page.items);
        const names = await namesOf(pool, filter.teamId, page.items);
        yield page.items.map((entry) => {
          const actor = views.get(entry.eventId) as ActorView;
          return csvLinesOf(entry, actor, sentenceOf(entry, actor, names.get(entry.eventId) ?? NO_NAMES, lang));
        }).join('');
        if (page.next === null) return;
        page = await listActivity(pool, { ...filter, limit: MAX_ACTIVITY_PAGE, after: page.next });
      }
    }
    const day = this.clock.now().toISOString().slice(0, 10);
    await reply
      .status(200)
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="activity-${grant.link}-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(lines()));
  }
}
