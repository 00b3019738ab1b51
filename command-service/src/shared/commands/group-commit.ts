import type { StreamLock } from './stream-lock';

// Group commit per key (ADR 0006, "Hot lists"): while one batch of a key is being written,
// the commands that arrive for that key queue up; the next batch takes all of them (up to a
// cap) at once. Nothing waits for a timer: batches form only while a batch is in flight, so a
// lone command is written at once and a hot stream writes one transaction per batch instead of
// one per command. Batches of one key never overlap; with a StreamLock they also hold its key,
// so work that takes several keys at once (StreamLock.runAll) excludes them.

/** One command's outcome inside a batch: its own value, or the error only its caller gets. */
export type Settled<R> = { ok: true; value: R } | { ok: false; error: unknown };

export interface GroupCommitOptions<C, R> {
  /**
   * Writes one batch of `key`: one outcome per command, in the order given (arrival order).
   * Throwing fails every command of the batch with that error; the next batch still runs.
   */
  write(key: string, commands: readonly C[]): Promise<ReadonlyArray<Settled<R>>>;
  /** Most commands in one batch; the rest wait for the next. Default 100. */
  maxBatch?: number;
  /** Held on the key while a batch runs. */
  lock?: StreamLock;
}

interface Waiting<C, R> {
  command: C;
  resolve(value: R): void;
  reject(error: unknown): void;
}

export class GroupCommit<C, R> {
  private readonly queues = new Map<string, Array<Waiting<C, R>>>();
  private readonly maxBatch: number;

  constructor(private readonly options: GroupCommitOptions<C, R>) {
    this.maxBatch = options.maxBatch ?? 100;
    if (!(this.maxBatch >= 1)) throw new RangeError(`maxBatch must be at least 1, got ${this.maxBatch}`);
  }

  /** Queues `command` for the next batch of `key`; resolves or rejects with its own outcome. */
  submit(key: string, command: C): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const queue = this.queues.get(key);
      if (queue) {
        // A drain of this key is running: it takes this command with the next batch.
        queue.push({ command, resolve, reject });
        return;
      }
      this.queues.set(key, [{ command, resolve, reject }]);
      void this.drain(key);
    });
  }

  /** Keys with queued or running commands (for tests and metrics). */
  get size(): number {
    return this.queues.size;
  }

  /** Writes batches of `key` one after another until its queue is empty; the queue's presence marks the drain. */
  private async drain(key: string): Promise<void> {
    const queue = this.queues.get(key) as Array<Waiting<C, R>>;
    try {
      while (queue.length > 0) {
        const run = () => this.writeBatch(key, queue.splice(0, this.maxBatch));
        await (this.options.lock ? this.options.lock.run(key, run) : run());
      }
    } catch (error) {
      // writeBatch settles every command itself; this only keeps a broken lock from stranding callers.
      for (const waiting of queue.splice(0)) waiting.reject(error);
    } finally {
      // Synchronous after the last check: a submit from now on starts a new drain.
      this.queues.delete(key);
    }
  }

  private async writeBatch(key: string, batch: Array<Waiting<C, R>>): Promise<void> {
    let outcomes: ReadonlyArray<Settled<R>>;
    try {
      outcomes = await this.options.write(key, batch.map((waiting) => waiting.command));
      if (outcomes.length !== batch.length) throw new Error(`A batch of ${batch.length} commands on ${key} answered ${outcomes.length} outcomes`);
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
      return;
    }
    batch.forEach((waiting, index) => {
      const outcome = outcomes[index] as Settled<R>;
      if (outcome.ok) waiting.resolve(outcome.value);
      else waiting.reject(outcome.error);
    });
  }
}

/**
 * Reads of one key that arrive together share one query: a read joins the next query that
 * starts after it arrived, never one already in flight, so no caller sees older data than a
 * read of its own would have returned. Every caller of a key must read the same thing.
 */
export class SharedReads<T> {
  private readonly batches = new GroupCommit<() => Promise<T>, T>({
    maxBatch: Number.POSITIVE_INFINITY,
    write: async (_key, reads) => {
      const value = await (reads[0] as () => Promise<T>)();
      return reads.map(() => ({ ok: true as const, value }));
    },
  });

  read(key: string, load: () => Promise<T>): Promise<T> {
    return this.batches.submit(key, load);
  }

  get size(): number {
    return this.batches.size;
  }
}
