import { START, excludeSystemEvents, type KurrentDBClient } from '@kurrent/kurrentdb-client';
import { type RecordedEvent, type SubscribeOptions, type Subscription } from '@planwerk/events';
import { compareCheckpoints, decodeCheckpoint, toRecordedEvent } from './eventstoredb-mapping';

const DEFAULT_BATCH_SIZE = 500;

// A catch-up subscription on $all without system events. Events are handed over in log order;
// the next batch is taken only after `handle` resolves (the stream's back-pressure holds the rest).
export function runAllSubscription(client: KurrentDBClient, options: SubscribeOptions): Subscription {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const subscription = client.subscribeToAll({
    fromPosition: options.after ? decodeCheckpoint(options.after) : START,
    filter: excludeSystemEvents(),
  });
  let stopping = false;
  let last = options.after ?? null;

  const done = (async () => {
    let batch: RecordedEvent[] = [];
    try {
      for await (const resolved of subscription) {
        if (stopping) break;
        const event = toRecordedEvent(resolved);
        // The start position is exclusive already; the guard keeps it so if a server differs.
        if (event && (last === null || compareCheckpoints(event.checkpoint, last) > 0)) {
          batch.push(event);
          last = event.checkpoint;
        }
        // Flush a full batch, or whatever is there once nothing more is buffered (live tail).
        if (batch.length >= batchSize || (batch.length > 0 && subscription.readableLength === 0)) {
          const handing = batch;
          batch = [];
          await options.handle(handing);
        }
      }
    } catch (error) {
      if (!stopping) options.onError?.(error);
    } finally {
      await subscription.unsubscribe().catch(() => undefined);
    }
  })();

  return {
    done,
    async stop() {
      stopping = true;
      await subscription.unsubscribe().catch(() => undefined);
      await done;
    },
  };
}
