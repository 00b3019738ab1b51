import { ACTIVITY_READ_POSITIONS, activitySettingsProjection } from '@planwerk/projector';
import type { Pool } from 'pg';
import { liveTable } from '../shared/projections/live-table';
import { ACTIVITY_COLUMNS, liveActivityTable, toEntry, type ActivityEntry, type ActivityLogRead } from './list-activity.repository';

/** The badge counts up to this many; beyond it the answer says `capped`. */
export const CHANGES_COUNT_CAP = 999;

export interface ProjectChanges {
  count: number;
  capped: boolean;
  seen: string | null;
  position: string | null;
  entries: ActivityEntry[];
}

/** The live read-positions table, or null before the settings projection has one. */
const readPositionsTable = (pool: Pool): Promise<string | null> => liveTable(pool, activitySettingsProjection.name, ACTIVITY_READ_POSITIONS);

async function readPosition(pool: Pool, userId: string, projectId: string): Promise<string | null> {
  const table = await readPositionsTable(pool);
  if (table === null) return null;
  const result = await pool.query<{ position: string }>(`SELECT position FROM ${table} WHERE user_id = $1 AND project_id = $2`, [userId, projectId]);
  return result.rows[0]?.position ?? null;
}

/**
 * "What changed since I last looked" (ADR 0007): the project's entries after the caller's read
 * position in log order (checkpoint order, not time: an event committed late still counts),
 * without the caller's own actions, inside the team's retention. Checkpoints of both store
 * adapters are zero-padded, so byte order (COLLATE "C") is log order; the index
 * (team_id, project_id, checkpoint COLLATE "C") serves it.
 */
export async function listProjectChanges(
  pool: Pool,
  input: { teamId: string; projectId: string; userId: string; limit: number; retainedSince: Date | null },
): Promise<ProjectChanges> {
  const seen = await readPosition(pool, input.userId, input.projectId);
  const table = await liveActivityTable(pool);
  if (table === null) return { count: 0, capped: false, seen, position: seen, entries: [] };
  const params: unknown[] = [input.teamId, input.projectId, input.userId];
  const where = ['team_id = $1', 'project_id = $2', 'actor_id <> $3'];
  if (seen !== null) {
    params.push(seen);
    where.push(`checkpoint COLLATE "C" > $${params.length}`);
  }
  if (input.retainedSince !== null) {
    params.push(input.retainedSince);
    where.push(`recorded_at >= $${params.length}::timestamptz`);
  }
  const conditions = where.join(' AND ');
  const counted = await pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${table} WHERE ${conditions} LIMIT ${CHANGES_COUNT_CAP + 1}) c`, params);
  const n = counted.rows[0]?.n ?? 0;
  const rows = await pool.query<ActivityLogRead>(
    `SELECT ${ACTIVITY_COLUMNS} FROM ${table} WHERE ${conditions}
      ORDER BY checkpoint COLLATE "C" DESC LIMIT $${params.length + 1}`, [...params, input.limit]);
  const entries = rows.rows.map(toEntry);
  return { count: Math.min(n, CHANGES_COUNT_CAP), capped: n > CHANGES_COUNT_CAP, seen, position: entries[0]?.checkpoint ?? seen, entries };
}

export interface ProjectChangeCount {
  projectId: string;
  count: number;
  capped: boolean;
}

/**
 * The badge counts of several projects in one statement (the home page, issue 14): for each
 * project the same rule as listProjectChanges — entries after the caller's read position in
 * log order, not the caller's own, inside the retention — counted up to the cap, in the order
 * the projects were asked for.
 */
export async function countProjectChanges(
  pool: Pool,
  input: { teamId: string; projectIds: readonly string[]; userId: string; retainedSince: Date | null },
): Promise<ProjectChangeCount[]> {
  const table = await liveActivityTable(pool);
  if (table === null || input.projectIds.length === 0) return input.projectIds.map((projectId) => ({ projectId, count: 0, capped: false }));
  const positions = await readPositionsTable(pool);
  const seen = positions === null
    ? 'NULL::text'
    : `(SELECT r.position FROM ${positions} r WHERE r.user_id = $2 AND r.project_id = p.project_id)`;
  const result = await pool.query<{ project_id: string; n: number }>(
    `SELECT p.project_id, (
        SELECT count(*)::int FROM (
          SELECT 1 FROM ${table} l
           WHERE l.team_id = $1 AND l.project_id = p.project_id AND l.actor_id <> $2
             AND (s.seen IS NULL OR l.checkpoint COLLATE "C" > s.seen COLLATE "C")
             AND ($4::timestamptz IS NULL OR l.recorded_at >= $4::timestamptz)
           LIMIT ${CHANGES_COUNT_CAP + 1}) c
      ) AS n
      FROM unnest($3::text[]) WITH ORDINALITY AS p(project_id, ord)
      CROSS JOIN LATERAL (SELECT ${seen} AS seen) s
     ORDER BY p.ord`,
    [input.teamId, input.userId, input.projectIds, input.retainedSince],
  );
  return result.rows.map((row) => ({ projectId: row.project_id, count: Math.min(row.n, CHANGES_COUNT_CAP), capped: row.n > CHANGES_COUNT_CAP }));
}
