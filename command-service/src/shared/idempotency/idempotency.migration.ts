import { migrateSchema } from '@planwerk/platform';
import type { Pool } from 'pg';

// One row per (actor scope, key): the request hash, and once done the answer sent back.
// `json`, not `jsonb`: the stored answer keeps its key order, so replays are byte-identical.
// A pending row carries a lease and its owner's claim token; a request finding an expired lease
// takes the work over (with a new token), and only the token's holder stores the answer. Keys
// live 24 h from their claim (`created_at`); older rows are purged.
const SCHEMA = `
CREATE TABLE IF NOT EXISTS idempotency_keys (
  scope text NOT NULL,
  key text NOT NULL,
  request_hash text NOT NULL,
  state text NOT NULL CHECK (state IN ('pending', 'done')),
  locked_until timestamptz NOT NULL,
  status_code integer,
  response json,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  PRIMARY KEY (scope, key)
);
CREATE INDEX IF NOT EXISTS idempotency_keys_created_at ON idempotency_keys (created_at);
ALTER TABLE idempotency_keys ADD COLUMN IF NOT EXISTS claim_token uuid;
`;

/** Creates the command service's own tables. Idempotent; concurrent callers wait on a lock. */
export async function migrateCommandService(pool: Pool): Promise<void> {
  await migrateSchema(pool, 'command-service', [SCHEMA]);
}
