import type { Checkpoint, NewEvent, RecordedEvent } from '../envelope';

/**
 * Expected version of a stream before an append (architecture.md, rules 1 and 2).
 * Version = number of events in the stream; 0 means empty.
 */
export type ExpectedVersion = 'any' | 'no_stream' | 'stream_exists' | number;

export interface AppendOptions {
  expectedVersion?: ExpectedVersion;
}

export interface AppendResult {
  streamId: string;
  /** Version of the stream after the append (== version of the last appended event). */
  nextExpectedVersion: number;
  /** Checkpoint of the last appended event: pass it as `minCheckpoint` for read-your-writes. */
  checkpoint: Checkpoint;
}

export interface ReadStreamOptions {
  /** First stream version to return (1-based, inclusive). Default 1. */
  fromVersion?: number;
  maxCount?: number;
}

export interface StreamSlice {
  streamId: string;
  /** Current version of the stream (0 when it does not exist). */
  version: number;
  events: RecordedEvent[];
}

export interface ReadAllOptions {
  /** Return events strictly after this checkpoint; null/undefined = from the start. */
  after?: Checkpoint | null;
  maxCount: number;
}

export interface AllSlice {
  events: RecordedEvent[];
  /** Checkpoint of the last returned event, or `after` when nothing new is visible. */
  checkpoint: Checkpoint | null;
}

export interface SubscribeOptions {
  after?: Checkpoint | null;
  batchSize?: number;
  /** Called with each batch in log order; the next batch is read only after it resolves. */
  handle(events: RecordedEvent[]): Promise<void>;
  /** A failing handler stops the subscription; this is told why. */
  onError?(error: unknown): void;
}

export interface Subscription {
  /** Resolves when the subscription has stopped (after stop() or a handler error). */
  readonly done: Promise<void>;
  stop(): Promise<void>;
}

/** The event store port. PostgreSQL is the default adapter; EventStoreDB sits behind the same port. */
export interface EventStore {
  append(streamId: string, events: NewEvent[], options?: AppendOptions): Promise<AppendResult>;
  readStream(streamId: string, options?: ReadStreamOptions): Promise<StreamSlice>;
  readAll(options: ReadAllOptions): Promise<AllSlice>;
  subscribe(options: SubscribeOptions): Subscription;
  /** Checkpoint of the newest event visible to readers, or null for an empty log. */
  head(): Promise<Checkpoint | null>;
  /**
   * Checkpoint of the newest committed event, visible to readers yet or not (PostgreSQL: past
   * the global-log visibility bound), or null for an empty log. No command ever answers with a
   * checkpoint beyond it, so a later one was never issued.
   */
  lastCommitted(): Promise<Checkpoint | null>;
  /**
   * Optional wake-up hint for pollers (projections): `appendGeneration()` before a read, then
   * `waitForAppend(generation, ms)` resolves as soon as an append commits after that read
   * (PostgreSQL: at once in this process, through NOTIFY from others) or after `ms`. Adapters
   * without it leave pollers on their interval.
   */
  appendGeneration?(): number;
  waitForAppend?(sinceGeneration: number, timeoutMs: number): Promise<void>;
  /** Total order of checkpoints: negative, zero or positive like a comparator. */
  compareCheckpoints(a: Checkpoint, b: Checkpoint): number;
  /**
   * The checkpoint before the first event: every projection has reached it. A command that
   * read nothing and appended nothing answers with it, never with an empty string.
   */
  readonly startCheckpoint: Checkpoint;
  close(): Promise<void>;
}
