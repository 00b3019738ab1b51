import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import WebSocket from 'ws';
import { decodeVersionMetaTag } from '@planwerk/events';
import { activeTable } from '@planwerk/projector';
import { listDevMailbox } from '@planwerk/command-service';
import { describeWith } from '../../../scripts/testing/components';
import { createTestDatabase, type TestDatabase } from '../../../scripts/testing/database';
import { startPlanwerk, type RunningPlanwerk } from './start-planwerk';

// The proof slice through every layer, on one origin: gateway → command-service → event
// store → projector → activity log, and the query side's HTTP and WebSocket through the gateway.
describeWith('postgres', 'Planwerk in one process (embedded composition)', () => {
  let db: TestDatabase;
  let running: RunningPlanwerk;
  let pool: Pool;
  const headers = { 'content-type': 'application/json', 'x-device-id': 'Gateway001', 'x-api-version': '5.0.1' };

  beforeAll(async () => {
    db = await createTestDatabase('embedded');
    const webRoot = mkdtempSync(join(tmpdir(), 'planwerk-web-'));
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><html><head><title>Planwerk</title></head><body></body></html>');
    running = await startPlanwerk({ port: 0, host: '127.0.0.1', databaseUrl: db.url, dataDir: mkdtempSync(join(tmpdir(), 'planwerk-data-')), webRoot });
    pool = new Pool({ connectionString: db.url, max: 2 });
  }, 60_000);

  afterAll(async () => {
    await pool?.end();
    await running?.stop();
    await db?.drop();
  });

  // Answers are checked field by field below; `any` keeps the assertions readable.
  async function json(response: Response | Promise<Response>): Promise<any> {
    return (await response).json();
  }

  async function vote(body: unknown, extra: Record<string, string> = {}) {
    const response = await fetch(`${running.url}/v5/feedback/vote`, { method: 'POST', headers: { ...headers, ...extra }, body: JSON.stringify(body) });
    return { status: response.status, json: await json(response) };
  }

  function subscribe(projection: string): Promise<{ socket: WebSocket; next(predicate: (m: any) => boolean): Promise<any> }> {
    const socket = new WebSocket(`${running.url.replace('http', 'ws')}/v5/ws`);
    const messages: any[] = [];
    const waiters: Array<{ predicate: (m: any) => boolean; resolve: (m: any) => void }> = [];
    socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString());
      messages.push(message);
      for (const waiter of [...waiters]) {
        if (waiter.predicate(message)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(message);
        }
      }
    });
    const next = (predicate: (m: any) => boolean) => new Promise<any>((resolve, reject) => {
      const found = messages.find(predicate);
      if (found) return resolve(found);
      const timer = setTimeout(() => reject(new Error(`no matching message; got ${JSON.stringify(messages)}`)), 10_000);
      waiters.push({ predicate, resolve: (m) => { clearTimeout(timer); resolve(m); } });
    });
    return new Promise((resolve, reject) => {
      socket.once('open', () => {
        socket.send(JSON.stringify({ action: 'subscribe', projection }));
        resolve({ socket, next });
      });
      socket.once('error', reject);
    });
  }

  it('takes a feedback vote, pushes the projection change over the socket, and shows the vote in the activity log', async () => {
    const live = await subscribe('activity-log');
    await live.next((m) => m.event === 'subscribed');
    const answer = await vote({ vote: 2, text: 'Knopf fehlt', meta: { href: '/feedback', lang: 'de' } });
    expect(answer.status).toBe(200);
    expect(answer.json.body.text).toBe('Danke für dein Feedback');
    const checkpoint: string = answer.json.body.checkpoint;

    const pushed = await live.next((m) => m.event === 'projection' && m.data.checkpoint >= checkpoint);
    expect(pushed).toMatchObject({ sub_type: 'projection', sub_id: 'activity-log' });
    live.socket.close();

    const table = await activeTable(pool, 'activity-log', 'activity_log');
    const rows = await pool.query(`SELECT event_type, object_kind, object_id, actor_kind, actor_id, changes FROM ${table} WHERE object_id = $1`, [answer.json.body.feedbackId]);
    expect(rows.rows).toEqual([expect.objectContaining({
      event_type: 'FeedbackVoted', object_kind: 'feedback', actor_kind: 'anonymous', actor_id: 'device:Gateway001',
      changes: expect.arrayContaining([expect.objectContaining({ field: 'vote', before: null, after: 2 })]),
    })]);
  });

  it('answers a retried command with the same Idempotency-Key once, with the same answer', async () => {
    const first = await vote({ vote: 1 }, { 'idempotency-key': 'gateway-retry-1' });
    const second = await vote({ vote: 1 }, { 'idempotency-key': 'gateway-retry-1' });
    expect(second).toEqual(first);
    const count = await pool.query("SELECT count(*)::int AS n FROM events WHERE stream_id = $1", [`feedback-${first.json.body.feedbackId}`]);
    expect(count.rows[0].n).toBe(1);
  });

  it('rejects a vote without a vote, naming the field, and appends nothing', async () => {
    const before = await pool.query('SELECT count(*)::int AS n FROM events');
    const answer = await vote({ text: 'ohne Bewertung' });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ body: null, status: 400, error: { field: 'vote' } });
    const after = await pool.query('SELECT count(*)::int AS n FROM events');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('routes reads to the query service: version, OpenAPI, health, unknown routes', async () => {
    const version = await json(fetch(`${running.url}/v5/update/version`));
    expect(version.body.version.web).toBe('2025.4.0');
    const openapi = await json(fetch(`${running.url}/v5/openapi.json`));
    expect(Object.keys(openapi.paths)).toEqual(expect.arrayContaining(['/v5/feedback/vote', '/v5/update/version']));
    expect((await fetch(`${running.url}/health/ready`)).status).toBe(200);
    const missing = await fetch(`${running.url}/v5/nothing/here`);
    expect(missing.status).toBe(404);
    expect((await json(missing)).error.status).toBe(404);
  });

  it('serves the console with the version meta tag on every client route', async () => {
    const html = await (await fetch(`${running.url}/projekt/abc`)).text();
    expect(decodeVersionMetaTag(html)?.version.web).toBe('2025.4.0');
  });

  it('signs a person up, delivers the activation mail as a job, activates by its link and logs in', async () => {
    const mail = `anna-${Date.now()}@planwerk-test.de`;
    const password = 'ein langer Satz 2025';
    const registered = await fetch(`${running.url}/v5/auth`, {
      method: 'POST', headers,
      body: JSON.stringify({ mail, vorname: 'Anna', nachname: 'Muster', pass: password, pass2: password, terms: true, privacy: true, cookies: true, age: true }),
    });
    expect(registered.status).toBe(201);

    // The reactor turns the registration into a mail job; the worker delivers it to the dev mailbox.
    let activation;
    for (const started = Date.now(); !activation && Date.now() - started < 15_000; await new Promise((r) => setTimeout(r, 100))) {
      activation = (await listDevMailbox(pool)).find((entry) => entry.to.address === mail);
    }
    expect(activation).toBeDefined();
    const token = /\/account\/activate\/([A-Za-z0-9_-]+)/.exec(activation!.text)?.[1];
    expect(token).toBeDefined();

    const tooEarly = await fetch(`${running.url}/v5/auth`, { method: 'PUT', headers, body: JSON.stringify({ mail, pass: password, device: 'Gateway001', name: 'Chrome' }) });
    expect((await json(tooEarly)).error.intern).toBe(6021);

    expect((await fetch(`${running.url}/v5/auth/activate`, { method: 'POST', headers, body: JSON.stringify({ token }) })).status).toBe(200);
    const login = await json(fetch(`${running.url}/v5/auth`, { method: 'PUT', headers, body: JSON.stringify({ mail, pass: password, device: 'Gateway001', name: 'Chrome' }) }));
    expect(login.status).toBe(200);
    expect(login.body.token).toMatch(/\.Gateway001$/);

    // The session makes the actor the user, on the command side behind the gateway.
    const voted = await vote({ vote: 1 }, { authorization: login.body.token });
    const actor = await pool.query('SELECT metadata FROM events WHERE stream_id = $1', [`feedback-${voted.json.body.feedbackId}`]);
    expect(actor.rows[0].metadata.actor).toEqual({ kind: 'user', id: login.body.user.uid });
  });
});
