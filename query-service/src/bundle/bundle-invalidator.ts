import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Checkpoint, EventStore, Subscription } from '@planwerk/events';
import { EVENT_STORE, PROJECTION_NOTIFIER, QUERY_SERVICE_OPTIONS } from '../app/tokens';
import type { QueryServiceOptions } from '../app/query-service.options';
import type { ProjectionChangeSource } from '../shared/projections/projection-status.port';
import { CheckpointNotReached, invalidQueryParameter } from '../shared/read-your-writes/read-your-writes.errors';
import { BundleCache } from './bundle-cache';
import { tagsForEvent, tagsForProjectionChange } from './bundle-tags';
import type { BundleAnswer } from '@planwerk/events';

export const BUNDLE_CACHE = Symbol('BUNDLE_CACHE');
export type BundleAnswerCache = BundleCache<BundleAnswer>;

/**
 * Keeps the bundle cache honest (ADR 0005a): every committed event bumps the tags it touches
 * (the inline tables teams, team_members and user_links change only with events), and every
 * projection change bumps its projection and keys. Tails the log from where it started.
 */
@Injectable()
export class BundleInvalidator implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('BundleInvalidator');
  private subscription: Subscription | null = null;
  private unsubscribe: (() => void) | null = null;
  private checkpoint: Checkpoint | null = null;
  private readonly waiters = new Set<() => void>();

  constructor(
    @Inject(BUNDLE_CACHE) private readonly cache: BundleAnswerCache,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTION_NOTIFIER) private readonly notifier: ProjectionChangeSource,
    @Inject(QUERY_SERVICE_OPTIONS) private readonly options: QueryServiceOptions,
  ) {}

  async onModuleInit(): Promise<void> {
    this.unsubscribe = this.notifier.subscribe((change) => this.cache.invalidate(tagsForProjectionChange(change)));
    this.checkpoint = await this.store.head();
    this.subscription = this.store.subscribe({
      after: this.checkpoint,
      handle: async (events) => {
        for (const event of events) this.cache.invalidate(tagsForEvent(event));
        const last = events.at(-1);
        if (last) this.checkpoint = last.checkpoint;
        for (const wake of [...this.waiters]) wake();
      },
      onError: (error) => {
        // Without the tail the cache could go stale: drop it and stop caching answers.
        this.logger.error(`bundle cache invalidation stopped: ${String(error)}`);
        this.subscription = null;
        this.cache.invalidateAll();
      },
    });
  }

  async onModuleDestroy(): Promise<void> {
    this.unsubscribe?.();
    await this.subscription?.stop();
    this.subscription = null;
    for (const wake of [...this.waiters]) wake();
  }

  /** False once the tail has stopped: answers must not be cached then. */
  get live(): boolean {
    return this.subscription !== null;
  }

  /** Read-your-writes: resolves once every event up to `min` has been applied to the cache. */
  async waitFor(min: Checkpoint | undefined): Promise<void> {
    if (min === undefined) return;
    try {
      this.store.compareCheckpoints(min, min);
    } catch {
      throw invalidQueryParameter('minCheckpoint', 'is not a checkpoint this service issued');
    }
    if (this.reached(min)) return;
    const deadline = Date.now() + this.options.minCheckpointTimeoutMs;
    while (!this.reached(min)) {
      const left = deadline - Date.now();
      if (left <= 0 || !this.live) throw new CheckpointNotReached('bundle', this.options.minCheckpointTimeoutMs);
      await new Promise<void>((resolve) => {
        const wake = (): void => {
          clearTimeout(timer);
          this.waiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, left);
        this.waiters.add(wake);
      });
    }
  }

  private reached(min: Checkpoint): boolean {
    return this.checkpoint !== null && this.store.compareCheckpoints(this.checkpoint, min) >= 0;
  }
}
