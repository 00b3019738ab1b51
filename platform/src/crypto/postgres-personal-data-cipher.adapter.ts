import { migrateSchema } from '../postgres/migrate-schema';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Pool } from 'pg';
import {
  PersonKeyErased,
  type PersonalCiphertext,
  type PersonalDataCipher,
  type PersonalPlaintext,
} from './personal-data-cipher.port';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Creates the `person_keys` table. Idempotent. */
export async function migratePersonKeys(pool: Pool): Promise<void> {
  // wrapped_key is NULL once erased: the row stays as a tombstone so the key is never re-created.
  await migrateSchema(pool, 'person-keys', [`CREATE TABLE IF NOT EXISTS person_keys (
    person_id text PRIMARY KEY,
    wrapped_key bytea,
    created_at timestamptz NOT NULL DEFAULT now(),
    erased_at timestamptz,
    CHECK ((wrapped_key IS NULL) = (erased_at IS NOT NULL))
  )`]);
}

/** Parses the master key from configuration: 32 bytes, base64. */
export function parseMasterKey(base64: string): Buffer {
  const key = Buffer.from(base64, 'base64');
  if (key.length !== 32) throw new RangeError(`The personal data master key must be 32 bytes of base64, got ${key.length} bytes`);
  return key;
}

// AES-256-GCM, output = iv | tag | ciphertext; the person id is bound as associated data.
function seal(key: Buffer, plaintext: Buffer, aad: string, iv: Buffer): Buffer {
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

/**
 * `count` random buffers of `size` bytes from one read of the random source: a read costs
 * about as much for a few bytes as for a kilobyte, and an append needs several per event.
 */
function randomParts(count: number, size: number): Buffer[] {
  const all = randomBytes(count * size);
  return Array.from({ length: count }, (_, i) => all.subarray(i * size, (i + 1) * size));
}

function open(key: Buffer, sealed: Buffer, aad: string): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
}

type KeyState = { kind: 'active'; key: Buffer } | { kind: 'erased' } | { kind: 'missing' };

export class PostgresPersonalDataCipher implements PersonalDataCipher {
  constructor(
    private readonly pool: Pool,
    private readonly masterKey: Buffer,
  ) {
    if (masterKey.length !== 32) throw new RangeError('The personal data master key must be 32 bytes');
  }

  async encryptMany(items: readonly PersonalPlaintext[]): Promise<string[]> {
    if (items.length === 0) return [];
    const personIds = [...new Set(items.map((item) => item.personId))];
    const keys = await this.keysCreatingMissing(personIds);
    const ivs = randomParts(items.length, IV_BYTES);
    return items.map((item, index) => {
      const state = keys.get(item.personId);
      if (state?.kind !== 'active') throw new PersonKeyErased(item.personId);
      return seal(state.key, Buffer.from(item.plaintext, 'utf8'), item.personId, ivs[index]).toString('base64');
    });
  }

  async decryptMany(items: readonly PersonalCiphertext[]): Promise<(string | null)[]> {
    if (items.length === 0) return [];
    const keys = await this.loadKeys([...new Set(items.map((item) => item.personId))]);
    return items.map((item) => {
      const state = keys.get(item.personId);
      if (state?.kind !== 'active') return null;
      return open(state.key, Buffer.from(item.ciphertext, 'base64'), item.personId).toString('utf8');
    });
  }

  async eraseKey(personId: string): Promise<void> {
    await this.pool.query(
      `INSERT INTO person_keys (person_id, wrapped_key, erased_at) VALUES ($1, NULL, now())
       ON CONFLICT (person_id) DO UPDATE SET wrapped_key = NULL, erased_at = coalesce(person_keys.erased_at, now())`,
      [personId],
    );
  }

  /**
   * Every person's key, creating the missing ones, in one round trip: a fresh key is offered for
   * each person and inserted where no row exists (ON CONFLICT DO NOTHING never touches a row, so
   * an erased key stays erased); the same statement returns the inserted keys and reads the
   * existing ones. Its read sees the rows committed before it began, so a key that another
   * transaction committed while this insert waited on it is missing from the answer: only then
   * a second query reads those persons.
   */
  private async keysCreatingMissing(personIds: readonly string[]): Promise<Map<string, KeyState>> {
    const offered = randomParts(personIds.length, KEY_BYTES + IV_BYTES).map((random, index) =>
      seal(this.masterKey, random.subarray(0, KEY_BYTES), `person-key:${personIds[index]}`, random.subarray(KEY_BYTES)));
    const result = await this.pool.query<{ person_id: string; wrapped_key: Buffer | null }>(
      `WITH offered AS (SELECT * FROM unnest($1::text[], $2::bytea[]) AS o(person_id, wrapped_key)),
       inserted AS (
         INSERT INTO person_keys (person_id, wrapped_key) SELECT person_id, wrapped_key FROM offered
         ON CONFLICT (person_id) DO NOTHING
         RETURNING person_id, wrapped_key
       )
       SELECT person_id, wrapped_key FROM inserted
       UNION ALL
       SELECT k.person_id, k.wrapped_key FROM person_keys k JOIN offered USING (person_id)`,
      [personIds, offered],
    );
    const keys = this.keysOf(personIds, result.rows);
    const unseen = personIds.filter((id) => keys.get(id)?.kind === 'missing');
    if (unseen.length === 0) return keys;
    for (const [id, state] of await this.loadKeys(unseen)) keys.set(id, state);
    return keys;
  }

  private async loadKeys(personIds: readonly string[]): Promise<Map<string, KeyState>> {
    const result = await this.pool.query<{ person_id: string; wrapped_key: Buffer | null }>(
      'SELECT person_id, wrapped_key FROM person_keys WHERE person_id = ANY($1::text[])',
      [personIds],
    );
    return this.keysOf(personIds, result.rows);
  }

  private keysOf(personIds: readonly string[], rows: ReadonlyArray<{ person_id: string; wrapped_key: Buffer | null }>): Map<string, KeyState> {
    const keys = new Map<string, KeyState>(personIds.map((id) => [id, { kind: 'missing' }]));
    for (const row of rows) {
      keys.set(
        row.person_id,
        row.wrapped_key === null
          ? { kind: 'erased' }
          : { kind: 'active', key: open(this.masterKey, row.wrapped_key, `person-key:${row.person_id}`) },
      );
    }
    return keys;
  }
}
