import type { PoolClient } from 'pg';
import type { RecordedEvent } from '@planwerk/events';
import type { ProjectionContext } from '../runtime/projection';
import { accessOf, evolveProjectTree, overviewOf, type ProjectTreeDoc } from './project-tree.evolve';
import { asProjectsFeedEvent, freshEvents, projectIdOf, type ProjectsFeedEvent } from './projects-feed';

export const PROJECT_TREE = 'project_tree';
export const PROJECT_OVERVIEW = 'project_overview';
export const PROJECT_ACCESS = 'project_access';
export const PROJECT_SIGNUP_USERS = 'project_signup_users';
export const PRESET_COLUMNS = 'preset_columns';
export const PROJECT_TREE_STREAMS = 'project_tree_streams';

/**
 * The columns of `project_overview` under the names of `ProjectOverviewRow`, for whoever reads
 * the table: the day as YYYY-MM-DD, the times as PostgreSQL writes them in JSON.
 */
export const PROJECT_OVERVIEW_COLUMNS = `project_id AS "projectId", team_id AS "teamId", link, name, colour, status,
  previous_status AS "previousStatus", locked, visibility, to_char(start_date, 'YYYY-MM-DD') AS "startDate", share_hash AS "shareHash",
  phases, lists, items, placed, waitlisted, signups, capacity, unlimited_items AS "unlimitedItems", created_by AS "createdBy",
  to_json(created_at) #>> '{}' AS "createdAt", to_json(updated_at) #>> '{}' AS "updatedAt"`;

interface PresetColumnChange {
  teamId: string;
  columnId: string;
  /** null: removed. */
  field: unknown;
  savedAt: string;
}

/**
 * One path for a single event and for a batch: load what the events touch (stream guards,
 * documents, the projects an erased person signed up in), fold in memory with the pure evolve,
 * write every changed row once. `apply` is this with one event, so both leave the same rows.
 */
export async function applyProjectTreeBatch(client: PoolClient, events: readonly RecordedEvent[], ctx: ProjectionContext): Promise<void> {
  const t = ctx.tables;
  const typed = events.flatMap((e) => {
    const event = asProjectsFeedEvent(e);
    return event ? [{ envelope: e, event }] : [];
  });
  if (typed.length === 0) return;

  const streamIds = [...new Set(typed.map((e) => e.envelope.streamId))];
  const guard = await client.query<{ stream_id: string; version: number }>(
    `SELECT stream_id, version FROM ${t(PROJECT_TREE_STREAMS)} WHERE stream_id = ANY($1::text[])`, [streamIds]);
  const applied = new Map(guard.rows.map((r) => [r.stream_id, r.version]));
  const fresh = freshEvents(typed.map((e) => ({ ...e, streamId: e.envelope.streamId, streamVersion: e.envelope.streamVersion })), applied);
  if (fresh.length === 0) return;

  // Which documents to load: the projects the events name, and where an erased person signed up.
  const projectIds = new Set<string>();
  const erasedUsers = new Set<string>();
  for (const { event } of fresh) {
    const id = projectIdOf(event);
    if (id !== null) projectIds.add(id);
    if (event.type === 'AccountErased') erasedUsers.add(event.data.userId);
  }
  if (erasedUsers.size > 0) {
    const signedUp = await client.query<{ project_id: string }>(
      `SELECT DISTINCT project_id FROM ${t(PROJECT_SIGNUP_USERS)} WHERE user_id = ANY($1::text[])`, [[...erasedUsers]]);
    for (const row of signedUp.rows) projectIds.add(row.project_id);
  }
  const loaded = await client.query<{ project_id: string; doc: ProjectTreeDoc }>(
    `SELECT project_id, doc FROM ${t(PROJECT_TREE)} WHERE project_id = ANY($1::text[])`, [[...projectIds]]);
  const docs = new Map<string, ProjectTreeDoc | null>(loaded.rows.map((r) => [r.project_id, r.doc]));
  const changed = new Set<string>();
  const signedUpUsers: SignedUpOp[] = [];
  const columns: PresetColumnChange[] = [];

  for (const { event, envelope } of fresh) {
    const step = { event, recordedAt: envelope.recordedAt };
    const targets = event.type === 'AccountErased'
      ? [...docs.keys()].filter((id) => docs.get(id)?.signups.some((s) => s.userId === event.data.userId))
      : [projectIdOf(event)].filter((id): id is string => id !== null);
    for (const projectId of targets) {
      const before = docs.get(projectId) ?? null;
      const after = evolveProjectTree(before, step);
      if (after !== before) {
        docs.set(projectId, after);
        changed.add(projectId);
      }
    }
    collectSideRows(event, envelope, signedUpUsers, columns);
  }

  await writeDocuments(client, ctx, docs, changed);
  await writeSignedUpUsers(client, ctx, signedUpUsers);
  await writePresetColumns(client, ctx, columns);
  await client.query(
    `INSERT INTO ${t(PROJECT_TREE_STREAMS)} (stream_id, version) SELECT * FROM unnest($1::text[], $2::int[])
     ON CONFLICT (stream_id) DO UPDATE SET version = EXCLUDED.version`,
    [[...applied.keys()], [...applied.values()]]);
}

