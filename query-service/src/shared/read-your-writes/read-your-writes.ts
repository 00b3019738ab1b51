import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Checkpoint, EventStore } from '@planwerk/events';
import { EVENT_STORE, PROJECTION_NOTIFIER, PROJECTION_STATUS, QUERY_SERVICE_OPTIONS } from '../../app/tokens';
import type { ProjectionChangeSource, ProjectionStatusSource } from '../projections/projection-status.port';
import type { QueryServiceOptions } from '../../app/query-service.options';
import { CheckpointNotReached, invalidQueryParameter } from './read-your-writes.errors';

interface Waiter {
  minCheckpoint: Checkpoint;
  wake(): void;
}

// Read-your-writes (architecture.md, projector rule 4): a command answers with its checkpoint,
// the next query passes it as minCheckpoint and is held until the projection has caught up.
// Waiters sleep until the notifier reports a change; there is no polling loop.
@Injectable()
export class ReadYourWrites implements OnModuleInit, OnModuleDestroy {
  private readonly waiters = new Map<string, Set<Waiter>>();
  private unsubscribe: (() => void) | null = null;

  constructor(
    @Inject(EVENT_STORE) private readonly store: Pick<EventStore, 'compareCheckpoints'>,
    @Inject(PROJECTION_STATUS) private readonly status: ProjectionStatusSource,
    @Inject(PROJECTION_NOTIFIER) private readonly notifier: ProjectionChangeSource,
    @Inject(QUERY_SERVICE_OPTIONS) private readonly options: QueryServiceOptions,
  ) {}

  onModuleInit(): void {
    this.unsubscribe = this.notifier.subscribe((change) => this.onChange(change.projection, change.checkpoint));
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    // Wake everyone: each does its final read and answers instead of hanging on shutdown.
    for (const set of this.waiters.values()) for (const waiter of set) waiter.wake();
  }

  /** Resolves once `projection` has reached `minCheckpoint`; absent means "no wait". */
  async waitFor(projection: string, minCheckpoint: Checkpoint | undefined): Promise<void> {
    if (minCheckpoint === undefined) return;
    this.assertValid(minCheckpoint);
    // Register before the first read, so a change landing between read and register still wakes us.
    let wake!: () => void;
    const woken = new Promise<void>((resolve) => (wake = resolve));
    const waiter: Waiter = { minCheckpoint, wake };
    this.register(projection, waiter);
    const timer = setTimeout(wake, this.options.minCheckpointTimeoutMs);
    try {
      if (this.reached(await this.status.checkpointOf(projection), minCheckpoint)) return;
      await woken;
      // A notifier message is only a hint and may be lost: the table decides, read it once more.
      if (this.reached(await this.status.checkpointOf(projection), minCheckpoint)) return;
      throw new CheckpointNotReached(projection, this.options.minCheckpointTimeoutMs);
    } finally {
      clearTimeout(timer);
      this.unregister(projection, waiter);
    }
  }

  private onChange(projection: string, checkpoint: Checkpoint): void {
    const set = this.waiters.get(projection);
    if (!set) return;
    for (const waiter of set) {
      if (this.reached(checkpoint, waiter.minCheckpoint)) waiter.wake();
    }
  }

  private reached(current: Checkpoint | null, min: Checkpoint): boolean {
    if (current === null) return false;
    try {
      return this.store.compareCheckpoints(current, min) >= 0;
    } catch {
      return false;
    }
  }

  // Checkpoints are opaque, so the store is the one that can tell a malformed one.
  private assertValid(checkpoint: Checkpoint): void {
    try {
      this.store.compareCheckpoints(checkpoint, checkpoint);
    } catch {
      throw invalidQueryParameter('minCheckpoint', 'is not a checkpoint this service issued');
    }
  }

  private register(projection: string, waiter: Waiter): void {
    const set = this.waiters.get(projection) ?? new Set<Waiter>();
    set.add(waiter);
    this.waiters.set(projection, set);
  }

  private unregister(projection: string, waiter: Waiter): void {
    const set = this.waiters.get(projection);
    if (!set) return;
    set.delete(waiter);
    if (set.size === 0) this.waiters.delete(projection);
  }
}
