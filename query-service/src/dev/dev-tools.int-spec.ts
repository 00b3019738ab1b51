import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { describeWith } from '../../../scripts/testing/components';
import { createQueryService } from '../app/create-query-service';
import { startQueryTestStack, type QueryTestStack } from '../testing/query-test-stack';
import { DevModeModule } from './dev-mode';

// The command service's table, as its dev-mailbox transport fills it.
const DEV_MAILBOX_DDL = `CREATE TABLE dev_mailbox (
  id bigserial PRIMARY KEY, job_id text NOT NULL UNIQUE, message_id text NOT NULL,
  to_address text NOT NULL, to_name text, language text NOT NULL, subject text NOT NULL,
  text_body text NOT NULL, html_body text NOT NULL, received_at timestamptz NOT NULL DEFAULT now())`;

describeWith('postgres', 'GET /v5/dev/status and /v5/dev/mailbox (query-service)', () => {
  let stack: QueryTestStack;
  let devOff: NestFastifyApplication;

  const get = (app: NestFastifyApplication, url: string) => app.inject({ method: 'GET', url });

  beforeAll(async () => {
    stack = await startQueryTestStack('qry_dev', { features: [DevModeModule.register(true)] });
    // Same database, development mode off: what distributed mode runs by default.
    devOff = await createQueryService({ pool: stack.pool, store: stack.store, notifier: stack.notifier, logger: false });
  });

  afterAll(async () => {
    await devOff?.close();
    await stack?.close();
  });

  it('answers an empty mailbox before the command service has created its table', async () => {
    const response = await get(stack.app, '/v5/dev/mailbox');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ body: { mails: [] }, error: null, status: 200 });
  });

  it('lists the newest mails first with recipient, subject, language, time, text and html', async () => {
    await stack.pool.query(DEV_MAILBOX_DDL);
    for (const [index, subject] of ['Erste', 'Zweite', 'Dritte'].entries()) {
      await stack.pool.query(
        `INSERT INTO dev_mailbox (job_id, message_id, to_address, to_name, language, subject, text_body, html_body, received_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [`job-${index}`, `<m${index}@planwerk>`, `ada${index}@planwerk-test.de`, index === 0 ? 'Ada' : null, index === 2 ? 'en' : 'de',
          subject, `Text ${index} https://example.test/account/activate/t${index}`, `<p>${subject}</p>`, `2025-04-0${index + 1}T10:00:00Z`],
      );
    }
    const response = await get(stack.app, '/v5/dev/mailbox');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const mails = response.json().body.mails as Array<Record<string, unknown>>;
    expect(mails.map((mail) => mail.subject)).toEqual(['Dritte', 'Zweite', 'Erste']);
    expect(mails[0]).toEqual({
      id: expect.any(Number),
      to: 'ada2@planwerk-test.de',
      toName: null,
      subject: 'Dritte',
      language: 'en',
      received: '2025-04-03T10:00:00.000Z',
      text: 'Text 2 https://example.test/account/activate/t2',
      html: '<p>Dritte</p>',
      // A mailbox made before attachments existed has none.
      attachments: [],
    });
    expect(mails[2]).toMatchObject({ to: 'ada0@planwerk-test.de', toName: 'Ada' });
  });

  it('lists the attachments of a mail (a sign-up\'s calendar entry) once the command service has added them', async () => {
    await stack.pool.query(`ALTER TABLE dev_mailbox ADD COLUMN IF NOT EXISTS attachments jsonb NOT NULL DEFAULT '[]'::jsonb`);
    const ics = { filename: 'invite.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n' };
    await stack.pool.query(
      `INSERT INTO dev_mailbox (job_id, message_id, to_address, language, subject, text_body, html_body, attachments)
       VALUES ('job-ics', '<ics@planwerk>', 'eva@planwerk-test.de', 'de', 'Deine Eintragung ist bestätigt', 'Text', '<p>Text</p>', $1)`,
      [JSON.stringify([ics])],
    );
    const mails = (await get(stack.app, '/v5/dev/mailbox')).json().body.mails as Array<Record<string, unknown>>;
    expect(mails.find((mail) => mail.to === 'eva@planwerk-test.de')?.attachments).toEqual([ics]);
    expect(mails.find((mail) => mail.to === 'ada2@planwerk-test.de')?.attachments).toEqual([]);
  });

  it('bounds the list by limit and names a bad limit', async () => {
    const limited = await get(stack.app, '/v5/dev/mailbox?limit=1');
    expect((limited.json().body.mails as unknown[]).length).toBe(1);
    const bad = await get(stack.app, '/v5/dev/mailbox?limit=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ status: 400, field: 'limit' });
  });

  it('says development mode is on, and off on the service started without it', async () => {
    expect((await get(stack.app, '/v5/dev/status')).json()).toEqual({ body: { devMode: true }, error: null, status: 200 });
    expect((await get(devOff, '/v5/dev/status')).json()).toEqual({ body: { devMode: false }, error: null, status: 200 });
  });

  it('says development mode is off to a caller the tools do not answer, so the console shows them no developer entry', async () => {
    const status = async (options: { headers?: Record<string, string>; remoteAddress?: string }) =>
      (await stack.app.inject({ method: 'GET', url: '/v5/dev/status', ...options })).json().body;
    expect(await status({ headers: { host: 'localhost:8080' } })).toEqual({ devMode: true });
    expect(await status({ headers: { 'x-forwarded-for': '203.0.113.7' } })).toEqual({ devMode: false });
    expect(await status({ remoteAddress: '198.51.100.4' })).toEqual({ devMode: false });
    expect(await status({ headers: { host: 'planwerk.example.org' } })).toEqual({ devMode: false });
  });

  it('answers 404 without development mode exactly as for a route that does not exist, even to a bad query', async () => {
    const unknown = await get(devOff, '/v5/dev/nothing-here');
    expect(unknown.statusCode).toBe(404);
    for (const url of ['/v5/dev/mailbox', '/v5/dev/mailbox?limit=0']) {
      const response = await get(devOff, url);
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe(unknown.body);
      expect(response.body).not.toContain('planwerk-test.de');
    }
  });

  it('never answers a caller on another machine, even in development mode', async () => {
    const local = await stack.app.inject({ method: 'GET', url: '/v5/dev/mailbox' });
    expect(local.statusCode).toBe(200);
    // Through the gateway the peer is loopback and x-forwarded-for names the real client.
    const remote = await stack.app.inject({ method: 'GET', url: '/v5/dev/mailbox', headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(remote.statusCode).toBe(404);
    const direct = await stack.app.inject({ method: 'GET', url: '/v5/dev/mailbox', remoteAddress: '198.51.100.4' });
    expect(direct.statusCode).toBe(404);
  });

  it('answers only a loopback Host: another name (DNS rebinding, a reverse proxy on this host) gets the 404', async () => {
    const mailbox = (headers: Record<string, string>, remoteAddress = '127.0.0.1') => stack.app.inject({ method: 'GET', url: '/v5/dev/mailbox', headers, remoteAddress });
    for (const host of ['localhost:8080', '127.0.0.1:8080', '[::1]:8080', 'localhost']) expect((await mailbox({ host })).statusCode).toBe(200);
    for (const host of ['evil.example', 'evil.example:8080', 'localhost.evil.example', '127.0.0.1.nip.io', 'planwerk.example.org']) {
      expect([host, (await mailbox({ host })).statusCode]).toEqual([host, 404]);
    }
    // A reverse proxy on this machine passes the public name on as X-Forwarded-Host.
    expect((await mailbox({ host: 'localhost:8080', 'x-forwarded-host': 'planwerk.example.org' })).statusCode).toBe(404);
  });

  it('sends the security headers with every answer, HSTS only when a trusted proxy says https', async () => {
    for (const url of ['/v5/dev/status', '/v5/dev/nothing-here', '/v5/dev/mailbox?limit=0']) {
      const answer = await get(stack.app, url);
      expect(answer.headers).toMatchObject({
        'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY', 'referrer-policy': 'strict-origin-when-cross-origin',
        'content-security-policy': expect.stringContaining("frame-ancestors 'none'"),
      });
      expect(answer.headers['strict-transport-security']).toBeUndefined();
    }
    const proxied = await stack.app.inject({ method: 'GET', url: '/v5/dev/status', headers: { 'x-forwarded-proto': 'https' } });
    expect(proxied.headers['strict-transport-security']).toBe('max-age=31536000');
    const spoofed = await stack.app.inject({ method: 'GET', url: '/v5/dev/status', remoteAddress: '198.51.100.4', headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });

  it('believes a forwarding header only from a trusted proxy: a remote caller claiming 127.0.0.1 gets the 404', async () => {
    const spoofed = await stack.app.inject({
      method: 'GET', url: '/v5/dev/mailbox', remoteAddress: '198.51.100.4', headers: { host: 'localhost:8080', 'x-forwarded-for': '127.0.0.1' },
    });
    expect(spoofed.statusCode).toBe(404);
    // Through a proxy on this machine: the right-most entry is what that proxy saw, not the client's own claim.
    const chained = await stack.app.inject({
      method: 'GET', url: '/v5/dev/mailbox', headers: { host: 'localhost:8080', 'x-forwarded-for': '127.0.0.1, 203.0.113.7' },
    });
    expect(chained.statusCode).toBe(404);
  });
});
