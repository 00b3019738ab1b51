// An in-process lock keyed by stream id (ADR 0006, "Hot lists"): commands on one stream in
// one process queue in arrival order instead of racing each other into WrongExpectedVersion.
// Other processes still race; their conflicts are decided again on fresh state by the caller.

export class StreamLock {
  private readonly tails = new Map<string, Promise<void>>();

  /** Runs `work` once every earlier holder of `key` in this process is done (FIFO). */
  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // `previous` only ever resolves (it is a chain of `held` promises), so a failed holder
    // never wedges the ones behind it.
    const tail = previous.then(() => held);
    this.tails.set(key, tail);
    await previous;
    try {
      return await work();
    } finally {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }

  /** Holds several keys at once, taken in sorted order so two callers never wait on each other. */
  runAll<T>(keys: readonly string[], work: () => Promise<T>): Promise<T> {
    const sorted = [...new Set(keys)].sort();
    const step = (index: number): Promise<T> => (index === sorted.length ? work() : this.run(sorted[index] as string, () => step(index + 1)));
    return step(0);
  }

  /** Keys with a holder or waiters (for tests and metrics). */
  get size(): number {
    return this.tails.size;
  }
}
