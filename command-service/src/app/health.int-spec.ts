import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { type EventStore } from '@planwerk/events';
import { createPostgresEventStore, migrateEventStore } from '@planwerk/platform';
import { Pool } from 'pg';
import { describeWith } from '../../../scripts/testing/components';
import { createTestDatabase, type TestDatabase } from '../../../scripts/testing/database';
import { createCommandService } from './create-command-service';

describeWith('postgres', 'command-service /health', () => {
  let db: TestDatabase;
  let pool: Pool;
  let store: EventStore;
  let app: NestFastifyApplication;

  beforeAll(async () => {
    db = await createTestDatabase('cmd_health');
    pool = new Pool({ connectionString: db.url, max: 4 });
    await migrateEventStore(pool);
    store = createPostgresEventStore({ pool });
    app = await createCommandService({ pool, store });
  });

  afterAll(async () => {
    await app?.close();
    await store?.close();
    await db?.drop();
  });

  it('is live and ready while PostgreSQL answers', async () => {
    expect((await app.inject({ method: 'GET', url: '/health/live' })).json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ok', components: { postgres: { ok: true }, eventStore: { ok: true } } });
  });

  it('is not ready once PostgreSQL is gone', async () => {
    await pool.end();
    const ready = await app.inject({ method: 'GET', url: '/health' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'down', components: { postgres: { ok: false } } });
  });
});
