import { DomainError } from '@planwerk/events';
import {
  ACTIVITY_LOG, ACTIVITY_LOG_COLUMNS, ACTIVITY_RETENTION, activityLogProjection, activitySettingsProjection, type ActivityRow,
} from '@planwerk/projector';
import type { Pool } from 'pg';
import { z } from 'zod';
import { liveTable } from '../shared/projections/live-table';

// Keyset pagination over the projector's activity log, newest first, on the indexes
// (team_id, <filter column>, recorded_at DESC, event_id DESC) (ADR 0007). Access control sits
// in the handlers that call this; the repository only reads.
export const MAX_ACTIVITY_PAGE = 200;

/**
 * What to show. Each filter is an equality on an indexed column (or, for `action`, on the
 * action or its feature prefix), so every combination walks one index in keyset order.
 */
export interface ActivityFilter {
  teamId: string;
  /** Limited access (spec section 6, result 1): only these projects. */
  projectIds?: readonly string[];
  project?: string;
  list?: string;
  /** Actor id. */
  person?: string;
  /** Object kind. */
  kind?: string;
  /** An action key (`signups.added`) or its feature prefix (`signups`). */
  action?: string;
  /** Event type. */
  type?: string;
  /** Inclusive lower bound; a bare date is the start of that day (UTC). */
  from?: string;
  /** Inclusive upper bound; a bare date is the whole day (UTC). */
  to?: string;
  /** The oldest time the team's retention shows (`retentionCutoff`); older entries are hidden even before the purge ran. */
  retainedSince?: Date | null;
}

/**
 * The oldest time a retention of `days` shows at `now` (the service's clock), null for no
 * retention: the same cutoff the projector's purge deletes by.
 */
export function retentionCutoff(days: number | null, now: Date): Date | null {
  return days === null ? null : new Date(now.getTime() - days * 86_400_000);
}

export interface ListActivityOptions extends ActivityFilter {
  /** The `next` cursor of the previous page; absent for the newest entries. */
  after?: string;
  limit: number;
}

/** A log entry as the query side hands it on: the projector's row with its actor in one place. */
export type ActivityEntry = Omit<ActivityRow, 'actorKind' | 'actorId' | 'actorName'> & {
  actor: { kind: string; id: string; name: string | null };
};

export interface ActivityPage {
  items: ActivityEntry[];
  /** Cursor for the next (older) page; null on the last page. */
  next: string | null;
}

/** A row of the projector's log, with `recordedAt` as PostgreSQL printed it (for the cursor). */
export type ActivityLogRead = ActivityRow & { recordedAtExact: string };

// The cursor keeps recorded_at as PostgreSQL printed it: a JS Date would drop the microseconds
// and make the next page repeat or skip rows that share a millisecond.
const cursorSchema = z.tuple([z.string().min(1).max(64), z.uuid()]);

