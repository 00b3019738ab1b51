import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { type EventStore } from '@planwerk/events';
import { createInProcessNotifier, createPostgresEventStore, migrateEventStore } from '@planwerk/platform';
import { Pool } from 'pg';
import { describeWith } from '../../../scripts/testing/components';
import { createTestDatabase, type TestDatabase } from '../../../scripts/testing/database';
import { createQueryService } from './create-query-service';

// Found by the API fuzzer: URLs that Fastify's router refuses before any route runs answered
// Fastify's own `{ error, code, message }` instead of the spec's wrapper.
describeWith('postgres', 'query-service router errors', () => {
  let db: TestDatabase;
  let pool: Pool;
  let store: EventStore;
  let app: NestFastifyApplication;

  beforeAll(async () => {
    db = await createTestDatabase('query_router_errors');
    pool = new Pool({ connectionString: db.url, max: 4 });
    pool.on('error', () => undefined);
    await migrateEventStore(pool);
    store = createPostgresEventStore({ pool });
    app = await createQueryService({ pool, store, notifier: createInProcessNotifier() });
  });

  afterAll(async () => {
    await app?.close();
    await store?.close();
    await db?.drop();
  });

  it.each([
    ['a malformed percent-escape', '/v5/team/%E0%A4%A/members', 400],
    ['an overlong path parameter', `/v5/team/${'x'.repeat(120)}/members`, 414],
  ])('answers %s in the wrapper', async (_, url, status) => {
    const answer = await app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
    expect(answer.statusCode).toBe(status);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.json()).toEqual({ body: null, status, error: { status, intern: 'request_failed', text: 'The request could not be executed.' } });
  });
});
