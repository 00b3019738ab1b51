import type { Pool, PoolClient } from 'pg';

/** Runs `work` in one transaction on a pooled client; rolls back and rethrows on failure. */
export async function withTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
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
