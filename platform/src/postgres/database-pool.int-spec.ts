import { Pool, type PoolClient } from 'pg';
import { describeWith } from '../../../scripts/testing/components';
import { createTestDatabase, type TestDatabase } from '../../../scripts/testing/database';
import { createDatabasePool, databaseConnectionConfig } from './database-pool';
import { withTransaction } from './migrate-schema';
import { isTransientDatabaseError } from './transient-errors';

// Issue 12: a terminated connection killed the command service (a client taken by
// withTransaction had no 'error' listener), and the session limits were set only after the
// first connection existed (BullMQ's pools had none).
describeWith('postgres', 'database pools: error listeners and session limits on every connection', () => {
  let db: TestDatabase;
  let admin: Pool;
  const reports: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase('db_pool');
    admin = new Pool({ connectionString: db.url, max: 1 });
    admin.on('error', () => undefined);
  });
  afterAll(async () => {
    await admin.end();
    await db.drop();
  });
  beforeEach(() => { reports.length = 0; });

  const terminate = (applicationName: string) => admin.query(
    'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1', [applicationName]);
  const waitUntil = async (check: () => boolean): Promise<void> => {
    for (let i = 0; i < 200 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 25));
    if (!check()) throw new Error('condition not reached');
  };

  it('sets the statement and idle-in-transaction timeouts on the very first connection', async () => {
    const pool = createDatabasePool({ connectionString: db.url, max: 1, label: 'limits-first', report: (m) => reports.push(m) });
    try {
      const { rows } = await pool.query<{ st: string; idle: string }>(
        "SELECT current_setting('statement_timeout') AS st, current_setting('idle_in_transaction_session_timeout') AS idle");
      expect(rows[0]).toEqual({ st: '30s', idle: '10s' });
    } finally {
      await pool.end();
    }
  });

  it('gives a pool that a library builds from the configuration (BullMQ) the same limits and listeners', async () => {
    const pool = new Pool(databaseConnectionConfig({ connectionString: db.url, max: 1, application_name: 'library-pool' }, { statementTimeoutMs: 12_000 }));
    pool.on('error', () => undefined);
    const client = await pool.connect();
    try {
      const { rows } = await client.query<{ st: string }>("SELECT current_setting('statement_timeout') AS st");
      expect(rows[0].st).toBe('12s');
      expect(client.listenerCount('error')).toBeGreaterThan(0);
    } finally {
      client.release(true);
      await pool.end();
    }
  });

  it('survives the termination of a checked-out connection: the error is reported, not thrown', async () => {
    const pool = createDatabasePool({ connectionString: db.url, max: 2, label: 'checked-out', report: (m) => reports.push(m) });
    try {
      const client: PoolClient = await pool.connect();
      await client.query('SELECT 1');
      // No listener of our own: before the fix this 'error' was an uncaught exception.
      await terminate('checked-out');
      await waitUntil(() => reports.some((line) => line.includes('database connection lost')));
      client.release(true);
      expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows[0].one).toBe(1);
    } finally {
      await pool.end();
    }
  });

  it('withTransaction: a connection terminated mid-work fails with a transient error and the pool goes on', async () => {
    const pool = createDatabasePool({ connectionString: db.url, max: 2, label: 'in-transaction', report: (m) => reports.push(m) });
    try {
      const failure = await withTransaction(pool, async (client) => {
        await client.query('SELECT 1');
        await terminate('in-transaction');
        await waitUntil(() => reports.length > 0);
        return client.query('SELECT 2');
      }).then(() => null, (error: unknown) => error);
      expect(failure).not.toBeNull();
      expect(isTransientDatabaseError(failure)).toBe(true);
      // The broken client was discarded, not handed out again.
      expect(await withTransaction(pool, async (client) => (await client.query<{ n: number }>('SELECT 3 AS n')).rows[0].n)).toBe(3);
    } finally {
      await pool.end();
    }
  });

  it('withTransaction: idle connections the server ended are replaced before the transaction begins', async () => {
    const pool = createDatabasePool({ connectionString: db.url, max: 2, label: 'idle-ended', report: (m) => reports.push(m) });
    try {
      await Promise.all([withTransaction(pool, (c) => c.query('SELECT 1')), withTransaction(pool, (c) => c.query('SELECT 1'))]);
      await terminate('idle-ended');
      const answers = await Promise.all([1, 2, 3, 4].map((n) => withTransaction(pool, async (c) => (await c.query<{ n: number }>('SELECT $1::int AS n', [n])).rows[0].n)));
      expect(answers).toEqual([1, 2, 3, 4]);
    } finally {
      await pool.end();
    }
  });
});
