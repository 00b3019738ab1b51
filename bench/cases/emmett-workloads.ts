import { randomUUID } from 'node:crypto';
import { dumbo } from '@event-driven-io/dumbo';
import { getPostgreSQLEventStore, readMessagesBatch, type PostgresEventStore as EmmettStore } from '@event-driven-io/emmett-postgresql';
import { types, type Pool } from 'pg';
import { benchEvents, type Measured } from '../store-bench-workloads';

// The peer baseline: Emmett's PostgreSQL event store (@event-driven-io/emmett-postgresql) on
// the same database, writing the same events (type, ~1 KB data, metadata) through its public API.

// Emmett's driver (dumbo) sets process-wide pg type parsers (int8 → BigInt, JSON through its
// serializer). Our pools keep pg's defaults through their own `types`, and close() puts the
// process-wide parsers back, so the cases after this one see plain pg again.
const CHANGED_OIDS = [20, 114, 3802];
const defaults = new Map(CHANGED_OIDS.map((oid) => [oid, types.getTypeParser(oid, 'text')]));
export const defaultPgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    (format !== 'binary' && defaults.get(oid)) || types.getTypeParser(oid, format ?? 'text')) as typeof types.getTypeParser,
};
function restorePgTypes(): void {
  for (const [oid, parser] of defaults) types.setTypeParser(oid, 'text', parser);
}

export interface Emmett {
  store: EmmettStore;
  appends(writerCount: number, appendsEach: number, batch: number): Promise<Measured>;
  readAll(batch: number): Promise<Measured>;
  close(): Promise<void>;
}

export async function openEmmett(connectionString: string, pool: Pool): Promise<Emmett> {
  // Emmett gets a pool of the same size as ours, so 16 writers get 16 connections on both sides.
  const store = getPostgreSQLEventStore(connectionString, { connectionOptions: { pool } });
  await store.schema.migrate();
  const reader = dumbo({ connectionString });

  const timed = async (work: () => Promise<number>): Promise<Measured> => {
    const started = process.hrtime.bigint();
    const events = await work();
    return { events, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
  };

  return {
    store,
    appends(writerCount, appendsEach, batch) {
      const run = randomUUID();
      return timed(async () => {
        await Promise.all(Array.from({ length: writerCount }, async (_, writer) => {
          for (let i = 0; i < appendsEach; i += 1) {
            const events = benchEvents(batch).map((e) => ({ type: e.type, data: e.data as Record<string, unknown>, metadata: { ...e.metadata, eventId: e.eventId } }));
            await store.appendToStream(`emmett-${run}-${writer}`, events, { expectedStreamVersion: BigInt(i * batch) });
          }
        }));
        return writerCount * appendsEach * batch;
      });
    },
    // Emmett's own global-log reader (the one its consumers use), page by page.
    readAll(batch) {
      return timed(async () => {
        let after = 0n;
        let count = 0;
        for (;;) {
          const page = await readMessagesBatch(reader.execute, { after, batchSize: batch });
          if (page.messages.length === 0) return count;
          count += page.messages.length;
          after = page.currentGlobalPosition;
        }
      });
    },
    async close() {
      await reader.close();
      await store.close();
      restorePgTypes();
    },
  };
}
