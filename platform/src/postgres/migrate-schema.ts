import type { Pool, PoolClient } from 'pg';
import { isTransientDatabaseError } from './transient-errors';

const BEGIN_ATTEMPTS = 3;

/**
 * A client with an open transaction. A connection that turns out dead before anything ran (the
 * server ended it while it sat idle in the pool) is dropped and another one taken: nothing was
 * sent, so trying again cannot do anything twice.
 */
async function begin(pool: Pool): Promise<PoolClient> {
  for (let attempt = 1; ; attempt += 1) {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      return client;
    } catch (error) {
      client.release(true);
      if (attempt >= BEGIN_ATTEMPTS || !isTransientDatabaseError(error)) throw error;
    }
  }
}

/**
 * Runs `work` in one transaction on a pooled client; rolls back and rethrows on failure. A lost
 * connection discards the client instead of returning it to the pool; its error is transient
 * (`isTransientDatabaseError`) and answers 503. Work that already ran is never repeated here: a
 * COMMIT whose answer was lost may have committed.
 */
export async function withTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await begin(pool);
  let broken = false;
  try {
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    // A connection that cannot even roll back is dropped, not handed out again.
    await client.query('ROLLBACK').catch(() => { broken = true; });
    throw error;
  } finally {
    client.release(broken);
  }
}

/**
 * Applies idempotent DDL (`CREATE … IF NOT EXISTS`) in one transaction under an advisory lock
 * named `name`: processes that start together would otherwise race on the same CREATE.
 */
export async function migrateSchema(pool: Pool, name: string, statements: readonly string[]): Promise<void> {
  await withTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`planwerk.migrate.${name}`]);
    for (const statement of statements) await client.query(statement);
  });
}
