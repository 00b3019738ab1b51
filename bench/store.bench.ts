// npm run bench:store — events/s of the PostgreSQL event store beside a raw `pg` baseline of
// the same row shape, in the same process and database. BENCH_LARGE=1 adds the 2M-event log.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import { startEmbeddedPostgres } from '../deploy/embedded/src/embedded-postgres';
import { migrateEventStore } from '../platform/src/store/postgres/event-store.schema';
import { createPostgresEventStore } from '../platform/src/store/postgres/postgres-event-store.adapter';
import { createTestDatabase } from '../scripts/testing/database';
import {
  createRawSchema,
  fillLog,
  PAYLOAD_BYTES,
  rate,
  rawAppends,
  rawReadAll,
  storeAppends,
  storeReadAll,
  type Measured,
} from './store-bench-workloads';

const BATCH = 100;
const READ_BATCH = 1000;
const SINGLE_APPENDS = Number(process.env.BENCH_SINGLE_APPENDS ?? 150);
const PARALLEL_APPENDS = Number(process.env.BENCH_PARALLEL_APPENDS ?? 10);
const LOG_SIZES = process.env.BENCH_LARGE === '1' ? [200_000, 2_000_000] : [200_000];

const APPEND_ROUNDS = Math.max(3, Number(process.env.BENCH_ROUNDS ?? 5));
const READ_ROUNDS = Math.max(3, Number(process.env.BENCH_READ_ROUNDS ?? 3));

interface Row {
  case: string;
  events: number;
  rounds: number | null;
  store: number;
  raw: number | null;
  ratio: number | null;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

// Interleaves raw and store runs (alternating which goes first) and keeps the median rate of
// each: on a shared machine a burst of load then hits both sides, and one outlier hits neither.
async function medianOf(
  label: string,
  rounds: number,
  store: () => Promise<Measured>,
  raw: () => Promise<Measured>,
): Promise<{ events: number; rounds: number; store: number; raw: number; ratio: number }> {
  const storeRates: number[] = [];
  const rawRates: number[] = [];
  let events = 0;
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 === 0 ? [raw, store] : [store, raw];
    const [first, second] = [await order[0](), await order[1]()];
    const [r, s] = round % 2 === 0 ? [first, second] : [second, first];
    rawRates.push(rate(r));
    storeRates.push(rate(s));
    events = s.events;
  }
  // The ratio is the median of each round's paired ratio: both sides of a round saw the same load.
  const ratios = storeRates.map((s, i) => s / rawRates[i]);
  process.stdout.write(`  ${label}: store/raw per round ${ratios.map((r) => r.toFixed(2)).join(' ')}\n`);
  return { events, rounds, store: median(storeRates), raw: median(rawRates), ratio: median(ratios) };
}

function printTable(rows: Row[]): void {
  const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
  const lines = [
    '| case | events/round | rounds | store events/s (median) | raw pg events/s (median) | store / raw (median of rounds) |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows.map((row) =>
      `| ${row.case} | ${fmt(row.events)} | ${row.rounds ?? 1} | ${fmt(row.store)} | ${row.raw === null ? '—' : fmt(row.raw)} | ${row.ratio === null ? '—' : `${row.ratio.toFixed(2)}×`} |`,
    ),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

async function main(): Promise<void> {
  let embedded: { stop(): Promise<void> } | null = null;
  if (!process.env.DATABASE_URL) {
    process.stdout.write('DATABASE_URL not set: starting an embedded PostgreSQL\n');
    const handle = await startEmbeddedPostgres({
      dataDir: mkdtempSync(join(tmpdir(), 'planwerk-bench-pg-')),
      port: 56000 + Math.floor(Math.random() * 3000),
      persistent: false,
    });
    process.env.DATABASE_URL = handle.url;
    embedded = handle;
  }
  const database = await createTestDatabase('bench_store');
  const pool = new Pool({ connectionString: database.url, max: 20 });
  const store = createPostgresEventStore({ pool, statementTimeoutMs: 600_000 });
  try {
    await migrateEventStore(pool);
    await createRawSchema(pool);
    process.stdout.write(`payload ${PAYLOAD_BYTES} bytes of JSON per event, ${BATCH} events per append\n`);
    // Warm up connections and prepared statements on both sides.
    await storeAppends(store, 16, 1, BATCH);
    await rawAppends(pool, 16, 1, BATCH);

    const rows: Row[] = [];
    const single = `append, 1 writer, ${BATCH}/append`;
    rows.push({ case: single, ...(await medianOf(single, APPEND_ROUNDS, () => storeAppends(store, 1, SINGLE_APPENDS, BATCH), () => rawAppends(pool, 1, SINGLE_APPENDS, BATCH))) });
    const parallel = `append, 16 writers (distinct streams), ${BATCH}/append`;
    rows.push({ case: parallel, ...(await medianOf(parallel, APPEND_ROUNDS, () => storeAppends(store, 16, PARALLEL_APPENDS, BATCH), () => rawAppends(pool, 16, PARALLEL_APPENDS, BATCH))) });
    await pool.query('VACUUM ANALYZE events');
    await pool.query('VACUUM ANALYZE raw_bench.events');
    const read = `read whole log, ${READ_BATCH}/batch`;
    rows.push({ case: read, ...(await medianOf(read, READ_ROUNDS, () => storeReadAll(store, READ_BATCH), () => rawReadAll(pool, READ_BATCH))) });

    for (const size of LOG_SIZES) {
      process.stdout.write(`filling the log to ${size.toLocaleString('en-US')} events...\n`);
      await fillLog(pool, size);
      await pool.query('VACUUM ANALYZE events');
      const whole = await storeReadAll(store, READ_BATCH);
      rows.push({ case: `store read whole log at ${size.toLocaleString('en-US')} events`, events: whole.events, rounds: null, store: rate(whole), raw: null, ratio: null });
    }
    printTable(rows);
    if (LOG_SIZES.length === 1) process.stdout.write('(2M-event log read: run with BENCH_LARGE=1)\n');
  } finally {
    await store.close();
    await pool.end();
    await database.drop();
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
