import { randomBytes } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createEventCatalogue } from '@planwerk/events';
import { createBullJobQueue, openPostgresEventStore, parseAccountsConfig, type PostgresEventStore } from '@planwerk/platform';
import { describeWith } from '../../../scripts/testing/components';
import { createTestDatabase, type TestDatabase } from '../../../scripts/testing/database';
import { createMailSources } from '../app/all-mail-sources';
import { createCommandService } from '../app/create-command-service';
import { createSmtpMailTransport } from '../mail/smtp-mail-transport.adapter';
import { startMailDelivery, type MailDelivery } from '../mail/start-mail-delivery';
import { attachmentsOf, startSmtpTestServer, type ReceivedMail, type SmtpTestServer } from '../mail/testing/smtp-test-server';
import { HEADERS, startProjectsStack, type ProjectsStack, type TestProjectTree, type TestTeam } from '../projects/testing/projects-stack';
import { ICAL } from '../mail/testing/ical';

// Issue 14, a visitor with an e-mail address: the confirmation arrives over real SMTP in the
// page's language with an .ics (read with ical.js) and a private link; the link's token reads,
// changes and cancels the sign-up from anywhere; the address is encrypted and erased with the
// sign-up; bad addresses are refused naming the field, with nothing appended.

const PUBLIC_URL = 'http://planwerk.test:8080';

