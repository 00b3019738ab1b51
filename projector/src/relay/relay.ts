import type { Pool } from 'pg';
import { type Checkpoint, type EventStore, type Subscription } from '@planwerk/events';
import { encodeRelayedEvent, EVENTS_TOPIC, type MessageBus, type SubscriptionEnd } from '@planwerk/platform';
import { createPostgresRelayCheckpoints, RelayCheckpointMoved, type RelayCheckpoints } from './relay-checkpoints';

// The relay feeds the bus from the committed log only (architecture.md, "Kafka, Redis,
// BullMQ"): publish a batch, wait for the acknowledgement, then advance the checkpoint. A crash
// between the two publishes the batch again, so delivery is at-least-once and consumers
// discard duplicates by event id (createDedupingHandler).
// Personal data: give the relay a store without the decrypting `personalData` option, so the
// bus carries ciphertext and erasing a person's key also shreds what Kafka retains.

export interface RelayCoreOptions {
  store: Pick<EventStore, 'subscribe'>;
  bus: MessageBus;
  checkpoints: RelayCheckpoints;
  topic?: string;
  batchSize?: number;
  /** A failed batch (bus or database down) is retried after this delay, doubling up to 30 s. */
  retryDelayMs?: number;
  /** Told about each failure that the relay retries. */
  onError?(error: unknown): void;
}

export interface RunningRelay {
  /** Ends after stop(), or with `failed` when another relay moved this relay's checkpoint. */
  readonly done: Promise<SubscriptionEnd>;
  stop(): Promise<void>;
}

const MAX_RETRY_DELAY_MS = 30_000;

export function runRelay(options: RelayCoreOptions): RunningRelay {
  const { store, bus, checkpoints } = options;
  const topic = options.topic ?? EVENTS_TOPIC;
  let stopping = false;
  let subscription: Subscription | null = null;
  let interruptWait: () => void = () => undefined;

  async function relayOnce(): Promise<SubscriptionEnd> {
    let position: Checkpoint | null = await checkpoints.load();
    if (stopping) return { kind: 'stopped' };
    let failure: SubscriptionEnd = { kind: 'stopped' };
    subscription = store.subscribe({
      after: position,
      batchSize: options.batchSize ?? 500,
      async handle(events) {
        if (events.length === 0) return;
        await bus.publish(topic, events.map(encodeRelayedEvent));
        const next = events[events.length - 1].checkpoint;
        await checkpoints.advance(position, next);
        position = next;
      },
      onError(error) {
        failure = { kind: 'failed', error };
      },
    });
    await subscription.done;
    subscription = null;
    return failure;
  }

  const done = (async (): Promise<SubscriptionEnd> => {
    let delay = options.retryDelayMs ?? 1000;
    while (!stopping) {
      let end: SubscriptionEnd;
      try {
        end = await relayOnce();
      } catch (error) {
        end = { kind: 'failed', error };
      }
      if (end.kind === 'stopped') break;
      if (end.error instanceof RelayCheckpointMoved) return end;
      options.onError?.(end.error);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        interruptWait = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      delay = Math.min(delay * 2, MAX_RETRY_DELAY_MS);
    }
    return { kind: 'stopped' };
  })();

  return {
    done,
    async stop() {
      stopping = true;
      interruptWait();
      await subscription?.stop();
      await done;
    },
  };
}

export interface StartRelayOptions {
  store: EventStore;
  bus: MessageBus;
  /** Holds relay_checkpoints (see migrateRelay). */
  pool: Pool;
  /** Names the checkpoint; default: the topic. */
  name?: string;
  topic?: string;
  batchSize?: number;
  retryDelayMs?: number;
  onError?(error: unknown): void;
}

export function startRelay(options: StartRelayOptions): RunningRelay {
  const topic = options.topic ?? EVENTS_TOPIC;
  return runRelay({
    ...options,
    topic,
    checkpoints: createPostgresRelayCheckpoints(options.pool, options.name ?? topic),
  });
}
