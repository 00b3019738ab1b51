import type { Pool, PoolClient } from 'pg';
import { decodeRelayedEvent, type DeliveredMessage, type RecordedEvent } from '@planwerk/events';

// The consumer side of at-least-once: each relayed batch is handled in one transaction that
// also records the event ids it processed, so a redelivered event is recognised and skipped,
// and a failed batch leaves neither effects nor ids behind (the bus then redelivers it).

export async function migrateDedupingHandler(pool: Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['planwerk.bus-processed-events.migrate']);
    await client.query(`CREATE TABLE IF NOT EXISTS bus_processed_events (
      consumer text NOT NULL,
      event_id text NOT NULL,
      processed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (consumer, event_id)
    )`);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
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
    const client = await options.pool.connect();
    try {
      await client.query('BEGIN');
      for (const event of events) {
        const fresh = await client.query(
          'INSERT INTO bus_processed_events (consumer, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
          [options.consumer, event.eventId],
        );
        if (fresh.rowCount === 1) await options.handle(event, client);
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };
}
