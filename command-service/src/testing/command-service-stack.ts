import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createPostgresEventStore, migrateEventStore, type PostgresEventStore } from '@planwerk/platform';
import { Pool } from 'pg';
import { createTestDatabase, type TestDatabase } from '../../../scripts/testing/database';
import { createCommandService, type CreateCommandServiceDeps } from '../app/create-command-service';
import { migrateCommandService } from '../shared/idempotency/idempotency.migration';

export interface CommandServiceStack {
  db: TestDatabase;
  pool: Pool;
  store: PostgresEventStore;
  app: NestFastifyApplication;
  /** Closes the service, the store and the pool, and drops the database. */
  close(): Promise<void>;
}

/**
 * The command service alone on a fresh database with the event store and idempotency tables:
 * the stack of the HTTP tests that need no query side (feedback, crypto, health, maintenance,
 * router errors). `deps` adds to or replaces the service's dependencies (a maintenance switch, a
 * store that fails on purpose).
 */
export async function startCommandServiceStack(
  prefix: string,
  options: { poolSize?: number; deps?: (pool: Pool, store: PostgresEventStore) => Partial<CreateCommandServiceDeps> } = {},
): Promise<CommandServiceStack> {
  const db = await createTestDatabase(prefix);
  const pool = new Pool({ connectionString: db.url, max: options.poolSize ?? 10 });
  // Dropping the database WITH (FORCE) ends idle connections; that is expected here.
  pool.on('error', () => undefined);
  await migrateEventStore(pool);
  await migrateCommandService(pool);
  const store = createPostgresEventStore({ pool });
  const app = await createCommandService({ pool, store, ...options.deps?.(pool, store) });
  return {
    db, pool, store, app,
    async close() {
      await app.close();
      await store.close();
      await pool.end();
      await db.drop();
    },
  };
}
