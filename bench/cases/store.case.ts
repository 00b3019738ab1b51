import { Pool } from 'pg';
import { migrateEventStore } from '../../platform/src/store/postgres/event-store.schema';
import { createPostgresEventStore } from '../../platform/src/store/postgres/postgres-event-store.adapter';
import { createTestDatabase } from '../../scripts/testing/database';
import { fmt, ratio, verdict, type Goal, type Section } from '../harness/report';
import { interleavedRounds, type RoundResult } from '../harness/stats';
import { createRawSchema, fillLog, PAYLOAD_BYTES, rate, rawAppends, rawReadAll, storeAppends, storeReadAll, type Measured } from '../store-bench-workloads';
import { defaultPgTypes, openEmmett } from './emmett-workloads';

// Event store appends and whole-log reads: the store beside raw `pg` on the same row shape and
// beside Emmett's PostgreSQL event store, all three on one fresh database, rounds interleaved.

const BATCH = 100;
const READ_BATCH = 1000;

export interface StoreCaseOptions {
  rounds: number;
  singleAppends: number;
  parallelAppends: number;
  logSizes: number[];
  log(line: string): void;
}

export interface StoreCaseResult {
  section: Section;
  /** events/s of the store with 16 writers: the projector goal is relative to it. */
  peakAppendRate: number;
}

export async function runStoreCase(options: StoreCaseOptions): Promise<StoreCaseResult> {
  const database = await createTestDatabase('bench_store');
  const pool = new Pool({ connectionString: database.url, max: 20, types: defaultPgTypes });
  const emmettPool = new Pool({ connectionString: database.url, max: 20 });
  pool.on('error', () => undefined);
  emmettPool.on('error', () => undefined);
  const store = createPostgresEventStore({ pool, statementTimeoutMs: 600_000 });
  const notes: string[] = [`~${PAYLOAD_BYTES} bytes of JSON per event, ${BATCH} events per append, whole-log reads in pages of ${READ_BATCH}.`];
  let emmett: Awaited<ReturnType<typeof openEmmett>> | null = null;
  try {
    await migrateEventStore(pool);
    await createRawSchema(pool);
    try {
      emmett = await openEmmett(database.url, emmettPool);
    } catch (error) {
      notes.push(`Emmett could not be started here, so its column is empty: ${error instanceof Error ? error.message : String(error)}`);
    }
    const e = emmett;
    // Warm up connections and prepared statements on every side.
    await storeAppends(store, 16, 1, BATCH);
    await rawAppends(pool, 16, 1, BATCH);
    await e?.appends(16, 1, BATCH);

    type Side = () => Promise<Measured>;
    const sides = (s: Side, r: Side, m?: Side): Record<string, Side> => (m ? { store: s, raw: r, emmett: m } : { store: s, raw: r });
    const cases: Array<[string, RoundResult]> = [];
    options.log(`store: 1 writer × ${options.singleAppends} appends`);
    cases.push([`append, 1 writer, ${BATCH}/append`, await interleavedRounds(options.rounds, 'raw', sides(
      () => storeAppends(store, 1, options.singleAppends, BATCH), () => rawAppends(pool, 1, options.singleAppends, BATCH),
      e ? () => e.appends(1, options.singleAppends, BATCH) : undefined))]);
    options.log(`store: 16 writers × ${options.parallelAppends} appends`);
    cases.push([`append, 16 writers (distinct streams), ${BATCH}/append`, await interleavedRounds(options.rounds, 'raw', sides(
      () => storeAppends(store, 16, options.parallelAppends, BATCH), () => rawAppends(pool, 16, options.parallelAppends, BATCH),
      e ? () => e.appends(16, options.parallelAppends, BATCH) : undefined))]);
    await pool.query('VACUUM ANALYZE');
    options.log('store: whole-log reads');
    cases.push([`read whole log, ${READ_BATCH}/page`, await interleavedRounds(options.rounds, 'raw', sides(
      () => storeReadAll(store, READ_BATCH), () => rawReadAll(pool, READ_BATCH), e ? () => e.readAll(READ_BATCH) : undefined))]);

    const rows = cases.map(([name, r]) => [
      name, fmt(r.events), String(r.rounds), fmt(r.rates.store), fmt(r.rates.raw), e ? fmt(r.rates.emmett) : 'not run',
      ratio(r.ratios.store), e ? ratio(r.rates.store / r.rates.emmett) : '—',
    ]);
    const goals: Goal[] = cases.flatMap(([name, r]) => [
      { goal: `store ≥ 0.9× raw pg: ${name}`, figure: ratio(r.ratios.store), verdict: verdict(r.ratios.store >= 0.9) },
      e
        ? { goal: `store ≥ 2.5× Emmett: ${name}`, figure: ratio(r.rates.store / r.rates.emmett), verdict: verdict(r.rates.store / r.rates.emmett >= 2.5) }
        : { goal: `store ≥ 2.5× Emmett: ${name}`, figure: 'Emmett did not start', verdict: 'not run' as const },
    ]);

    const sizeRows: string[][] = [];
    const readRates: number[] = [];
    for (const size of options.logSizes) {
      options.log(`store: filling the log to ${fmt(size)} events`);
      await fillLog(pool, size);
      await pool.query('VACUUM ANALYZE events');
      const whole = await storeReadAll(store, READ_BATCH);
      readRates.push(rate(whole));
      sizeRows.push([`store read whole log at ${fmt(size)} events`, fmt(whole.events), fmt(rate(whole)), ratio(rate(whole) / readRates[0])]);
    }
    if (readRates.length > 1) {
      const r = readRates[readRates.length - 1] / readRates[0];
      goals.push({ goal: 'whole-log read as fast at 2M events as at 200k (≥ 0.9×)', figure: ratio(r), verdict: verdict(r >= 0.9) });
    } else {
      goals.push({ goal: 'whole-log read as fast at 2M events as at 200k', figure: `200k: ${fmt(readRates[0])} events/s; 2M only with BENCH_LARGE=1`, verdict: 'not run' });
    }
    const peak = cases[1][1].rates.store;
    return {
      peakAppendRate: peak,
      section: {
        title: 'Event store',
        tables: [
          {
            title: 'appends and whole-log read (events/s, median of rounds)',
            header: ['case', 'events/round', 'rounds', 'store', 'raw pg', 'Emmett', 'store / raw', 'store / Emmett'],
            rows,
          },
          { title: 'whole-log read by log size (one read each)', header: ['case', 'events', 'events/s', 'vs first size'], rows: sizeRows },
        ],
        goals,
        notes: [
          ...notes,
          'raw pg: one multi-row INSERT with bind parameters per append, positions known client-side (no expected-version check, no stream row); whole-log read by keyset on global_position.',
          `Emmett: @event-driven-io/emmett-postgresql 0.42 on Node ${process.version}, \`appendToStream\` with expectedStreamVersion, whole-log read with its \`readMessagesBatch\` (the reader its consumers use).`,
        ],
      },
    };
  } finally {
    await emmett?.close().catch(() => undefined);
    await store.close();
    await pool.end();
    await emmettPool.end().catch(() => undefined);
    await database.drop();
  }
}
