import type { Pool, PoolClient } from 'pg';
import type { EventCatalogue, EventStore } from '@planwerk/events';
import { applyEvents, commitBatch, prepareEvents } from '../runtime/commit-batch';
import { loadSkips } from '../runtime/projection-failures';
import { createSliceReader } from '../runtime/read-ahead';
import type { Projection } from '../runtime/projection';
import { createProjectionIndexes, createProjectionTables, dropProjectionTables, ensureProjection } from '../runtime/projector-schema';

export interface RebuildProgress {
  projection: string;
  version: number;
  applied: number;
  /** Size of the log as the live version counted it; the rebuild may go beyond it. */
  estimatedTotal: number;
  elapsedMs: number;
  eventsPerSecond: number;
}

export interface RebuildOptions {
  pool: Pool;
  store: EventStore;
  catalogue: EventCatalogue;
  projection: Projection;
  batchSize?: number;
  onProgress?(progress: RebuildProgress): void;
}

export interface RebuildResult {
  projection: string;
  fromVersion: number;
  toVersion: number;
  events: number;
  elapsedMs: number;
  eventsPerSecond: number;
}

export class RebuildAlreadyRunning extends Error {
  constructor(readonly projection: string) {
    super(`A rebuild of projection ${projection} is already running`);
    this.name = 'RebuildAlreadyRunning';
  }
}

const REBUILD_LOCK_SPACE = 74_210_003;

async function inTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Blue-green rebuild (projector rule 3): fills version N+1 from the start of the log in large
 * batches while appends and the live version N go on, catches up, then swaps the pointer in
 * the transaction that applies the last events, and drops version N.
 */
export async function rebuildProjection(options: RebuildOptions): Promise<RebuildResult> {
  const { pool, store, catalogue, projection } = options;
  const batchSize = options.batchSize ?? 5_000;
  await ensureProjection(pool, projection);
  const lock = await pool.connect();
  try {
    const locked = await lock.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked', [REBUILD_LOCK_SPACE, projection.name]);
    if (!locked.rows[0]?.locked) throw new RebuildAlreadyRunning(projection.name);
    try {
      return await rebuildLocked(pool, store, catalogue, projection, batchSize, options.onProgress);
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1, hashtext($2))', [REBUILD_LOCK_SPACE, projection.name]);
    }
  } finally {
    lock.release();
  }
}

async function rebuildLocked(
  pool: Pool, store: EventStore, catalogue: EventCatalogue, projection: Projection, batchSize: number,
  onProgress: RebuildOptions['onProgress'],
): Promise<RebuildResult> {
  const { fromVersion, toVersion, estimatedTotal } = await inTransaction(pool, async (client) => {
    const pointer = await client.query<{ active_version: number; rebuilding_version: number | null; events_applied: string | null }>(
      `SELECT v.active_version, v.rebuilding_version, c.events_applied
         FROM projection_versions v
         LEFT JOIN projection_checkpoints c ON c.name = v.name AND c.version = v.active_version
        WHERE v.name = $1 FOR UPDATE OF v`, [projection.name]);
    const row = pointer.rows[0];
    if (!row) throw new Error(`Projection ${projection.name} has no version pointer`);
    // Leftovers of an interrupted rebuild are thrown away; the new one starts clean.
    if (row.rebuilding_version !== null) await dropProjectionTables(client, projection, row.rebuilding_version);
    const next = Math.max(row.active_version, row.rebuilding_version ?? 0) + 1;
    // Secondary indexes come after the bulk load: version N+1 is read by nobody before the swap.
    await createProjectionTables(client, projection, next, { withIndexes: false });
    await client.query('UPDATE projection_versions SET rebuilding_version = $2 WHERE name = $1', [projection.name, next]);
    return { fromVersion: row.active_version, toVersion: next, estimatedTotal: Number(row.events_applied ?? 0) };
  });

  const started = Date.now();
  const skipped = await loadSkips(pool, projection.name);
  // The new version's tables are empty and only this rebuild writes them (lock and pointer).
  const target = { projection, version: toVersion, catalogue, skipped, memo: new Map<string, unknown>() };
  let checkpoint: string | null = null;
  let applied = 0;
  const progress = (): RebuildProgress => {
    const elapsedMs = Date.now() - started;
    return { projection: projection.name, version: toVersion, applied, estimatedTotal, elapsedMs, eventsPerSecond: elapsedMs > 0 ? (applied * 1000) / elapsedMs : 0 };
  };
  try {
    const reader = createSliceReader(store, batchSize, (events) => prepareEvents(target, events));
    for (;;) {
      const slice = await reader.read(checkpoint);
      if (slice.events.length === 0) break;
      const full = slice.events.length >= batchSize;
      if (full) reader.readAhead(slice.events[slice.events.length - 1].checkpoint);
      checkpoint = await commitBatch(pool, { ...target, events: slice.events, prepared: slice.prepared ?? undefined, expected: checkpoint, guard: { kind: 'rebuild' } });
      applied += slice.events.length;
      onProgress?.(progress());
      if (!full) break;
    }
    // One sort per index instead of a b-tree update per row; before the swap, so the events
    // applied under the pointer lock and every read after the swap find them in place.
    await inTransaction(pool, async (client) => {
      // Each index one sort, in memory where it fits: the server default (64 MB) spills a
      // million rows to disk. Only this transaction's setting.
      await client.query("SET LOCAL maintenance_work_mem = '256MB'");
      await createProjectionIndexes(client, projection, toVersion);
    });
    // The swap: holding the pointer row blocks live batches; apply what arrived meanwhile,
    // move the pointer and commit all of it at once.
    await inTransaction(pool, async (client) => {
      await client.query('SELECT 1 FROM projection_versions WHERE name = $1 FOR UPDATE', [projection.name]);
      const before = checkpoint;
      for (;;) {
        const slice = await store.readAll({ after: checkpoint, maxCount: batchSize });
        if (slice.events.length === 0) break;
        await applyEvents(client, target, slice.events);
        checkpoint = slice.events[slice.events.length - 1].checkpoint;
        applied += slice.events.length;
      }
      if (checkpoint !== before) {
        await client.query(
          `UPDATE projection_checkpoints SET checkpoint = $3, events_applied = $4, last_applied_at = now()
            WHERE name = $1 AND version = $2`, [projection.name, toVersion, checkpoint, applied]);
      }
      await client.query(
        'UPDATE projection_versions SET active_version = $2, rebuilding_version = NULL, swapped_at = now() WHERE name = $1',
        [projection.name, toVersion]);
    });
  } catch (error) {
    await inTransaction(pool, async (client) => {
      await dropProjectionTables(client, projection, toVersion);
      await client.query('UPDATE projection_versions SET rebuilding_version = NULL WHERE name = $1 AND rebuilding_version = $2', [projection.name, toVersion]);
    }).catch(() => undefined);
    throw error;
  }
  await inTransaction(pool, (client) => dropProjectionTables(client, projection, fromVersion));
  onProgress?.(progress());
  const { elapsedMs, eventsPerSecond } = progress();
  return { projection: projection.name, fromVersion, toVersion, events: applied, elapsedMs, eventsPerSecond };
}
