import type { Pool } from 'pg';
import { migrateSchema } from '../postgres/migrate-schema';

// The inline read models of ADR 0005, written in the transaction that appends the team events
// (and, for `team_members`, the membership events of T2), so authorization never lags.
const STATEMENTS = [
  `CREATE TABLE IF NOT EXISTS teams (
    team_id uuid PRIMARY KEY,
    link text NOT NULL UNIQUE,
    name text NOT NULL,
    type text NOT NULL,
    plan text NOT NULL CHECK (plan IN ('free', 'prime', 'basic', 'pro')),
    plan_lapsed boolean NOT NULL DEFAULT false,
    pro boolean NOT NULL DEFAULT false,
    blocked boolean NOT NULL DEFAULT false,
    logo_url text,
    design jsonb NOT NULL DEFAULT '{}',
    settings jsonb NOT NULL DEFAULT '{}',
    owner_id uuid NOT NULL,
    created_at timestamptz NOT NULL,
    version integer NOT NULL
  )`,
  'CREATE INDEX IF NOT EXISTS teams_owner ON teams (owner_id)',
  `CREATE TABLE IF NOT EXISTS team_members (
    team_id uuid NOT NULL,
    user_id uuid NOT NULL,
    level text NOT NULL CHECK (level IN ('owner', 'admin', 'space', 'item', 'member')),
    flag smallint NOT NULL CHECK (flag IN (0, 1, 2)),
    access jsonb NOT NULL DEFAULT '{}',
    status text NOT NULL CHECK (status IN ('active', 'left', 'removed')),
    joined_at timestamptz NOT NULL,
    PRIMARY KEY (team_id, user_id)
  )`,
  "CREATE INDEX IF NOT EXISTS team_members_user ON team_members (user_id) WHERE status = 'active'",
  `CREATE TABLE IF NOT EXISTS team_active_projects (
    team_id uuid NOT NULL,
    project_id uuid NOT NULL,
    claimed_at timestamptz NOT NULL,
    PRIMARY KEY (team_id, project_id)
  )`,
];

/** Creates the team tables. Idempotent; both services call it at start. */
export async function migrateTeams(pool: Pool): Promise<void> {
  await migrateSchema(pool, 'teams', STATEMENTS);
}
