import { Controller, Get, Inject, Query, Req } from '@nestjs/common';
import { DomainError, minCheckpointQuery, ok, type ApiResponse, type MinCheckpointQuery, type MySignUps } from '@planwerk/events';
import { MY_SIGNUPS, MY_SIGNUPS_PROJECTION, PROJECT_TREE, PROJECT_TREE_PROJECTION, type ProjectTreeDoc } from '@planwerk/projector';
import type { FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import { PG_POOL } from '../../app/tokens';
import { ZodQueryPipe } from '../../app/zod-query.pipe';
import { signedInUser } from '../../shared/auth/request-actor';
import { RequiresLogin } from '@planwerk/platform';
import { liveTable } from '../../shared/projects/project-read-models';
import { ReadYourWrites } from '../../shared/read-your-writes/read-your-writes';

const MAX_SIGNUPS = 500;

interface MySignUpRecord {
  signup_id: string;
  team_id: string;
  project_id: string;
  list_id: string;
  item_id: string;
  status: 'placed' | 'waitlisted';
  at: Date;
}

/** Rows with the names of their project, list and item; projects in the trash (0) or gone are left out. */
export function mySignUpsView(rows: readonly MySignUpRecord[], docs: ReadonlyMap<string, ProjectTreeDoc>): MySignUps['signups'] {
  return rows.flatMap((row) => {
    const project = docs.get(row.project_id)?.project;
    if (!project || project.status === 0) return [];
    const list = project.lists.find((l) => l.listId === row.list_id);
    const item = project.items.find((i) => i.itemId === row.item_id);
    if (!list || !item) return [];
    return [{
      signupId: row.signup_id, teamId: row.team_id, projectId: row.project_id, projectLink: project.link, projectName: project.name,
      colour: project.colour, listId: list.listId, listName: list.name, itemId: item.itemId, itemName: item.name, date: item.date,
      time: item.time, status: row.status, at: row.at.toISOString(),
    }];
  });
}

// GET /v5/user/signups: the signed-in person's sign-ups in every team, newest first.
@Controller('v5/user')
export class ListMySignUpsHttp {
  constructor(@Inject(PG_POOL) private readonly pool: Pool, private readonly readYourWrites: ReadYourWrites) {}

  @RequiresLogin()
  @Get('signups')
  async list(@Req() request: FastifyRequest, @Query(new ZodQueryPipe(minCheckpointQuery)) query: MinCheckpointQuery): Promise<ApiResponse<MySignUps>> {
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
    const rows = await this.pool.query<MySignUpRecord>(
      `SELECT signup_id, team_id, project_id, list_id, item_id, status, at FROM ${signups}
        WHERE user_id = $1 ORDER BY at DESC, signup_id LIMIT ${MAX_SIGNUPS}`, [user.userId]);
    const projectIds = [...new Set(rows.rows.map((r) => r.project_id))];
    const docs = await this.pool.query<{ project_id: string; doc: ProjectTreeDoc }>(
      `SELECT project_id, doc FROM ${trees} WHERE project_id = ANY($1::text[])`, [projectIds]);
    return ok({ signups: mySignUpsView(rows.rows, new Map(docs.rows.map((d) => [d.project_id, d.doc]))) });
  }
}
