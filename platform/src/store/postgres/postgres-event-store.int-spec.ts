import { randomBytes } from 'node:crypto';
import { Client, Pool } from 'pg';
import { describeWith } from '../../../../scripts/testing/components';
import { createTestDatabase, type TestDatabase } from '../../../../scripts/testing/database';
import { migratePersonKeys, PostgresPersonalDataCipher } from '../../crypto/postgres-personal-data-cipher.adapter';
import { AppendPayloadMismatch, EventTooLarge } from '@planwerk/events';
import { describeEventStoreContract } from '../testing/event-store.contract';
import { testEvent, testEvents, testStreamId } from '../testing/event-fixtures';
import { decodeCheckpoint } from './checkpoint';
import { appendEvents } from './append-events';
import { EVENTS_CHANNEL, migrateEventStore } from './event-store.schema';
import { createPostgresEventStore } from './postgres-event-store.adapter';

describeWith('postgres', 'PostgreSQL event store', () => {
  describeEventStoreContract('postgres', async () => {
    const database = await createTestDatabase('store_contract');
    const pool = new Pool({ connectionString: database.url, max: 20 });
    pool.on('error', () => undefined);
    await migrateEventStore(pool);
    const store = createPostgresEventStore({ pool, pollIntervalMs: 200 });
    return {
      store,
      async cleanup() {
        await store.close();
        await pool.end();
        await database.drop();
      },
    };
  });

  describe('adapter specifics', () => {
    let database: TestDatabase;
    let pool: Pool;

    beforeAll(async () => {
      database = await createTestDatabase('store_pg');
      pool = new Pool({ connectionString: database.url, max: 5 });
      pool.on('error', () => undefined);
      await Promise.all([migrateEventStore(pool), migrateEventStore(pool), migrateEventStore(pool)]);
      await migrateEventStore(pool);
    });
    afterAll(async () => {
      await pool.end();
      await database.drop();
    });

    it('compares a retried batch with encrypted personal fields in plaintext: the same answers the first append, another name is refused', async () => {
      await migratePersonKeys(pool);
      const cipher = new PostgresPersonalDataCipher(pool, randomBytes(32));
      const store = createPostgresEventStore({ pool, personalData: { cipher, personalFields: (type) => (type === 'Joined' ? ['name'] : []) } });
      try {
        const streamId = testStreamId('personal');
        const joined = testEvent('Joined', { name: 'Erika', role: 'member' }, { personId: 'person-1' });
        const plain = testEvent('Noted', { text: 'x' });
        const first = await store.append(streamId, [joined, plain], { expectedVersion: 'no_stream' });
        await expect(store.append(streamId, [{ ...joined, data: { role: 'member', name: 'Erika' } }, plain], { expectedVersion: 'no_stream' })).resolves.toEqual(first);
        await expect(store.append(streamId, [{ ...joined, data: { name: 'Max', role: 'member' } }, plain])).rejects.toMatchObject({
          kind: 'AppendPayloadMismatch', eventId: joined.eventId,
        });
        await expect(store.append(streamId, [joined, { ...plain, data: { text: 'y' } }])).rejects.toBeInstanceOf(AppendPayloadMismatch);
        expect((await store.readStream(streamId)).events.map((e) => e.data)).toEqual([{ name: 'Erika', role: 'member' }, { text: 'x' }]);
      } finally {
        await store.close();
      }
    });

    it('rejects an oversized event before sending any SQL', async () => {
      const store = createPostgresEventStore({ pool, maxEventBytes: 1024 });
      const query = jest.spyOn(pool, 'query');
      const connect = jest.spyOn(pool, 'connect');
      try {
        const error = await store.append(testStreamId(), [testEvent('Big', { text: 'y'.repeat(2000) })]).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(EventTooLarge);
        expect(error).toMatchObject({ maxBytes: 1024 });
        expect((error as EventTooLarge).sizeBytes).toBeGreaterThan(2000);
        expect(query).not.toHaveBeenCalled();
        expect(connect).not.toHaveBeenCalled();
      } finally {
        query.mockRestore();
        connect.mockRestore();
        await store.close();
      }
    });

    it('appends a batch in one call of append_events with positions expected + i', async () => {
      const store = createPostgresEventStore({ pool });
      const query = jest.spyOn(pool, 'query');
      try {
        const streamId = testStreamId();
        await store.append(streamId, testEvents(1));
        query.mockClear();
        const result = await store.append(streamId, testEvents(3), { expectedVersion: 1 });
        // The only other statement is the NOTIFY hint, sent after the commit.
        const statements = query.mock.calls.map((call) => JSON.stringify(call[0]));
        expect(statements.filter((text) => text.includes('append_events('))).toHaveLength(1);
        expect(statements.filter((text) => !text.includes('append_events(') && !text.includes('pg_notify('))).toEqual([]);
        expect(result.nextExpectedVersion).toBe(4);
        const rows = await pool.query('SELECT stream_position FROM events WHERE stream_id = $1 ORDER BY global_position', [streamId]);
        expect(rows.rows.map((r: { stream_position: string }) => Number(r.stream_position))).toEqual([1, 2, 3, 4]);
        const position = decodeCheckpoint(result.checkpoint);
        const last = await pool.query('SELECT transaction_id::text AS tx, global_position FROM events WHERE stream_id = $1 AND stream_position = 4', [streamId]);
        expect(position).toEqual({ transactionId: last.rows[0].tx, globalPosition: last.rows[0].global_position });
      } finally {
        query.mockRestore();
        await store.close();
      }
    });

    async function listen(): Promise<{ received: string[]; waitFor(count: number): Promise<void>; end(): Promise<void> }> {
      const listener = new Client({ connectionString: database.url });
      await listener.connect();
      const received: string[] = [];
      listener.on('notification', (message) => {
        if (message.channel === EVENTS_CHANNEL) received.push(message.payload ?? '');
      });
      await listener.query(`LISTEN ${EVENTS_CHANNEL}`);
      return {
        received,
        async waitFor(count) {
          const started = Date.now();
          while (received.length < count && Date.now() - started < 5000) await new Promise((resolve) => setTimeout(resolve, 10));
        },
        end: () => listener.end(),
      };
    }

    it('announces a committed append to other sessions with NOTIFY', async () => {
      const store = createPostgresEventStore({ pool });
      const listener = await listen();
      try {
        await store.append(testStreamId(), testEvents(2));
        await listener.waitFor(1);
        expect(listener.received).toHaveLength(1);
      } finally {
        await listener.end();
        await store.close();
      }
    });

    it('notifies an append made inside a caller transaction only when that transaction commits', async () => {
      const listener = await listen();
      const writer = await pool.connect();
      try {
        await writer.query('BEGIN');
        await appendEvents(writer, testStreamId(), testEvents(1));
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(listener.received).toEqual([]);
        await writer.query('COMMIT');
        await listener.waitFor(1);
        expect(listener.received).toHaveLength(1);
      } finally {
        writer.release();
        await listener.end();
      }
    });

    it('never uses ON CONFLICT DO NOTHING on the events table', async () => {
      const fn = await pool.query<{ src: string }>("SELECT prosrc AS src FROM pg_proc WHERE proname = 'append_events'");
      const source = fn.rows[0].src;
      expect(source).toContain('INSERT INTO events');
      expect(source).not.toMatch(/INSERT INTO events[^;]*ON CONFLICT/i);
    });

    it('sets statement and idle-in-transaction timeouts on its sessions', async () => {
      const ownPool = new Pool({ connectionString: database.url, max: 1 });
      const store = createPostgresEventStore({ pool: ownPool, statementTimeoutMs: 1234, idleInTransactionSessionTimeoutMs: 4321 });
      try {
        const result = await ownPool.query<{ st: string; idle: string }>(
          "SELECT current_setting('statement_timeout') AS st, current_setting('idle_in_transaction_session_timeout') AS idle",
        );
        expect(result.rows[0]).toEqual({ st: '1234ms', idle: '4321ms' });
      } finally {
        await store.close();
        await ownPool.end();
      }
    });
  });
});
