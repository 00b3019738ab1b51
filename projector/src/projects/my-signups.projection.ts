import type { Projection, TableNames } from '../runtime/projection';
import { applyMySignupsBatch, MY_SIGNUP_COLUMNS, MY_SIGNUPS, MY_SIGNUPS_PROJECTS, MY_SIGNUPS_STREAMS } from './my-signups.batch';
import { MY_SIGNUPS_TYPES } from './my-signups.evolve';

export { MY_SIGNUP_COLUMNS, MY_SIGNUPS };
export const MY_SIGNUPS_PROJECTION = 'my-signups';

function createTables(t: TableNames): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS ${t(MY_SIGNUPS)} (
       signup_id text PRIMARY KEY,
       user_id text NOT NULL,
       team_id text NOT NULL,
       project_id text NOT NULL,
       list_id text NOT NULL,
       item_id text NOT NULL,
       status text NOT NULL,
       at timestamptz NOT NULL,
       promoted_at timestamptz NULL,
       changed_at timestamptz NULL,
       cancelled_at timestamptz NULL,
       cancelled_by text NULL)`,
    // The receipts came later: a version made before them gets the columns (empty until a rebuild).
    ...['promoted_at timestamptz', 'changed_at timestamptz', 'cancelled_at timestamptz', 'cancelled_by text']
      .map((column) => `ALTER TABLE ${t(MY_SIGNUPS)} ADD COLUMN IF NOT EXISTS ${column} NULL`),
    `CREATE TABLE IF NOT EXISTS ${t(MY_SIGNUPS_PROJECTS)} (
       project_id text PRIMARY KEY,
       team_id text NOT NULL)`,
    `CREATE TABLE IF NOT EXISTS ${t(MY_SIGNUPS_STREAMS)} (
       stream_id text PRIMARY KEY,
       version integer NOT NULL)`,
  ];
}

function createIndexes(t: TableNames): string[] {
  const table = t(MY_SIGNUPS);
  return [
    `CREATE INDEX IF NOT EXISTS ${table}_user_idx ON ${table} (user_id, at DESC, signup_id)`,
    `CREATE INDEX IF NOT EXISTS ${table}_list_idx ON ${table} (list_id)`,
    `CREATE INDEX IF NOT EXISTS ${table}_item_idx ON ${table} (item_id)`,
    `CREATE INDEX IF NOT EXISTS ${table}_project_idx ON ${table} (project_id)`,
  ];
}

/** Every sign-up of a signed-in person, across teams (GET /v5/user/signups). */
export const mySignupsProjection: Projection = {
  name: MY_SIGNUPS_PROJECTION,
  baseTables: [MY_SIGNUPS, MY_SIGNUPS_PROJECTS, MY_SIGNUPS_STREAMS],
  createTables,
  createIndexes,
  handles: (type) => MY_SIGNUPS_TYPES.has(type),
  keys: (event) => {
    const data = event.data as { userId?: unknown };
    return typeof data.userId === 'string' ? [`user:${data.userId}`] : [];
  },
  apply: (client, event, ctx) => applyMySignupsBatch(client, [event], ctx),
  applyBatch: applyMySignupsBatch,
};
