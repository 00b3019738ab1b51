import type { Pool, PoolClient } from 'pg';

// One active instance per projection (projector rule 2): a session advisory lock, which dies
// with its connection, plus a lease row with an owner and an expiry that every batch renews
// in its own transaction, so an instance that lost its lock cannot commit a batch either. The
// lock decides who owns the lease: whoever gets the lock takes the row over.
const LOCK_SPACE = 74_210_002;

export interface ProjectionLease {
  readonly owner: string;
  /** False once the lock connection failed; the runner then stops and competes again. */
  alive(): boolean;
  /** Extends the lease; false when another instance took it over. */
  renew(): Promise<boolean>;
  release(): Promise<void>;
}

export async function tryAcquireLease(pool: Pool, projection: string, owner: string, ttlMs: number): Promise<ProjectionLease | null> {
  const client = await pool.connect();
  let alive = true;
  const onError = (): void => { alive = false; };
  client.on('error', onError);
  const drop = (broken: boolean): void => {
    client.off('error', onError);
    client.release(broken);
  };
  try {
    const locked = await client.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked', [LOCK_SPACE, projection]);
    if (!locked.rows[0]?.locked) {
      drop(false);
      return null;
    }
    // Holding the advisory lock proves no other instance holds it: PostgreSQL released a dead
    // owner's lock with its session, so its lease row is taken over at once instead of waiting
    // for it to run out. A previous owner that is still alive but lost its lock connection cannot
    // commit any more: every batch renews the lease for its own owner in its transaction (the
    // row lock orders this takeover after a batch in flight), and that renewal now fails.
    const claimed = await client.query(
      `INSERT INTO projection_leases (name, owner, expires_at)
       VALUES ($1, $2, now() + make_interval(secs => $3::double precision / 1000))
       ON CONFLICT (name) DO UPDATE
          SET owner = EXCLUDED.owner, acquired_at = now(), expires_at = EXCLUDED.expires_at`,
      [projection, owner, ttlMs]);
    if (claimed.rowCount !== 1) {
      await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [LOCK_SPACE, projection]);
      drop(false);
      return null;
    }
  } catch (error) {
    drop(true);
    throw error;
  }
  return leaseOn(client, projection, owner, ttlMs, () => alive, drop);
}

function leaseOn(
  client: PoolClient, projection: string, owner: string, ttlMs: number,
  alive: () => boolean, drop: (broken: boolean) => void,
): ProjectionLease {
  let released = false;
  return {
    owner,
    alive: () => alive() && !released,
    async renew() {
      const renewed = await client.query(
        `UPDATE projection_leases SET expires_at = now() + make_interval(secs => $3::double precision / 1000)
          WHERE name = $1 AND owner = $2`, [projection, owner, ttlMs]);
      return renewed.rowCount === 1;
    },
    async release() {
      if (released) return;
      released = true;
      try {
        await client.query('DELETE FROM projection_leases WHERE name = $1 AND owner = $2', [projection, owner]);
        await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [LOCK_SPACE, projection]);
        drop(false);
      } catch {
        // A dead connection has released the advisory lock already; the lease expires.
        drop(true);
      }
    },
  };
}
