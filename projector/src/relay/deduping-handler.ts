import type { Pool, PoolClient } from 'pg';
import { type RecordedEvent } from '@planwerk/events';
import {
  decodeRelayedEvent,
  migrateSchema,
  withTransaction,
  type DeliveredMessage,
} from '@planwerk/platform';

// The consumer side of at-least-once: each relayed batch is handled in one transaction that
// also records the event ids it processed, so a redelivered event is recognised and skipped,
// and a failed batch leaves neither effects nor ids behind (the bus then redelivers it).

export async function migrateDedupingHandler(pool: Pool): Promise<void> {
  await migrateSchema(pool, 'bus-processed-events', [`CREATE TABLE IF NOT EXISTS bus_processed_events (
    consumer text NOT NULL,
    event_id text NOT NULL,
    processed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, event_id)
  )`]);
}

export interface DedupingHandlerOptions {
  pool: Pool;
  /** Names the consumer; usually its bus group id. */
  consumer: string;
  /** Runs inside the batch's transaction; write through `client` only. */
  handle(event: RecordedEvent, client: PoolClient): Promise<void>;
}

export function createDedupingHandler(options: DedupingHandlerOptions): (messages: DeliveredMessage[]) => Promise<void> {
  return async (messages) => {
    // A malformed message throws here and stops the subscription: never a silent skip.
    const events = messages.map(decodeRelayedEvent);
    await withTransaction(options.pool, async (client) => {
      for (const event of events) {
        const fresh = await client.query(
          'INSERT INTO bus_processed_events (consumer, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
          [options.consumer, event.eventId],
        );
        if (fresh.rowCount === 1) await options.handle(event, client);
      }
    });
  };
}
