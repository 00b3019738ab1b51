import type { Pool } from 'pg';

export interface SkipResult {
  /** True when the projection was stopped at this event and now resumes. */
  resumed: boolean;
}

/**
 * Security-and-reliability fault 9: a poison event is skipped only by an operator, on the
 * record (who, when, why, which event), never silently. Live runners and rebuilds honour it.
 */
export async function skipEvent(
  pool: Pool,
  input: { projection: string; eventId: string; reason: string; by: string },
): Promise<SkipResult> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const status = await client.query<{ failed: boolean; error_event_id: string | null; error_event_type: string | null; error_checkpoint: string | null }>(
      'SELECT failed, error_event_id, error_event_type, error_checkpoint FROM projection_status WHERE name = $1 FOR UPDATE',
      [input.projection]);
    const row = status.rows[0];
    if (!row) throw new Error(`Unknown projection "${input.projection}"`);
    const atFailure = row.failed && row.error_event_id === input.eventId;
    await client.query(
      `INSERT INTO projection_skips (name, event_id, event_type, checkpoint, reason, skipped_by)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (name, event_id) DO NOTHING`,
      [input.projection, input.eventId, atFailure ? row.error_event_type : null, atFailure ? row.error_checkpoint : null, input.reason, input.by]);
    if (atFailure) await clearFailure(client, input.projection);
    await client.query('COMMIT');
    return { resumed: atFailure };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Clears a failure so the runner tries the event again (after a fix was deployed). */
export async function retryProjection(pool: Pool, projection: string): Promise<boolean> {
  const result = await pool.query(
    'UPDATE projection_status SET failed = false, updated_at = now() WHERE name = $1 AND failed', [projection]);
  return result.rowCount === 1;
}

async function clearFailure(client: Pick<Pool, 'query'>, projection: string): Promise<void> {
  await client.query('UPDATE projection_status SET failed = false, updated_at = now() WHERE name = $1', [projection]);
}

export interface SkipRecord {
  eventId: string;
  eventType: string | null;
  reason: string;
  skippedBy: string;
  skippedAt: Date;
}

export async function listSkips(pool: Pool, projection: string): Promise<SkipRecord[]> {
  const result = await pool.query<{ event_id: string; event_type: string | null; reason: string; skipped_by: string; skipped_at: Date }>(
    'SELECT event_id, event_type, reason, skipped_by, skipped_at FROM projection_skips WHERE name = $1 ORDER BY id', [projection]);
  return result.rows.map((r) => ({ eventId: r.event_id, eventType: r.event_type, reason: r.reason, skippedBy: r.skipped_by, skippedAt: r.skipped_at }));
}
