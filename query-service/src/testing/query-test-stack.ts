import { randomUUID } from 'node:crypto';
import type { ModuleMetadata } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { type Checkpoint } from '@planwerk/events';
import {
  createInProcessNotifier,
  createPostgresEventStore,
  migrateEventStore,
  type PostgresEventStore,
  type ProjectionNotifier,
} from '@planwerk/platform';
import { activityLogProjection, ensureProjection, migrateProjector } from '@planwerk/projector';
import { Pool } from 'pg';
import { createTestDatabase, type TestDatabase } from '../../../scripts/testing/database';
import { createQueryService } from '../app/create-query-service';
import type { QueryServiceOptions } from '../app/query-service.options';

export interface QueryTestStack {
  db: TestDatabase;
  pool: Pool;
  store: PostgresEventStore;
  notifier: ProjectionNotifier;
  app: NestFastifyApplication;
  /** Appends one event and answers its checkpoint, as a command would. */
  appendEvent(teamId?: string): Promise<Checkpoint>;
  /** Plays the projector: moves the projection's checkpoint, then publishes the hint. */
  advanceProjection(projection: string, checkpoint: Checkpoint, options?: { publish?: boolean; keys?: string[] }): Promise<void>;
  close(): Promise<void>;
}

export async function startQueryTestStack(
  prefix: string,
  extra: { options?: Partial<QueryServiceOptions>; features?: NonNullable<ModuleMetadata['imports']> } = {},
): Promise<QueryTestStack> {
  const db = await createTestDatabase(prefix);
  const pool = new Pool({ connectionString: db.url, max: 5, connectionTimeoutMillis: 2_000 });
  pool.on('error', () => undefined);
  await migrateEventStore(pool);
  await migrateProjector(pool);
  await ensureProjection(pool, activityLogProjection);
  const store = createPostgresEventStore({ pool });
  const notifier = createInProcessNotifier();
  const app = await createQueryService({ pool, store, notifier, logger: false, options: extra.options, features: extra.features });

  return {
    db, pool, store, notifier, app,
    async appendEvent(teamId = 'team-1') {
      const result = await store.append(`test-${randomUUID()}`, [{
        eventId: randomUUID(),
        type: 'TestHappened',
        data: {},
        metadata: {
          commandId: randomUUID(), correlationId: randomUUID(), causationId: null,
          actor: { kind: 'system', id: 'test' }, teamId, schemaVersion: 1,
        },
      }]);
      return result.checkpoint;
    },
    async advanceProjection(projection, checkpoint, options = {}) {
      await pool.query(
        `UPDATE projection_checkpoints c SET checkpoint = $2, last_applied_at = now()
           FROM projection_versions v WHERE v.name = c.name AND v.active_version = c.version AND c.name = $1`,
        [projection, checkpoint]);
      if (options.publish !== false) await notifier.publish({ projection, checkpoint, ...(options.keys ? { keys: options.keys } : {}) });
    },
    async close() {
      await app.close();
      await notifier.close();
      await store.close();
      await pool.end();
      await db.drop();
    },
  };
}
