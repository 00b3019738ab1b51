import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import type { EventCatalogue, EventStore } from '../events/src/index';
import { type Projection, versionedTable } from '../projector/src/runtime/projection';
import { runProjection } from '../projector/src/runtime/projection-runner';
import { feedbackVoted } from '../projector/src/runtime/testing/projector-test-kit';

// Workloads shared by bench/projector.bench.ts and the projector case of `npm run bench`.

/** Events the active version of a projection has applied (its checkpoint row's counter). */
export async function eventsApplied(pool: Pool, projection: string): Promise<number> {
  const applied = await pool.query<{ n: string | null }>(
    `SELECT c.events_applied AS n FROM projection_versions v
       JOIN projection_checkpoints c ON c.name = v.name AND c.version = v.active_version WHERE v.name = $1`, [projection]);
  return Number(applied.rows[0]?.n ?? 0);
}

/** Milliseconds for the live runner to take `total` events into an empty read model. */
export async function timeLive(
  pool: Pool, store: EventStore, catalogue: EventCatalogue, projection: Projection, batchSize: number | undefined, total: number,
): Promise<number> {
  const started = performance.now();
  const runner = runProjection({
    pool, store, catalogue, projection, instanceId: 'bench', idleMs: 5, batchSize,
    onError: (error) => process.stderr.write(`live: ${String(error)}\n`),
  });
  // Counted, not compared with the head: on a shared server another session's open
  // transaction can hold the visibility bound back for a moment.
  while ((await eventsApplied(pool, projection.name)) < total) await new Promise((resolve) => setTimeout(resolve, 10));
  const elapsed = performance.now() - started;
  await runner.stop();
  return elapsed;
}

/** Forgets a projection's tables and bookkeeping, so the next runner starts from nothing. */
export async function dropLive(pool: Pool, projection: Projection): Promise<void> {
  const pointer = await pool.query<{ active_version: number }>('SELECT active_version FROM projection_versions WHERE name = $1', [projection.name]);
  const version = pointer.rows[0]?.active_version;
  if (version === undefined) return;
  for (const table of projection.baseTables) await pool.query(`DROP TABLE ${versionedTable(table, version)}`);
  await pool.query('DELETE FROM projection_versions WHERE name = $1', [projection.name]);
  await pool.query('DELETE FROM projection_checkpoints WHERE name = $1', [projection.name]);
}

/** `writers` concurrent writers, `perAppend` FeedbackVoted events per append, a stream per append. */
export async function appendFeedback(store: EventStore, appends: number, perAppend: number, writers: number): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: writers }, async () => {
    for (let i = next++; i < appends; i = next++) {
      await store.append(`feedback-${randomUUID()}`, Array.from({ length: perAppend }, (_, j) => feedbackVoted(j % 2 === 0 ? 1 : 2, `bench vote ${i}-${j}`)));
    }
  }));
}

/** Grows the log to `target` FeedbackVoted events server-side (fast fill for large logs), 20k rows per transaction. */
export async function fillFeedbackLog(pool: Pool, target: number): Promise<void> {
  const sample = feedbackVoted(1, 'bench vote');
  for (;;) {
    const { rows } = await pool.query<{ n: string }>('SELECT count(*) AS n FROM events');
    const missing = target - Number(rows[0].n);
    if (missing <= 0) return;
    const chunk = Math.min(missing, 20_000);
    await pool.query(
      `INSERT INTO events (stream_id, stream_position, event_id, type, data, metadata, schema_version)
       SELECT 'feedback-' || $1::text || '-' || (g / 100), g % 100 + 1, gen_random_uuid(), 'FeedbackVoted',
              jsonb_set($2::jsonb, '{feedbackId}', to_jsonb(gen_random_uuid()::text)), $3::jsonb, 1
         FROM generate_series(0, $4::integer - 1) AS g`,
      [randomUUID(), JSON.stringify(sample.data), JSON.stringify(sample.metadata), chunk],
    );
  }
}
