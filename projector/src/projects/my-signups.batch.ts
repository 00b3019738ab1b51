import type { PoolClient } from 'pg';
import type { RecordedEvent } from '@planwerk/events';
import type { ProjectionContext } from '../runtime/projection';
import { emptyMySignups, evolveMySignups, MY_SIGNUPS_TYPES, type MySignupRow, type MySignupsSweep } from './my-signups.evolve';
import { asProjectsFeedEvent, freshEvents, type ProjectsFeedEvent } from './projects-feed';

export const MY_SIGNUPS = 'my_signups';
export const MY_SIGNUPS_PROJECTS = 'my_signups_projects';
export const MY_SIGNUPS_STREAMS = 'my_signups_streams';

/** The columns of `my_signups` under the names of `MySignupRow` (the time as PostgreSQL writes it in JSON). */
export const MY_SIGNUP_COLUMNS = `signup_id AS "signupId", user_id AS "userId", team_id AS "teamId", project_id AS "projectId",
  list_id AS "listId", item_id AS "itemId", status, to_json(at) #>> '{}' AS at, to_json(promoted_at) #>> '{}' AS "promotedAt",
  to_json(changed_at) #>> '{}' AS "changedAt", to_json(cancelled_at) #>> '{}' AS "cancelledAt", cancelled_by AS "cancelledBy"`;

const SWEEP_COLUMNS: Record<MySignupsSweep['by'], string> = { list: 'list_id', item: 'item_id', project: 'project_id', user: 'user_id' };

function signupIdsOf(event: ProjectsFeedEvent): string[] {
  switch (event.type) {
    case 'SignUpAdded':
    case 'SignUpChanged':
    case 'SignUpPromoted':
    case 'SignUpCancelled':
      return [event.data.signupId];
    case 'ItemSignUpsCleared':
    case 'ListSignUpsCleared':
      return event.data.signupIds;
    default:
      return [];
  }
}

/** Loads the rows and projects the events need, folds in memory, writes once; `apply` is this with one event. */
export async function applyMySignupsBatch(client: PoolClient, events: readonly RecordedEvent[], ctx: ProjectionContext): Promise<void> {
  const t = ctx.tables;
  const typed = events.flatMap((envelope) => {
    const event = asProjectsFeedEvent(envelope);
    return event && MY_SIGNUPS_TYPES.has(event.type) ? [{ envelope, event, streamId: envelope.streamId, streamVersion: envelope.streamVersion }] : [];
  });
  if (typed.length === 0) return;
  const guard = await client.query<{ stream_id: string; version: number }>(
    `SELECT stream_id, version FROM ${t(MY_SIGNUPS_STREAMS)} WHERE stream_id = ANY($1::text[])`, [[...new Set(typed.map((e) => e.streamId))]]);
  const applied = new Map(guard.rows.map((r) => [r.stream_id, r.version]));
  const fresh = freshEvents(typed, applied);
  if (fresh.length === 0) return;

  const state = emptyMySignups();
  const signupIds = [...new Set(fresh.flatMap((e) => signupIdsOf(e.event)))];
  const projectIds = [...new Set(fresh.flatMap((e) => (e.event.type === 'SignUpAdded' ? [e.event.data.projectId] : [])))];
  const rows = await client.query<MySignupRow>(`SELECT ${MY_SIGNUP_COLUMNS} FROM ${t(MY_SIGNUPS)} WHERE signup_id = ANY($1::text[])`, [signupIds]);
  for (const row of rows.rows) state.rows.set(row.signupId, row);
  const projects = await client.query<{ project_id: string; team_id: string }>(
    `SELECT project_id, team_id FROM ${t(MY_SIGNUPS_PROJECTS)} WHERE project_id = ANY($1::text[])`, [projectIds]);
  for (const r of projects.rows) state.projects.set(r.project_id, r.team_id);
  const loaded = new Set(state.rows.keys());
  const loadedProjects = new Map(state.projects);

  for (const { event, envelope } of fresh) {
    evolveMySignups(state, event, { teamId: envelope.metadata.teamId, recordedAt: envelope.recordedAt.toISOString() });
  }

  // Sweeps first: a row that is still there in memory came after them in the log.
  for (const s of state.sweeps) await client.query(`DELETE FROM ${t(MY_SIGNUPS)} WHERE ${SWEEP_COLUMNS[s.by]} = $1`, [s.id]);
  const kept = [...state.rows.values()].filter((r): r is MySignupRow => r !== null);
  const gone = [...state.rows].filter(([id, r]) => r === null && loaded.has(id)).map(([id]) => id);
  if (gone.length > 0) await client.query(`DELETE FROM ${t(MY_SIGNUPS)} WHERE signup_id = ANY($1::text[])`, [gone]);
  if (kept.length > 0) {
    await client.query(
      `INSERT INTO ${t(MY_SIGNUPS)} (signup_id, user_id, team_id, project_id, list_id, item_id, status, at, promoted_at, changed_at,
         cancelled_at, cancelled_by)
       SELECT r."signupId", r."userId", r."teamId", r."projectId", r."listId", r."itemId", r.status, r.at, r."promotedAt", r."changedAt",
         r."cancelledAt", r."cancelledBy"
         FROM jsonb_to_recordset($1::jsonb) AS r("signupId" text, "userId" text, "teamId" text, "projectId" text, "listId" text,
           "itemId" text, status text, at timestamptz, "promotedAt" timestamptz, "changedAt" timestamptz, "cancelledAt" timestamptz,
           "cancelledBy" text)
       ON CONFLICT (signup_id) DO UPDATE SET item_id = EXCLUDED.item_id, status = EXCLUDED.status, promoted_at = EXCLUDED.promoted_at,
         changed_at = EXCLUDED.changed_at, cancelled_at = EXCLUDED.cancelled_at, cancelled_by = EXCLUDED.cancelled_by`,
      [JSON.stringify(kept)]);
  }
  for (const [projectId, teamId] of state.projects) {
    if (loadedProjects.get(projectId) === teamId) continue;
    if (teamId === null) await client.query(`DELETE FROM ${t(MY_SIGNUPS_PROJECTS)} WHERE project_id = $1`, [projectId]);
    else await client.query(`INSERT INTO ${t(MY_SIGNUPS_PROJECTS)} (project_id, team_id) VALUES ($1, $2) ON CONFLICT (project_id) DO NOTHING`, [projectId, teamId]);
  }
  await client.query(
    `INSERT INTO ${t(MY_SIGNUPS_STREAMS)} (stream_id, version) SELECT * FROM unnest($1::text[], $2::int[])
     ON CONFLICT (stream_id) DO UPDATE SET version = EXCLUDED.version`,
    [[...applied.keys()], [...applied.values()]]);
}
