import { randomBytes } from 'node:crypto';
import { createBullJobQueue, parseAccountsConfig, type Clock, type JobQueue } from '@planwerk/platform';
import { describeWith } from '../../../scripts/testing/components';
import { createMailSources } from '../app/all-mail-sources';
import { mailRequestFor } from '../mail/mail-reactor';
import { createSmtpMailTransport } from '../mail/smtp-mail-transport.adapter';
import { startMailDelivery, type MailDelivery } from '../mail/start-mail-delivery';
import { startSmtpTestServer, type SmtpTestServer } from '../mail/testing/smtp-test-server';
import { HEADERS, startProjectsStack, type ProjectsStack, type TestProjectTree, type TestTeam } from '../projects/testing/projects-stack';
import { startSignupNotifications, type SignupNotifications } from './organiser-notifications.worker';
import { localDay, zonedInstant } from './signup-reminder.schedule';

jest.setTimeout(90_000);

const PUBLIC_URL = 'http://planwerk.test:8080';

async function until<T>(probe: () => T | undefined | false | Promise<T | undefined | false>, what: string, timeoutMs = 30_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// Reminders and organiser mails end to end (issue 14, ADR 0013): settings over HTTP, sign-ups
// over HTTP, the notifications worker on a clock the test moves, the mail reactor and worker on
// BullMQ (Redis when REDIS_URL is set), real mails read from the SMTP test server.
describeWith('postgres', 'reminders and organiser notifications (PostgreSQL, BullMQ, SMTP)', () => {
  let stack: ProjectsStack;
  let team: TestTeam;
  let tree: TestProjectTree;
  let smtp: SmtpTestServer;
  let queue: JobQueue;
  let delivery: MailDelivery;
  let notifications: SignupNotifications;
  let now = new Date();
  const clock: Clock = { now: () => now };

  beforeAll(async () => {
    stack = await startProjectsStack('cmd_notify');
    team = await stack.createTeam();
    tree = await stack.createProjectTree(team, {
      release: true,
      list: { settings: { allowAnonymous: true } },
      items: [{ name: 'Grill', capacity: 5, date: '2026-12-24', time: { from: '18:30', to: '20:00' } }, { name: 'Salat', capacity: 5 }],
    });
    smtp = await startSmtpTestServer();
    const redisUrl = process.env.REDIS_URL;
    const prefix = `notify_${randomBytes(4).toString('hex')}`;
    queue = createBullJobQueue({ backend: redisUrl ? { kind: 'redis', url: redisUrl } : { kind: 'postgres', connectionString: String((stack.pool as unknown as { options: { connectionString: string } }).options.connectionString) }, prefix });
    delivery = await startMailDelivery({
      pool: stack.pool, store: stack.store, queue, publicUrl: PUBLIC_URL,
      transport: createSmtpMailTransport({ url: smtp.url, from: 'Planwerk <no-reply@planwerk.test>' }),
      sources: createMailSources({ authKeys: parseAccountsConfig(process.env).keys }),
      log: { info: () => undefined, error: () => undefined }, backoffMs: 50, retryDelayMs: 100,
    });
    notifications = await startSignupNotifications({ pool: stack.pool, store: stack.store, clock, sweepIntervalMs: 3_600_000, onError: () => undefined });
  });

  afterAll(async () => {
    await notifications?.stop();
    await delivery?.stop();
    await queue?.close();
    await smtp?.close();
    await stack?.close();
  });

  const manage = () => `/v5/team/${team.teamId}/project/${tree.projectId}`;
  const grill = () => tree.itemIds[0] as string;
  const signupUrl = () => `/v5/project/${tree.projectId}/list/${tree.listId}/signup`;
  const eventsOf = async (type: string) =>
    (await stack.pool.query<{ stream_id: string; data: Record<string, unknown> }>('SELECT stream_id, data FROM events WHERE type = $1 ORDER BY global_position', [type])).rows;
  const mailsTo = (address: string) => smtp.received.filter((mail) => mail.envelopeTo.includes(address));

  it('takes the settings over HTTP, refuses bad input naming the field, and answers them back', async () => {
    const bad = await stack.send(team.owner, 'PUT', `${manage()}/list/${tree.listId}/reminder`, { reminder: '3d' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().error)).toContain('reminder');
    const unknownList = await stack.send(team.owner, 'PUT', `${manage()}/list/00000000-0000-4000-8000-000000000000/reminder`, { reminder: '1d' });
    expect(unknownList.statusCode).toBe(404);
    expect((await stack.send(team.member, 'PUT', `${manage()}/notifications`, { mode: 'each' })).statusCode).toBe(403);
    expect(await eventsOf('ListReminderSet')).toEqual([]);

    expect((await stack.send(team.owner, 'PUT', `${manage()}/list/${tree.listId}/reminder`, { reminder: '1d' })).json().body).toMatchObject({ listId: tree.listId, reminder: '1d' });
    expect((await stack.send(team.owner, 'PUT', `${manage()}/notifications`, { mode: 'each' })).json().body).toMatchObject({ mode: 'each' });
    expect((await stack.send(team.admin, 'PUT', `${manage()}/notifications`, { mode: 'digest' })).json().body).toMatchObject({ mode: 'digest' });
    // Again the same: no new event.
    expect((await stack.send(team.admin, 'PUT', `${manage()}/notifications`, { mode: 'digest' })).json().body.checkpoint).toBeNull();
    expect(await eventsOf('OrganiserNotificationsChosen')).toHaveLength(2);

    const settings = await stack.command.inject({ method: 'GET', url: `${manage()}/notifications`, headers: { ...HEADERS, authorization: team.admin.authorization } });
    expect(settings.json().body).toEqual({ projectId: tree.projectId, reminders: { [tree.listId]: '1d' }, mode: 'digest' });
  });

  it('mails the organiser who chose "each" when a visitor signs up, naming project, list, item and person, linking the editor', async () => {
    const signed = await stack.command.inject({ method: 'POST', url: signupUrl(), headers: HEADERS, payload: { itemId: grill(), name: 'Gast Anna' } });
    expect(signed.statusCode).toBe(201);
    const mail = await until(() => mailsTo(team.owner.mail).find((m) => m.text.includes('Gast Anna')), 'the organiser mail');
    expect(mail.subject).toBe('Neue Eintragung');
    expect(mail.text).toContain('Gast Anna hat sich im Projekt „Sommerfest“ in der Liste „Helfer“ für „Grill“ eingetragen.');
    expect(mail.text).toContain(`${PUBLIC_URL}/manage/${team.link}/project/${tree.projectId}`);
    // The admin chose the digest: no mail per sign-up.
    expect(mailsTo(team.admin.mail).filter((m) => m.subject === 'Neue Eintragung')).toEqual([]);
  });

  it('sends the admin one digest of the day at the local digest hour, and nothing for a day without sign-ups', async () => {
    // Someone signs up for the salad and cancels again the same day.
    const space = { ...HEADERS, authorization: team.space.authorization };
    const salad = await stack.command.inject({ method: 'POST', url: signupUrl(), headers: space, payload: { itemId: tree.itemIds[1] } });
    expect(salad.statusCode).toBe(201);
    expect((await stack.command.inject({ method: 'DELETE', url: `${signupUrl()}/${salad.json().body.signupId}`, headers: space })).statusCode).toBe(200);
    // The reactor notes the day's sign-ups as it follows the log.
    await until(async () => (await stack.pool.query(`SELECT 1 FROM organiser_digest_notes WHERE kind = 'cancelled' AND project_id = $1`, [tree.projectId])).rowCount === 1, 'the reactor');
    const today = localDay(new Date());
    const [y, m, d] = today.split('-').map(Number) as [number, number, number];
    const tomorrow = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
    now = zonedInstant(tomorrow, '06:59');
    await notifications.sweep();
    expect(await eventsOf('OrganiserDigestDue')).toEqual([]);

    now = zonedInstant(tomorrow, '07:00');
    await notifications.sweep();
    await notifications.sweep();
    const digests = await eventsOf('OrganiserDigestDue');
    expect(digests.map((e) => [e.data.userId, e.data.day])).toEqual([[team.admin.userId, today]]);
    expect(digests[0]!.data).toMatchObject({ added: 2, cancelled: 1 });
    const mail = await until(() => mailsTo(team.admin.mail).find((mm) => mm.subject === 'Tägliche Zusammenfassung deines Projekts'), 'the digest');
    expect(mail.text).toContain('2 neue Eintragungen und 1 Absagen');
    expect(mail.text).toContain('Grill: +1 / −0');
    expect(mail.text).toContain('Salat: +1 / −1');
    expect(mail.text).toContain(`${PUBLIC_URL}/manage/${team.link}/project/${tree.projectId}`);

    // The day after: nothing happened, nothing is sent.
    now = new Date(zonedInstant(tomorrow, '07:00').getTime() + 24 * 3_600_000);
    await notifications.sweep();
    expect(await eventsOf('OrganiserDigestDue')).toHaveLength(1);
  });

  it('reminds a member a day before the start, once, however often the sweep runs', async () => {
    const signed = await stack.command.inject({ method: 'POST', url: signupUrl(), headers: { ...HEADERS, authorization: team.member.authorization }, payload: { itemId: grill() } });
    expect(signed.statusCode).toBe(201);
    // The owner is told about the member too, with the member's name from the account.
    await until(() => mailsTo(team.owner.mail).find((m) => m.text.includes('Test User hat sich')), 'the notice naming the member');

    const visitor = await stack.command.inject({ method: 'POST', url: signupUrl(), headers: HEADERS, payload: { itemId: grill(), name: 'Gast Ben', email: 'gast-ben@example.org' } });
    expect(visitor.statusCode).toBe(201);

    now = new Date('2026-12-23T17:29:00Z');
    await notifications.sweep();
    expect(await eventsOf('SignupReminderDue')).toEqual([]);

    now = new Date('2026-12-23T18:00:00Z');
    await notifications.sweep();
    await notifications.sweep();
    const reminders = await eventsOf('SignupReminderDue');
    // The member and the visitor who left an address; not Gast Anna, who left none.
    expect(reminders.map((r) => r.data.signupId).sort()).toEqual([signed.json().body.signupId, visitor.json().body.signupId].sort());
    const mail = await until(() => mailsTo(team.member.mail).find((m) => m.subject === 'Erinnerung an deine Eintragung'), 'the reminder');
    expect(mail.text).toContain('„Grill“');
    expect(mail.text).toContain('24. Dezember 2026 um 18:30');
    expect(mail.text).toContain(`${PUBLIC_URL}/${tree.link}`);
    const visitorMail = await until(() => mailsTo('gast-ben@example.org').find((m) => m.subject === 'Erinnerung an deine Eintragung'), 'the visitor’s reminder');
    expect(visitorMail.text).toContain('Hallo Gast Ben,');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailsTo(team.member.mail).filter((m) => m.subject === 'Erinnerung an deine Eintragung')).toHaveLength(1);
  });

  it('sends no reminder for a sign-up cancelled or an item moved after the reminder was due', async () => {
    const user = await stack.register();
    await stack.addMember(team.teamId, team.owner, user, 'member');
    const signed = await stack.command.inject({ method: 'POST', url: signupUrl(), headers: { ...HEADERS, authorization: user.authorization }, payload: { itemId: grill() } });
    const { signupId } = signed.json().body;
    // Signed up before the reminder time (the sweep compares with the sign-up's own time).
    now = new Date('2026-12-23T18:05:00Z');
    const due = await stack.pool.query(`SELECT count(*)::int AS n FROM events WHERE type = 'SignupReminderDue' AND data->>'signupId' = $1`, [signupId]);
    expect(due.rows[0].n).toBe(0);
    // The sign-up happened "now" in real time, long before 2026-12-23: due at the next sweep.
    await notifications.sweep();
    const [reminder] = (await stack.store.readStream(`signup-reminder-${signupId}-${Math.floor(Date.parse('2026-12-24T17:30:00Z') / 60_000)}`)).events;
    expect(reminder?.type).toBe('SignupReminderDue');
    const sources = createMailSources({ authKeys: parseAccountsConfig(process.env).keys });
    expect(await mailRequestFor(reminder!, { sources, store: stack.store })).toMatchObject({ template: 'signup-reminder', to: user.mail });

    // The item moves to another day: the reminder for the old start sends nothing.
    expect((await stack.send(team.owner, 'PUT', `${manage()}/list/${tree.listId}/item/${grill()}`, { date: '2026-12-26' })).statusCode).toBeLessThan(300);
    expect(await mailRequestFor(reminder!, { sources, store: stack.store })).toBeNull();
    expect((await stack.send(team.owner, 'PUT', `${manage()}/list/${tree.listId}/item/${grill()}`, { date: '2026-12-24' })).statusCode).toBeLessThan(300);
    expect(await mailRequestFor(reminder!, { sources, store: stack.store })).not.toBeNull();

    // Cancelled: nothing.
    expect((await stack.command.inject({ method: 'DELETE', url: `${signupUrl()}/${signupId}`, headers: { ...HEADERS, authorization: user.authorization } })).statusCode).toBe(200);
    expect(await mailRequestFor(reminder!, { sources, store: stack.store })).toBeNull();
  });

});
