import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Checkpoint, EventStore } from '@planwerk/events';
import { EVENT_STORE, PROJECTION_NOTIFIER, PROJECTION_STATUS, QUERY_SERVICE_OPTIONS } from '../../app/tokens';
import type { ProjectionChangeSource, ProjectionStatusSource } from '../projections/projection-status.port';
import type { QueryServiceOptions } from '../../app/query-service.options';
import { CheckpointNotReached, invalidQueryParameter } from './read-your-writes.errors';

// Waiting requests hold a socket and a timer each: past this many per process, a new one is
// answered 503 at once instead of queueing behind them.
export const MAX_CHECKPOINT_WAITERS = 1_000;

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
  private waiting = 0;
  private unsubscribe: (() => void) | null = null;

  constructor(
    @Inject(EVENT_STORE) private readonly store: Pick<EventStore, 'compareCheckpoints' | 'startCheckpoint' | 'lastCommitted'>,
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
    if (this.reached(await this.status.checkpointOf(projection), minCheckpoint)) return;
    await this.assertIssued(minCheckpoint);
    if (this.waiting >= MAX_CHECKPOINT_WAITERS) throw new CheckpointNotReached(projection, 0);
    // Register before the read below, so a change landing between read and register still wakes us.
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
    try {
      // A projection that has applied nothing yet stands at the start of the log.
      if (current === null) return this.store.compareCheckpoints(min, this.store.startCheckpoint) <= 0;
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

  /**
   * A checkpoint past the newest committed event was never issued by a command: waiting for it
   * would only hold the request until the timeout, so it is refused at once.
   */
  private async assertIssued(checkpoint: Checkpoint): Promise<void> {
    const last = await this.store.lastCommitted();
    if (this.store.compareCheckpoints(checkpoint, last ?? this.store.startCheckpoint) > 0) {
      throw invalidQueryParameter('minCheckpoint', 'is beyond the newest change');
    }
  }

  private register(projection: string, waiter: Waiter): void {
    this.waiting += 1;
    const set = this.waiters.get(projection) ?? new Set<Waiter>();
    set.add(waiter);
    this.waiters.set(projection, set);
  }

  private unregister(projection: string, waiter: Waiter): void {
    this.waiting -= 1;
    const set = this.waiters.get(projection);
    if (!set) return;
    set.delete(waiter);
    if (set.size === 0) this.waiters.delete(projection);
  }
}
