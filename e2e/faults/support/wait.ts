import { setTimeout as sleep } from 'node:timers/promises';

export { sleep };

/** Polls `condition` until it holds; fails with `what` after `timeoutMs`. */
export async function until(condition: () => Promise<boolean> | boolean, what: string, timeoutMs = 30_000, everyMs = 100): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}
