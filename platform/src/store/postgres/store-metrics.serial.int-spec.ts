import { Pool } from 'pg';
import { describeWith } from '../../../../scripts/testing/components';
import { createTestDatabase, type TestDatabase } from '../../../../scripts/testing/database';
import { migrateEventStore } from './event-store.schema';
import { oldestWritingTransactionAgeSeconds } from './store-metrics';

// Serial: it holds a writing transaction open, which stalls global reads cluster-wide.
describeWith('postgres', 'PostgreSQL event store metrics', () => {
  let database: TestDatabase;
  let pool: Pool;

  beforeAll(async () => {
    database = await createTestDatabase('store_metrics');
    pool = new Pool({ connectionString: database.url, max: 3 });
    pool.on('error', () => undefined);
    await migrateEventStore(pool);
  });
  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  it('reports the age of the oldest open writing transaction', async () => {
    const writer = await pool.connect();
    try {
      await writer.query('BEGIN');
      await writer.query('SELECT pg_current_xact_id()');
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(await oldestWritingTransactionAgeSeconds(pool)).toBeGreaterThanOrEqual(1);
    } finally {
      await writer.query('ROLLBACK');
      writer.release();
    }
    expect(await oldestWritingTransactionAgeSeconds(pool)).toBeLessThan(1);
  });
});
