import { type Checkpoint, type EventStore } from '@planwerk/events';

/**
 * Waits (bounded) until global reads reach `checkpoint`. On a shared PostgreSQL cluster any
 * other session's open writing transaction holds fresh commits back from the global log for
 * a moment (the visibility bound is cluster-wide), so tests wait instead of assuming.
 */
export async function waitForVisible(store: EventStore, checkpoint: Checkpoint, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    const head = await store.head();
    if (head !== null && store.compareCheckpoints(head, checkpoint) >= 0) return;
    if (Date.now() - started > timeoutMs) throw new Error(`global log did not reach ${checkpoint} within ${timeoutMs} ms (head ${head})`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
