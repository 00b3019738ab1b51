import { Queue, Worker, createPostgresBackend, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { databaseConnectionConfig } from '../postgres/database-pool';
import type { AddJobOptions, JobQueue, JobWorker, JobHandler, JobProcessOptions } from './job-queue.port';

// Distributed mode runs BullMQ on Redis; embedded mode on BullMQ's PostgreSQL backend
// (toolchain.md). One adapter, one contract suite, both backends.
export type JobQueueBackend =
  | { kind: 'redis'; url: string }
  | { kind: 'postgres'; connectionString: string };

export interface BullJobQueueOptions {
  backend: JobQueueBackend;
  /** Redis key prefix, or the PostgreSQL schema that holds the queue tables. Default `planwerk`. */
  prefix?: string;
  /** How long a finished job's id keeps blocking a re-add with the same id. Default 7 days. */
  dedupWindowSeconds?: number;
}

const DEFAULT_ATTEMPTS = 5;
const DEFAULT_BACKOFF_MS = 1000;
const DEFAULT_DEDUP_WINDOW_SECONDS = 7 * 24 * 3600;
// Failed jobs stay longer than completed ones: an operator looks at them.
const FAILED_RETENTION_SECONDS = 30 * 24 * 3600;
// BullMQ forbids ':' in queue names; our names are plain identifiers anyway.
const QUEUE_NAME = /^[a-z0-9][a-z0-9._-]{0,99}$/i;
// BullMQ rejects custom ids that look like integers or contain ':'; encoding keeps any
// caller id (e.g. `mail:<event-id>`) usable and stays one-to-one.
const JOB_ID_PREFIX = 'j.';

export function encodeJobId(jobId: string): string {
  if (jobId === '') throw new Error('jobId must not be empty');
  return JOB_ID_PREFIX + encodeURIComponent(jobId);
}

export function decodeJobId(bullId: string): string {
  if (!bullId.startsWith(JOB_ID_PREFIX)) throw new Error(`Not a job id from this queue: ${bullId}`);
  return decodeURIComponent(bullId.slice(JOB_ID_PREFIX.length));
}

function checkQueueName(name: string): void {
  if (!QUEUE_NAME.test(name)) throw new Error(`Invalid job queue name: ${JSON.stringify(name)}`);
}

// The slice of BullMQ's generic classes this adapter uses, the same for both backends.
interface BullQueue {
  add(name: string, data: unknown, options: object): Promise<unknown>;
  close(): Promise<void>;
}
interface BullWorker {
  on(event: 'failed', listener: (job: Job | undefined, error: Error) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  close(): Promise<void>;
}
type Processor = (job: Job) => Promise<void>;

interface Backend {
  queue(name: string): BullQueue;
  worker(name: string, processor: Processor, concurrency: number): { worker: BullWorker; release(): Promise<void> };
  close(): Promise<void>;
}

function redisBackend(url: string, prefix: string): Backend {
  // BullMQ requires maxRetriesPerRequest: null so blocking commands survive reconnects.
  const connect = () => new Redis(url, { maxRetriesPerRequest: null });
  let shared: Redis | undefined;
  return {
    queue(name) {
      shared ??= connect();
      return new Queue(name, { connection: shared, prefix });
    },
    worker(name, processor, concurrency) {
      const connection = connect();
      const worker = new Worker(name, processor, { connection, prefix, concurrency });
      return { worker, release: async () => void connection.disconnect() };
    },
    async close() {
      shared?.disconnect();
    },
  };
}

function postgresBackend(connectionString: string, schema: string): Backend {
  // Each queue and worker owns a small pool plus one LISTEN connection; `migrate` creates
  // or upgrades the schema on first use under BullMQ's advisory lock.
  // Its pools are built by BullMQ from this configuration: the session limits and the guarded
  // client class (every connection with an 'error' listener) come with it (database-pool.ts).
  const connection = { ...databaseConnectionConfig({ connectionString, max: 3 }, {}, 'planwerk-jobs'), schema, migrate: true };
  return {
    queue(name) {
      return new Queue(name, { connection }, createPostgresBackend);
    },
    worker(name, processor, concurrency) {
      const worker = new Worker(name, processor, { connection, concurrency }, createPostgresBackend);
      return { worker, release: async () => undefined };
    },
    async close() {},
  };
}

function createBackend(options: BullJobQueueOptions): Backend {
  const prefix = options.prefix ?? 'planwerk';
  const backend = options.backend;
  switch (backend.kind) {
    case 'redis':
      return redisBackend(backend.url, prefix);
    case 'postgres':
      return postgresBackend(backend.connectionString, prefix);
    default: {
      const unknown: never = backend;
      throw new Error(`Unknown job queue backend: ${JSON.stringify(unknown)}`);
    }
  }
}

export function createBullJobQueue(options: BullJobQueueOptions): JobQueue {
  const backend = createBackend(options);
  const dedupWindow = options.dedupWindowSeconds ?? DEFAULT_DEDUP_WINDOW_SECONDS;
  const queues = new Map<string, BullQueue>();
  const workers = new Set<JobWorker>();
  let closed = false;

  const queueFor = (name: string): BullQueue => {
    let queue = queues.get(name);
    if (!queue) {
      queue = backend.queue(name);
      queues.set(name, queue);
    }
    return queue;
  };

  return {
    async add(name, data, jobOptions: AddJobOptions) {
      if (closed) throw new Error('JobQueue is closed');
      checkQueueName(name);
      const attempts = jobOptions.attempts ?? DEFAULT_ATTEMPTS;
      if (!Number.isInteger(attempts) || attempts < 1) throw new Error('attempts must be a positive integer');
      // BullMQ ignores an add whose id already exists; keeping finished jobs for the dedup
      // window is what makes "same id runs once" hold after the first run has completed.
      await queueFor(name).add(name, data, {
        jobId: encodeJobId(jobOptions.jobId),
        attempts,
        backoff: { type: 'exponential', delay: jobOptions.backoffMs ?? DEFAULT_BACKOFF_MS },
        removeOnComplete: { age: dedupWindow },
        removeOnFail: { age: Math.max(dedupWindow, FAILED_RETENTION_SECONDS) },
      });
    },

    process<TData>(name: string, handler: JobHandler<TData>, processOptions: JobProcessOptions<TData> = {}) {
      if (closed) throw new Error('JobQueue is closed');
      checkQueueName(name);
      const processor: Processor = async (job) => {
        await handler(job.data as TData, {
          jobId: decodeJobId(String(job.id)),
          name,
          attempt: job.attemptsMade + 1,
        });
      };
      const { worker, release } = backend.worker(name, processor, processOptions.concurrency ?? 1);
      worker.on('failed', (job, error) => {
        // 'failed' fires on every failed run; only the last one is final.
        if (!job || job.attemptsMade < (job.opts.attempts ?? 1)) return;
        processOptions.onFailed?.({
          jobId: decodeJobId(String(job.id)),
          name,
          data: job.data as TData,
          attemptsMade: job.attemptsMade,
          error,
        });
      });
      // Without a listener an 'error' event would crash the process.
      worker.on('error', (error) => processOptions.onError?.(error));

      let closing: Promise<void> | undefined;
      const handle: JobWorker = {
        close() {
          closing ??= (async () => {
            workers.delete(handle);
            await worker.close();
            await release();
          })();
          return closing;
        },
      };
      workers.add(handle);
      return handle;
    },

    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...workers].map((worker) => worker.close()));
      await Promise.all([...queues.values()].map((queue) => queue.close()));
      await backend.close();
    },
  };
}
