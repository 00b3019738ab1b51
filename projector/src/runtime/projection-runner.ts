import type { Pool, PoolClient } from 'pg';
import { type EventCatalogue, type EventStore, type RecordedEvent } from '@planwerk/events';
import { isTransientDatabaseError } from '@planwerk/platform';
import { commitBatch, prepareEvents, TransientBatchFailure } from './commit-batch';
import { type LiveState, loadSkips, readLiveState, recordFailure } from './projection-failures';
import { type ProjectionLease, tryAcquireLease } from './projection-lease';
import { createSliceReader } from './read-ahead';
import { type Projection, ProjectionEventFailed, ProjectionVersionChanged } from './projection';
import { ensureProjection } from './projector-schema';

/** Anything with the ProjectionNotifier's publish (events/src/pubsub). */
export interface ChangePublisher {
  publish(change: { projection: string; checkpoint: string; keys?: string[] }): Promise<void>;
}

export interface RunnerOptions {
  pool: Pool;
  store: EventStore;
  catalogue: EventCatalogue;
  projection: Projection;
  instanceId: string;
  notifier?: ChangePublisher;
  batchSize?: number;
  /** Pause between polls when the log has nothing new. */
  idleMs?: number;
  leaseTtlMs?: number;
  /** Pause before competing for the lease again, and between looks at a failed projection. */
  retryMs?: number;
  onError?(error: unknown): void;
  beforeCheckpoint?(client: PoolClient): Promise<void>;
}

export interface RunningProjection {
  readonly done: Promise<void>;
  stop(): Promise<void>;
}

const MAX_KEYS = 100;

export function runProjection(options: RunnerOptions): RunningProjection {
  const { pool, store, projection } = options;
  const batchSize = options.batchSize ?? 1_000;
  const idleMs = options.idleMs ?? 100;
  const leaseTtlMs = options.leaseTtlMs ?? 15_000;
  const retryMs = options.retryMs ?? 1_000;
  const report = options.onError ?? ((error: unknown) => process.stderr.write(`[projector] ${String(error)}\n`));
  let stopping = false;
  let wake: (() => void) | null = null;
  // Consecutive infrastructure failures back off: retryMs, doubled up to 10 × retryMs.
  let failures = 0;

  const sleep = (ms: number): Promise<void> => new Promise((resolve) => {
    if (stopping) return resolve();
    const timer = setTimeout(() => { wake = null; resolve(); }, ms);
    wake = () => { clearTimeout(timer); wake = null; resolve(); };
  });

  // Nothing new: wait until an append commits (the store's hint, when it has one) or `idleMs`
  // passes — the poll stays, because a rolled-back writer moves the visibility bound silently.
  async function idle(generation: number | undefined): Promise<void> {
    if (generation === undefined || !store.waitForAppend) return sleep(idleMs);
    const slept = sleep(idleMs);
    await Promise.race([slept, store.waitForAppend(generation, idleMs)]);
    wake?.();
    await slept;
  }

  async function publish(events: readonly RecordedEvent[], checkpoint: string): Promise<void> {
    if (!options.notifier) return;
    const keys = new Set<string>();
    if (projection.keys) for (const event of events) for (const key of projection.keys(event)) keys.add(key);
    const change = keys.size > 0 && keys.size <= MAX_KEYS
      ? { projection: projection.name, checkpoint, keys: [...keys] }
      : { projection: projection.name, checkpoint };
    // Live push is a hint: a lost message costs latency, never data.
    await options.notifier.publish(change).catch(report);
  }

  async function drive(lease: ProjectionLease): Promise<void> {
    let state: LiveState | null = null;
    let skipped = await loadSkips(pool, projection.name);
    let renewedAt = Date.now();
    // ProjectionContext.memo: only for a version this run found empty. Every batch renews the
    // lease in its own transaction, so nobody else writes the version while this drive lasts;
    // when the lease goes, so does the drive and the memo with it.
    let memo = null as { version: number; values: Map<string, unknown> } | null;
    const reader = createSliceReader(store, batchSize, (events) => prepareEvents({ projection, catalogue: options.catalogue, skipped }, events));
    while (!stopping && lease.alive()) {
      if (!state || state.failed) {
        const fresh = await readLiveState(pool, projection.name);
        // An operator's skip or retry clears the failure; pick up the skip list it wrote.
        if (state?.failed && !fresh.failed) skipped = await loadSkips(pool, projection.name);
        state = fresh;
        if (memo?.version !== state.version) memo = state.checkpoint === null ? { version: state.version, values: new Map() } : null;
        if (state.failed) {
          await renewOrThrow(lease);
          await sleep(retryMs);
          continue;
        }
      }
      // Taken before the read: an append committed while reading still wakes the idle wait.
      const generation = store.appendGeneration?.();
      const slice = await reader.read(state.checkpoint);
      if (slice.events.length === 0) {
        if (Date.now() - renewedAt > leaseTtlMs / 3) {
          await renewOrThrow(lease);
          renewedAt = Date.now();
        }
        await idle(generation);
        continue;
      }
      const batch = { projection, version: state.version, catalogue: options.catalogue, skipped, memo: memo?.values, guard: { kind: 'live' as const, owner: lease.owner, ttlMs: leaseTtlMs } };
      // A full slice means more is waiting: read it while this one commits.
      if (slice.events.length >= batchSize) reader.readAhead(slice.events[slice.events.length - 1].checkpoint);
      try {
        const checkpoint = await commitBatch(pool, {
          ...batch, events: slice.events, prepared: slice.prepared ?? undefined, expected: state.checkpoint, beforeCheckpoint: options.beforeCheckpoint,
        });
        state = { ...state, checkpoint };
        renewedAt = Date.now();
        failures = 0;
        await publish(slice.events, checkpoint);
      } catch (error) {
        reader.discard();
        if (error instanceof ProjectionVersionChanged) {
          state = null;
          continue;
        }
        if (!(error instanceof ProjectionEventFailed)) throw error;
        // A database fault is never a poison event (commitBatch classifies it already; this is
        // the last line): back off and retry the batch from the stored checkpoint.
        if (isTransientDatabaseError(error.reason)) throw new TransientBatchFailure(projection.name, error.reason);
        // Commit what came before the poison event, so status points exactly at it.
        const before = slice.events.slice(0, error.index);
        if (before.length > 0) {
          const checkpoint = await commitBatch(pool, { ...batch, events: before, expected: state.checkpoint });
          await publish(before, checkpoint);
        }
        await recordFailure(pool, error);
        report(error);
        state = null;
      }
    }
  }

  async function renewOrThrow(lease: ProjectionLease): Promise<void> {
    if (!(await lease.renew())) throw new Error(`Instance ${lease.owner} lost the lease of projection ${projection.name}`);
  }

  async function run(): Promise<void> {
    while (!stopping) {
      try {
        await ensureProjection(pool, projection);
        const lease = await tryAcquireLease(pool, projection.name, options.instanceId, leaseTtlMs);
        if (!lease) {
          await sleep(retryMs);
          continue;
        }
        try {
          await drive(lease);
        } finally {
          await lease.release();
        }
        failures = 0;
      } catch (error) {
        // Infrastructure trouble (lost connection, database restart, lost lease, checkpoint
        // conflict): the batch was rolled back; compete for the lease again and resume from the
        // stored checkpoint. Never recorded as a failure of the projection.
        report(error);
        failures += 1;
        await sleep(Math.min(retryMs * 2 ** Math.min(failures - 1, 4), retryMs * 10));
      }
    }
  }

  const done = run();
  return {
    done,
    async stop() {
      stopping = true;
      wake?.();
      await done;
    },
  };
}
