import { systemClock, type Clock } from '@planwerk/platform';
import type { Pool } from 'pg';
import { activeTable, ProjectionNotFound } from '../runtime/projector-schema';
import { ACTIVITY_LOG, activityLogProjection } from './activity-log.projection';
import { ACTIVITY_RETENTION, activitySettingsProjection } from './activity-settings.projection';

/**
 * Retention maintenance (ADR 0007): deletes log rows older than their team's retention from the
 * live table. Deliberately not part of the projection: projections may not read the clock (a
 * rebuild must yield the same rows), so this step runs beside them with the time passed in.
 * The query side hides expired rows by itself; this only frees the space. A rebuild brings
 * expired rows back until the next run. Deletes in small batches to keep transactions short.
 */
export async function purgeExpiredActivity(pool: Pool, options: { now: Date; batchSize?: number }): Promise<{ deleted: number }> {
  const batchSize = options.batchSize ?? 5_000;
  let log: string;
  let retention: string;
  try {
    log = await activeTable(pool, activityLogProjection.name, ACTIVITY_LOG);
    retention = await activeTable(pool, activitySettingsProjection.name, ACTIVITY_RETENTION);
  } catch (error) {
    if (error instanceof ProjectionNotFound) return { deleted: 0 };
    throw error;
  }
  const teams = await pool.query<{ team_id: string; days: number }>(`SELECT team_id, days FROM ${retention} WHERE days IS NOT NULL`);
  let deleted = 0;
  for (const { team_id: teamId, days } of teams.rows) {
    const cutoff = new Date(options.now.getTime() - days * 86_400_000);
    for (;;) {
      // Oldest first along the team index; the sub-select bounds each transaction.
      const result = await pool.query(
        `DELETE FROM ${log} WHERE event_id IN (
           SELECT event_id FROM ${log} WHERE team_id = $1 AND recorded_at < $2 ORDER BY recorded_at, event_id LIMIT $3)`,
        [teamId, cutoff, batchSize]);
      deleted += result.rowCount ?? 0;
      if ((result.rowCount ?? 0) < batchSize) break;
    }
  }
  return { deleted };
}

export interface ActivityPurgeOptions {
  pool: Pool;
  /** Default: hourly. */
  intervalMs?: number;
  /** The time expiry is measured against; the wall clock by default. */
  clock?: Clock;
  onError?(error: unknown): void;
}

/** Runs `purgeExpiredActivity` at start and then every `intervalMs` until stopped. */
export function startActivityPurge(options: ActivityPurgeOptions): { stop(): Promise<void> } {
  const clock = options.clock ?? systemClock;
  let running: Promise<unknown> | null = null;
  const run = (): void => {
    if (running) return; // the previous run is still deleting
    running = purgeExpiredActivity(options.pool, { now: clock.now() })
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => { running = null; });
  };
  run();
  const timer = setInterval(run, options.intervalMs ?? 3_600_000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
