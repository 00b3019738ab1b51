import { DomainError } from '@planwerk/events';
import { ACTIVITY_LOG, ProjectionNotFound, activeTable, activityLogProjection } from '@planwerk/projector';
import type { Pool } from 'pg';
import { z } from 'zod';

// Keyset pagination over the projector's activity log, newest first, on the index
// (team_id, recorded_at DESC, event_id DESC). Access control sits in the query handler that
// calls this; the repository only reads.
export const MAX_ACTIVITY_PAGE = 200;

export interface ListActivityOptions {
  teamId: string;
  /** The `next` cursor of the previous page; absent for the newest entries. */
  after?: string;
  limit: number;
}

export interface ActivityEntry {
  eventId: string;
  teamId: string | null;
  projectId: string | null;
  listId: string | null;
  objectKind: string;
  objectId: string;
  action: string;
  eventType: string;
  actor: { kind: string; id: string; name: string | null };
  recordedAt: Date;
  checkpoint: string;
  streamId: string;
  streamVersion: number;
  changes: Array<{ field: string; before: unknown; after: unknown }>;
}

export interface ActivityPage {
  items: ActivityEntry[];
  /** Cursor for the next (older) page; null on the last page. */
  next: string | null;
}

interface ActivityRow {
  event_id: string;
  team_id: string | null;
  project_id: string | null;
  list_id: string | null;
  object_kind: string;
  object_id: string;
  action: string;
  event_type: string;
  actor_kind: string;
  actor_id: string;
  actor_name: string | null;
  recorded_at: Date;
  recorded_at_exact: string;
  checkpoint: string;
  stream_id: string;
  stream_version: number;
  changes: ActivityEntry['changes'];
}

// The cursor keeps recorded_at as PostgreSQL printed it: a JS Date would drop the microseconds
// and make the next page repeat or skip rows that share a millisecond.
const cursorSchema = z.tuple([z.string().min(1).max(64), z.uuid()]);

function encodeCursor(row: ActivityRow): string {
  return Buffer.from(JSON.stringify([row.recorded_at_exact, row.event_id])).toString('base64url');
}

function decodeCursor(cursor: string): [string, string] {
  try {
    const decoded = cursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (Number.isNaN(Date.parse(decoded[0]))) throw new Error('not a timestamp');
    return decoded;
  } catch (error) {
    throw new DomainError('validation_failed', { field: 'after', details: error });
  }
}

// The live version of the table (blue-green rebuilds swap it); null before the projector ran.
async function liveTable(pool: Pool): Promise<string | null> {
  try {
    return await activeTable(pool, activityLogProjection.name, ACTIVITY_LOG);
  } catch (error) {
    if (error instanceof ProjectionNotFound || (error as { code?: string }).code === '42P01') return null;
    throw error;
  }
}

const COLUMNS = `event_id, team_id, project_id, list_id, object_kind, object_id, action, event_type,
  actor_kind, actor_id, actor_name, recorded_at, to_json(recorded_at) #>> '{}' AS recorded_at_exact,
  checkpoint, stream_id, stream_version, changes`;

export async function listActivity(pool: Pool, options: ListActivityOptions): Promise<ActivityPage> {
  if (!Number.isInteger(options.limit) || options.limit < 1 || options.limit > MAX_ACTIVITY_PAGE) {
    throw new DomainError('validation_failed', { field: 'limit', details: { max: MAX_ACTIVITY_PAGE } });
  }
  const cursor = options.after === undefined ? null : decodeCursor(options.after);
  const table = await liveTable(pool);
  if (table === null) return { items: [], next: null };
  // One row more than asked tells whether another page exists.
  const result = cursor === null
    ? await pool.query<ActivityRow>(
      `SELECT ${COLUMNS} FROM ${table} WHERE team_id = $1
        ORDER BY recorded_at DESC, event_id DESC LIMIT $2`,
      [options.teamId, options.limit + 1])
    : await pool.query<ActivityRow>(
      `SELECT ${COLUMNS} FROM ${table} WHERE team_id = $1 AND (recorded_at, event_id) < ($2::timestamptz, $3::uuid)
        ORDER BY recorded_at DESC, event_id DESC LIMIT $4`,
      [options.teamId, cursor[0], cursor[1], options.limit + 1]).catch((error: unknown) => {
      // Class 22 (data exception): a cursor time PostgreSQL cannot read is bad input, not a fault.
      if (String((error as { code?: unknown }).code).startsWith('22')) {
        throw new DomainError('validation_failed', { field: 'after', details: error });
      }
      throw error;
    });
  const rows = result.rows.slice(0, options.limit);
  const more = result.rows.length > options.limit;
  return { items: rows.map(toEntry), next: more ? encodeCursor(rows[rows.length - 1]) : null };
}

function toEntry(row: ActivityRow): ActivityEntry {
  return {
    eventId: row.event_id,
    teamId: row.team_id,
    projectId: row.project_id,
    listId: row.list_id,
    objectKind: row.object_kind,
    objectId: row.object_id,
    action: row.action,
    eventType: row.event_type,
    actor: { kind: row.actor_kind, id: row.actor_id, name: row.actor_name },
    recordedAt: row.recorded_at,
    checkpoint: row.checkpoint,
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    changes: row.changes,
  };
}
