import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { EventStore } from '@planwerk/events';
import { CLOCK, createBullJobQueue, type Clock, type JobQueue, type JobWorker } from '@planwerk/platform';
import type { Pool } from 'pg';
import { EVENT_STORE, PG_POOL } from '../../app/tokens';
import { CONTACT_IMPORT_JOB, contactImportJobId, runContactImport } from './contact-import.job';
import { failImport, runningImports, sweepExpiredImports } from './contact-import.repository';
import { migrateContactImports } from './contact-import.schema';

// The import jobs' queue: BullMQ on Redis (REDIS_URL) or on BullMQ's PostgreSQL backend, as the
// mail jobs. Opened on the first import (or at start when an import was left running, which
// resumes it), so a service that never imports holds no queue connection.
@Injectable()
export class ContactImportJobs implements OnApplicationBootstrap, OnModuleDestroy {
  private queue: JobQueue | null = null;
  private worker: JobWorker | null = null;

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await migrateContactImports(this.pool);
    // Staged rows live 24 hours at most: swept at every start and every upload.
    await sweepExpiredImports(this.pool, this.clock.now());
    const running = await runningImports(this.pool);
    for (const importId of running) await this.enqueue(importId);
  }

  async enqueue(importId: string): Promise<void> {
    await this.open().add(CONTACT_IMPORT_JOB, { importId }, { jobId: contactImportJobId(importId), attempts: 5, backoffMs: 2000 });
  }

  private open(): JobQueue {
    if (this.queue === null) {
      const redisUrl = process.env.REDIS_URL;
      const connectionString = (this.pool.options as { connectionString?: string }).connectionString ?? process.env.DATABASE_URL ?? '';
      this.queue = createBullJobQueue({ backend: redisUrl ? { kind: 'redis', url: redisUrl } : { kind: 'postgres', connectionString } });
      this.worker = this.queue.process<{ importId: string }>(
        CONTACT_IMPORT_JOB,
        (data) => runContactImport({ pool: this.pool, store: this.store, clock: this.clock }, data.importId),
        {
          concurrency: 2,
          // After its last attempt the import is failed: the console says so, the staged rows go.
          onFailed: (failure) => void failImport(this.pool, failure.data.importId).catch(() => undefined),
          onError: (error) => process.stderr.write(`[contact-import] ${error instanceof Error ? error.message : String(error)}\n`),
        },
      );
    }
    return this.queue;
  }

  async onModuleDestroy(): Promise<void> {
    await this.worker?.close();
    await this.queue?.close();
  }
}
