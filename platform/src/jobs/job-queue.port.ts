// Delivery jobs (mails, newsletters, direct-debit files): deterministic ids, retries with
// backoff, outcomes recorded as events through commands (architecture.md, "Kafka, Redis, BullMQ").

export interface AddJobOptions {
  /** Deterministic id (e.g. derived from the event that caused the job): the same id runs once. */
  jobId: string;
  /** Total runs including the first. Default 5. */
  attempts?: number;
  /** First retry delay; each further retry doubles it. Default 1000. */
  backoffMs?: number;
}

export interface JobContext {
  jobId: string;
  name: string;
  /** 1 for the first run, 2 for the first retry, ... */
  attempt: number;
}

export type JobHandler<TData> = (data: TData, context: JobContext) => Promise<void>;

export interface JobFailure<TData = unknown> {
  jobId: string;
  name: string;
  data: TData;
  attemptsMade: number;
  error: Error;
}

export interface JobProcessOptions<TData> {
  concurrency?: number;
  /** Called once a job has failed its last attempt; it will not run again by itself. */
  onFailed?(failure: JobFailure<TData>): void;
  /** Told about worker and connection errors that are not a job's own failure. */
  onError?(error: unknown): void;
}

export interface JobWorker {
  /** Stops taking jobs and waits for the running ones to finish. */
  close(): Promise<void>;
}

export interface JobQueue {
  /** Resolves once the job is stored; a job with an existing id is ignored. */
  add<TData>(name: string, data: TData, options: AddJobOptions): Promise<void>;
  process<TData>(name: string, handler: JobHandler<TData>, options?: JobProcessOptions<TData>): JobWorker;
  /** Closes every queue and worker this instance opened. */
  close(): Promise<void>;
}
