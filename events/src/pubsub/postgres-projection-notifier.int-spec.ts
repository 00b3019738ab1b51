import { describeWith } from '../../../scripts/testing/components';
import { createTestDatabase, type TestDatabase } from '../../../scripts/testing/database';
import { createPostgresNotifier, fitNotifyPayload } from './postgres-notifier.adapter';
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
    const publisher = await createPostgresNotifier({ connectionString: database.url });
    const subscriber = await createPostgresNotifier({ connectionString: database.url });
    return {
      publisher,
      subscriber,
      close: async () => {
        await Promise.all([publisher.close(), subscriber.close()]);
      },
    };
  });

  it('drops the keys of a change too large for NOTIFY, so listeners refresh the whole projection', async () => {
    const publisher = await createPostgresNotifier({ connectionString: database.url });
    const subscriber = await createPostgresNotifier({ connectionString: database.url });
    try {
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
});
