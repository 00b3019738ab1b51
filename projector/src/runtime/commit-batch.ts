import type { Pool, PoolClient } from 'pg';
import { type EventCatalogue, type RecordedEvent } from '@planwerk/events';
import { isTransientDatabaseError } from '@planwerk/platform';
import {
  CheckpointConflict,
  LeaseLost,
  type Projection,
  ProjectionEventFailed,
  ProjectionVersionChanged,
  tableNames,
} from './projection';
import { withSafeEventText } from './safe-text';

export interface BatchTarget {
  projection: Projection;
  version: number;
  catalogue: EventCatalogue;
  /** Event ids an operator skipped (audited in projection_skips). */
  skipped: ReadonlySet<string>;
  /** `ProjectionContext.memo`: only for a writer that has filled this version alone from empty. */
  memo?: Map<string, unknown>;
}

export interface CommitBatchOptions extends BatchTarget {
  events: readonly RecordedEvent[];
  /** The checkpoint this batch was read after; the compare-and-set fails if it moved. */
  expected: string | null;
  /**
   * `live`: the version must be the active one (waits for a rebuild's swap) and this
   * instance's lease is renewed in the same transaction. `rebuild`: the version must be the
   * one being rebuilt.
   */
  guard: { kind: 'live'; owner: string; ttlMs: number } | { kind: 'rebuild' };
  /** Test seam: runs after the events are applied, before the checkpoint is written. */
  beforeCheckpoint?(client: PoolClient): Promise<void>;
  /** `prepareEvents` of `events`, done ahead. */
  prepared?: PreparedEvents;
}

/**
 * The events of a batch checked and upcast, before any SQL: what `applyEvents` would do first.
 * Pure (catalogue, projection and skip list only), so a slice read ahead is prepared while the
 * batch before it is being written. A failure is kept and thrown where the batch is applied.
 */
export interface PreparedEvents {
  events: readonly RecordedEvent[];
  skipped: ReadonlySet<string>;
  parsed: readonly { event: RecordedEvent; index: number }[];
  failure: ProjectionEventFailed | null;
}

/**
 * Unknown types and invalid data stop the projection even when it does not handle the type
 * (architecture.md, event store rule 7): never a silent skip.
 */
export function prepareEvents(target: Pick<BatchTarget, 'projection' | 'catalogue' | 'skipped'>, events: readonly RecordedEvent[]): PreparedEvents {
  const { projection } = target;
  const parsed: { event: RecordedEvent; index: number }[] = [];
  for (const [index, event] of events.entries()) {
    if (target.skipped.has(event.eventId)) continue;
    try {
      target.catalogue.get(event.type, event.eventId);
      if (!projection.handles(event.type)) continue;
      // Text PostgreSQL cannot store (NUL, lone surrogates) never reaches a read model (issue 12).
      parsed.push({ event: withSafeEventText(target.catalogue.parse(event)), index });
    } catch (reason) {
      return { events, skipped: target.skipped, parsed, failure: new ProjectionEventFailed(projection.name, event, index, reason) };
    }
  }
  return { events, skipped: target.skipped, parsed, failure: null };
}

/**
 * Applies events in log order, after `prepareEvents` (done here unless `prepared` is for these
 * events and this skip list). Projections with `applyBatch` take the whole batch at once; if
 * that throws, the batch is rolled back to a savepoint and applied event by event, so the
 * failure names its event.
 */
export async function applyEvents(client: PoolClient, target: BatchTarget, events: readonly RecordedEvent[], prepared?: PreparedEvents): Promise<void> {
  const { projection } = target;
  const ctx = { tables: tableNames(projection, target.version), catalogue: target.catalogue, memo: target.memo };
  const ready = prepared && prepared.events === events && prepared.skipped === target.skipped ? prepared : prepareEvents(target, events);
  // Thrown before any SQL: the whole transaction rolls back on a failure anyway.
  if (ready.failure) throw ready.failure;
  const { parsed } = ready;
  if (projection.applyBatch && parsed.length > 1) {
    await client.query('SAVEPOINT planwerk_apply_batch');
    try {
      await projection.applyBatch(client, parsed.map((p) => p.event), ctx);
      return;
    } catch (batchError) {
      // A dead connection cannot roll back: report the original error as infrastructure trouble.
      await client.query('ROLLBACK TO SAVEPOINT planwerk_apply_batch').catch(() => { throw batchError; });
    }
  }
  for (const { event, index } of parsed) {
    try {
      await projection.apply(client, event, ctx);
    } catch (reason) {
      throw new ProjectionEventFailed(projection.name, events[index], index, reason);
    }
  }
}

