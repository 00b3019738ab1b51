import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { componentUrl, describeWith } from '../../../scripts/testing/components';
import { createTestDatabase, type TestDatabase } from '../../../scripts/testing/database';
import { createBullJobQueue } from './bullmq.adapter';
import { describeJobQueueContract } from './testing/job-queue.contract';

describeWith('redis', 'BullMQ job queue on Redis', () => {
  // A key prefix per run keeps this suite apart from anything else on the same Redis.
  const prefix = `planwerk-test-${randomBytes(4).toString('hex')}`;

  afterAll(async () => {
    const redis = new Redis(componentUrl('redis') as string);
    try {
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
  });
  describeJobQueueContract('bullmq/redis', () =>
    createBullJobQueue({ backend: { kind: 'redis', url: componentUrl('redis') as string }, prefix }),
  );
});

describeWith('postgres', 'BullMQ job queue on PostgreSQL', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase('jobs');
  });

  afterAll(async () => {
    await database.drop();
  });

  describeJobQueueContract('bullmq/postgres', () =>
    createBullJobQueue({ backend: { kind: 'postgres', connectionString: database.url } }),
  );
});
