import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { EventStore } from '@planwerk/events';
import { createMaintenanceSwitch, setMaintenance } from '@planwerk/platform';
import type { Pool } from 'pg';
import { describeWith } from '../../../scripts/testing/components';
import { startCommandServiceStack, type CommandServiceStack } from '../testing/command-service-stack';

const headers = { 'x-device-id': 'Ma1ntena01', 'x-api-version': '5.0.1' };

describeWith('postgres', 'maintenance switch on the command service (6950)', () => {
  let pool: Pool;
  let store: EventStore;
  let stack: CommandServiceStack;
  let app: NestFastifyApplication;

  beforeAll(async () => {
    // The switch re-reads on every request, so the test sees the operator's switch at once.
    stack = await startCommandServiceStack('cmd_maintenance', { deps: (db) => ({ maintenance: createMaintenanceSwitch({ db, recheckMs: 0 }) }) });
    ({ pool, store, app } = stack);
  });

  afterAll(async () => {
    await stack?.close();
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
