// npx tsx bench/projector.bench.ts — events/s of the activity-log projection: the live runner
// catching up from an empty read model, then a blue-green rebuild of the same log. A fresh
// database on DATABASE_URL's server; BENCH_EVENTS sets the log size (default 50,000);
// BENCH_BASELINE=1 adds the same runs event by event (the path before batch apply).
import { Pool } from 'pg';
import { createEventCatalogue, type NewEvent } from '../events/src/index';
import { createPostgresEventStore, migrateEventStore } from '../platform/src/index';
import { activityLogProjection } from '../projector/src/activity/activity-log.projection';
import { rebuildProjection } from '../projector/src/rebuild/rebuild-projection';
import type { Projection } from '../projector/src/runtime/projection';
import { migrateProjector } from '../projector/src/runtime/projector-schema';
import { feedbackVoted } from '../projector/src/runtime/testing/projector-test-kit';
import { createTestDatabase } from '../scripts/testing/database';
import { dropLive, timeLive } from './projector-bench-workloads';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 50_000);
const PER_APPEND = 100;
const WRITERS = 4;
const LIVE_BATCH = process.env.BENCH_LIVE_BATCH ? Number(process.env.BENCH_LIVE_BATCH) : undefined;
const REBUILD_BATCH = process.env.BENCH_REBUILD_BATCH ? Number(process.env.BENCH_REBUILD_BATCH) : undefined;

const BASELINE = process.env.BENCH_BASELINE === '1';

const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL) {
    process.stderr.write('DATABASE_URL is not set: point it at a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/postgres\n');
    process.exit(2);
  }
  if (!Number.isSafeInteger(EVENTS) || EVENTS < PER_APPEND) throw new Error(`BENCH_EVENTS must be an integer ≥ ${PER_APPEND}`);
  const database = await createTestDatabase('bench_projector');
  const pool = new Pool({ connectionString: database.url, max: 12 });
  pool.on('error', () => undefined); // idle connections end when the database is dropped
  const store = createPostgresEventStore({ pool, statementTimeoutMs: 600_000 });
  const catalogue = createEventCatalogue();
  try {
    await migrateEventStore(pool);
    await migrateProjector(pool);

    // Fill: WRITERS concurrent writers, PER_APPEND FeedbackVoted events per append, one stream each.
    const appends = EVENTS / PER_APPEND;
    let next = 0;
    const fillStarted = performance.now();
    await Promise.all(Array.from({ length: WRITERS }, async () => {
      for (let i = next++; i < appends; i = next++) {
        const events: NewEvent[] = Array.from({ length: PER_APPEND }, (_, j) => feedbackVoted(j % 2 === 0 ? 1 : 2, `bench vote ${i}-${j}`));
        await store.append(`feedback-${i}`, events);
      }
    }));
    const fillMs = performance.now() - fillStarted;
    const total = Math.floor(appends) * PER_APPEND;

    const live = await timeLive(pool, store, catalogue, activityLogProjection, LIVE_BATCH, total);
    // Rebuild: a new version from the start of the log, then the swap.
    const rebuilt = await rebuildProjection({ pool, store, catalogue, projection: activityLogProjection, batchSize: REBUILD_BATCH });
    if (rebuilt.events !== total) throw new Error(`rebuild saw ${rebuilt.events} of ${total} events`);

    const rows: [string, number, number][] = [
      ['append (store, 4 writers × 100/append)', total, fillMs],
      ['activity-log live catch-up, batch apply', total, live],
      ['activity-log rebuild (blue-green), batch apply', rebuilt.events, rebuilt.elapsedMs],
    ];
    if (BASELINE) {
      // The same projection without its batch path: one event at a time, as before batch apply.
      const perEvent: Projection = { ...activityLogProjection, applyBatch: undefined };
      const slow = await rebuildProjection({ pool, store, catalogue, projection: perEvent, batchSize: REBUILD_BATCH });
      rows.push(['activity-log rebuild, event by event (baseline)', slow.events, slow.elapsedMs]);
      await dropLive(pool, perEvent);
      rows.push(['activity-log live catch-up, event by event, batch 500 (baseline)', total, await timeLive(pool, store, catalogue, perEvent, 500, total)]);
    }
    process.stdout.write([
      `projector bench: ${fmt(total)} FeedbackVoted events, live batch ${LIVE_BATCH ?? 'default'}, rebuild batch ${REBUILD_BATCH ?? 'default'}`,
      '| case | events | seconds | events/s |',
      '|---|---:|---:|---:|',
      ...rows.map(([name, events, ms]) => `| ${name} | ${fmt(events)} | ${(ms / 1000).toFixed(2)} | ${fmt((events * 1000) / ms)} |`),
    ].join('\n') + '\n');
  } finally {
    await store.close();
    await pool.end();
    await database.drop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`projector bench failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  process.exit(1);
});