describeWith('postgres', 'a visitor signs up with an e-mail address (command service, mail worker, SMTP)', () => {
  let stack: ProjectsStack;
  let team: TestTeam;
  let tree: TestProjectTree;
  let smtp: SmtpTestServer;
  let delivery: MailDelivery;
  let closeQueue: () => Promise<void>;
  let queueDb: TestDatabase;
  // A store with a master key: personal fields are encrypted per person (like production).
  let store: PostgresEventStore;
  let app: NestFastifyApplication;

  beforeAll(async () => {
    stack = await startProjectsStack('cmd_visitor_mail');
    team = await stack.createTeam();
    tree = await stack.createProjectTree(team, {
      release: true,
      project: { name: 'Sommerfest am See' },
      list: { name: 'Helfer', settings: { allowAnonymous: true, waitlist: true } },
      items: [
        { name: 'Grillstand', description: 'Zange mitbringen', capacity: 2, date: '2026-07-04', time: { from: '18:00', to: '20:30' } },
        { name: 'Abbau', capacity: 5, date: '2026-07-05', time: null },
      ],
    });
    store = await openPostgresEventStore({ pool: stack.pool, catalogue: createEventCatalogue(), masterKey: randomBytes(32).toString('base64') });
    app = await createCommandService({ pool: stack.pool, store });
    smtp = await startSmtpTestServer();
    queueDb = await createTestDatabase('visitor_mail_queue');
    const queue = createBullJobQueue({ backend: { kind: 'postgres', connectionString: queueDb.url }, prefix: `visitor_${randomBytes(4).toString('hex')}` });
    closeQueue = () => queue.close();
    delivery = await startMailDelivery({
      pool: stack.pool, store, queue, publicUrl: PUBLIC_URL,
      transport: createSmtpMailTransport({ url: smtp.url, from: 'Planwerk <no-reply@planwerk.test>' }),
      sources: createMailSources({ authKeys: parseAccountsConfig(process.env).keys }),
      log: { info: () => undefined, error: () => undefined }, backoffMs: 50, retryDelayMs: 100,
    });
  }, 60_000);

  afterAll(async () => {
    await delivery?.stop();
    await closeQueue?.();
    await smtp?.close();
    await app?.close();
    await store?.close();
    await stack?.close();
    await queueDb?.drop();
  });

  const url = (path = '') => `/v5/project/${tree.projectId}/list/${tree.listId}/signup${path}`;
  const signUp = (payload: Record<string, unknown>) => app.inject({ method: 'POST', url: url(), headers: HEADERS, payload });
  const withToken = (token: string) => ({ ...HEADERS, 'x-signup-token': token });
  const rows = async () => (await stack.pool.query<{ type: string; data: Record<string, unknown> }>(
    'SELECT type, data FROM events WHERE stream_id = $1 ORDER BY stream_position', [`signups-${tree.listId}`])).rows;

  async function mailTo(address: string): Promise<ReceivedMail> {
    const started = Date.now();
    for (;;) {
      const mail = smtp.received.find((m) => m.envelopeTo.includes(address));
      if (mail) return mail;
      if (Date.now() - started > 30_000) throw new Error(`no mail to ${address}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('mails the confirmation in the page\'s language with a valid .ics and a private link that reads, changes and cancels the sign-up', async () => {
    const address = `eva-${randomBytes(3).toString('hex')}@example.org`;
    const answer = await signUp({ itemId: tree.itemIds[0], name: 'Eva Gast', email: address, language: 'en' });
    expect(answer.statusCode).toBe(201);
    const { signupId, token } = answer.json().body as { signupId: string; token: string };

    // Stored encrypted, never in the clear, never the token.
    const stored = (await rows()).find((r) => r.data.signupId === signupId);
    expect(JSON.stringify(stored)).not.toContain(address);
    expect(stored?.data.email).toHaveProperty('$encrypted');

    const mail = await mailTo(address);
    expect(mail.subject).toBe('Your sign-up is confirmed');
    expect(mail.text).toContain('Hello Eva Gast,');
    expect(mail.text).toContain('“Grillstand” in the project “Sommerfest am See”');
    expect(mail.text).toContain('When: Saturday, July 4, 2026, 18:00–20:30');
    const link = new RegExp(`${PUBLIC_URL}/${tree.link}/signup#([0-9a-f-]{36})\\.([0-9a-f-]{36})\\.([A-Za-z0-9_-]{43})`).exec(mail.text);
    expect(link?.slice(1)).toEqual([tree.listId, signupId, token]);

    const [ics] = attachmentsOf(mail);
    expect(ics?.filename).toBe('invite.ics');
    expect(ics?.contentType).toMatch(/^text\/calendar/);
    const calendar = new ICAL.Component(ICAL.parse(ics?.content ?? ''));
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(event.summary).toBe('Grillstand – Sommerfest am See');
    expect(event.description).toBe('Helfer\n\nZange mitbringen');
    expect(event.uid).toBe(`signup-${signupId}@planwerk`);
    expect(event.startDate.toString()).toBe('2026-07-04T18:00:00');
    expect(event.endDate.toString()).toBe('2026-07-04T20:30:00');
    expect(ics?.content).not.toContain(token);

    // The private link's token on another device: read, change (another item), cancel.
    const own = await app.inject({ method: 'GET', url: url(`/${signupId}`), headers: withToken(token) });
    expect(own.statusCode).toBe(200);
    expect(own.json().body).toMatchObject({ signupId, listId: tree.listId, itemId: tree.itemIds[0], name: 'Eva Gast', status: 'placed', position: null });
    const wrong = await app.inject({ method: 'GET', url: url(`/${signupId}`), headers: withToken('x'.repeat(43)) });
    expect(wrong.json().error).toMatchObject({ status: 403, intern: 'signup_token_invalid' });
    const none = await app.inject({ method: 'GET', url: url(`/${signupId}`), headers: HEADERS });
    expect(none.json().error).toMatchObject({ status: 403 });

    const moved = await app.inject({ method: 'PUT', url: url(`/${signupId}`), headers: withToken(token), payload: { itemId: tree.itemIds[1], name: 'Eva G.' } });
    expect(moved.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: url(`/${signupId}`), headers: withToken(token) })).json().body).toMatchObject({ itemId: tree.itemIds[1], name: 'Eva G.' });

    const cancelled = await app.inject({ method: 'DELETE', url: url(`/${signupId}`), headers: withToken(token) });
    expect(cancelled.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: url(`/${signupId}`), headers: withToken(token) })).json().error).toMatchObject({ status: 404 });

    // Crypto-shredding: the sign-up's key is gone, and with it the address.
    const added = (await store.readStream(`signups-${tree.listId}`)).events.find((e) => e.type === 'SignUpAdded' && (e.data as { signupId: string }).signupId === signupId);
    expect((added?.data as { email: unknown }).email).toBeNull();
  }, 60_000);

  it('sends German when the page\'s language is unknown, and no calendar entry is missing for a day without a time', async () => {
    const address = `ben-${randomBytes(3).toString('hex')}@example.org`;
    expect((await signUp({ itemId: tree.itemIds[1], name: 'Ben', email: address, language: 'es' })).statusCode).toBe(201);
    const mail = await mailTo(address);
    expect(mail.subject).toBe('Deine Eintragung ist bestätigt');
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(attachmentsOf(mail)[0]?.content ?? '')).getFirstSubcomponent('vevent')!);
    expect(event.startDate.isDate).toBe(true);
    expect(event.startDate.toString()).toBe('2026-07-05');
  }, 60_000);

  it('refuses a bad address with validation_failed naming email and appends nothing; a member may not give one', async () => {
    const before = (await rows()).length;
    for (const email of ['', 'eva', 'eva@', 'a b@example.org', `${'x'.repeat(250)}@example.org`]) {
      const refused = await signUp({ itemId: tree.itemIds[0], name: 'Eva', email });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatchObject({ intern: 'validation_failed' });
      expect(JSON.stringify(refused.json().error)).toContain('email');
    }
    const member = await app.inject({
      method: 'POST', url: url(), headers: { ...HEADERS, authorization: team.member.authorization }, payload: { itemId: tree.itemIds[1], email: 'm@example.org' },
    });
    expect(member.json().error).toMatchObject({ intern: 'validation_failed', field: 'email' });
    expect((await rows()).length).toBe(before);
  }, 60_000);

  it('tells a waitlisted visitor with an address when they move up', async () => {
    const [first, second] = [await signUp({ itemId: tree.itemIds[0], name: 'Platz 1' }), await signUp({ itemId: tree.itemIds[0], name: 'Platz 2' })];
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const address = `lea-${randomBytes(3).toString('hex')}@example.org`;
    const waiting = await signUp({ itemId: tree.itemIds[0], name: 'Lea', email: address, language: 'it' });
    expect(waiting.json().body).toMatchObject({ status: 'waitlisted', position: 1 });
    const { signupId, token } = first.json().body as { signupId: string; token: string };
    expect((await app.inject({ method: 'DELETE', url: url(`/${signupId}`), headers: withToken(token) })).json().body.promoted).toEqual([waiting.json().body.signupId]);
    const started = Date.now();
    let moved: ReceivedMail | undefined;
    while (!moved && Date.now() - started < 30_000) {
      moved = smtp.received.find((m) => m.envelopeTo.includes(address) && m.subject === 'Sei uscito dalla lista d’attesa');
      if (!moved) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(moved?.text).toContain('Ciao Lea,');
    expect(smtp.received.filter((m) => m.envelopeTo.includes(address)).map((m) => m.subject).sort()).toEqual(['La tua iscrizione è confermata', 'Sei uscito dalla lista d’attesa']);
  }, 60_000);

  it('sends no mail without an address (a visitor as before)', async () => {
    const count = smtp.received.length;
    const answer = await signUp({ itemId: tree.itemIds[1], name: 'Ohne Mail' });
    expect(answer.statusCode).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(smtp.received.length).toBe(count);
  }, 60_000);
});
