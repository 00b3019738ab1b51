import type { Projection } from '../projection';

/**
 * A deliberately unguarded test projection: a second apply of an event violates the primary
 * key and bumps the counter, so any double application shows.
 */
export function seenEventsProjection(options: { name?: string; failOn?: (type: string) => boolean } = {}): Projection {
  return {
    name: options.name ?? 'seen-events',
    baseTables: ['seen_events', 'seen_counts'],
    createTables: (t) => [
      `CREATE TABLE IF NOT EXISTS ${t('seen_events')} (event_id uuid PRIMARY KEY, type text NOT NULL, stream_id text NOT NULL, stream_version integer NOT NULL)`,
      `CREATE TABLE IF NOT EXISTS ${t('seen_counts')} (type text PRIMARY KEY, n integer NOT NULL)`,
    ],
    handles: () => true,
    keys: (event) => [event.streamId],
    async apply(client, event, ctx) {
      if (options.failOn?.(event.type)) throw new Error(`handler cannot take ${event.type}`);
      await client.query(`INSERT INTO ${ctx.tables('seen_events')} (event_id, type, stream_id, stream_version) VALUES ($1, $2, $3, $4)`,
        [event.eventId, event.type, event.streamId, event.streamVersion]);
      await client.query(`INSERT INTO ${ctx.tables('seen_counts')} (type, n) VALUES ($1, 1) ON CONFLICT (type) DO UPDATE SET n = ${ctx.tables('seen_counts')}.n + 1`,
        [event.type]);
    },
  };
}
