import type { Projection, TableNames } from '../runtime/projection';
import { applyProjectFillBatch, PROJECT_FILL_DAILY, PROJECT_FILL_ITEMS, PROJECT_FILL_SIGNUPS, PROJECT_FILL_STREAMS } from './project-fill.batch';
import { PROJECT_FILL_TYPES } from './project-fill.evolve';

export { PROJECT_FILL_DAILY };
export const PROJECT_FILL_PROJECTION = 'project-fill';

function createTables(t: TableNames): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS ${t(PROJECT_FILL_DAILY)} (
       project_id text NOT NULL,
       list_id text NOT NULL,
       item_id text NOT NULL,
       day date NOT NULL,
       placed integer NOT NULL,
       waitlisted integer NOT NULL,
       capacity integer NULL,
       PRIMARY KEY (item_id, day))`,
    `CREATE TABLE IF NOT EXISTS ${t(PROJECT_FILL_ITEMS)} (
       item_id text PRIMARY KEY,
       project_id text NOT NULL,
       list_id text NOT NULL,
       capacity integer NULL,
       placed integer NOT NULL,
       waitlisted integer NOT NULL)`,
    `CREATE TABLE IF NOT EXISTS ${t(PROJECT_FILL_SIGNUPS)} (
       signup_id text PRIMARY KEY,
       project_id text NOT NULL,
       list_id text NOT NULL,
       item_id text NOT NULL,
       status text NOT NULL,
       vote text NULL)`,
    `CREATE TABLE IF NOT EXISTS ${t(PROJECT_FILL_STREAMS)} (
       stream_id text PRIMARY KEY,
       version integer NOT NULL)`,
  ];
}

function createIndexes(t: TableNames): string[] {
  const daily = t(PROJECT_FILL_DAILY);
  const items = t(PROJECT_FILL_ITEMS);
  const signups = t(PROJECT_FILL_SIGNUPS);
  return [
    `CREATE INDEX IF NOT EXISTS ${daily}_project_idx ON ${daily} (project_id, day)`,
    `CREATE INDEX IF NOT EXISTS ${daily}_list_idx ON ${daily} (list_id)`,
    `CREATE INDEX IF NOT EXISTS ${items}_project_idx ON ${items} (project_id)`,
    `CREATE INDEX IF NOT EXISTS ${items}_list_idx ON ${items} (list_id)`,
    `CREATE INDEX IF NOT EXISTS ${signups}_project_idx ON ${signups} (project_id)`,
    `CREATE INDEX IF NOT EXISTS ${signups}_list_idx ON ${signups} (list_id)`,
    `CREATE INDEX IF NOT EXISTS ${signups}_item_idx ON ${signups} (item_id)`,
  ];
}

/** Places, waitlist and capacity of every item per day, for the project analysis. */
export const projectFillProjection: Projection = {
  name: PROJECT_FILL_PROJECTION,
  baseTables: [PROJECT_FILL_DAILY, PROJECT_FILL_ITEMS, PROJECT_FILL_SIGNUPS, PROJECT_FILL_STREAMS],
  createTables,
  createIndexes,
  handles: (type) => PROJECT_FILL_TYPES.has(type),
  keys: (event) => {
    const data = event.data as { projectId?: unknown };
    return typeof data.projectId === 'string' ? [`project:${data.projectId}`] : [];
  },
  apply: (client, event, ctx) => applyProjectFillBatch(client, [event], ctx),
  applyBatch: applyProjectFillBatch,
};
