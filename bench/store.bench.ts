// npm run bench:store — events/s of the PostgreSQL event store beside a raw `pg` baseline of
// the same row shape, in the same process and database. BENCH_LARGE=1 adds the 2M-event log.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import { startEmbeddedPostgres } from '../deploy/embedded/src/embedded-postgres';
import { migrateEventStore } from '../events/src/store/postgres/event-store.schema';
import { createPostgresEventStore } from '../events/src/store/postgres/postgres-event-store.adapter';
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

interface Row {
  case: string;
  events: number;
  store: number;
  raw: number | null;
}

// Alternates store and raw runs and keeps the best of each, to damp a shared machine's noise.
async function bestOf(rounds: number, store: () => Promise<Measured>, raw: () => Promise<Measured>): Promise<[Measured, Measured]> {
  let bestStore: Measured | null = null;
  let bestRaw: Measured | null = null;
  for (let round = 0; round < rounds; round += 1) {
    const r = await raw();
    const s = await store();
    if (!bestRaw || rate(r) > rate(bestRaw)) bestRaw = r;
    if (!bestStore || rate(s) > rate(bestStore)) bestStore = s;
  }
  return [bestStore as Measured, bestRaw as Measured];
}

function printTable(rows: Row[]): void {
  const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
  const lines = [
    '| case | events | store events/s | raw pg events/s | store / raw |',
    '|---|---:|---:|---:|---:|',
    ...rows.map((row) =>
      `| ${row.case} | ${fmt(row.events)} | ${fmt(row.store)} | ${row.raw === null ? '—' : fmt(row.raw)} | ${row.raw === null ? '—' : `${(row.store / row.raw).toFixed(2)}×`} |`,
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
    const [s1, r1] = await bestOf(2, () => storeAppends(store, 1, SINGLE_APPENDS, BATCH), () => rawAppends(pool, 1, SINGLE_APPENDS, BATCH));
    rows.push({ case: `append, 1 writer, ${BATCH}/append`, events: s1.events, store: rate(s1), raw: rate(r1) });
    const [s16, r16] = await bestOf(2, () => storeAppends(store, 16, PARALLEL_APPENDS, BATCH), () => rawAppends(pool, 16, PARALLEL_APPENDS, BATCH));
    rows.push({ case: `append, 16 writers (distinct streams), ${BATCH}/append`, events: s16.events, store: rate(s16), raw: rate(r16) });
    await pool.query('VACUUM ANALYZE events');
    await pool.query('VACUUM ANALYZE raw_bench.events');
    const [sr, rr] = await bestOf(2, () => storeReadAll(store, READ_BATCH), () => rawReadAll(pool, READ_BATCH));
    rows.push({ case: `read whole log, ${READ_BATCH}/batch`, events: sr.events, store: rate(sr), raw: rate(rr) });

    for (const size of LOG_SIZES) {
      process.stdout.write(`filling the log to ${size.toLocaleString('en-US')} events...\n`);
      await fillLog(pool, size);
      await pool.query('VACUUM ANALYZE events');
      const read = await storeReadAll(store, READ_BATCH);
      rows.push({ case: `store read whole log at ${size.toLocaleString('en-US')} events`, events: read.events, store: rate(read), raw: null });
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
