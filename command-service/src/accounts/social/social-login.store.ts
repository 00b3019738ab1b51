import { createHash } from 'node:crypto';
import { migrateSchema } from '@planwerk/platform';
import type { Pool } from 'pg';

// Pending logins: state, nonce and PKCE verifier stay on the server, single use and expiring.
// Only a hash of the state is a key, so the table alone cannot answer a callback.
// social_identities is the inline lookup of linked identities (rebuildable from the
// social-identity streams): e-mail key → social account, for 6002/6003/6012/6006. The key is
// the accounts feature's keyed e-mail pseudonym (ADR 0004): no address appears in a table key.
const SCHEMA = `
CREATE TABLE IF NOT EXISTS social_login_attempts (
  state_hash text PRIMARY KEY,
  provider text NOT NULL,
  nonce text NOT NULL,
  code_verifier text NOT NULL,
  origin text NOT NULL,
  device_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz
);
CREATE INDEX IF NOT EXISTS social_login_attempts_expires_at ON social_login_attempts (expires_at);
CREATE TABLE IF NOT EXISTS social_identities (
  identity_id text PRIMARY KEY,
  provider text NOT NULL,
  user_id uuid NOT NULL,
  email_key text NOT NULL,
  linked_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS social_identities_email_key ON social_identities (email_key);
CREATE INDEX IF NOT EXISTS social_identities_user_id ON social_identities (user_id);
`;

export async function migrateSocialLogin(pool: Pool): Promise<void> {
  await migrateSchema(pool, 'social-login', [SCHEMA]);
}

export interface LoginAttempt {
  provider: string;
  nonce: string;
  codeVerifier: string;
  origin: string;
  deviceId: string | null;
}

export interface SocialAccount {
  userId: string;
  provider: string;
}

function sha256(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** The e-mail pseudonym of ADR 0004 (`emailKeyFor(keys, mail)`), normalizing the address itself. */
export type EmailKey = (email: string) => string;

export class SocialLoginStore {
  constructor(
    private readonly pool: Pool,
    private readonly emailKey: EmailKey,
  ) {}

  async saveAttempt(state: string, attempt: LoginAttempt, ttlSeconds: number): Promise<void> {
    // Expired attempts go as new ones arrive; the index keeps it cheap.
    await this.pool.query("DELETE FROM social_login_attempts WHERE expires_at < now() - interval '1 hour'");
    await this.pool.query(
      `INSERT INTO social_login_attempts (state_hash, provider, nonce, code_verifier, origin, device_id, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7))`,
      [sha256(state), attempt.provider, attempt.nonce, attempt.codeVerifier, attempt.origin, attempt.deviceId, ttlSeconds],
    );
  }

  /** Takes the attempt for `state` once; unknown, used and expired states give null. */
  async consumeAttempt(state: string): Promise<LoginAttempt | null> {
    const result = await this.pool.query<{ provider: string; nonce: string; code_verifier: string; origin: string; device_id: string | null }>(
      `UPDATE social_login_attempts SET consumed_at = now()
        WHERE state_hash = $1 AND consumed_at IS NULL AND expires_at > now()
        RETURNING provider, nonce, code_verifier, origin, device_id`,
      [sha256(state)],
    );
    const row = result.rows[0];
    if (!row) return null;
    return { provider: row.provider, nonce: row.nonce, codeVerifier: row.code_verifier, origin: row.origin, deviceId: row.device_id };
  }

  async recordIdentity(identity: { identityId: string; provider: string; userId: string; email: string }): Promise<void> {
    await this.pool.query(
      `INSERT INTO social_identities (identity_id, provider, user_id, email_key) VALUES ($1, $2, $3, $4)
       ON CONFLICT (identity_id) DO NOTHING`,
      [identity.identityId, identity.provider, identity.userId, this.emailKey(identity.email)],
    );
  }

  async findByEmail(email: string): Promise<SocialAccount | null> {
    const result = await this.pool.query<{ user_id: string; provider: string }>(
      'SELECT user_id, provider FROM social_identities WHERE email_key = $1 ORDER BY linked_at LIMIT 1',
      [this.emailKey(email)],
    );
    const row = result.rows[0];
    return row ? { userId: row.user_id, provider: row.provider } : null;
  }

  async findByUserId(userId: string): Promise<SocialAccount | null> {
    const result = await this.pool.query<{ user_id: string; provider: string }>(
      'SELECT user_id, provider FROM social_identities WHERE user_id = $1 ORDER BY linked_at LIMIT 1',
      [userId],
    );
    const row = result.rows[0];
    return row ? { userId: row.user_id, provider: row.provider } : null;
  }
}
