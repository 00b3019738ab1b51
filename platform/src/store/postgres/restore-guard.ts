import type { Pool } from 'pg';
import { StoreAheadOfCluster } from '@planwerk/events';

/**
 * Rule 6: after a logical restore into a younger cluster the stored transaction ids are ahead
 * of the cluster's counter, and new events would sort before old ones. Refuse to start then.
 */
export async function checkStoreNotAheadOfCluster(pool: Pool): Promise<void> {
  // pg_snapshot_xmax = the next transaction id to be assigned; reading it assigns none.
  const result = await pool.query<{ max_stored: string; next_xid: string }>(
    `SELECT e.transaction_id::text AS max_stored, pg_snapshot_xmax(pg_current_snapshot())::text AS next_xid
       FROM events e ORDER BY e.transaction_id DESC LIMIT 1`,
  );
  const row = result.rows[0];
  if (row && BigInt(row.max_stored) >= BigInt(row.next_xid)) {
    throw new StoreAheadOfCluster(row.max_stored, row.next_xid);
  }
}
