import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { EventStore } from '@planwerk/events';
import { createMaintenanceSwitch, createPostgresEventStore, migrateEventStore, setMaintenance } from '@planwerk/platform';
import { Pool } from 'pg';
import { describeWith } from '../../../scripts/testing/components';
import { createTestDatabase, type TestDatabase } from '../../../scripts/testing/database';
import { migrateCommandService } from '../shared/idempotency/idempotency.migration';
import { createCommandService } from './create-command-service';

const headers = { 'x-device-id': 'Ma1ntena01', 'x-api-version': '5.0.1' };

describeWith('postgres', 'maintenance switch on the command service (6950)', () => {
  let db: TestDatabase;
  let pool: Pool;
  let store: EventStore;
  let app: NestFastifyApplication;

  beforeAll(async () => {
    db = await createTestDatabase('cmd_maintenance');
    pool = new Pool({ connectionString: db.url, max: 10 });
    pool.on('error', () => undefined);
    await migrateEventStore(pool);
    await migrateCommandService(pool);
    store = createPostgresEventStore({ pool });
    // Re-read on every request, so the test sees the operator's switch at once.
    app = await createCommandService({ pool, store, maintenance: createMaintenanceSwitch({ db: pool, recheckMs: 0 }) });
  });

  afterAll(async () => {
    await app?.close();
    await store?.close();
    await pool?.end();
    await db?.drop();
  });

  const vote = (language = 'de') => app.inject({
    method: 'POST', url: '/v5/feedback/vote', headers: { ...headers, 'accept-language': language }, payload: { vote: 1 },
  });
  const events = async () => Number((await pool.query('SELECT count(*) AS n FROM events')).rows[0].n);

  it('answers 6950 (503) with the spec text while on, appends nothing, keeps the health probes, and recovers when off', async () => {
    expect((await vote()).statusCode).toBe(200);
    await setMaintenance(pool, true);
    const before = await events();

    const german = await vote();
    expect(german.statusCode).toBe(503);
    expect(german.headers['retry-after']).toBe('15');
    expect(german.json()).toEqual({ body: null, status: 503, error: {
      status: 503, intern: 6950, text: 'Planwerk wird gerade gewartet. Bitte versuche es in ein paar Minuten erneut.', retryAfterSeconds: 15,
    } });
    expect((await vote('en')).json().error.text).toBe('Planwerk is under maintenance. Please try again in a few minutes.');
    // Reads of the command side and unknown routes answer the same; health does not.
    expect((await app.inject({ method: 'GET', url: '/v5/crypto', headers })).json().error.intern).toBe(6950);
    expect((await app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
    expect(await events()).toBe(before);

    await setMaintenance(pool, false);
    expect((await vote()).statusCode).toBe(200);
  });

  it('is forced on by PLANWERK_MAINTENANCE whatever the row says', async () => {
    const forced = createMaintenanceSwitch({ db: pool, env: { PLANWERK_MAINTENANCE: 'on' } });
    expect(await forced.state()).toEqual({ active: true, source: 'environment', changedAt: null });
    const free = createMaintenanceSwitch({ db: pool, env: { PLANWERK_MAINTENANCE: 'off' }, recheckMs: 0 });
    expect((await free.state()).active).toBe(false);
  });
});