function encodeCursor(row: ActivityLogRead): string {
  return Buffer.from(JSON.stringify([row.recordedAtExact, row.eventId])).toString('base64url');
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

/** The live version of the log table (blue-green rebuilds swap it); null before the projector ran. */
export function liveActivityTable(pool: Pool): Promise<string | null> {
  return liveTable(pool, activityLogProjection.name, ACTIVITY_LOG);
}

/** The team's retention in days; null keeps everything (also before it was ever set). */
export async function retentionDaysOf(pool: Pool, teamId: string): Promise<number | null> {
  const table = await liveTable(pool, activitySettingsProjection.name, ACTIVITY_RETENTION);
  if (table === null) return null;
  const result = await pool.query<{ days: number | null }>(`SELECT days FROM ${table} WHERE team_id = $1`, [teamId]);
  return result.rows[0]?.days ?? null;
}

export const ACTIVITY_COLUMNS = `${ACTIVITY_LOG_COLUMNS}, to_json(recorded_at) #>> '{}' AS "recordedAtExact"`;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** SQL conditions and parameters for a filter; `$1` is the team. */
export function filterConditions(filter: ActivityFilter, params: unknown[] = [filter.teamId]): { where: string[]; params: unknown[] } {
  const where = ['team_id = $1'];
  const bind = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filter.projectIds !== undefined) where.push(`project_id = ANY(${bind([...filter.projectIds])}::text[])`);
  if (filter.project !== undefined) where.push(`project_id = ${bind(filter.project)}`);
  if (filter.list !== undefined) where.push(`list_id = ${bind(filter.list)}`);
  if (filter.person !== undefined) where.push(`actor_id = ${bind(filter.person)}`);
  if (filter.kind !== undefined) where.push(`object_kind = ${bind(filter.kind)}`);
  if (filter.type !== undefined) where.push(`event_type = ${bind(filter.type)}`);
  if (filter.action !== undefined) {
    const action = bind(filter.action);
    where.push(`(action = ${action} OR starts_with(action, ${action} || '.'))`);
  }
  if (filter.from !== undefined) where.push(`recorded_at >= ${bind(DAY.test(filter.from) ? `${filter.from}T00:00:00Z` : filter.from)}::timestamptz`);
  if (filter.to !== undefined) {
    if (DAY.test(filter.to)) where.push(`recorded_at < (${bind(filter.to)}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
    else where.push(`recorded_at <= ${bind(filter.to)}::timestamptz`);
  }
  if (filter.retainedSince !== undefined && filter.retainedSince !== null) where.push(`recorded_at >= ${bind(filter.retainedSince)}::timestamptz`);
  return { where, params };
}

/** 400 naming `to` when the range ends before it starts. */
export function checkRange(filter: Pick<ActivityFilter, 'from' | 'to'>): void {
  if (filter.from === undefined || filter.to === undefined) return;
  const start = Date.parse(DAY.test(filter.from) ? `${filter.from}T00:00:00Z` : filter.from);
  const end = DAY.test(filter.to) ? Date.parse(`${filter.to}T00:00:00Z`) + 86_400_000 : Date.parse(filter.to);
  if (end < start) throw new DomainError('validation_failed', { field: 'to', details: 'the range ends before it starts' });
}

/** A filter PostgreSQL cannot read (class 22: a date out of range, ...) is bad input, not a fault. */
export function asInputError(field: string): (error: unknown) => never {
  return (error: unknown) => {
    if (String((error as { code?: unknown }).code).startsWith('22')) throw new DomainError('validation_failed', { field, details: error });
    throw error;
  };
}

/** The SQL of one page (exported for the index checks: EXPLAIN of exactly what runs). */
export function activityPageQuery(table: string, options: ListActivityOptions): { text: string; values: unknown[] } {
  const cursor = options.after === undefined ? null : decodeCursor(options.after);
  const { where, params } = filterConditions(options);
  if (cursor !== null) {
    params.push(cursor[0], cursor[1]);
    where.push(`(recorded_at, event_id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
  }
  // One row more than asked tells whether another page exists.
  params.push(options.limit + 1);
  return {
    text: `SELECT ${ACTIVITY_COLUMNS} FROM ${table} WHERE ${where.join(' AND ')}
      ORDER BY recorded_at DESC, event_id DESC LIMIT $${params.length}`,
    values: params,
  };
}

export async function listActivity(pool: Pool, options: ListActivityOptions): Promise<ActivityPage> {
  if (!Number.isInteger(options.limit) || options.limit < 1 || options.limit > MAX_ACTIVITY_PAGE) {
    throw new DomainError('validation_failed', { field: 'limit', details: { max: MAX_ACTIVITY_PAGE } });
  }
  checkRange(options);
  const table = await liveActivityTable(pool);
  if (table === null) return { items: [], next: null };
  const query = activityPageQuery(table, options);
  const result = await pool.query<ActivityLogRead>(query.text, query.values).catch(asInputError(options.after === undefined ? 'from' : 'after'));
  const rows = result.rows.slice(0, options.limit);
  const more = result.rows.length > options.limit;
  return { items: rows.map(toEntry), next: more ? encodeCursor(rows[rows.length - 1]) : null };
}

export function toEntry(row: ActivityRow): ActivityEntry {
  return {
    eventId: row.eventId, teamId: row.teamId, projectId: row.projectId, listId: row.listId, objectKind: row.objectKind,
    objectId: row.objectId, action: row.action, eventType: row.eventType, actor: { kind: row.actorKind, id: row.actorId, name: row.actorName },
    recordedAt: row.recordedAt, checkpoint: row.checkpoint, streamId: row.streamId, streamVersion: row.streamVersion, changes: row.changes,
  };
}
