import { Controller, Get, Inject, Query, Req } from '@nestjs/common';
import { DomainError, minCheckpointQuery, ok, type ApiResponse, type MinCheckpointQuery, type MySignups } from '@planwerk/events';
import {
  MY_SIGNUP_COLUMNS, MY_SIGNUPS, MY_SIGNUPS_PROJECTION, PROJECT_TREE, PROJECT_TREE_PROJECTION, type MySignupRow, type ProjectTreeDoc,
} from '@planwerk/projector';
import type { FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import { PG_POOL } from '../../app/tokens';
import { ZodQueryPipe } from '../../app/zod-query.pipe';
import { signedInUser } from '../../shared/auth/request-actor';
import { RequiresLogin } from '@planwerk/platform';
import { liveTable } from '../../shared/projects/project-read-models';
import { ReadYourWrites } from '../../shared/read-your-writes/read-your-writes';

const MAX_SIGNUPS = 500;

const iso = (at: string): string => new Date(at).toISOString();
const isoOrNull = (at: string | null): string | null => (at === null ? null : iso(at));

/** Rows with the names of their project, list and item; projects in the trash (0) or gone are left out. */
export function mySignupsView(rows: readonly MySignupRow[], docs: ReadonlyMap<string, ProjectTreeDoc>): MySignups['signups'] {
  return rows.flatMap((row) => {
    const project = docs.get(row.projectId)?.project;
    if (!project || project.status === 0) return [];
    const list = project.lists.find((l) => l.listId === row.listId);
    const item = project.items.find((i) => i.itemId === row.itemId);
    if (!list || !item) return [];
    return [{
      signupId: row.signupId, teamId: row.teamId, projectId: row.projectId, projectLink: project.link, projectName: project.name,
      colour: project.colour, listId: list.listId, listName: list.name, itemId: item.itemId, itemName: item.name, date: item.date,
      time: item.time, status: row.status, at: iso(row.at), promotedAt: isoOrNull(row.promotedAt), changedAt: isoOrNull(row.changedAt),
      cancelledAt: isoOrNull(row.cancelledAt), cancelledBy: row.cancelledBy,
    }];
  });
}

// GET /v5/user/signups: the signed-in person's sign-ups in every team, newest first, cancelled ones with their receipts.
@Controller('v5/user')
export class ListMySignupsHttp {
  constructor(@Inject(PG_POOL) private readonly pool: Pool, private readonly readYourWrites: ReadYourWrites) {}

  @RequiresLogin()
  @Get('signups')
  async list(@Req() request: FastifyRequest, @Query(new ZodQueryPipe(minCheckpointQuery)) query: MinCheckpointQuery): Promise<ApiResponse<MySignups>> {
    const user = signedInUser(request);
    if (!user) throw new DomainError(6011);
    await Promise.all([
      this.readYourWrites.waitFor(MY_SIGNUPS_PROJECTION, query.minCheckpoint),
      this.readYourWrites.waitFor(PROJECT_TREE_PROJECTION, query.minCheckpoint),
    ]);
    const [signups, trees] = await Promise.all([
      liveTable(this.pool, MY_SIGNUPS_PROJECTION, MY_SIGNUPS),
      liveTable(this.pool, PROJECT_TREE_PROJECTION, PROJECT_TREE),
    ]);
    if (signups === null || trees === null) return ok({ signups: [] });
    const rows = await this.pool.query<MySignupRow>(
      // s.at: the column (its index order), not the text the column list reads it as.
      `SELECT ${MY_SIGNUP_COLUMNS} FROM ${signups} s
        WHERE user_id = $1 ORDER BY s.at DESC, signup_id LIMIT ${MAX_SIGNUPS}`, [user.userId]);
    const projectIds = [...new Set(rows.rows.map((r) => r.projectId))];
    const docs = await this.pool.query<{ project_id: string; doc: ProjectTreeDoc }>(
      `SELECT project_id, doc FROM ${trees} WHERE project_id = ANY($1::text[])`, [projectIds]);
    return ok({ signups: mySignupsView(rows.rows, new Map(docs.rows.map((d) => [d.project_id, d.doc]))) });
  }
}
