import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import {
  createInProcessBus,
  createKafkaBus,
  createPostgresEventStore,
  encodeRelayedEvent,
  migrateEventStore,
  type MessageBus,
  type PostgresEventStore,
} from '@planwerk/platform';
import { testEvents } from '../../../platform/src/store/testing';
import { componentUrl, describeWith } from '../../../scripts/testing/components';
import { createTestDatabase, type TestDatabase } from '../../../scripts/testing/database';
import { createDedupingHandler, migrateDedupingHandler } from './deduping-handler';
import { startRelay } from './relay';
import { migrateRelay } from './relay-checkpoints';

async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function describeRelayOn(busName: string, createBus: () => MessageBus): void {
  describe(`relay on PostgreSQL with the ${busName} bus`, () => {
    let database: TestDatabase;
    let pool: Pool;
    let store: PostgresEventStore;
    let bus: MessageBus;

    beforeAll(async () => {
      database = await createTestDatabase('relay');
      pool = new Pool({ connectionString: database.url, max: 10 });
      pool.on('error', () => undefined);
      await migrateEventStore(pool);
      await Promise.all([migrateRelay(pool), migrateRelay(pool), migrateDedupingHandler(pool)]);
      await pool.query('CREATE TABLE relay_test_seen (event_id text PRIMARY KEY, stream_id text, stream_version int, seq bigserial)');
      store = createPostgresEventStore({ pool, pollIntervalMs: 100 });
      bus = createBus();
    });

    afterAll(async () => {
      await bus.close();
      await store.close();
      await pool.end();
      await database.drop();
    });

    it('relays the committed log once per event to a deduping consumer, across relay restarts and redeliveries', async () => {
      const topic = `relay.${randomUUID()}`;
      const streams = Array.from({ length: 4 }, () => `project-${randomUUID()}`);
      await Promise.all(streams.map((streamId) => store.append(streamId, testEvents(10))));
      const seenCount = async () => Number((await pool.query('SELECT count(*) AS n FROM relay_test_seen')).rows[0].n);

      const handle = createDedupingHandler({
        pool,
        consumer: 'relay-test',
        async handle(event, client) {
          await client.query('INSERT INTO relay_test_seen (event_id, stream_id, stream_version) VALUES ($1, $2, $3)', [
            event.eventId,
            event.streamId,
            event.streamVersion,
          ]);
        },
      });
      const consumer = bus.subscribe({ topic, groupId: `relay-test-${randomUUID()}`, handle });

      const first = startRelay({ store, bus, pool, name: topic, topic, batchSize: 7 });
      await until(async () => (await seenCount()) === 40, '40 events consumed');
      await first.stop();
      const stored = await pool.query('SELECT checkpoint FROM relay_checkpoints WHERE name = $1', [topic]);
      expect(stored.rows[0].checkpoint).toBe(await store.head());

      // A restarted relay continues after its checkpoint: only the new events are published.
      const later = await store.append(streams[0], testEvents(5));
      const second = startRelay({ store, bus, pool, name: topic, topic });
      await until(async () => (await seenCount()) === 45, '45 events consumed');

      // At-least-once: the same events published again change nothing for the consumer.
      const again = await store.readStream(streams[1]);
      await bus.publish(topic, again.events.map(encodeRelayedEvent));
      const marker = await store.append(streams[2], testEvents(1));
      await until(async () => (await seenCount()) === 46, 'the marker event');
      await second.stop();
      await consumer.stop();

      const rows = await pool.query<{ stream_id: string; versions: number[] }>(
        'SELECT stream_id, array_agg(stream_version ORDER BY seq) AS versions FROM relay_test_seen GROUP BY stream_id',
      );
      const versions = new Map(rows.rows.map((row) => [row.stream_id, row.versions]));
      const upTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
      expect(versions.get(streams[0])).toEqual(upTo(15));
      expect(versions.get(streams[1])).toEqual(upTo(10));
      expect(versions.get(streams[2])).toEqual(upTo(11));
      expect(versions.get(streams[3])).toEqual(upTo(10));
      const latest = await pool.query('SELECT checkpoint FROM relay_checkpoints WHERE name = $1', [topic]);
      expect(latest.rows[0].checkpoint).toBe(marker.checkpoint);
      expect(store.compareCheckpoints(marker.checkpoint, later.checkpoint)).toBeGreaterThan(0);
      expect(await second.done).toEqual({ kind: 'stopped' });
    }, 60_000);
  });
}

describeWith('postgres', 'relay', () => {
  describeRelayOn('in-process', () => createInProcessBus());
});

describeWith('kafka', 'relay to Kafka', () => {
  describeRelayOn('kafka', () => createKafkaBus({ brokers: componentUrl('kafka')!.split(','), clientId: 'planwerk-relay-test' }));
});
