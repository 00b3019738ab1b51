import type { PoolClient } from 'pg';

/**
 * What the log holds about an erased person goes (architecture rule 8: projections purge
 * derived plaintext). Member names are never stored (the query side reads them from the
 * person's decrypted account stream, which reads as erased); what is stored is the name an
 * anonymous visitor gave (`actor_name`) and the fields of the person's own account object
 * (language, age confirmation, preferences). Rows keep the actor id, a pseudonym, so the log
 * still shows that an erased person acted. The erasure's own row stays as it is.
 *
 * `actor_id` alone has no index in every table version (the partial named-actor index exists
 * from ADR 0007 on): an erasure is rare, a scan of the log for it is acceptable.
 */
export async function scrubErasedPerson(client: PoolClient, log: string, fieldsTable: string, personId: string, erasureEventId: string): Promise<void> {
  await client.query(`UPDATE ${log} SET actor_name = NULL WHERE actor_id = $1 AND actor_name IS NOT NULL`, [personId]);
  await client.query(
    `UPDATE ${log} SET changes = '[]'::jsonb
      WHERE object_kind = 'account' AND object_id = $1 AND event_id <> $2 AND changes <> '[]'::jsonb`,
    [personId, erasureEventId]);
  await client.query(`DELETE FROM ${fieldsTable} WHERE object_kind = 'account' AND object_id = $1`, [personId]);
}
