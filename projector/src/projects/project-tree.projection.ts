import type { Projection, TableNames } from '../runtime/projection';
import {
  applyProjectTreeBatch,
  PRESET_COLUMNS,
  PROJECT_ACCESS,
  PROJECT_OVERVIEW,
  PROJECT_OVERVIEW_COLUMNS,
  PROJECT_SIGNUP_USERS,
  PROJECT_TREE,
  PROJECT_TREE_STREAMS,
} from './project-tree.batch';
import { asProjectsFeedEvent, isProjectsFeedType, projectIdOf } from './projects-feed';

export { PRESET_COLUMNS, PROJECT_ACCESS, PROJECT_OVERVIEW, PROJECT_OVERVIEW_COLUMNS, PROJECT_TREE };
export const PROJECT_TREE_PROJECTION = 'project-tree';

function createTables(t: TableNames): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS ${t(PROJECT_TREE)} (
       project_id text PRIMARY KEY,
       team_id text NOT NULL,
       doc jsonb NOT NULL,
       version integer NOT NULL,
       updated_at timestamptz NOT NULL)`,
    `CREATE TABLE IF NOT EXISTS ${t(PROJECT_OVERVIEW)} (
       project_id text PRIMARY KEY,
       team_id text NOT NULL,
       link text NOT NULL,
       name text NOT NULL,
       colour integer NOT NULL,
       status integer NOT NULL,
       previous_status integer NULL,
       locked boolean NOT NULL,
       visibility text NOT NULL,
       start_date date NULL,
       share_hash text NOT NULL,
       phases integer NOT NULL,
       lists integer NOT NULL,
       items integer NOT NULL,
       placed integer NOT NULL,
       waitlisted integer NOT NULL,
       signups integer NOT NULL,
       capacity integer NOT NULL,
       unlimited_items integer NOT NULL,
       created_by text NOT NULL,
       created_at timestamptz NOT NULL,
       updated_at timestamptz NOT NULL)`,
    // Public lookups by link and share hash; not unique on purpose: a link that matches more
    // than one project opens none (spec section 5).
    `CREATE TABLE IF NOT EXISTS ${t(PROJECT_ACCESS)} (
       project_id text PRIMARY KEY,
       team_id text NOT NULL,
       link text NOT NULL,
       share_hash text NOT NULL,
       visibility text NOT NULL,
       password_hash text NULL,
       status integer NOT NULL)`,
    `CREATE TABLE IF NOT EXISTS ${t(PROJECT_SIGNUP_USERS)} (
       user_id text NOT NULL,
       project_id text NOT NULL,
       PRIMARY KEY (user_id, project_id))`,
    `CREATE TABLE IF NOT EXISTS ${t(PRESET_COLUMNS)} (
       column_id text PRIMARY KEY,
       team_id text NOT NULL,
       field jsonb NOT NULL,
       saved_at timestamptz NOT NULL)`,
    `CREATE TABLE IF NOT EXISTS ${t(PROJECT_TREE_STREAMS)} (
       stream_id text PRIMARY KEY,
       version integer NOT NULL)`,
  ];
}

function createIndexes(t: TableNames): string[] {
  const overview = t(PROJECT_OVERVIEW);
  const access = t(PROJECT_ACCESS);
  return [
    `CREATE INDEX IF NOT EXISTS ${overview}_team_idx ON ${overview} (team_id, status, created_at)`,
    `CREATE INDEX IF NOT EXISTS ${access}_link_idx ON ${access} (lower(link))`,
    `CREATE INDEX IF NOT EXISTS ${access}_hash_idx ON ${access} (share_hash)`,
    `CREATE INDEX IF NOT EXISTS ${t(PRESET_COLUMNS)}_team_idx ON ${t(PRESET_COLUMNS)} (team_id, saved_at)`,
    `CREATE INDEX IF NOT EXISTS ${t(PROJECT_SIGNUP_USERS)}_project_idx ON ${t(PROJECT_SIGNUP_USERS)} (project_id)`,
  ];
}

/**
 * The tree of every project with its sign-ups (one document per project), the team's overview
 * rows, the public lookup by link or share hash, and the team's preset columns (ADR 0006).
 */
export const projectTreeProjection: Projection = {
  name: PROJECT_TREE_PROJECTION,
  baseTables: [PROJECT_TREE, PROJECT_OVERVIEW, PROJECT_ACCESS, PROJECT_SIGNUP_USERS, PRESET_COLUMNS, PROJECT_TREE_STREAMS],
  createTables,
  createIndexes,
  handles: (type) => isProjectsFeedType(type),
  keys: (event) => {
    const typed = asProjectsFeedEvent(event);
    if (typed === null) return [];
    const project = projectIdOf(typed);
    const keys = project === null ? [] : [`project:${project}`];
    if (event.metadata.teamId) keys.push(`team:${event.metadata.teamId}`);
    if (typed.type === 'AccountErased') keys.push(`user:${typed.data.userId}`);
    return keys;
  },
  apply: (client, event, ctx) => applyProjectTreeBatch(client, [event], ctx),
  applyBatch: applyProjectTreeBatch,
};
