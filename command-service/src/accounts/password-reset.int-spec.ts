import { randomBytes, randomUUID } from 'node:crypto';
import { createBullJobQueue, parseAccountsConfig } from '@planwerk/platform';
import { describeWith } from '../../../scripts/testing/components';
import { createMailSources } from '../app/all-mail-sources';
import { createSmtpMailTransport } from '../mail/smtp-mail-transport.adapter';
import { startMailDelivery } from '../mail/start-mail-delivery';
import { startSmtpTestServer } from '../mail/testing/smtp-test-server';
import { AccountsService, type CommandInput } from './accounts.service';
import { RESET_REQUEST_ANSWER_MS } from './account-self-service.service';
import { linkTokenOf, registerTestUser } from './testing/register-test-user';
import { startSelfServiceStack, type SelfServiceStack } from './testing/self-service-stack';

jest.setTimeout(60_000);

const PASSWORD = 'ein sicherer Satz 42';
const NEW_PASSWORD = 'ein neuer langer Satz 7';
const support = (): CommandInput => ({
  metadata: { commandId: randomUUID(), correlationId: 'support', causationId: null, actor: { kind: 'system', id: 'support' }, teamId: null },
  ids: { deterministic: false, next: () => randomUUID() },
});

describeWith('postgres', 'password reset over HTTP (/account/reset/{data})', () => {
  let stack: SelfServiceStack;

  beforeAll(async () => {
    process.env.LOGIN_DELAY_BASE_MS = '60000';
    stack = await startSelfServiceStack('cmd_reset');
  });

  afterAll(async () => {
    delete process.env.LOGIN_DELAY_BASE_MS;
    await stack?.close();
  });

  const requestReset = (mail: string) => stack.command.inject({ method: 'POST', url: '/v5/auth/reset', payload: { mail } });
  const reset = (payload: Record<string, unknown>, authorization?: string) =>
    stack.command.inject({ method: 'PUT', url: '/v5/auth/reset', payload, headers: authorization ? { authorization } : {} });
  const logIn = (mail: string, pass: string, device: string) =>
    stack.command.inject({ method: 'PUT', url: '/v5/auth', payload: { mail, pass, device, name: 'Firefox on Linux x86' } });
  const restore = (token: string) => stack.command.inject({ method: 'PUT', url: '/v5/auth/token', payload: { token } });
  const resetEvents = async (userId: string) =>
    (await stack.pool.query("SELECT count(*)::int AS n FROM events WHERE stream_id = $1 AND type = 'PasswordResetRequested'", [`account-${userId}`])).rows[0].n;

  it('answers a registered and an unknown address alike, in content and no faster than the floor', async () => {
    const user = await registerTestUser(stack.command, stack.pool, { deviceId: 'NeutDev001' });
    const started = Date.now();
    const known = await requestReset(user.mail);
    const knownMs = Date.now() - started;
    const unknownStarted = Date.now();
    const unknown = await requestReset(`nobody-${randomBytes(4).toString('hex')}@planwerk-test.de`);
    const unknownMs = Date.now() - unknownStarted;
    expect(known.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({ body: { requested: true }, error: null, status: 200 });
    expect(Math.min(knownMs, unknownMs)).toBeGreaterThanOrEqual(RESET_REQUEST_ANSWER_MS - 5);
    expect(await resetEvents(user.userId)).toBe(1);
    // A second request within the minute sends no second mail, and still answers the same.
    expect((await requestReset(user.mail)).body).toBe(known.body);
    expect(await resetEvents(user.userId)).toBe(1);
  });

  it('sets the new password once per link, ends the other sessions and keeps the resetting device signed in', async () => {
    const user = await registerTestUser(stack.command, stack.pool, { deviceId: 'ResetDev01' });
    const other = (await logIn(user.mail, PASSWORD, 'OtherDev01')).json().body.token;
    await requestReset(user.mail);
    const token = await linkTokenOf(stack.pool, 'PasswordResetRequested', user.userId);

    const changed = await reset({ token, pass: NEW_PASSWORD, pass2: NEW_PASSWORD }, user.authorization);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().body).toMatchObject({ changed: true, endedSessions: 1 });
    expect((await restore(other)).json().error).toMatchObject({ status: 401, intern: 6011 });
    expect((await restore(user.authorization)).statusCode).toBe(200);
    expect((await logIn(user.mail, PASSWORD, 'ResetDev02')).json().error).toMatchObject({ intern: 6008 });
    expect((await logIn(user.mail, NEW_PASSWORD, 'ResetDev02')).statusCode).toBe(200);
    // Single use: the same link again is 404, like an unknown one.
    const again = await reset({ token, pass: 'noch ein Satz 99', pass2: 'noch ein Satz 99' });
    expect(again.json().error).toMatchObject({ status: 404 });
    expect((await reset({ token: 'A'.repeat(43), pass: NEW_PASSWORD, pass2: NEW_PASSWORD })).body).toBe(again.body);
  });

  it('signOutEverywhere ends the resetting device’s session too', async () => {
    const user = await registerTestUser(stack.command, stack.pool, { deviceId: 'EverDev001' });
    await requestReset(user.mail);
    const token = await linkTokenOf(stack.pool, 'PasswordResetRequested', user.userId);
    const changed = await reset({ token, pass: NEW_PASSWORD, pass2: NEW_PASSWORD, signOutEverywhere: true }, user.authorization);
    expect(changed.json().body).toMatchObject({ endedSessions: 1 });
    expect((await restore(user.authorization)).json().error).toMatchObject({ intern: 6011 });
    const live = await stack.pool.query('SELECT count(*)::int AS n FROM account_sessions WHERE user_id = $1 AND revoked_at IS NULL', [user.userId]);
    expect(live.rows[0].n).toBe(0);
  });

  it.each([
    ['a short password', { pass: 'kurz', pass2: 'kurz' }, 'pass'],
    ['a common password', { pass: 'password123', pass2: 'password123' }, 'pass'],
    ['different passwords', { pass: NEW_PASSWORD, pass2: 'ein anderer Satz 8' }, 'pass2'],
    ['the own address', { pass: 'OWN', pass2: 'OWN' }, 'pass'],
  ])('refuses %s as at registration (400, field named), and the link stays usable', async (_label, passwords, field) => {
    const user = await registerTestUser(stack.command, stack.pool, { deviceId: 'PolicyDv01' });
    await requestReset(user.mail);
    const token = await linkTokenOf(stack.pool, 'PasswordResetRequested', user.userId);
    const body = { token, ...passwords };
    if (body.pass === 'OWN') Object.assign(body, { pass: user.mail, pass2: user.mail });
    const refused = await reset(body);
    expect(refused.json().error).toMatchObject({ status: 400, intern: 'validation_failed', field });
    expect((await reset({ token, pass: NEW_PASSWORD, pass2: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('an expired link answers 404', async () => {
    const user = await registerTestUser(stack.command, stack.pool, { deviceId: 'ExpDev0001' });
    await requestReset(user.mail);
    const token = await linkTokenOf(stack.pool, 'PasswordResetRequested', user.userId);
    // Rewriting the stored expiry stands in for waiting out the link lifetime.
    await stack.pool.query(
      "UPDATE events SET data = jsonb_set(data, '{expiresAt}', to_jsonb('2000-01-01T00:00:00.000Z'::text)) WHERE stream_id = $1 AND type = 'PasswordResetRequested'",
      [`account-${user.userId}`],
    );
    expect((await reset({ token, pass: NEW_PASSWORD, pass2: NEW_PASSWORD })).json().error).toMatchObject({ status: 404 });
  });

  it('lifts the brute-force delay (login_throttled) and the "must reset" flag (6022)', async () => {
    const user = await registerTestUser(stack.command, stack.pool, { deviceId: 'BlockDev01' });
    for (let i = 0; i < 5; i += 1) await logIn(user.mail, `falsch ${i} und lang`, 'Attack0001');
    expect((await logIn(user.mail, PASSWORD, 'BlockDev02')).json().error).toMatchObject({ status: 429, intern: 'login_throttled' });
    await stack.command.get(AccountsService).apply(user.userId, 'RequirePasswordReset', support());
    await requestReset(user.mail);
    const token = await linkTokenOf(stack.pool, 'PasswordResetRequested', user.userId);
    expect((await reset({ token, pass: NEW_PASSWORD, pass2: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await logIn(user.mail, NEW_PASSWORD, 'BlockDev02')).statusCode).toBe(200);
  });

  it('does not bypass an enabled second factor: the next login still asks for it', async () => {
    const user = await registerTestUser(stack.command, stack.pool, { deviceId: 'TwoFaRst01' });
    await stack.store.append(`second-factor-${user.userId}`, [{
      eventId: randomUUID(), type: 'TotpEnabled', data: { userId: user.userId, timeStep: 1, recoveryCodeHashes: [], enabledAt: new Date().toISOString() },
      metadata: { commandId: 'c', correlationId: 'c', causationId: null, actor: { kind: 'user', id: user.userId }, teamId: null, schemaVersion: 1 },
    }]);
    await requestReset(user.mail);
    const token = await linkTokenOf(stack.pool, 'PasswordResetRequested', user.userId);
    const changed = await reset({ token, pass: NEW_PASSWORD, pass2: NEW_PASSWORD });
    expect(changed.json().body).not.toHaveProperty('token');
    expect((await logIn(user.mail, NEW_PASSWORD, 'TwoFaRst02')).json().body).toEqual({ mode: '2fa', state: expect.any(String) });
  });

  it('through the real mail path: the link arrives over SMTP and resets the password', async () => {
    const smtp = await startSmtpTestServer();
    const queue = createBullJobQueue({ backend: { kind: 'postgres', connectionString: stack.db.url }, prefix: `reset_${randomBytes(4).toString('hex')}` });
    const delivery = await startMailDelivery({
      pool: stack.pool, store: stack.store, queue, publicUrl: 'http://planwerk.test:8080',
      transport: createSmtpMailTransport({ url: smtp.url, from: 'Planwerk <no-reply@planwerk.test>' }),
      sources: createMailSources({ authKeys: parseAccountsConfig(process.env).keys }),
      log: { info: () => undefined, error: () => undefined }, backoffMs: 50, retryDelayMs: 100,
    });
    try {
      const user = await registerTestUser(stack.command, stack.pool, { deviceId: 'MailDev001' });
      await requestReset(user.mail);
      const link = await until(() => {
        const mail = smtp.received.find((m) => m.envelopeTo.includes(user.mail) && m.text.includes('/account/reset/'));
        return mail ? /http:\/\/planwerk\.test:8080\/account\/reset\/([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1] : undefined;
      });
      const changed = await reset({ token: link, pass: NEW_PASSWORD, pass2: NEW_PASSWORD });
      expect(changed.statusCode).toBe(200);
      expect((await logIn(user.mail, NEW_PASSWORD, 'MailDev002')).statusCode).toBe(200);
    } finally {
      await delivery.stop();
      await queue.close();
      await smtp.close();
    }
  });
});

async function until<T>(probe: () => T | undefined, timeoutMs = 30_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting for the reset mail');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
