import { randomBytes } from 'node:crypto';
import { createBullJobQueue, parseAccountsConfig, type JobQueue } from '@planwerk/platform';
import { describeWith } from '../../../scripts/testing/components';
import type { TestUser } from '../accounts/testing/register-test-user';
import { createMailSources } from '../app/all-mail-sources';
import { createSmtpMailTransport } from '../mail/smtp-mail-transport.adapter';
import { startMailDelivery, type MailDelivery } from '../mail/start-mail-delivery';
import { startSmtpTestServer, type SmtpTestServer } from '../mail/testing/smtp-test-server';
import { auth, startTeamsStack, type TeamsStack } from '../teams/testing/teams-stack';

jest.setTimeout(60_000);

const SUPPORT = 'support@planwerk.test';

async function until<T>(probe: () => T | undefined, timeoutMs = 30_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting for the support mail');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describeWith('postgres', 'support requests (POST /v5/team/{teamId}/support) reach the operator by mail', () => {
  let stack: TeamsStack;
  let smtp: SmtpTestServer;
  let queue: JobQueue;
  let delivery: MailDelivery;
  let owner: TestUser;
  let teamId: string;

  beforeAll(async () => {
    stack = await startTeamsStack('cmd_support');
    smtp = await startSmtpTestServer();
    // The queue on the stack's own database (BullMQ's PostgreSQL backend), like the reset mail test.
    const { connectionString } = (stack.pool as unknown as { options: { connectionString: string } }).options;
    queue = createBullJobQueue({ backend: { kind: 'postgres', connectionString }, prefix: `support_${randomBytes(4).toString('hex')}` });
    delivery = await startMailDelivery({
      pool: stack.pool, store: stack.store, queue, publicUrl: 'http://planwerk.test:8080',
      transport: createSmtpMailTransport({ url: smtp.url, from: 'Planwerk <no-reply@planwerk.test>' }),
      sources: createMailSources({ authKeys: parseAccountsConfig(process.env).keys, supportAddress: SUPPORT }),
      log: { info: () => undefined, error: () => undefined }, backoffMs: 50, retryDelayMs: 100,
    });
    owner = await stack.register();
    const created = await stack.createTeam(owner, { name: 'Chor Süd', link: `chor-sued-${randomBytes(3).toString('hex')}`, type: 'club' });
    teamId = created.json().body.teamId;
  });

  afterAll(async () => {
    await delivery?.stop();
    await queue?.close();
    await smtp?.close();
    await stack?.close();
  });

  const send = (user: TestUser | null, payload: unknown, team = teamId) =>
    stack.command.inject({ method: 'POST', url: `/v5/team/${team}/support`, headers: auth(user), payload: payload as object });
  const supportEvents = async () => (await stack.pool.query("SELECT count(*)::int AS n FROM events WHERE type = 'SupportRequested'")).rows[0].n as number;

  it('appends SupportRequested on its own stream with the team in the metadata, and mails the operator with Reply-To the requester', async () => {
    const answer = await send(owner, { subject: 'Rechnung', message: 'Bitte schicken Sie uns die Rechnung für November noch einmal.\nDanke!' });
    expect(answer.statusCode).toBe(200);
    const { requestId, checkpoint } = answer.json().body;
    expect(typeof checkpoint).toBe('string');
    const stored = await stack.pool.query('SELECT stream_id, metadata FROM events WHERE type = $1', ['SupportRequested']);
    expect(stored.rows).toEqual([expect.objectContaining({ stream_id: `support-${requestId}` })]);
    expect(stored.rows[0].metadata).toMatchObject({ teamId, actor: { kind: 'user', id: owner.userId } });

    const mail = await until(() => smtp.received.find((m) => m.envelopeTo.includes(SUPPORT)));
    expect(mail.headers.get('to')).toContain(SUPPORT);
    expect(mail.headers.get('reply-to')).toContain(owner.mail);
    expect(mail.subject).toBe('Anfrage aus dem Team „Chor Süd“: Rechnung');
    expect(mail.text).toContain('schreibt für das Team „Chor Süd“ an den Betreiber');
    expect(mail.text).toContain(owner.mail);
    expect(mail.text).toContain('Betreff: Rechnung');
    expect(mail.text).toContain('Bitte schicken Sie uns die Rechnung für November noch einmal.');
    expect(mail.text).toMatch(/http:\/\/planwerk\.test:8080\/team\/chor-sued-/);
  });

  it.each([
    ['a subject too short', { subject: 'ab', message: 'Eine ausreichend lange Nachricht.' }, 'subject'],
    ['a message too long', { subject: 'Frage', message: 'x'.repeat(4001) }, 'message'],
    ['an unknown field', { subject: 'Frage', message: 'Eine ausreichend lange Nachricht.', vote: 2 }, 'body'],
  ])('answers validation_failed for %s and appends nothing', async (_label, payload, field) => {
    const before = await supportEvents();
    const refused = await send(owner, payload);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ intern: 'validation_failed', field });
    expect(await supportEvents()).toBe(before);
  });

  it('refuses a plain member and a stranger', async () => {
    const member = await stack.register();
    await stack.addMember(teamId, member, 'member');
    const before = await supportEvents();
    expect((await send(member, { subject: 'Frage', message: 'Eine ausreichend lange Nachricht.' })).statusCode).toBe(403);
    expect((await send(await stack.register(), { subject: 'Frage', message: 'Eine ausreichend lange Nachricht.' })).statusCode).toBeGreaterThanOrEqual(403);
    expect(await supportEvents()).toBe(before);
  });
});
