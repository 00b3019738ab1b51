import { migrateSchema } from '../postgres/migrate-schema';
import type { Pool } from 'pg';

// The inline read models of ADR 0004: written in the transaction that appends the account
// events, so authorization never lags. `account_login_throttle` is operational state (failed
// attempts), not derived from events: failures are not worth an event each.
const SCHEMA = `
CREATE TABLE IF NOT EXISTS account_logins (
  email_key text PRIMARY KEY,
  user_id uuid NOT NULL UNIQUE,
  login_type text NOT NULL,
  activated boolean NOT NULL DEFAULT false,
  parent_consent text NOT NULL CHECK (parent_consent IN ('not_needed', 'pending', 'given')),
  locked boolean NOT NULL DEFAULT false,
  registered_at timestamptz NOT NULL
);
-- login_type 'social': the provider the account signed up with (GET /v5/auth/details).
ALTER TABLE account_logins ADD COLUMN IF NOT EXISTS social_provider text;
CREATE TABLE IF NOT EXISTS account_sessions (
  session_id uuid PRIMARY KEY,
  user_id uuid NOT NULL,
  token_hash text NOT NULL UNIQUE,
  device_id text NOT NULL,
  device_name text NOT NULL,
  method text NOT NULL,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz NOT NULL,
  idle_expires_at timestamptz NOT NULL,
  absolute_expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoked_reason text
);
CREATE INDEX IF NOT EXISTS account_sessions_user ON account_sessions (user_id) WHERE revoked_at IS NULL;
CREATE TABLE IF NOT EXISTS account_link_tokens (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL,
  purpose text NOT NULL
);
CREATE TABLE IF NOT EXISTS account_preferences (
  user_id uuid PRIMARY KEY,
  preferences jsonb NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE TABLE IF NOT EXISTS account_login_challenges_used (
  nonce text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE TABLE IF NOT EXISTS account_login_throttle (
  scope text PRIMARY KEY,
  failures integer NOT NULL,
  blocked_until timestamptz,
  last_failure_at timestamptz NOT NULL
);
`;

/** Creates the account tables. Idempotent; both services call it at start. */
export async function migrateAccounts(pool: Pool): Promise<void> {
  await migrateSchema(pool, 'accounts', [SCHEMA]);
}
