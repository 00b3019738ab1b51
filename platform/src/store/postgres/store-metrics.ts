import type { Pool } from 'pg';

/**
 * Rule 5: age in seconds of the oldest open transaction that holds a transaction id, anywhere
 * in the cluster (prepared transactions included). Global readers wait for it, so this is the
 * lag floor of every projection; 0 when none is open.
 */
export async function oldestWritingTransactionAgeSeconds(pool: Pool): Promise<number> {
  const result = await pool.query<{ age: number | null }>(
    `SELECT extract(epoch FROM clock_timestamp() - min(started))::float8 AS age FROM (
        SELECT xact_start AS started FROM pg_stat_activity WHERE backend_xid IS NOT NULL AND pid <> pg_backend_pid()
        UNION ALL
        SELECT prepared AS started FROM pg_prepared_xacts
      ) AS writers WHERE started IS NOT NULL`,
  );
  return Math.max(0, result.rows[0]?.age ?? 0);
}
