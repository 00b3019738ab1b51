import { randomBytes } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createEventCatalogue } from '@planwerk/events';
import {
  createInProcessNotifier,
  openPostgresEventStore,
  type PostgresEventStore,
  type ProjectionNotifier,
} from '@planwerk/platform';
import { activityLogProjection, ensureProjection, migrateProjector } from '@planwerk/projector';
import { createQueryService } from '@planwerk/query-service';
import { Pool } from 'pg';
import { createTestDatabase, type TestDatabase } from '../../../../scripts/testing/database';
import { createCommandService } from '../../app/create-command-service';
import { migrateCommandService } from '../../shared/idempotency/idempotency.migration';

/** Command and query service on one fresh database, with personal data encrypted (a master key). */
export interface SelfServiceStack {
  db: TestDatabase;
  pool: Pool;
  store: PostgresEventStore;
  command: NestFastifyApplication;
  query: NestFastifyApplication;
  close(): Promise<void>;
}

export async function startSelfServiceStack(prefix: string): Promise<SelfServiceStack> {
  const db = await createTestDatabase(prefix);
  const pool = new Pool({ connectionString: db.url, max: 10 });
  pool.on('error', () => undefined);
  const store = await openPostgresEventStore({ pool, catalogue: createEventCatalogue(), masterKey: randomBytes(32).toString('base64') });
  await migrateCommandService(pool);
  await migrateProjector(pool);
  await ensureProjection(pool, activityLogProjection);
  const notifier: ProjectionNotifier = createInProcessNotifier();
  const command = await createCommandService({ pool, store });
  const query = await createQueryService({ pool, store, notifier, logger: false });
  return {
    db, pool, store, command, query,
    async close() {
      await query.close();
      await command.close();
      await notifier.close();
      await store.close();
      await pool.end();
      await db.drop();
    },
  };
}
