import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import type { NewEvent } from '../events/src/envelope';
import type { EventStore } from '../events/src/store/event-store.port';
import { EVENT_STORE_TABLES_SQL } from '../platform/src/store/postgres/event-store.schema';

// Workloads for bench/store.bench.ts: the store and a raw `pg` baseline writing and reading
// the same row shape (the store's events table, copied into schema raw_bench).

/** The store's own table definitions, created in schema raw_bench. */
export async function createRawSchema(pool: Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('CREATE SCHEMA IF NOT EXISTS raw_bench');
    await client.query('SET search_path TO raw_bench');
    await client.query(EVENT_STORE_TABLES_SQL);
    await client.query('RESET search_path');
  } finally {
    client.release();
  }
}

// ~1 KB of JSON per event, built once.
const PAYLOAD = {
  title: 'Sommerfest Aufbau und Abbau',
  description: 'Helferliste für Zelte, Bänke, Getränke, Kuchenbuffet und Aufräumen. '.repeat(8),
  slots: Array.from({ length: 6 }, (_, i) => ({ id: `slot-${i}`, start: '2025-06-21T10:00:00Z', capacity: 4 + i })),
  tags: ['verein', 'fest', 'helfer'],
};
export const PAYLOAD_BYTES = Buffer.byteLength(JSON.stringify(PAYLOAD));

export function benchEvents(count: number): NewEvent[] {
  return Array.from({ length: count }, () => ({
    eventId: randomUUID(),
    type: 'ItemAdded',
    data: PAYLOAD,
    metadata: {
      commandId: randomUUID(),
      correlationId: randomUUID(),
      causationId: null,
      actor: { kind: 'user', id: 'u-bench' },
      teamId: 't-bench',
      schemaVersion: 1,
    },
  }));
}

export interface Measured {
  events: number;
  seconds: number;
}

export const rate = (m: Measured): number => m.events / m.seconds;

async function timed(work: () => Promise<number>): Promise<Measured> {
  const started = process.hrtime.bigint();
  const events = await work();
  return { events, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}

async function writers(count: number, appendsEach: number, write: (writer: number, i: number) => Promise<void>): Promise<void> {
  await Promise.all(
    Array.from({ length: count }, async (_, writer) => {
      for (let i = 0; i < appendsEach; i += 1) await write(writer, i);
    }),
  );
}

export function storeAppends(store: EventStore, writerCount: number, appendsEach: number, batch: number): Promise<Measured> {
  const run = randomUUID();
  return timed(async () => {
    await writers(writerCount, appendsEach, async (writer, i) => {
      await store.append(`bench-${run}-${writer}`, benchEvents(batch), { expectedVersion: i * batch });
    });
    return writerCount * appendsEach * batch;
  });
}

// The baseline: one multi-row INSERT with bind parameters per batch, positions known client-side.
export function rawAppends(pool: Pool, writerCount: number, appendsEach: number, batch: number): Promise<Measured> {
  const run = randomUUID();
  const placeholders = Array.from({ length: batch }, (_, r) => `($${r * 7 + 1}, $${r * 7 + 2}, $${r * 7 + 3}, $${r * 7 + 4}, $${r * 7 + 5}, $${r * 7 + 6}, $${r * 7 + 7})`);
  const text = `INSERT INTO raw_bench.events (stream_id, stream_position, event_id, type, data, metadata, schema_version) VALUES ${placeholders.join(', ')}`;
  return timed(async () => {
    await writers(writerCount, appendsEach, async (writer, i) => {
      const values: unknown[] = [];
      benchEvents(batch).forEach((event, r) => {
        values.push(`raw-${run}-${writer}`, i * batch + r + 1, event.eventId, event.type, JSON.stringify(event.data), JSON.stringify(event.metadata), 1);
      });
      await pool.query({ name: `raw_insert_${batch}`, text, values });
    });
    return writerCount * appendsEach * batch;
  });
}

export function storeReadAll(store: EventStore, batch: number): Promise<Measured> {
  return timed(async () => {
    let after: string | null = null;
    let count = 0;
    for (;;) {
      const slice = await store.readAll({ after, maxCount: batch });
      if (slice.events.length === 0) return count;
      count += slice.events.length;
      after = slice.checkpoint;
    }
  });
}

// The baseline: keyset pagination on the primary key, same columns.
export function rawReadAll(pool: Pool, batch: number): Promise<Measured> {
  const text = `SELECT transaction_id::text AS transaction_id, global_position, stream_id, stream_position, event_id, type, data, metadata, schema_version, recorded_at
    FROM raw_bench.events WHERE global_position > $1 ORDER BY global_position LIMIT $2`;
  return timed(async () => {
    let after = '0';
    let count = 0;
    for (;;) {
      const result = await pool.query<{ global_position: string }>({ name: 'raw_read_all', text, values: [after, batch] });
      if (result.rows.length === 0) return count;
      count += result.rows.length;
      after = result.rows[result.rows.length - 1].global_position;
    }
  });
}

/** Grows the store's log to `target` events server-side, in transactions of 20k rows. */
export async function fillLog(pool: Pool, target: number): Promise<void> {
  const payload = JSON.stringify(PAYLOAD);
  const metadata = JSON.stringify(benchEvents(1)[0].metadata);
  for (;;) {
    const { rows } = await pool.query<{ n: string }>('SELECT count(*) AS n FROM events');
    const missing = target - Number(rows[0].n);
    if (missing <= 0) return;
    const chunk = Math.min(missing, 20_000);
    await pool.query(
      `INSERT INTO events (stream_id, stream_position, event_id, type, data, metadata, schema_version)
       SELECT 'fill-' || $1::text || '-' || (g / 100), g % 100 + 1, gen_random_uuid(), 'ItemAdded', $2::jsonb, $3::jsonb, 1
         FROM generate_series(0, $4::integer - 1) AS g`,
      [randomUUID(), payload, metadata, chunk],
    );
  }
}
