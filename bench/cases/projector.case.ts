import { Pool } from 'pg';
import { createEventCatalogue } from '../../events/src/index';
import { createPostgresEventStore, migrateEventStore } from '../../platform/src/index';
import { activityLogProjection } from '../../projector/src/activity/activity-log.projection';
import { rebuildProjection } from '../../projector/src/rebuild/rebuild-projection';
import { runProjection } from '../../projector/src/runtime/projection-runner';
import { migrateProjector } from '../../projector/src/runtime/projector-schema';
import { createTestDatabase } from '../../scripts/testing/database';
import { fmt, fmtMs, ratio, verdict, type Goal, type Section } from '../harness/report';
import { percentile } from '../harness/stats';
import { appendFeedback, eventsApplied, fillFeedbackLog, timeLive } from '../projector-bench-workloads';

// The activity-log projection (the real read model of every event): sustained throughput and
// lag while appends run, live catch-up from an empty read model, and a blue-green rebuild.

const PER_APPEND = 100;
const WRITERS = 4;
const SAMPLE_MS = 50;

export interface ProjectorCaseOptions {
  rebuildEvents: number;
  sustainedSeconds: number;
  /** The store's 16-writer append rate measured earlier in the same run (NaN when it failed). */
  peakAppendRate: number;
  log(line: string): void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Sustained { appended: number; appendRate: number; projectedRate: number; lagEvents: number[]; lagMs: number[] }

// Appends for `seconds` while the live runner projects. Every SAMPLE_MS the checkpoint's
// counter is read; the lag of a sample is the age of the oldest committed event not yet applied
// (0 when none is waiting) and, in events, committed minus applied.
async function sustained(pool: Pool, store: ReturnType<typeof createPostgresEventStore>, seconds: number): Promise<Sustained> {
  const catalogue = createEventCatalogue();
  const runner = runProjection({ pool, store, catalogue, projection: activityLogProjection, instanceId: 'bench', idleMs: 5 });
  const commits: Array<{ count: number; at: number }> = [];
  let committed = 0;
  let writing = true;
  const started = performance.now();
  const writers = Promise.all(Array.from({ length: WRITERS }, async () => {
    while (writing) {
      await appendFeedback(store, 1, PER_APPEND, 1);
      committed += PER_APPEND;
      commits.push({ count: committed, at: performance.now() });
      if (performance.now() - started > seconds * 1000) writing = false;
    }
  }));
  const lagEvents: number[] = [];
  const lagMs: number[] = [];
  const sampler = (async () => {
    while (writing) {
      await sleep(SAMPLE_MS);
      const now = performance.now();
      const seen = committed;
      const applied = await eventsApplied(pool, activityLogProjection.name);
      lagEvents.push(Math.max(0, seen - applied));
      const oldest = commits.find((c) => c.count > applied);
      lagMs.push(oldest && oldest.count <= seen ? now - oldest.at : 0);
    }
  })();
  await writers;
  const appendSeconds = (performance.now() - started) / 1000;
  await sampler;
  while ((await eventsApplied(pool, activityLogProjection.name)) < committed) await sleep(10);
  const projectSeconds = (performance.now() - started) / 1000;
  await runner.stop();
  return { appended: committed, appendRate: committed / appendSeconds, projectedRate: committed / projectSeconds, lagEvents, lagMs };
}

// On a database of its own, so the log has exactly `events` events whatever the sustained run appended.
async function catchUpAndRebuild(events: number) {
  const database = await createTestDatabase('bench_rebuild');
  const pool = new Pool({ connectionString: database.url, max: 12 });
  pool.on('error', () => undefined);
  const store = createPostgresEventStore({ pool, statementTimeoutMs: 600_000 });
  const catalogue = createEventCatalogue();
  try {
    await migrateEventStore(pool);
    await migrateProjector(pool);
    await fillFeedbackLog(pool, events);
    await pool.query('VACUUM ANALYZE events');
    const total = Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM events')).rows[0].n);
    const catchUpMs = await timeLive(pool, store, catalogue, activityLogProjection, undefined, total);
    const rebuilt = await rebuildProjection({ pool, store, catalogue, projection: activityLogProjection });
    if (rebuilt.events !== total) throw new Error(`rebuild saw ${rebuilt.events} of ${total} events`);
    return { total, catchUpMs, rebuilt };
  } finally {
    await store.close();
    await pool.end();
    await database.drop();
  }
}

export async function runProjectorCase(options: ProjectorCaseOptions): Promise<Section> {
  const database = await createTestDatabase('bench_projector');
  const pool = new Pool({ connectionString: database.url, max: 12 });
  pool.on('error', () => undefined);
  const store = createPostgresEventStore({ pool, statementTimeoutMs: 600_000 });
  try {
    await migrateEventStore(pool);
    await migrateProjector(pool);
    options.log(`projector: ${options.sustainedSeconds} s of appends (${WRITERS} writers × ${PER_APPEND}/append) with the live runner`);
    const live = await sustained(pool, store, options.sustainedSeconds);

    options.log(`projector: a log of ${fmt(options.rebuildEvents)} events, then catch-up and rebuild`);
    const { total, catchUpMs, rebuilt } = await catchUpAndRebuild(options.rebuildEvents);

    const catchUpRate = (total * 1000) / catchUpMs;
    const rebuildRate = (rebuilt.events * 1000) / rebuilt.elapsedMs;
    const vsPeak = catchUpRate / options.peakAppendRate;
    const goals: Goal[] = [
      Number.isFinite(vsPeak)
        ? { goal: 'projector ≥ 1.5× the peak append rate (live catch-up ÷ store 16-writer append rate)', figure: `${fmt(catchUpRate)} ÷ ${fmt(options.peakAppendRate)} = ${ratio(vsPeak)}`, verdict: verdict(vsPeak >= 1.5) }
        : { goal: 'projector ≥ 1.5× the peak append rate', figure: 'no peak append rate (store case failed)', verdict: 'not run' },
      {
        goal: 'rebuild ≥ 30k events/s (of 1M events)',
        figure: `${fmt(rebuildRate)} events/s of ${fmt(rebuilt.events)}${rebuilt.events < 1_000_000 ? ' (1M with BENCH_LARGE=1)' : ''}`,
        verdict: verdict(rebuildRate >= 30_000),
      },
    ];
    return {
      title: 'Projector',
      tables: [
        {
          title: `activity log while appends run (${options.sustainedSeconds} s, ${WRITERS} writers × ${PER_APPEND}/append)`,
          header: ['events', 'append events/s', 'projected events/s (until caught up)', 'projected / appended', 'lag p50', 'lag p99', 'lag p50 (events)', 'lag p99 (events)', 'samples'],
          rows: [[
            fmt(live.appended), fmt(live.appendRate), fmt(live.projectedRate), ratio(live.projectedRate / live.appendRate),
            fmtMs(percentile(live.lagMs, 50)), fmtMs(percentile(live.lagMs, 99)),
            fmt(percentile(live.lagEvents, 50)), fmt(percentile(live.lagEvents, 99)), String(live.lagMs.length),
          ]],
        },
        {
          title: 'catch-up and rebuild (events/s)',
          header: ['case', 'events', 'seconds', 'events/s'],
          rows: [
            ['live catch-up from an empty read model, batch apply', fmt(total), (catchUpMs / 1000).toFixed(2), fmt(catchUpRate)],
            ['blue-green rebuild, batch apply, then the swap', fmt(rebuilt.events), (rebuilt.elapsedMs / 1000).toFixed(2), fmt(rebuildRate)],
          ],
        },
      ],
      goals,
      notes: [
        `Lag is sampled every ${SAMPLE_MS} ms from the checkpoint row: the age of the oldest committed event not yet applied. Appends and the projector share the machine's cores, so while appends run the projector can only follow them; the goal ratio uses the catch-up rate.`,
        'Catch-up and rebuild run on a database of their own whose log holds only FeedbackVoted events, filled server-side.',
      ],
    };
  } finally {
    await store.close();
    await pool.end();
    await database.drop();
  }
}
