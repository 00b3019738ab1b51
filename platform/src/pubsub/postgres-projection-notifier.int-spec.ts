import { Client } from 'pg';
import { describeWith } from '../../../scripts/testing/components';
import { createTestDatabase, type TestDatabase } from '../../../scripts/testing/database';
import { createPostgresNotifier, fitNotifyPayload } from './postgres-notifier.adapter';
import type { ProjectionChange } from './projection-notifier.port';
import { describeProjectionNotifierContract } from './testing/projection-notifier.contract';

describeWith('postgres', 'PostgreSQL projection notifier', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase('notifier');
  });

  afterAll(async () => {
    await database.drop();
  });

  describeProjectionNotifierContract('postgres', async () => {
    const publisher = createPostgresNotifier({ connectionString: database.url });
    const subscriber = createPostgresNotifier({ connectionString: database.url });
    return {
      publisher,
      subscriber,
      close: async () => {
        await Promise.all([publisher.close(), subscriber.close()]);
      },
    };
  });

  it('drops the keys of a change too large for NOTIFY, so listeners refresh the whole projection', async () => {
    const publisher = createPostgresNotifier({ connectionString: database.url });
    const subscriber = createPostgresNotifier({ connectionString: database.url });
    try {
      await subscriber.ready();
      const keys = Array.from({ length: 2000 }, (_, i) => `key-${i}`);
      expect(JSON.parse(fitNotifyPayload({ projection: 'big', checkpoint: '9', keys }))).toEqual({
        projection: 'big',
        checkpoint: '9',
      });
      const received = new Promise((resolve) => subscriber.subscribe(resolve));
      await publisher.publish({ projection: 'big', checkpoint: '9', keys });
      expect(await received).toEqual({ projection: 'big', checkpoint: '9' });
    } finally {
      await Promise.all([publisher.close(), subscriber.close()]);
    }
  });

  it('listens again after its LISTEN connection was killed', async () => {
    const errors: unknown[] = [];
    const channel = 'planwerk_projections_reconnect';
    const subscriber = createPostgresNotifier({
      connectionString: database.url,
      channel,
      reconnectDelayMs: 20,
      onError: (error) => errors.push(error),
    });
    const admin = new Client({ connectionString: database.url });
    await admin.connect();
    try {
      await subscriber.ready();
      const received: ProjectionChange[] = [];
      subscriber.subscribe((change) => received.push(change));
      const killed = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND query = $1`,
        [`LISTEN ${channel}`],
      );
      expect(killed.rowCount).toBe(1);

      // Notifications sent while nobody listens are lost (a hint may be); keep publishing.
      const started = Date.now();
      while (received.length === 0 && Date.now() - started < 10000) {
        // Published from a plain connection, so the only LISTEN on the channel is the subscriber's.
        await admin.query('SELECT pg_notify($1, $2)', [channel, JSON.stringify({ projection: 'after-reconnect', checkpoint: '1' })]);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(received[0]?.projection).toBe('after-reconnect');
      expect(errors.length).toBeGreaterThan(0);
    } finally {
      await admin.end();
      await subscriber.close();
    }
  });
});
