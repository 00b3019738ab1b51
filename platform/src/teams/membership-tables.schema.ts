import type { Pool } from 'pg';
import { migrateSchema } from '../postgres/migrate-schema';

// Inline read models of the membership stream (ADR 0005, T2), written in the append's
// transaction beside `team_members`: invitation lookups (by id for `/invite/{inviteId}`, by
// token hash for `/account/invite/{data}`) and applications.
const STATEMENTS = [
  `CREATE TABLE IF NOT EXISTS team_invitations (
    invite_id uuid PRIMARY KEY,
    team_id uuid NOT NULL,
    channel text NOT NULL CHECK (channel IN ('mail', 'link')),
    token_hash text UNIQUE,
    level text NOT NULL,
    status text NOT NULL CHECK (status IN ('open', 'accepted', 'declined', 'revoked')),
    invited_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL
  )`,
  'CREATE INDEX IF NOT EXISTS team_invitations_team ON team_invitations (team_id)',
  `CREATE TABLE IF NOT EXISTS team_applications (
    application_id uuid PRIMARY KEY,
    team_id uuid NOT NULL,
    user_id uuid NOT NULL,
    status text NOT NULL CHECK (status IN ('open', 'accepted', 'rejected')),
    applied_at timestamptz NOT NULL
  )`,
  'CREATE INDEX IF NOT EXISTS team_applications_team ON team_applications (team_id)',
];

/** Creates the membership tables. Idempotent; both services call it at start. */
export async function migrateMemberships(pool: Pool): Promise<void> {
  await migrateSchema(pool, 'memberships', STATEMENTS);
}
