import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { exportPublicKey, fromBase64Url, generateCryptoKeyPair, toBase64Url, type WrapperKey } from '@planwerk/events';
import type { Pool } from 'pg';
import { PG_POOL } from '../app/tokens';

export interface ServerCryptoKey {
  keyId: string;
  publicKey: string;
  privateKey: WrapperKey;
}

const DDL = `CREATE TABLE IF NOT EXISTS crypto_server_keys (
  slot text PRIMARY KEY,
  key_id text NOT NULL,
  public_raw text NOT NULL,
  private_pkcs8 text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
)`;

// The server's P-256 key of the encrypted wrapper (ADR 0014): one per installation, kept in
// PostgreSQL so every command-service instance answers with the same key. The first instance
// that needs it makes it; concurrent starters agree through the primary key.
@Injectable()
export class CryptoKeysStore {
  private current: Promise<ServerCryptoKey> | null = null;

  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  key(): Promise<ServerCryptoKey> {
    this.current ??= this.load().catch((error: unknown) => {
      this.current = null;
      throw error;
    });
    return this.current;
  }

  private async load(): Promise<ServerCryptoKey> {
    await this.pool.query(DDL);
    const existing = await this.read();
    if (existing) return existing;
    const pair = await generateCryptoKeyPair();
    const publicRaw = await exportPublicKey(pair.publicKey);
    const pkcs8 = toBase64Url(new Uint8Array(await globalThis.crypto.subtle.exportKey('pkcs8', pair.privateKey)));
    const keyId = createHash('sha256').update(publicRaw).digest('base64url').slice(0, 16);
    await this.pool.query(
      "INSERT INTO crypto_server_keys (slot, key_id, public_raw, private_pkcs8) VALUES ('current', $1, $2, $3) ON CONFLICT (slot) DO NOTHING",
      [keyId, publicRaw, pkcs8]);
    const stored = await this.read();
    if (!stored) throw new Error('crypto_server_keys: no key after insert');
    return stored;
  }

  private async read(): Promise<ServerCryptoKey | null> {
    const { rows } = await this.pool.query<{ key_id: string; public_raw: string; private_pkcs8: string }>(
      "SELECT key_id, public_raw, private_pkcs8 FROM crypto_server_keys WHERE slot = 'current'");
    const row = rows[0];
    if (!row) return null;
    const pkcs8 = fromBase64Url(row.private_pkcs8);
    if (!pkcs8) throw new Error('crypto_server_keys: the stored private key is no base64url');
    const privateKey = await globalThis.crypto.subtle.importKey('pkcs8', pkcs8, { name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits']);
    return { keyId: row.key_id, publicKey: row.public_raw, privateKey };
  }
}