function collectSideRows(event: ProjectsFeedEvent, envelope: RecordedEvent, users: SignedUpOp[], columns: PresetColumnChange[]): void {
  switch (event.type) {
    case 'SignUpAdded':
      if (event.data.userId !== null) users.push({ kind: 'add', userId: event.data.userId, projectId: event.data.projectId });
      return;
    case 'AccountErased':
      users.push({ kind: 'erase', userId: event.data.userId });
      return;
    case 'ProjectPurged':
      users.push({ kind: 'purge', projectId: event.data.projectId });
      return;
    case 'PresetColumnSaved':
      columns.push({ teamId: event.data.teamId, columnId: event.data.columnId, field: event.data.field, savedAt: envelope.recordedAt.toISOString() });
      return;
    case 'PresetColumnRemoved':
      columns.push({ teamId: event.data.teamId, columnId: event.data.columnId, field: null, savedAt: envelope.recordedAt.toISOString() });
      return;
    default:
      return;
  }
}

async function writeDocuments(client: PoolClient, ctx: ProjectionContext, docs: Map<string, ProjectTreeDoc | null>, changed: Set<string>): Promise<void> {
  const t = ctx.tables;
  const kept = [...changed].flatMap((id) => {
    const doc = docs.get(id);
    return doc ? [doc] : [];
  });
  const gone = [...changed].filter((id) => docs.get(id) === null);
  if (gone.length > 0) {
    for (const table of [PROJECT_TREE, PROJECT_OVERVIEW, PROJECT_ACCESS]) {
      await client.query(`DELETE FROM ${t(table)} WHERE project_id = ANY($1::text[])`, [gone]);
    }
  }
  if (kept.length === 0) return;
  await client.query(
    `INSERT INTO ${t(PROJECT_TREE)} (project_id, team_id, doc, version, updated_at)
     SELECT d->'project'->>'projectId', d->'project'->>'teamId', d, (d->>'version')::int, (d->>'updatedAt')::timestamptz
       FROM jsonb_array_elements($1::jsonb) AS d
     ON CONFLICT (project_id) DO UPDATE SET team_id = EXCLUDED.team_id, doc = EXCLUDED.doc, version = EXCLUDED.version, updated_at = EXCLUDED.updated_at`,
    [JSON.stringify(kept)]);
  await client.query(
    `INSERT INTO ${t(PROJECT_OVERVIEW)} (project_id, team_id, link, name, colour, status, previous_status, locked, visibility, start_date,
       share_hash, phases, lists, items, placed, waitlisted, signups, capacity, unlimited_items, created_by, created_at, updated_at)
     SELECT r."projectId", r."teamId", r.link, r.name, r.colour, r.status, r."previousStatus", r.locked, r.visibility, r."startDate",
       r."shareHash", r.phases, r.lists, r.items, r.placed, r.waitlisted, r.signups, r.capacity, r."unlimitedItems", r."createdBy",
       r."createdAt", r."updatedAt"
       FROM jsonb_to_recordset($1::jsonb) AS r("projectId" text, "teamId" text, link text, name text, colour int, status int,
         "previousStatus" int, locked boolean, visibility text, "startDate" date, "shareHash" text, phases int, lists int, items int,
         placed int, waitlisted int, signups int, capacity int, "unlimitedItems" int, "createdBy" text, "createdAt" timestamptz,
         "updatedAt" timestamptz)
     ON CONFLICT (project_id) DO UPDATE SET team_id = EXCLUDED.team_id, link = EXCLUDED.link, name = EXCLUDED.name,
       colour = EXCLUDED.colour, status = EXCLUDED.status, previous_status = EXCLUDED.previous_status, locked = EXCLUDED.locked,
       visibility = EXCLUDED.visibility, start_date = EXCLUDED.start_date, share_hash = EXCLUDED.share_hash,
       phases = EXCLUDED.phases, lists = EXCLUDED.lists, items = EXCLUDED.items, placed = EXCLUDED.placed,
       waitlisted = EXCLUDED.waitlisted, signups = EXCLUDED.signups, capacity = EXCLUDED.capacity,
       unlimited_items = EXCLUDED.unlimited_items, created_by = EXCLUDED.created_by, created_at = EXCLUDED.created_at,
       updated_at = EXCLUDED.updated_at`,
    [JSON.stringify(kept.map(overviewOf))]);
  await client.query(
    `INSERT INTO ${t(PROJECT_ACCESS)} (project_id, team_id, link, share_hash, visibility, password_hash, status)
     SELECT r."projectId", r."teamId", r.link, r."shareHash", r.visibility, r."passwordHash", r.status
       FROM jsonb_to_recordset($1::jsonb) AS r("projectId" text, "teamId" text, link text, "shareHash" text, visibility text,
         "passwordHash" text, status int)
     ON CONFLICT (project_id) DO UPDATE SET team_id = EXCLUDED.team_id, link = EXCLUDED.link, share_hash = EXCLUDED.share_hash,
       visibility = EXCLUDED.visibility, password_hash = EXCLUDED.password_hash, status = EXCLUDED.status`,
    [JSON.stringify(kept.map(accessOf))]);
}

