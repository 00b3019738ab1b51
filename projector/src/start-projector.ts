import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import type { EventCatalogue, EventStore } from '@planwerk/events';
import { allProjections } from './all-projections';
import type { Projection } from './runtime/projection';
import { type ChangePublisher, runProjection, type RunnerOptions } from './runtime/projection-runner';

export interface StartProjectorOptions {
  pool: Pool;
  store: EventStore;
  catalogue: EventCatalogue;
  notifier?: ChangePublisher;
  projections?: readonly Projection[];
  /** Names this process in the lease rows; default host, pid and a random suffix. */
  instanceId?: string;
  tuning?: Pick<RunnerOptions, 'batchSize' | 'idleMs' | 'leaseTtlMs' | 'retryMs' | 'beforeCheckpoint'>;
  onError?(error: unknown): void;
}

export interface RunningProjector {
  readonly done: Promise<void>;
  stop(): Promise<void>;
}

/** Runs every projection, each under its own lease; run it in as many processes as wanted. */
export function startProjector(options: StartProjectorOptions): RunningProjector {
  const instanceId = options.instanceId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const runners = (options.projections ?? allProjections).map((projection) => runProjection({
    pool: options.pool,
    store: options.store,
    catalogue: options.catalogue,
    notifier: options.notifier,
    projection,
    instanceId,
    onError: options.onError,
    ...options.tuning,
  }));
  const done = Promise.all(runners.map((runner) => runner.done)).then(() => undefined);
  return {
    done,
    async stop() {
      await Promise.all(runners.map((runner) => runner.stop()));
    },
  };
}
