import type { Pool, PoolClient } from 'pg';
import type { Projection } from './projection';
import { tableNames, versionedTable } from './projection';

// Bookkeeping of every projection: which table version is live, how far each version has
// read, who runs it, why it stopped, and which poison events an operator skipped.
const DDL = [
  `CREATE TABLE IF NOT EXISTS projection_versions (
     name text PRIMARY KEY,
     active_version integer NOT NULL CHECK (active_version >= 1),
     rebuilding_version integer NULL,
     swapped_at timestamptz NULL)`,
  `CREATE TABLE IF NOT EXISTS projection_checkpoints (
     name text NOT NULL,
     version integer NOT NULL,
     checkpoint text NULL,
     events_applied bigint NOT NULL DEFAULT 0,
     last_applied_at timestamptz NULL,
     PRIMARY KEY (name, version))`,
  `CREATE TABLE IF NOT EXISTS projection_status (
     name text PRIMARY KEY,
     failed boolean NOT NULL DEFAULT false,
     error text NULL,
     error_event_id text NULL,
     error_event_type text NULL,
     error_checkpoint text NULL,
     failed_at timestamptz NULL,
     updated_at timestamptz NOT NULL DEFAULT now())`,
  `CREATE TABLE IF NOT EXISTS projection_leases (
     name text PRIMARY KEY,
     owner text NOT NULL,
     acquired_at timestamptz NOT NULL DEFAULT now(),
     expires_at timestamptz NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS projection_skips (
     id bigserial PRIMARY KEY,
     name text NOT NULL,
     event_id text NOT NULL,
     event_type text NULL,
     checkpoint text NULL,
     reason text NOT NULL,
     skipped_by text NOT NULL,
     skipped_at timestamptz NOT NULL DEFAULT now(),
     UNIQUE (name, event_id))`,
];

// Serializes concurrent migrations from several processes starting at once.
const MIGRATION_LOCK = 74_210_001;

export async function migrateProjector(pool: Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    for (const statement of DDL) await client.query(statement);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** `withIndexes: false` leaves out the secondary indexes; `createProjectionIndexes` adds them later. */
export async function createProjectionTables(
  client: PoolClient, projection: Projection, version: number, options: { withIndexes: boolean } = { withIndexes: true },
): Promise<void> {
  for (const statement of projection.createTables(tableNames(projection, version))) await client.query(statement);
  if (options.withIndexes) await createProjectionIndexes(client, projection, version);
  await client.query(
    `INSERT INTO projection_checkpoints (name, version) VALUES ($1, $2) ON CONFLICT (name, version) DO NOTHING`,
    [projection.name, version],
  );
}

export async function createProjectionIndexes(client: PoolClient, projection: Projection, version: number): Promise<void> {
  for (const statement of projection.createIndexes?.(tableNames(projection, version)) ?? []) await client.query(statement);
}

export async function dropProjectionTables(client: PoolClient, projection: Projection, version: number): Promise<void> {
  for (const base of projection.baseTables) await client.query(`DROP TABLE IF EXISTS ${versionedTable(base, version)}`);
  await client.query('DELETE FROM projection_checkpoints WHERE name = $1 AND version = $2', [projection.name, version]);
}

/** Creates version 1 and the pointer to it the first time a projection runs. */
export async function ensureProjection(pool: Pool, projection: Projection): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [MIGRATION_LOCK, projection.name]);
    const existing = await client.query<{ active_version: number }>(
      'SELECT active_version FROM projection_versions WHERE name = $1', [projection.name]);
    let version = existing.rows[0]?.active_version;
    if (version === undefined) {
      version = 1;
      await createProjectionTables(client, projection, version);
      await client.query('INSERT INTO projection_versions (name, active_version) VALUES ($1, $2)', [projection.name, version]);
    }
    await client.query('INSERT INTO projection_status (name) VALUES ($1) ON CONFLICT (name) DO NOTHING', [projection.name]);
    await client.query('COMMIT');
    return version;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

export class ProjectionNotFound extends Error {
  constructor(readonly projection: string) {
    super(`Projection "${projection}" has no tables yet: start the projector once, or check the name`);
    this.name = 'ProjectionNotFound';
  }
}

/** The live table behind `baseTable` of a projection, e.g. `activity_log_v2`. */
export async function activeTable(pool: Pool | PoolClient, projectionName: string, baseTable: string): Promise<string> {
  const result = await pool.query<{ active_version: number }>(
    'SELECT active_version FROM projection_versions WHERE name = $1', [projectionName]);
  const version = result.rows[0]?.active_version;
  if (version === undefined) throw new ProjectionNotFound(projectionName);
  return versionedTable(baseTable, version);
}

/** How far the live version of a projection has read; null before its first event. */
export async function projectionCheckpoint(pool: Pool | PoolClient, projectionName: string): Promise<string | null> {
  const result = await pool.query<{ checkpoint: string | null }>(
    `SELECT c.checkpoint FROM projection_versions v
       JOIN projection_checkpoints c ON c.name = v.name AND c.version = v.active_version
      WHERE v.name = $1`, [projectionName]);
  return result.rows[0]?.checkpoint ?? null;
}
