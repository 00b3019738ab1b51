import {
  type Checkpoint,
  type RecordedEvent,
  type AllSlice,
  type SubscribeOptions,
  type Subscription,
} from '@planwerk/events';
import type { AppendNotifier } from './append-notifier';

export interface PollingSubscriptionDeps {
  readAll(after: Checkpoint | null, maxCount: number): Promise<AllSlice>;
  notifier: AppendNotifier;
  pollIntervalMs: number;
}

/**
 * Reads the global log in batches from a checkpoint, forever. It never moves its checkpoint
 * past anything but delivered events, so a slow writer delays it and never makes it skip
 * (rule 4); notifications only shorten the wait between polls.
 */
export function startPollingSubscription(options: SubscribeOptions, deps: PollingSubscriptionDeps): Subscription {
  const batchSize = options.batchSize ?? 500;
  let stopped = false;
  let after: Checkpoint | null = options.after ?? null;

  const run = async (): Promise<void> => {
    while (!stopped) {
      const generation = deps.notifier.generation;
      const slice = await deps.readAll(after, batchSize);
      if (stopped) return;
      if (slice.events.length > 0) {
        await options.handle(slice.events as RecordedEvent[]);
        after = slice.checkpoint;
        continue;
      }
      await deps.notifier.wait(generation, deps.pollIntervalMs);
    }
  };

  const done = run().then(
    () => undefined,
    (error: unknown) => {
      stopped = true;
      options.onError?.(error);
    },
  );

  return {
    done,
    async stop() {
      stopped = true;
      deps.notifier.wakeAll();
      await done;
    },
  };
}