/** Who signed up where (for erasures), changed in event order: sign-ups add, erasures and purges remove. */
type SignedUpOp = { kind: 'add'; userId: string; projectId: string } | { kind: 'erase'; userId: string } | { kind: 'purge'; projectId: string };

async function writeSignedUpUsers(client: PoolClient, ctx: ProjectionContext, ops: readonly SignedUpOp[]): Promise<void> {
  const table = ctx.tables(PROJECT_SIGNUP_USERS);
  const adds = new Map<string, { userId: string; projectId: string }>();
  const erased = new Set<string>();
  const purged = new Set<string>();
  for (const op of ops) {
    if (op.kind === 'add') adds.set(`${op.userId}/${op.projectId}`, op);
    if (op.kind === 'erase') {
      erased.add(op.userId);
      for (const [key, add] of adds) if (add.userId === op.userId) adds.delete(key);
    }
    if (op.kind === 'purge') {
      purged.add(op.projectId);
      for (const [key, add] of adds) if (add.projectId === op.projectId) adds.delete(key);
    }
  }
  // Removals first: an add that survived them in memory came after them in the log.
  if (erased.size > 0) await client.query(`DELETE FROM ${table} WHERE user_id = ANY($1::text[])`, [[...erased]]);
  if (purged.size > 0) await client.query(`DELETE FROM ${table} WHERE project_id = ANY($1::text[])`, [[...purged]]);
  if (adds.size > 0) {
    const rows = [...adds.values()];
    await client.query(
      `INSERT INTO ${table} (user_id, project_id) SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT DO NOTHING`,
      [rows.map((a) => a.userId), rows.map((a) => a.projectId)]);
  }
}

async function writePresetColumns(client: PoolClient, ctx: ProjectionContext, changes: readonly PresetColumnChange[]): Promise<void> {
  const table = ctx.tables(PRESET_COLUMNS);
  for (const change of changes) {
    if (change.field === null) {
      await client.query(`DELETE FROM ${table} WHERE column_id = $1`, [change.columnId]);
      continue;
    }
    // A column saved again keeps its place (saved_at of the first save).
    await client.query(
      `INSERT INTO ${table} (column_id, team_id, field, saved_at) VALUES ($1, $2, $3::jsonb, $4)
       ON CONFLICT (column_id) DO UPDATE SET field = EXCLUDED.field, team_id = EXCLUDED.team_id`,
      [change.columnId, change.teamId, JSON.stringify(change.field), change.savedAt]);
  }
}
