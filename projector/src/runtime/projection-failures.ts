import type { Pool } from 'pg';
import type { ProjectionEventFailed } from './projection';

export interface LiveState {
  failed: boolean;
  version: number;
  checkpoint: string | null;
}

export async function readLiveState(pool: Pool, projection: string): Promise<LiveState> {
  const result = await pool.query<{ failed: boolean | null; active_version: number; checkpoint: string | null }>(
    `SELECT s.failed, v.active_version, c.checkpoint
       FROM projection_versions v
       LEFT JOIN projection_status s ON s.name = v.name
       LEFT JOIN projection_checkpoints c ON c.name = v.name AND c.version = v.active_version
      WHERE v.name = $1`, [projection]);
  const row = result.rows[0];
  if (!row) throw new Error(`Projection ${projection} has no version pointer`);
  return { failed: row.failed ?? false, version: row.active_version, checkpoint: row.checkpoint };
}

export async function recordFailure(pool: Pool, failure: ProjectionEventFailed): Promise<void> {
  await pool.query(
    `INSERT INTO projection_status (name, failed, error, error_event_id, error_event_type, error_checkpoint, failed_at, updated_at)
     VALUES ($1, true, $2, $3, $4, $5, now(), now())
     ON CONFLICT (name) DO UPDATE SET failed = true, error = EXCLUDED.error, error_event_id = EXCLUDED.error_event_id,
       error_event_type = EXCLUDED.error_event_type, error_checkpoint = EXCLUDED.error_checkpoint,
       failed_at = now(), updated_at = now()`,
    [failure.projection, failure.message, failure.event.eventId, failure.event.type, failure.event.checkpoint]);
}

export async function loadSkips(pool: Pool, projection: string): Promise<Set<string>> {
  const result = await pool.query<{ event_id: string }>('SELECT event_id FROM projection_skips WHERE name = $1', [projection]);
  return new Set(result.rows.map((row) => row.event_id));
}
