import { Pool, type PoolClient } from 'pg';
import { describeWith } from '../../../../scripts/testing/components';
import { createTestDatabase, type TestDatabase } from '../../../../scripts/testing/database';
import { StoreAheadOfCluster } from '@planwerk/events';
import { testEvent, testStreamId } from '../testing/event-fixtures';
import { appendEvents } from './append-events';
import { migrateEventStore } from './event-store.schema';
import { createPostgresEventStore, type PostgresEventStore } from './postgres-event-store.adapter';
import { checkStoreNotAheadOfCluster } from './restore-guard';

// A poller as a projector runs it: read after the cursor, keep what came, move the cursor.
interface Poller {
  delivered: string[];
  poll(): Promise<void>;
}

function storePoller(store: PostgresEventStore, after: string | null): Poller {
  let cursor = after;
  const delivered: string[] = [];
  return {
    delivered,
    async poll() {
      const slice = await store.readAll({ after: cursor, maxCount: 100 });
      delivered.push(...slice.events.map((e) => e.eventId));
      cursor = slice.checkpoint;
    },
  };
}

// The naive reader that rule 4 forbids: global_position alone, no visibility bound.
async function positionOnlyPoller(pool: Pool): Promise<Poller> {
  const start = await pool.query<{ max: string }>('SELECT coalesce(max(global_position), 0) AS max FROM events');
  let cursor = start.rows[0].max;
  const delivered: string[] = [];
  return {
    delivered,
    async poll() {
      const rows = await pool.query<{ event_id: string; global_position: string }>(
        'SELECT event_id, global_position FROM events WHERE global_position > $1 ORDER BY global_position LIMIT 100',
        [cursor],
      );
      for (const row of rows.rows) {
        delivered.push(row.event_id);
        cursor = row.global_position;
      }
    },
  };
}

// Any writing transaction in the cluster holds the bound back, so a shared server may need a few polls.
async function pollUntil(poller: Poller, count: number): Promise<void> {
  const started = Date.now();
  await poller.poll();
  while (poller.delivered.length < count && Date.now() - started < 5000) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    await poller.poll();
  }
}

async function beginWriting(pool: Pool): Promise<{ client: PoolClient; xid: bigint }> {
  const client = await pool.connect();
  await client.query('BEGIN');
  const result = await client.query<{ xid: string }>('SELECT pg_current_xact_id()::text AS xid');
  return { client, xid: BigInt(result.rows[0].xid) };
}

async function finish(client: PoolClient, command: 'COMMIT' | 'ROLLBACK'): Promise<void> {
  await client.query(command);
  client.release();
}

