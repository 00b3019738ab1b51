import { Pool } from 'pg';
import { describeWith } from '../../../../scripts/testing/components';
import { createTestDatabase, type TestDatabase } from '../../../../scripts/testing/database';
import { migrateCommandService } from './idempotency.migration';
import { IdempotencyStore, requestFingerprint } from './idempotency.store';

const SCOPE = 'anonymous:device:Dev1ce0042';
const hashOf = (url: string, body: unknown = { a: 1 }) => requestFingerprint({ method: 'POST', url, body });

describeWith('postgres', 'idempotency keys (real PostgreSQL)', () => {
  let db: TestDatabase;
  let pool: Pool;
  let keys: IdempotencyStore;

  beforeAll(async () => {
    db = await createTestDatabase('cmd_idempotency');
    pool = new Pool({ connectionString: db.url, max: 4 });
    pool.on('error', () => undefined);
    await migrateCommandService(pool);
    keys = new IdempotencyStore(pool, { waitMs: 200 });
  });

  afterAll(async () => {
    await pool?.end();
    await db?.drop();
  });

  const age = (key: string, interval: string) => pool.query(`UPDATE idempotency_keys SET created_at = now() - $2::interval WHERE key = $1`, [key, interval]);
  const rowOf = async (key: string) => (await pool.query('SELECT state, status_code, response FROM idempotency_keys WHERE key = $1', [key])).rows[0];

  it('binds a key to its request: the same key with another path or body is refused', async () => {
    const claim = await keys.claim(SCOPE, 'k-bound', hashOf('/v5/comment/a?path=x'));
    if (claim.kind !== 'owner') throw new Error(claim.kind);
    await keys.complete(SCOPE, 'k-bound', claim.token, { statusCode: 200, response: { body: 'first' } });
    expect(await keys.claim(SCOPE, 'k-bound', hashOf('/v5/comment/a?path=x'))).toEqual({ kind: 'done', answer: { statusCode: 200, response: { body: 'first' } } });
    expect(await keys.claim(SCOPE, 'k-bound', hashOf('/v5/comment/b?path=x'))).toEqual({ kind: 'reused_with_other_request' });
    expect(await keys.claim(SCOPE, 'k-bound', hashOf('/v5/comment/a?path=y'))).toEqual({ kind: 'reused_with_other_request' });
    expect(await keys.claim(SCOPE, 'k-bound', hashOf('/v5/comment/a?path=x', { a: 2 }))).toEqual({ kind: 'reused_with_other_request' });
  });

  it('treats a key older than 24 hours as new, and purges expired keys', async () => {
    const first = await keys.claim(SCOPE, 'k-old', hashOf('/v5/a'));
    if (first.kind !== 'owner') throw new Error(first.kind);
    await keys.complete(SCOPE, 'k-old', first.token, { statusCode: 201, response: { body: 'old' } });
    await age('k-old', '23 hours 59 minutes');
    expect((await keys.claim(SCOPE, 'k-old', hashOf('/v5/b'))).kind).toBe('reused_with_other_request');
    await age('k-old', '24 hours 1 minute');
    // Expired: another request may use the key, and it runs as new.
    const again = await keys.claim(SCOPE, 'k-old', hashOf('/v5/b'));
    expect(again.kind).toBe('owner');
    expect(await rowOf('k-old')).toMatchObject({ state: 'pending', status_code: null, response: null });

    const stale = await keys.claim(SCOPE, 'k-stale', hashOf('/v5/c'));
    if (stale.kind !== 'owner') throw new Error(stale.kind);
    await age('k-stale', '25 hours');
    expect(await keys.purgeExpired()).toBe(1);
    expect(await rowOf('k-stale')).toBeUndefined();
    expect(await rowOf('k-old')).toBeDefined();
  });

  it('stores the answer only for the owner of the current claim', async () => {
    const hash = hashOf('/v5/slow');
    const slow = await keys.claim(SCOPE, 'k-owner', hash);
    if (slow.kind !== 'owner') throw new Error(slow.kind);
    // The slow owner's lease runs out; a retry takes the key over with a new claim.
    await pool.query("UPDATE idempotency_keys SET locked_until = now() - interval '1 second' WHERE key = 'k-owner'");
    const retry = await keys.claim(SCOPE, 'k-owner', hash);
    if (retry.kind !== 'owner') throw new Error(retry.kind);
    expect(retry.token).not.toBe(slow.token);

    // The first owner, finishing late, neither stores its answer nor gives the key back.
    expect(await keys.complete(SCOPE, 'k-owner', slow.token, { statusCode: 200, response: { body: 'late' } })).toBe(false);
    await keys.release(SCOPE, 'k-owner', slow.token);
    expect(await rowOf('k-owner')).toMatchObject({ state: 'pending' });

    expect(await keys.complete(SCOPE, 'k-owner', retry.token, { statusCode: 200, response: { body: 'current' } })).toBe(true);
    expect(await keys.claim(SCOPE, 'k-owner', hash)).toEqual({ kind: 'done', answer: { statusCode: 200, response: { body: 'current' } } });
  });

  it('lets a retry run again after the owner gave the key back', async () => {
    const hash = hashOf('/v5/transient');
    const first = await keys.claim(SCOPE, 'k-release', hash);
    if (first.kind !== 'owner') throw new Error(first.kind);
    expect((await keys.claim(SCOPE, 'k-release', hash)).kind).toBe('in_progress');
    await keys.release(SCOPE, 'k-release', first.token);
    expect((await keys.claim(SCOPE, 'k-release', hash)).kind).toBe('owner');
  });
});
