import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { z } from 'zod';
import { createEventCatalogue, defineEvent, type EventCatalogue, type NewEvent } from '@planwerk/events';
import { createPostgresEventStore, migrateEventStore, type PostgresEventStore } from '@planwerk/platform';
import { createTestDatabase, type TestDatabase } from '../../../../scripts/testing/database';
import { migrateProjector } from '../projector-schema';

// A test-only event that edits an object, so before/after values can be seen.
export const ThingRenamed = defineEvent({
  type: 'ThingRenamed',
  feature: 'things',
  schemaVersion: 1,
  schema: z.object({ thingId: z.string(), title: z.string(), colour: z.number().optional() }),
  describe: (d) => ({ object: { kind: 'thing', id: d.thingId }, projectId: 'project-1', listId: null, action: 'things.renamed', fields: { title: d.title, ...(d.colour === undefined ? {} : { colour: d.colour }) } }),
});

export const ThingRemoved = defineEvent({
  type: 'ThingRemoved',
  feature: 'things',
  schemaVersion: 1,
  schema: z.object({ thingId: z.string() }),
  describe: (d) => ({ object: { kind: 'thing', id: d.thingId }, projectId: 'project-1', listId: null, action: 'things.removed', fields: { title: null }, removesObject: true }),
});

// Valid data whose description throws: a projection bug that must stop at exactly this event.
export const ThingExploded = defineEvent({
  type: 'ThingExploded',
  feature: 'things',
  schemaVersion: 1,
  schema: z.object({ thingId: z.string() }),
  describe: (d) => {
    throw new Error(`cannot describe thing ${d.thingId}`);
  },
});

export function testCatalogue(): EventCatalogue {
  return createEventCatalogue().register(ThingRenamed).register(ThingRemoved).register(ThingExploded);
}

export interface ProjectorTestKit {
  db: TestDatabase;
  pool: Pool;
  store: PostgresEventStore;
  catalogue: EventCatalogue;
  close(): Promise<void>;
}

export async function createProjectorTestKit(prefix: string): Promise<ProjectorTestKit> {
  const db = await createTestDatabase(prefix);
  const pool = new Pool({ connectionString: db.url, max: 12 });
  pool.on('error', () => undefined); // idle connections killed by a test are replaced
  await migrateEventStore(pool);
  await migrateProjector(pool);
  const store = createPostgresEventStore({ pool, pollIntervalMs: 50 });
  return {
    db, pool, store, catalogue: testCatalogue(),
    async close() {
      await store.close();
      await pool.end();
      await db.drop();
    },
  };
}

export function newEvent(type: string, data: unknown, teamId: string | null = 'team-1'): NewEvent {
  return {
    eventId: randomUUID(), type, data,
    metadata: { commandId: randomUUID(), correlationId: randomUUID(), causationId: null, actor: { kind: 'user', id: 'user-1' }, teamId, schemaVersion: 1 },
  };
}

export function feedbackVoted(vote: 1 | 2, text: string): NewEvent {
  return newEvent('FeedbackVoted', {
    feedbackId: randomUUID(), vote, text,
    meta: { app_version: '2025.4.0', href: 'https://planwerk.test/p/1', host: 'planwerk.test', referrer: '', lang: 'de', agent: 'jest' },
  });
}

export async function waitFor<T>(probe: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Waits until the live version of a projection has taken every event in the store. Counted, not
 * compared with the store's head: on a shared server another session's open transaction holds
 * the visibility bound (and so the head) back for a while.
 */
export async function waitForCaughtUp(kit: ProjectorTestKit, projection: string, timeoutMs = 10_000): Promise<void> {
  await waitFor(async () => {
    const result = await kit.pool.query<{ total: string; applied: string | null }>(
      `SELECT (SELECT count(*) FROM events) AS total,
              (SELECT c.events_applied FROM projection_versions v
                 JOIN projection_checkpoints c ON c.name = v.name AND c.version = v.active_version
                WHERE v.name = $1) AS applied`, [projection]);
    return result.rows[0];
  }, (row) => row.applied !== null && Number(row.applied) === Number(row.total), timeoutMs);
}