describeWith('postgres', 'PostgreSQL event store: global log visibility', () => {
  let database: TestDatabase;
  let pool: Pool;
  let store: PostgresEventStore;

  beforeAll(async () => {
    database = await createTestDatabase('store_visibility');
    pool = new Pool({ connectionString: database.url, max: 8 });
    pool.on('error', () => undefined);
    await migrateEventStore(pool);
    store = createPostgresEventStore({ pool });
  });
  afterAll(async () => {
    await store.close();
    await pool.end();
    await database.drop();
  });

  it('orders the log by transaction id as a number, not as text', async () => {
    // Old transaction ids 99 and 100 (visible to everyone); as text "100" would sort first.
    const inserted = await pool.query<{ event_id: string }>(
      `INSERT INTO events (transaction_id, stream_id, stream_position, event_id, type, data, metadata, schema_version)
       VALUES ('100'::xid8, $1, 1, gen_random_uuid(), 'Later', '{}', '{}', 1),
              ('99'::xid8, $2, 1, gen_random_uuid(), 'Earlier', '{}', '{}', 1)
       RETURNING event_id`,
      [testStreamId('xid-100'), testStreamId('xid-99')],
    );
    const slice = await store.readAll({ after: null, maxCount: 2 });
    expect(slice.events.map((e) => e.type)).toEqual(['Earlier', 'Later']);
    expect(new Set(slice.events.map((e) => e.eventId))).toEqual(new Set(inserted.rows.map((r) => r.event_id)));
    expect(store.compareCheckpoints(slice.events[0].checkpoint, slice.events[1].checkpoint)).toBeLessThan(0);
  });

  it('delivers two transactions that commit in reverse xid order, in order; a position-only reader loses one', async () => {
    const reader = storePoller(store, await store.head());
    const naive = await positionOnlyPoller(pool);
    const t1 = await beginWriting(pool);
    const t2 = await beginWriting(pool);
    expect(t1.xid).toBeLessThan(t2.xid);
    const e1 = testEvent('SlowWritten');
    const e2 = testEvent('FastWritten');
    // T1 inserts first, so it also holds the smaller global_position, but it commits last.
    await appendEvents(t1.client, testStreamId('slow'), [e1]);
    await appendEvents(t2.client, testStreamId('fast'), [e2]);
    await finish(t2.client, 'COMMIT');

    await reader.poll();
    await naive.poll();
    expect(reader.delivered).toEqual([]);
    expect(naive.delivered).toEqual([e2.eventId]);

    await finish(t1.client, 'COMMIT');
    await pollUntil(reader, 2);
    await naive.poll();
    expect(reader.delivered).toEqual([e1.eventId, e2.eventId]);
    // The forbidden reader moved past T1's position while T1 was open and never sees e1.
    expect(naive.delivered).toEqual([e2.eventId]);
    expect(naive.delivered).not.toContain(e1.eventId);
  });

  it('leaves a hole for a rolled-back append that blocks nothing', async () => {
    const reader = storePoller(store, await store.head());
    const rolledBack = await beginWriting(pool);
    await appendEvents(rolledBack.client, testStreamId('rolled-back'), [testEvent('NeverCommitted')]);
    await finish(rolledBack.client, 'ROLLBACK');
    const kept = testEvent('Committed');
    const streamId = testStreamId('after-hole');
    await store.append(streamId, [kept]);

    await pollUntil(reader, 1);
    expect(reader.delivered).toEqual([kept.eventId]);
    const gap = await pool.query<{ global_position: string }>('SELECT global_position FROM events WHERE event_id = $1', [kept.eventId]);
    const before = await pool.query<{ n: string }>(
      'SELECT count(*) AS n FROM events WHERE global_position = $1::bigint - 1',
      [gap.rows[0].global_position],
    );
    expect(before.rows[0].n).toBe('0');
  });

  it('hides newer commits while an older writing transaction is open, and shows them when it ends', async () => {
    const reader = storePoller(store, await store.head());
    const headBefore = await store.head();
    const older = await beginWriting(pool);
    const newer = testEvent('CommittedMeanwhile');
    await store.append(testStreamId('meanwhile'), [newer]);

    await reader.poll();
    expect(reader.delivered).toEqual([]);
    expect(await store.head()).toBe(headBefore);

    await finish(older.client, 'COMMIT');
    await pollUntil(reader, 1);
    expect(reader.delivered).toEqual([newer.eventId]);
  });

  it('wakes a subscription for an event whose older writer commits later, without losing it', async () => {
    const delivered: string[] = [];
    const subscription = store.subscribe({
      after: await store.head(),
      handle: async (events) => {
        delivered.push(...events.map((e) => e.eventId));
      },
    });
    try {
      const t1 = await beginWriting(pool);
      const e1 = testEvent('Slow');
      const e2 = testEvent('Fast');
      await appendEvents(t1.client, testStreamId('slow'), [e1]);
      await store.append(testStreamId('fast'), [e2]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(delivered).toEqual([]);
      await finish(t1.client, 'COMMIT');
      const started = Date.now();
      while (delivered.length < 2 && Date.now() - started < 5000) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(delivered).toEqual([e1.eventId, e2.eventId]);
    } finally {
      await subscription.stop();
    }
  });

  it('refuses to start when stored transaction ids are ahead of the cluster', async () => {
    await expect(checkStoreNotAheadOfCluster(pool)).resolves.toBeUndefined();
    const ahead = await pool.query<{ xid: string }>(
      `INSERT INTO events (transaction_id, stream_id, stream_position, event_id, type, data, metadata, schema_version)
       VALUES ((pg_snapshot_xmax(pg_current_snapshot())::text::bigint + 1000000)::text::xid8, $1, 1, gen_random_uuid(), $2, '{}', '{}', 1)
       RETURNING transaction_id::text AS xid`,
      [testStreamId('restored'), 'Restored'],
    );
    try {
      const error = await checkStoreNotAheadOfCluster(pool).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StoreAheadOfCluster);
      expect(error).toMatchObject({ maxStoredTransactionId: ahead.rows[0].xid });
      expect((error as Error).message).toMatch(/pg_basebackup|pg_resetwal/);
      const fresh = createPostgresEventStore({ pool });
      await expect(fresh.append(testStreamId(), [testEvent('Refused')])).rejects.toBeInstanceOf(StoreAheadOfCluster);
      await expect(fresh.readAll({ maxCount: 1 })).rejects.toBeInstanceOf(StoreAheadOfCluster);
      await fresh.close();
    } finally {
      await pool.query('DELETE FROM events WHERE transaction_id = $1::xid8', [ahead.rows[0].xid]);
    }
    await expect(checkStoreNotAheadOfCluster(pool)).resolves.toBeUndefined();
  });
});
