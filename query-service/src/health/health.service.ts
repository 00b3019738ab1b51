import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { type Checkpoint, type EventStore } from '@planwerk/events';
import { CLOCK, oldestWritingTransactionAgeSeconds, type Clock } from '@planwerk/platform';
import type { Pool } from 'pg';
import { EVENT_STORE, PG_POOL, PROJECTION_NOTIFIER, PROJECTION_STATUS, QUERY_SERVICE_OPTIONS } from '../app/tokens';
import type { QueryServiceOptions } from '../app/query-service.options';
import type { ProjectionChangeSource, ProjectionStatusSource, ProjectionStatusView } from '../shared/projections/projection-status.port';

export type HealthStatus = 'ok' | 'degraded' | 'down';

export interface ProjectionHealth extends Omit<ProjectionStatusView, 'updatedAt'> {
  updatedAt: string | null;
  /** The store's head is ahead of this projection's checkpoint. */
  behind: boolean;
  /** Seconds since the checkpoint last moved while behind; 0 when caught up. */
  lagSeconds: number;
}

export interface HealthReport {
  status: HealthStatus;
  components: {
    postgres: { ok: boolean; latencyMs: number | null; error?: string };
    /** The event store and the projector's tables could be read (both exist once migrated). */
    store: { ok: boolean; error?: string };
    projections: ProjectionHealth[];
    notifier: { ok: boolean; lastChangeAt: string | null };
  };
  /** Age of the oldest open writing transaction: every global reader waits for it (rule 5). */
  oldestWritingTransactionSeconds: number | null;
}

const PROBE_TIMEOUT_MS = 2_000;
// The bare health status is public (issue 12): concurrent callers share the check that is
// running, so the reads it costs (a probe, the projection table, a look-ahead of at most
// LAG_CAP events per projection) do not grow with the number of callers.

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

@Injectable()
export class HealthService implements OnModuleInit, OnModuleDestroy {
  private lastChangeAt: Date | null = null;
  private unsubscribe: (() => void) | null = null;
  private running: Promise<HealthReport> | null = null;

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTION_STATUS) private readonly status: ProjectionStatusSource,
    @Inject(PROJECTION_NOTIFIER) private readonly notifier: ProjectionChangeSource,
    @Inject(QUERY_SERVICE_OPTIONS) private readonly options: QueryServiceOptions,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.unsubscribe = this.notifier.subscribe(() => {
      this.lastChangeAt = this.clock.now();
    });
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
  }

  /** The current report: callers that arrive while a check runs get its answer. */
  check(): Promise<HealthReport> {
    this.running ??= this.checkNow().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async checkNow(): Promise<HealthReport> {
    const postgres = await this.probePostgres();
    const notifier = { ok: this.unsubscribe !== null, lastChangeAt: this.lastChangeAt?.toISOString() ?? null };
    if (!postgres.ok) {
      const store = { ok: false, error: 'PostgreSQL is unreachable' };
      return { status: 'down', components: { postgres, store, projections: [], notifier }, oldestWritingTransactionSeconds: null };
    }
    let views: ProjectionStatusView[];
    let head: Checkpoint | null;
    let oldest: number | null;
    try {
      [views, head, oldest] = await Promise.all([
        withTimeout(this.status.list(), 'projection status'),
        withTimeout(this.store.head(), 'event store head'),
        this.oldestWritingTransaction(),
      ]);
    } catch (error) {
      // E.g. a database nobody has migrated yet: not ready, but an answer rather than a 500.
      const store = { ok: false, error: error instanceof Error ? error.message : String(error) };
      return { status: 'down', components: { postgres, store, projections: [], notifier }, oldestWritingTransactionSeconds: null };
    }
    const now = this.clock.now().getTime();
    const projections = views.map((view) => this.describe(view, head, now));
    const failed = projections.some((p) => p.state === 'failed');
    const lagging = projections.some((p) => p.lagSeconds > this.options.lagDegradedSeconds);
    return {
      status: failed || lagging ? 'degraded' : 'ok',
      components: { postgres, store: { ok: true }, projections, notifier },
      oldestWritingTransactionSeconds: oldest,
    };
  }

  private describe(view: ProjectionStatusView, head: Checkpoint | null, now: number): ProjectionHealth {
    const behind = head !== null && (view.checkpoint === null || this.store.compareCheckpoints(head, view.checkpoint) > 0);
    const since = view.updatedAt?.getTime();
    const lagSeconds = behind && since !== undefined ? Math.max(0, (now - since) / 1000) : 0;
    return { ...view, updatedAt: view.updatedAt?.toISOString() ?? null, behind, lagSeconds, lagEvents: behind ? view.lagEvents : 0 };
  }

  private async probePostgres(): Promise<HealthReport['components']['postgres']> {
    const started = process.hrtime.bigint();
    try {
      await withTimeout(this.pool.query('SELECT 1'), 'PostgreSQL');
      return { ok: true, latencyMs: Number(process.hrtime.bigint() - started) / 1e6 };
    } catch (error) {
      return { ok: false, latencyMs: null, error: error instanceof Error ? error.message : String(error) };
    }
  }

  // Measured on the cluster behind the pool, where the PostgreSQL event store lives.
  private async oldestWritingTransaction(): Promise<number | null> {
    return withTimeout(oldestWritingTransactionAgeSeconds(this.pool), 'oldest writing transaction');
  }
}