async function checkGuard(client: PoolClient, options: CommitBatchOptions): Promise<void> {
  const { projection, version, guard } = options;
  // FOR SHARE waits for a rebuild's swap and sees its result, so no batch lands in old tables.
  const pointer = await client.query<{ active_version: number; rebuilding_version: number | null }>(
    'SELECT active_version, rebuilding_version FROM projection_versions WHERE name = $1 FOR SHARE', [projection.name]);
  const row = pointer.rows[0];
  switch (guard.kind) {
    case 'live': {
      if (row?.active_version !== version) throw new ProjectionVersionChanged(projection.name);
      const renewed = await client.query(
        `UPDATE projection_leases SET expires_at = now() + make_interval(secs => $3::double precision / 1000)
          WHERE name = $1 AND owner = $2 AND expires_at > now()`,
        [projection.name, guard.owner, guard.ttlMs]);
      if (renewed.rowCount !== 1) throw new LeaseLost(projection.name, guard.owner);
      return;
    }
    case 'rebuild':
      if (row?.rebuilding_version !== version) throw new ProjectionVersionChanged(projection.name);
      return;
    default: {
      const exhaustive: never = guard;
      throw new Error(`Unknown guard ${String(exhaustive)}`);
    }
  }
}

/** Read-model writes and checkpoint in one transaction (projector rule 1). */
export async function commitBatch(pool: Pool, options: CommitBatchOptions): Promise<string> {
  const last = options.events[options.events.length - 1];
  if (!last) throw new Error('commitBatch needs at least one event');
  const { projection, version } = options;
  const client = await pool.connect();
  let broken = false;
  // A connection that dies mid-batch emits 'error' besides failing the query; mark it broken.
  const onError = (): void => { broken = true; };
  client.on('error', onError);
  try {
    await client.query('BEGIN');
    await checkGuard(client, options);
    await applyEvents(client, options, options.events, options.prepared);
    if (options.beforeCheckpoint) await options.beforeCheckpoint(client);
    const moved = await client.query(
      `UPDATE projection_checkpoints
          SET checkpoint = $3, events_applied = events_applied + $4, last_applied_at = now()
        WHERE name = $1 AND version = $2 AND checkpoint IS NOT DISTINCT FROM $5`,
      [projection.name, version, last.checkpoint, options.events.length, options.expected]);
    if (moved.rowCount !== 1) throw new CheckpointConflict(projection.name, version);
    await client.query('COMMIT');
    return last.checkpoint;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => { broken = true; });
    throw asInfrastructureFailure(error, broken);
  } finally {
    client.off('error', onError);
    client.release(broken);
  }
}

/**
 * A handler that failed because the database went away (a terminated backend, a restart, a
 * serialization failure) says nothing about its event: never a poison event. The runner backs
 * off and retries the batch from the stored checkpoint.
 */
export class TransientBatchFailure extends Error {
  constructor(readonly projection: string, cause: unknown) {
    super(`Projection ${projection}: the batch was rolled back by a database fault and will be retried (${cause instanceof Error ? cause.message : String(cause)})`, { cause });
    this.name = 'TransientBatchFailure';
  }
}

function asInfrastructureFailure(error: unknown, connectionBroken: boolean): unknown {
  if (!(error instanceof ProjectionEventFailed)) return error;
  if (connectionBroken || isTransientDatabaseError(error.reason)) return new TransientBatchFailure(error.projection, error.reason);
  return error;
}
