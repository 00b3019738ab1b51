import { migrateSchema } from '../postgres/migrate-schema';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Pool } from 'pg';
import {
  PersonKeyErased,
  type PersonalCiphertext,
  type PersonalDataCipher,
  type PersonalPlaintext,
} from './personal-data-cipher.port';

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
function seal(key: Buffer, plaintext: Buffer, aad: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
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
    const personIds = [...new Set(items.map((item) => item.personId))];
    let keys = await this.loadKeys(personIds);
    const missing = personIds.filter((id) => keys.get(id)?.kind === 'missing');
    if (missing.length > 0) {
      const wrapped = missing.map((id) => seal(this.masterKey, randomBytes(32), `person-key:${id}`));
      await this.pool.query(
        `INSERT INTO person_keys (person_id, wrapped_key) SELECT * FROM unnest($1::text[], $2::bytea[])
         ON CONFLICT (person_id) DO NOTHING`,
        [missing, wrapped],
      );
      keys = await this.loadKeys(personIds);
    }
    return items.map((item) => {
      const state = keys.get(item.personId);
      if (state?.kind !== 'active') throw new PersonKeyErased(item.personId);
      return seal(state.key, Buffer.from(item.plaintext, 'utf8'), item.personId).toString('base64');
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

  private async loadKeys(personIds: readonly string[]): Promise<Map<string, KeyState>> {
    const result = await this.pool.query<{ person_id: string; wrapped_key: Buffer | null }>(
      'SELECT person_id, wrapped_key FROM person_keys WHERE person_id = ANY($1::text[])',
      [personIds],
    );
    const keys = new Map<string, KeyState>(personIds.map((id) => [id, { kind: 'missing' }]));
    for (const row of result.rows) {
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
