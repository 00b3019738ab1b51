import { decodeVersionMetaTag, versionMetaTag } from '@planwerk/events';
import { describeWith } from '../../../scripts/testing/components';
import { startQueryTestStack, type QueryTestStack } from '../testing/query-test-stack';

describeWith('postgres', 'query-service HTTP (real PostgreSQL)', () => {
  let stack: QueryTestStack;

  beforeAll(async () => {
    stack = await startQueryTestStack('qs_http');
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('answers GET /v5/update/version in the wrapper with the version info of spec section 3', async () => {
    const res = await stack.app.inject({ method: 'GET', url: '/v5/update/version' });
    expect(res.statusCode).toBe(200);
    const wrapper = res.json();
    expect(wrapper).toEqual({
      status: 200,
      error: null,
      body: {
        version: { web: '2025.4.0', android: '2025.4.0', ios: '2025.4.0' },
        social: {},
        conf: { api: '5.0.1', encryption: '1.0' },
        action: [],
      },
    });
    // The page meta tag carries the same document.
    expect(decodeVersionMetaTag(versionMetaTag(wrapper.body))).toEqual(wrapper.body);
  });

  it('serves the OpenAPI document of command and query endpoints', async () => {
    const res = await stack.app.inject({ method: 'GET', url: '/v5/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/v5/feedback/vote', '/v5/update/version']));
    expect(doc.paths['/v5/feedback/vote'].post).toBeDefined();
    expect(doc.paths['/v5/update/version'].get).toBeDefined();
  });

  it('answers an unknown route with a 404 in the wrapper', async () => {
    const res = await stack.app.inject({ method: 'GET', url: '/v5/does/not/exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ body: null, status: 404, error: { status: 404, intern: 'not_found', text: 'Nicht gefunden.' } });
  });

  it('answers a bad query with a 400 naming the field, in English when asked', async () => {
    const res = await stack.app.inject({
      method: 'GET',
      url: `/v5/update/version?minCheckpoint=${'x'.repeat(300)}`,
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ status: 400, intern: 'validation_failed', field: 'minCheckpoint' });
    expect(res.json().error.text).toContain('minCheckpoint');
  });

  it('reports health with PostgreSQL, projections and notifier, and is ready', async () => {
    const health = await stack.app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(200);
    const report = health.json();
    expect(report.status).toBe('ok');
    expect(report.components.postgres.ok).toBe(true);
    expect(report.components.postgres.latencyMs).toBeGreaterThanOrEqual(0);
    expect(report.components.projections).toEqual([expect.objectContaining({ projection: 'activity-log', state: 'stopped', behind: false })]);
    expect(report.components.notifier.ok).toBe(true);

    expect((await stack.app.inject({ method: 'GET', url: '/health/live' })).json()).toEqual({ status: 'ok' });
    const ready = await stack.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ready: true, reasons: [] });
  });

  it('shows lag once the log is ahead of a projection, in /health and /metrics', async () => {
    await stack.appendEvent();
    // Lag is counted from the global log, which may hold a fresh commit back for a moment while
    // another suite's writing transaction is open on the shared cluster: ask until it shows.
    let report = (await stack.app.inject({ method: 'GET', url: '/health' })).json();
    for (const started = Date.now(); report.components.projections[0].lagEvents === 0 && Date.now() - started < 10_000;) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      report = (await stack.app.inject({ method: 'GET', url: '/health' })).json();
    }
    expect(report.components.projections[0]).toMatchObject({ projection: 'activity-log', behind: true, lagEvents: 1 });
    const metrics = await stack.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.headers['content-type']).toContain('text/plain');
    expect(metrics.body).toContain('planwerk_projection_lag_events{projection="activity-log"} 1');
    expect(metrics.body).toContain('planwerk_projection_behind{projection="activity-log"} 1');
    expect(metrics.body).toMatch(/planwerk_store_oldest_writing_transaction_seconds \d/);
  });

  it('is not ready while a projection has failed, naming it', async () => {
    await stack.pool.query(`UPDATE projection_status SET failed = true, error = 'poison event' WHERE name = 'activity-log'`);
    try {
      const ready = await stack.app.inject({ method: 'GET', url: '/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().reasons).toEqual(['projection activity-log failed: poison event']);
      expect((await stack.app.inject({ method: 'GET', url: '/health' })).json().status).toBe('degraded');
    } finally {
      await stack.pool.query(`UPDATE projection_status SET failed = false, error = NULL WHERE name = 'activity-log'`);
    }
  });
});

describeWith('postgres', 'query-service health without PostgreSQL', () => {
  it('is not ready on a database nobody has migrated, with the reason instead of a 500', async () => {
    const stack = await startQueryTestStack('qs_bare');
    try {
      await stack.pool.query('DROP TABLE events CASCADE');
      const ready = await stack.app.inject({ method: 'GET', url: '/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().reasons).toEqual([expect.stringMatching(/^store: .*events/)]);
      const metrics = await stack.app.inject({ method: 'GET', url: '/metrics' });
      expect(metrics.statusCode).toBe(200);
      expect(metrics.body).toContain('planwerk_query_store_readable 0');
    } finally {
      await stack.close();
    }
  });

  it('is live but not ready when its database is gone', async () => {
    const stack = await startQueryTestStack('qs_down');
    try {
      await stack.db.drop();
      const ready = await stack.app.inject({ method: 'GET', url: '/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().reasons[0]).toMatch(/^postgres: /);
      const health = await stack.app.inject({ method: 'GET', url: '/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ status: 'down', components: { postgres: { ok: false, latencyMs: null } } });
      expect((await stack.app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
    } finally {
      await stack.close();
    }
  });
});

// Issue 12: /health and /metrics were public, showed raw error texts and could be made to read
// many events per call. The public gets the status; details and metrics need METRICS_TOKEN or
// a caller on this machine.
describeWith('postgres', 'query-service health for the public and for operators', () => {
  const TOKEN = 'metrics-token-for-the-test-0123456789';
  const REMOTE = '203.0.113.7';
  let stack: QueryTestStack;
  let saved: string | undefined;

  beforeAll(async () => {
    saved = process.env.METRICS_TOKEN;
    process.env.METRICS_TOKEN = TOKEN;
    try {
      stack = await startQueryTestStack('qs_health_access');
    } finally {
      if (saved === undefined) delete process.env.METRICS_TOKEN;
      else process.env.METRICS_TOKEN = saved;
    }
  });

  afterAll(async () => {
    await stack?.close();
  });

  const remote = (url: string, headers: Record<string, string> = {}) => stack.app.inject({ method: 'GET', url, remoteAddress: REMOTE, headers });

  it('answers a remote caller the bare status, and /metrics only with the token', async () => {
    const health = await remote('/health');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const metrics = await remote('/metrics');
    expect(metrics.statusCode).toBe(401);
    expect(metrics.body).not.toContain('planwerk_');
    expect((await remote('/metrics', { authorization: 'Bearer wrong-token-wrong-token' })).statusCode).toBe(401);
    const withToken = await remote('/metrics', { authorization: `Bearer ${TOKEN}` });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.body).toContain('planwerk_query_postgres_up 1');
    expect((await remote('/health', { authorization: `Bearer ${TOKEN}` })).json().components.postgres.ok).toBe(true);
    // The same machine (the injected default peer is 127.0.0.1) reads the details without a token.
    expect((await stack.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
  });

  it('a forwarded address from the local gateway is not this machine', async () => {
    const forwarded = await stack.app.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': REMOTE } });
    expect(forwarded.statusCode).toBe(401);
    expect((await stack.app.inject({ method: 'GET', url: '/health', headers: { 'x-forwarded-for': REMOTE } })).json()).toEqual({ status: 'ok' });
  });

  it('names a failed projection to the public without its raw error text', async () => {
    await stack.pool.query(`UPDATE projection_status SET failed = true, error = 'secret detail of the poison event' WHERE name = 'activity-log'`);
    try {
      const ready = await remote('/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ ready: false, reasons: ['projection activity-log failed'] });
      expect((await remote('/health')).json()).toEqual({ status: 'degraded' });
      expect(JSON.stringify((await remote('/health')).json())).not.toContain('secret');
      expect((await remote('/health/ready', { authorization: `Bearer ${TOKEN}` })).json().reasons).toEqual(['projection activity-log failed: secret detail of the poison event']);
    } finally {
      await stack.pool.query(`UPDATE projection_status SET failed = false, error = NULL WHERE name = 'activity-log'`);
    }
  });

  it('reads at most 100 events of lag per projection, however far behind it is', async () => {
    for (let i = 0; i < 150; i += 1) await stack.appendEvent();
    // The global log may hold fresh commits back while another suite's transaction is open: ask
    // until the look-ahead is full, then it must stop at the cap (it read up to 1,000 before).
    let lag = 0;
    for (const started = Date.now(); lag < 100 && Date.now() - started < 10_000;) {
      lag = (await stack.app.inject({ method: 'GET', url: '/health' })).json().components.projections[0].lagEvents;
      if (lag < 100) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(lag).toBe(100);
  });

  it('shows a down database to the public as status only', async () => {
    const down = await startQueryTestStack('qs_health_down');
    try {
      await down.db.drop();
      const health = await down.app.inject({ method: 'GET', url: '/health', remoteAddress: REMOTE });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ status: 'down' });
      expect((await down.app.inject({ method: 'GET', url: '/health/ready', remoteAddress: REMOTE })).json()).toEqual({ ready: false, reasons: ['postgres'] });
    } finally {
      await down.close();
    }
  });
});
