import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { type EventStore } from '@planwerk/events';
import { createPostgresEventStore, migrateEventStore } from '@planwerk/platform';
import { Pool } from 'pg';
import { describeWith } from '../../../scripts/testing/components';
import { createTestDatabase, type TestDatabase } from '../../../scripts/testing/database';
import { createCommandService } from './create-command-service';

// Found by the API fuzzer: URLs that Fastify's router refuses before any route runs (a bad
// percent-escape, a path parameter over 100 characters) answered Fastify's own
// `{ error, code, message }` instead of the spec's wrapper.
describeWith('postgres', 'command-service router errors', () => {
  let db: TestDatabase;
  let pool: Pool;
  let store: EventStore;
  let app: NestFastifyApplication;

  beforeAll(async () => {
    db = await createTestDatabase('cmd_router_errors');
    pool = new Pool({ connectionString: db.url, max: 4 });
    pool.on('error', () => undefined);
    await migrateEventStore(pool);
    store = createPostgresEventStore({ pool });
    app = await createCommandService({ pool, store });
  });

  afterAll(async () => {
    await app?.close();
    await store?.close();
    await db?.drop();
  });

  it.each([
    ['a malformed percent-escape', '/v5/team/%zz/leave', 400, 'malformed_body', 'The request could not be read.'],
    ['an overlong path parameter', `/v5/team/${'ß'.repeat(120)}/leave`, 414, 'request_failed', 'The request could not be executed.'],
  ])('answers %s in the wrapper', async (_, url, status, intern, text) => {
    const answer = await app.inject({ method: 'POST', url, headers: { 'accept-language': 'en' } });
    expect(answer.statusCode).toBe(status);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.json()).toEqual({ body: null, status, error: { status, intern, text } });
  });
});
