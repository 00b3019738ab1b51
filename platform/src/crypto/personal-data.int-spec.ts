import { randomBytes } from 'node:crypto';
import { Pool } from 'pg';
import { describeWith } from '../../../scripts/testing/components';
import { createTestDatabase, type TestDatabase } from '../../../scripts/testing/database';
import { migrateEventStore } from '../store/postgres/event-store.schema';
import { createPostgresEventStore, type PostgresEventStore } from '../store/postgres/postgres-event-store.adapter';
import { testEvent, testStreamId } from '../store/testing/event-fixtures';
import { isPersonalDataErased, type ErasedEventMetadata } from './personal-data';
import { PersonKeyErased } from './personal-data-cipher.port';
import { migratePersonKeys, PostgresPersonalDataCipher } from './postgres-personal-data-cipher.adapter';

const PERSONAL: Record<string, string[]> = { MemberJoined: ['name', 'email'] };

describeWith('postgres', 'crypto-shredding of personal data in events', () => {
  let database: TestDatabase;
  let pool: Pool;
  let cipher: PostgresPersonalDataCipher;
  let store: PostgresEventStore;
  const masterKey = randomBytes(32);

  beforeAll(async () => {
    database = await createTestDatabase('store_crypto');
    pool = new Pool({ connectionString: database.url, max: 4 });
    pool.on('error', () => undefined);
    await migrateEventStore(pool);
    await migratePersonKeys(pool);
    await migratePersonKeys(pool);
    cipher = new PostgresPersonalDataCipher(pool, masterKey);
    store = createPostgresEventStore({ pool, personalData: { cipher, personalFields: (type) => PERSONAL[type] ?? [] } });
  });
  afterAll(async () => {
    await store.close();
    await pool.end();
    await database.drop();
  });

  it('stores personal fields encrypted and reads them back in plaintext', async () => {
    const streamId = testStreamId('member');
    const joined = testEvent('MemberJoined', { name: 'Erika Mustermann', email: 'erika@example.org', role: 'member' }, { personId: 'p-1' });
    const other = testEvent('MemberJoined', { name: 'No Person', email: 'x@example.org' });
    await store.append(streamId, [joined, other]);

    const raw = await pool.query<{ data: string }>('SELECT data::text AS data FROM events WHERE stream_id = $1 ORDER BY stream_position', [streamId]);
    expect(raw.rows[0].data).not.toContain('Erika');
    expect(raw.rows[0].data).not.toContain('erika@example.org');
    expect(raw.rows[0].data).toContain('"role": "member"');
    // Without metadata.personId nothing is encrypted (there is no key to use).
    expect(raw.rows[1].data).toContain('No Person');
    const key = await pool.query<{ wrapped: Buffer }>('SELECT wrapped_key AS wrapped FROM person_keys WHERE person_id = $1', ['p-1']);
    expect(key.rows[0].wrapped.length).toBe(12 + 16 + 32);

    const slice = await store.readStream(streamId);
    expect(slice.events[0].data).toEqual(joined.data);
    expect(isPersonalDataErased(slice.events[0])).toBe(false);
    // The global read sees the event once no older writing transaction on the shared cluster
    // hides it (the visibility bound is cluster-wide): wait for that, bounded.
    let found;
    for (const started = Date.now(); !found && Date.now() - started < 10_000; await new Promise((r) => setTimeout(r, 50))) {
      found = (await store.readAll({ maxCount: 100 })).events.find((e) => e.eventId === joined.eventId);
    }
    expect(found?.data).toEqual(joined.data);
  });

  it('after eraseKey reads return null for the fields and mark the event as erased, other people untouched', async () => {
    const streamId = testStreamId('member');
    const erased = testEvent('MemberJoined', { name: 'Max Muster', email: 'max@example.org', role: 'admin' }, { personId: 'p-2' });
    const kept = testEvent('MemberJoined', { name: 'Eva Muster', email: 'eva@example.org', role: 'member' }, { personId: 'p-3' });
    await store.append(streamId, [erased, kept]);

    await cipher.eraseKey('p-2');
    await cipher.eraseKey('p-2');

    const [first, second] = (await store.readStream(streamId)).events;
    expect(first.data).toEqual({ name: null, email: null, role: 'admin' });
    expect(isPersonalDataErased(first)).toBe(true);
    expect((first.metadata as ErasedEventMetadata).erasedFields).toEqual(['name', 'email']);
    expect(second.data).toEqual(kept.data);
    expect(isPersonalDataErased(second)).toBe(false);

    const row = await pool.query('SELECT wrapped_key, erased_at FROM person_keys WHERE person_id = $1', ['p-2']);
    expect(row.rows[0].wrapped_key).toBeNull();
    expect(row.rows[0].erased_at).toBeInstanceOf(Date);
  });

  it('refuses to store new personal data for an erased person', async () => {
    await cipher.eraseKey('p-4');
    const streamId = testStreamId('member');
    await expect(
      store.append(streamId, [testEvent('MemberJoined', { name: 'Gone', email: 'g@example.org' }, { personId: 'p-4' })]),
    ).rejects.toBeInstanceOf(PersonKeyErased);
    expect((await store.readStream(streamId)).version).toBe(0);
  });

  it('cannot decrypt with another master key', async () => {
    const other = new PostgresPersonalDataCipher(pool, randomBytes(32));
    const [ciphertext] = await cipher.encryptMany([{ personId: 'p-5', plaintext: '"secret"' }]);
    await expect(other.decryptMany([{ personId: 'p-5', ciphertext }])).rejects.toThrow();
    await expect(cipher.decryptMany([{ personId: 'p-5', ciphertext }])).resolves.toEqual(['"secret"']);
  });

  it('creates missing keys and reads existing ones in one round trip, and never revives an erased key', async () => {
    const queries = jest.spyOn(pool, 'query');
    const roundTrips = async <T>(run: () => Promise<T>): Promise<[T, number]> => {
      queries.mockClear();
      const result = await run();
      return [result, queries.mock.calls.length];
    };
    try {
      const [created, onNew] = await roundTrips(() => cipher.encryptMany([{ personId: 'p-6', plaintext: '"a"' }, { personId: 'p-6', plaintext: '"b"' }]));
      expect(onNew).toBe(1);
      const [again, onExisting] = await roundTrips(() => cipher.encryptMany([{ personId: 'p-6', plaintext: '"c"' }, { personId: 'p-7', plaintext: '"d"' }]));
      expect(onExisting).toBe(1);
      await expect(cipher.decryptMany([...created, ...again].map((ciphertext, i) => ({ personId: i === 3 ? 'p-7' : 'p-6', ciphertext }))))
        .resolves.toEqual(['"a"', '"b"', '"c"', '"d"']);
      // Every ciphertext has its own IV, also within one call for one person.
      const [same1, same2] = await cipher.encryptMany([{ personId: 'p-6', plaintext: '"x"' }, { personId: 'p-6', plaintext: '"x"' }]);
      const ivs = [...created, ...again, same1, same2].map((c) => Buffer.from(c as string, 'base64').subarray(0, 12).toString('hex'));
      expect(new Set(ivs).size).toBe(ivs.length);

      await cipher.eraseKey('p-6');
      const [refused, onErased] = await roundTrips(() => cipher.encryptMany([{ personId: 'p-7', plaintext: '"e"' }, { personId: 'p-6', plaintext: '"f"' }]).catch((e: unknown) => e));
      expect(refused).toBeInstanceOf(PersonKeyErased);
      expect((refused as PersonKeyErased).personId).toBe('p-6');
      expect(onErased).toBe(1);
    } finally {
      queries.mockRestore();
    }
    const row = await pool.query('SELECT wrapped_key, erased_at FROM person_keys WHERE person_id = $1', ['p-6']);
    expect(row.rows[0].wrapped_key).toBeNull();
    expect(row.rows[0].erased_at).toBeInstanceOf(Date);
  });

  it('uses the key another writer committed while its insert waited, read in a second round trip', async () => {
    // The other writer: the same master key, in a transaction held open on its own connection.
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const writer = new PostgresPersonalDataCipher(client as unknown as Pool, masterKey);
      const [theirs] = await writer.encryptMany([{ personId: 'p-8', plaintext: '"theirs"' }]);
      const queries = jest.spyOn(pool, 'query');
      try {
        const pending = cipher.encryptMany([{ personId: 'p-8', plaintext: '"ours"' }]);
        // The insert waits on the uncommitted row; commit once it does. (A transaction keeps its
        // first view of pg_stat_activity: cleared before each look.)
        const waiting = async () => {
          await client.query('SELECT pg_stat_clear_snapshot()');
          const found = await client.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'WITH offered%'",
          );
          return found.rows[0]?.n ?? 0;
        };
        for (const started = Date.now(); (await waiting()) === 0; await new Promise((r) => setTimeout(r, 20))) {
          if (Date.now() - started > 10_000) throw new Error('the insert never waited on the open transaction');
        }
        await client.query('COMMIT');
        const [ours] = await pending;
        expect(queries.mock.calls.length).toBe(2);
        await expect(cipher.decryptMany([{ personId: 'p-8', ciphertext: theirs as string }, { personId: 'p-8', ciphertext: ours as string }]))
          .resolves.toEqual(['"theirs"', '"ours"']);
      } finally {
        queries.mockRestore();
      }
    } finally {
      client.release();
    }
  });
});
