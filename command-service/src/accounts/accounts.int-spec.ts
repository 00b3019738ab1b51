import { randomBytes } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createEventCatalogue, type EventStore } from '@planwerk/events';
import { openPostgresEventStore } from '@planwerk/platform';
import { Pool } from 'pg';
import { describeWith } from '../../../scripts/testing/components';
import { createTestDatabase, type TestDatabase } from '../../../scripts/testing/database';
import { createCommandService } from '../app/create-command-service';
import { migrateCommandService } from '../shared/idempotency/idempotency.migration';
import { AccountsService, type CommandInput } from './accounts.service';
import { LOGIN_CHECKS_BEFORE_DELAY } from './login-throttle';
import { PasswordHasher } from './password-hasher';
import { SecondFactorAccountsAdapter } from './second-factor-accounts.adapter';
import { linkTokenOf, registerTestUser } from './testing/register-test-user';

const PASSWORD = 'ein sicherer Satz 42';
// A support operator's command input.
const input = (): CommandInput => ({
  metadata: { commandId: crypto.randomUUID(), correlationId: 'support', causationId: null, actor: { kind: 'system', id: 'support' }, teamId: null },
  ids: { deterministic: false, next: () => crypto.randomUUID() },
});
let counter = 0;
const newMail = () => `person${(counter += 1)}-${randomBytes(3).toString('hex')}@planwerk-test.de`;
const registerBody = (mail: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  mail, vorname: 'Ada', nachname: 'Lovelace', pass: PASSWORD, pass2: PASSWORD, terms: true, privacy: true, cookies: true, age: true, ...extra,
});

describeWith('postgres', 'accounts over HTTP (command-service on PostgreSQL, personal data encrypted)', () => {
  let db: TestDatabase;
  let pool: Pool;
  let store: EventStore;
  let app: NestFastifyApplication;

  beforeAll(async () => {
    process.env.LOGIN_DELAY_BASE_MS = '60000';
    db = await createTestDatabase('cmd_accounts');
    pool = new Pool({ connectionString: db.url, max: 10 });
    pool.on('error', () => undefined);
    store = await openPostgresEventStore({ pool, catalogue: createEventCatalogue(), masterKey: randomBytes(32).toString('base64') });
    await migrateCommandService(pool);
    app = await createCommandService({ pool, store });
  });

  afterAll(async () => {
    delete process.env.LOGIN_DELAY_BASE_MS;
    await app?.close();
    await store?.close();
    await pool?.end();
    await db?.drop();
  });

  const register = (body: unknown) => app.inject({ method: 'POST', url: '/v5/auth', payload: body as object });
  const logIn = (mail: string, pass = PASSWORD, device = 'LoginDev01', remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
    app.inject({ method: 'PUT', url: '/v5/auth', remoteAddress, headers, payload: { mail, pass, device, name: 'Mozilla/5.0 (X11; Linux x86_64)' } });
  const activate = (token: string) => app.inject({ method: 'POST', url: '/v5/auth/activate', payload: { token } });
  const errorOf = (response: { json(): { error: unknown } }) => response.json().error;

  it('signs up, activates by the mail link once, logs in and restores the token', async () => {
    const mail = newMail();
    const created = await register(registerBody(mail));
    expect(created.statusCode).toBe(201);
    const uid = created.json().body.uid;
    expect(errorOf(await logIn(mail))).toMatchObject({ status: 403, intern: 6021 });

    const token = await linkTokenOf(pool, 'AccountRegistered', uid);
    expect((await activate(token)).json().body).toMatchObject({ active: true });
    expect(errorOf(await activate(token))).toMatchObject({ status: 404 });

    const login = await logIn(mail);
    expect(login.statusCode).toBe(200);
    const body = login.json().body;
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}\.LoginDev01$/);
    expect(body.user).toEqual({ uid, name: 'Ada Lovelace', vorname: 'Ada', nachname: 'Lovelace', mail, type: 'user', login_type: 'password', status: 'active', mail_status: 'confirmed' });
    const sessions = await pool.query('SELECT device_name, token_hash FROM account_sessions WHERE user_id = $1', [uid]);
    expect(sessions.rows).toEqual([{ device_name: 'Mozilla/5.0 (X1', token_hash: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
    expect(JSON.stringify(sessions.rows)).not.toContain(body.token.split('.')[0]);

    const restored = await app.inject({ method: 'PUT', url: '/v5/auth/token', payload: { token: body.token } });
    expect(restored.json().body).toEqual({ token: body.token, user: body.user });
    const types = (await pool.query('SELECT type FROM events WHERE stream_id = $1 ORDER BY stream_position', [`account-${uid}`])).rows.map((r) => r.type);
    expect(types).toEqual(['AccountRegistered', 'AccountActivated', 'SessionStarted', 'NewDeviceLoggedIn']);
  });

  it('keeps no plaintext e-mail or name in the store rows, while reads decrypt them', async () => {
    const mail = newMail();
    const uid = (await register(registerBody(mail, { vorname: 'Grace', nachname: 'Hopper' }))).json().body.uid;
    const rows = await pool.query("SELECT stream_id, data::text AS data FROM events WHERE stream_id IN ($1, $2) OR stream_id LIKE 'account-email-%'", [`account-${uid}`, 'none']);
    const stored = rows.rows.map((r) => `${r.stream_id} ${r.data}`).join('\n');
    expect(stored).not.toContain(mail);
    expect(stored).not.toContain('Hopper');
    expect(stored).toContain('$encrypted');
    const [registered] = (await store.readStream(`account-${uid}`)).events;
    expect(registered.data).toMatchObject({ email: mail, lastName: 'Hopper' });
    expect(registered.metadata.personId).toBe(uid);
  });

  it('answers 6001 for an address already registered, in any letter case', async () => {
    const mail = newMail();
    await register(registerBody(mail));
    const again = await register(registerBody(` ${mail.toUpperCase()} `));
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({ intern: 6001 });
  });

  it('two concurrent registrations with one address → exactly one account, the other 6001', async () => {
    const mail = newMail();
    const answers = await Promise.all([register(registerBody(mail)), register(registerBody(mail))]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const logins = await pool.query('SELECT count(*)::int AS n FROM account_logins a JOIN events e ON e.stream_id = $1 WHERE e.data->>\'userId\' = a.user_id::text', [
      `account-${answers.find((a) => a.statusCode === 201)?.json().body.uid}`,
    ]);
    expect(logins.rows[0].n).toBeGreaterThan(0);
    const registered = await pool.query("SELECT count(*)::int AS n FROM events WHERE type = 'AccountEmailReserved' AND stream_id LIKE 'account-email-%' AND data->>'userId' = ANY($1)", [
      answers.filter((a) => a.statusCode === 201).map((a) => a.json().body.uid),
    ]);
    expect(registered.rows[0].n).toBe(1);
  });

  it.each([
    ['a blocked domain', { mail: 'someone@mailinator.com' }, 422, 6009, 'mail'],
    ['the child\'s own address as the parent\'s', { age: false, parentMail: 'SELF' }, 422, 6009, 'parentMail'],
    ['different passwords', { pass2: 'ein anderer Satz 42' }, 400, 'validation_failed', 'pass2'],
    ['a common password', { pass: 'password123', pass2: 'password123' }, 400, 'validation_failed', 'pass'],
    ['a short password', { pass: 'kurz', pass2: 'kurz' }, 400, 'validation_failed', 'pass'],
    ['terms not accepted', { terms: false }, 400, 'validation_failed', 'terms'],
    ['cookies missing', { cookies: undefined }, 400, 'validation_failed', 'cookies'],
    ['below 16 without a parent', { age: false }, 400, 'validation_failed', 'parentMail'],
    ['no e-mail address', { mail: 'not-an-address' }, 400, 'validation_failed', 'mail'],
  ])('registration with %s → %s, nothing appended', async (_label, override, status, intern, field) => {
    const mail = newMail();
    const body = registerBody(mail, override);
    if (body.parentMail === 'SELF') body.parentMail = mail;
    const before = (await pool.query('SELECT count(*)::int AS n FROM events')).rows[0].n;
    const response = await register(body);
    expect(response.statusCode).toBe(status);
    expect(errorOf(response)).toMatchObject({ status, intern, field });
    expect((await pool.query('SELECT count(*)::int AS n FROM events')).rows[0].n).toBe(before);
  });

  it('below 16: active only after the parent confirms through their link', async () => {
    const mail = newMail();
    const uid = (await register(registerBody(mail, { age: false, parentMail: newMail() }))).json().body.uid;
    expect((await activate(await linkTokenOf(pool, 'AccountRegistered', uid))).json().body).toMatchObject({ active: false });
    expect(errorOf(await logIn(mail))).toMatchObject({ intern: 6021 });
    const parentToken = await linkTokenOf(pool, 'ParentConfirmationRequested', uid);
    const confirmed = await app.inject({ method: 'POST', url: '/v5/auth/parent-confirm', payload: { token: parentToken } });
    expect(confirmed.json().body).toMatchObject({ active: true });
    expect((await logIn(mail)).statusCode).toBe(200);
  });

  it('login: 6005 unknown, 6008 wrong password, and the session actor reaches other commands', async () => {
    expect(errorOf(await logIn(newMail()))).toMatchObject({ status: 404, intern: 6005 });
    const user = await registerTestUser(app, pool, { deviceId: 'ActorDev01' });
    expect(errorOf(await logIn(user.mail, 'ein falscher Satz 42', 'WrongDev01'))).toMatchObject({ status: 401, intern: 6008 });
    const vote = await app.inject({
      method: 'POST', url: '/v5/feedback/vote', headers: { authorization: user.authorization }, payload: { vote: 1 },
    });
    const feedbackId = vote.json().body.feedbackId;
    const [event] = (await store.readStream(`feedback-${feedbackId}`)).events;
    expect(event.metadata.actor).toEqual({ kind: 'user', id: user.userId });
  });

  it('login: 6020 locked and 6022 reset required (support decisions)', async () => {
    const locked = await registerTestUser(app, pool, { deviceId: 'LockDev001' });
    const service = app.get(AccountsService);
    await service.apply(locked.userId, 'LockAccount', input());
    expect(errorOf(await logIn(locked.mail))).toMatchObject({ status: 403, intern: 6020 });
    const reset = await registerTestUser(app, pool, { deviceId: 'ResetDev01' });
    await service.apply(reset.userId, 'RequirePasswordReset', input());
    expect(errorOf(await logIn(reset.mail))).toMatchObject({ status: 403, intern: 6022 });
  });

  it('brute force: after five failures even the right password waits (a delay, not the 6020 lock), other accounts do not', async () => {
    const user = await registerTestUser(app, pool, { deviceId: 'BruteDev01' });
    const attacker = '203.0.113.21';
    for (let i = 0; i < 5; i += 1) expect(errorOf(await logIn(user.mail, `falsch ${i} und lang`, 'Attacker01', attacker))).toMatchObject({ intern: 6008 });
    const waiting = errorOf(await logIn(user.mail, PASSWORD, 'Attacker01', attacker));
    expect(waiting).toMatchObject({ status: 429, intern: 'login_throttled', retryAfterSeconds: expect.any(Number) });
    expect((waiting as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);
    expect((waiting as { text: string }).text).toContain('Minuten');
    // The account's counter is blocked too: a new device or address of the attacker gets nothing either.
    expect(errorOf(await logIn(user.mail, PASSWORD, 'Attacker02', '203.0.113.22'))).toMatchObject({ intern: 'login_throttled' });
    const other = await registerTestUser(app, pool, { deviceId: 'BruteDev02' });
    expect((await logIn(other.mail, PASSWORD, 'BruteDev02', attacker)).statusCode).toBe(200);
  });

  it('race: 100 concurrent wrong passwords on one account check at most five; the right password then gets no session', async () => {
    const user = await registerTestUser(app, pool, { deviceId: 'RaceDev001' });
    const verify = jest.spyOn(app.get(PasswordHasher), 'verify');
    try {
      // Every guess from another address: only the account's own limit stands in the way.
      const answers = await Promise.all(Array.from({ length: 100 }, (_, i) =>
        logIn(user.mail, `falsch ${i} und lang`, `Racer${String(i).padStart(5, '0')}`, `198.51.100.${i + 1}`)));
      const codes = answers.map((answer) => (errorOf(answer) as { intern: unknown }).intern);
      expect(verify.mock.calls.length).toBeLessThanOrEqual(LOGIN_CHECKS_BEFORE_DELAY);
      expect(codes.filter((code) => code === 6008).length).toBe(verify.mock.calls.length);
      expect(codes.filter((code) => code === 'login_throttled').length).toBe(100 - verify.mock.calls.length);
      const right = await logIn(user.mail, PASSWORD, 'RaceDev001', '198.51.100.201');
      expect(errorOf(right)).toMatchObject({ status: 429, intern: 'login_throttled' });
      expect(right.json().body).toBeNull();
      expect(verify.mock.calls.length).toBeLessThanOrEqual(LOGIN_CHECKS_BEFORE_DELAY);
    } finally {
      verify.mockRestore();
    }
  });

  it('sends the security headers with every answer (issue 12)', async () => {
    for (const answer of [await logIn(newMail(), 'falsch und lang genug', 'HeaderDev1', '198.51.100.240'), await app.inject({ method: 'GET', url: '/v5/nothing' })]) {
      expect(answer.headers).toMatchObject({
        'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY', 'referrer-policy': 'strict-origin-when-cross-origin',
        'content-security-policy': expect.stringContaining("frame-ancestors 'none'"),
      });
    }
  });

  it('race: unknown addresses are limited alike, so the limit does not tell whether an account exists', async () => {
    const verify = jest.spyOn(app.get(PasswordHasher), 'verify');
    try {
      const mail = newMail();
      const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => logIn(mail, `falsch ${i} und lang`, `Ghost${String(i).padStart(5, '0')}`, `192.0.2.${i + 1}`)));
      const codes = answers.map((answer) => (errorOf(answer) as { intern: unknown }).intern);
      expect(verify.mock.calls.length).toBeLessThanOrEqual(LOGIN_CHECKS_BEFORE_DELAY);
      expect(codes.filter((code) => code === 6005).length).toBe(verify.mock.calls.length);
      expect(codes.filter((code) => code === 'login_throttled').length).toBe(40 - verify.mock.calls.length);
    } finally {
      verify.mockRestore();
    }
  });

  it('counts per real client address: a new X-Forwarded-For per guess from a remote peer is ignored', async () => {
    const attacker = '203.0.113.77';
    const mails = Array.from({ length: 25 }, () => newMail());
    const answers = await Promise.all(mails.map((mail, i) => logIn(mail, 'falsch und lang genug', `Spoof${String(i).padStart(5, '0')}`, attacker, { 'x-forwarded-for': `10.9.8.${i + 1}` })));
    const codes = answers.map((answer) => (errorOf(answer) as { intern: unknown }).intern);
    // 21 free attempts per client address, then the delay — whatever address the guesses claim.
    expect(codes.filter((code) => code === 6005).length).toBe(21);
    expect(codes.filter((code) => code === 'login_throttled').length).toBe(4);
    // A real user elsewhere is not slowed down by it.
    const user = await registerTestUser(app, pool, { deviceId: 'SpoofDev01' });
    expect((await logIn(user.mail, PASSWORD, 'SpoofDev01', '198.51.100.250')).statusCode).toBe(200);
  });

  it('logout revokes on the server; then the token answers 6011', async () => {
    const user = await registerTestUser(app, pool, { deviceId: 'LogoutDv01' });
    const out = await app.inject({ method: 'POST', url: '/v5/auth/logout', payload: { token: user.authorization } });
    expect(out.json().body).toEqual({ loggedOut: true });
    const restored = await app.inject({ method: 'PUT', url: '/v5/auth/token', payload: { token: user.authorization } });
    expect(restored.statusCode).toBe(401);
    expect(errorOf(restored)).toMatchObject({ intern: 6011 });
    const again = await app.inject({ method: 'POST', url: '/v5/auth/logout', payload: { token: user.authorization } });
    expect(again.statusCode).toBe(200);
  });

  it('an idle-expired or absolutely expired session answers 6011 and acts anonymously elsewhere', async () => {
    const idle = await registerTestUser(app, pool, { deviceId: 'IdleDev001' });
    await pool.query("UPDATE account_sessions SET idle_expires_at = now() - interval '1 second' WHERE user_id = $1", [idle.userId]);
    expect(errorOf(await app.inject({ method: 'PUT', url: '/v5/auth/token', payload: { token: idle.authorization } }))).toMatchObject({ intern: 6011 });
    const old = await registerTestUser(app, pool, { deviceId: 'OldDev0001' });
    await pool.query("UPDATE account_sessions SET absolute_expires_at = now() - interval '1 second' WHERE user_id = $1", [old.userId]);
    expect(errorOf(await app.inject({ method: 'PUT', url: '/v5/auth/token', payload: { token: old.authorization } }))).toMatchObject({ intern: 6011 });
    const vote = await app.inject({ method: 'POST', url: '/v5/feedback/vote', headers: { authorization: old.authorization }, payload: { vote: 1 } });
    const [event] = (await store.readStream(`feedback-${vote.json().body.feedbackId}`)).events;
    expect(event.metadata.actor).toEqual({ kind: 'anonymous', id: 'device:OldDev0001' });
  });

  it('with a second factor on: mode 2fa, and the challenge completes once into a session', async () => {
    const user = await registerTestUser(app, pool, { deviceId: 'TwoFaDev01' });
    await store.append(`second-factor-${user.userId}`, [{
      eventId: crypto.randomUUID(), type: 'TotpEnabled', data: { userId: user.userId, timeStep: 1, recoveryCodeHashes: [], enabledAt: new Date().toISOString() },
      metadata: { commandId: 'c', correlationId: 'c', causationId: null, actor: { kind: 'user', id: user.userId }, teamId: null, schemaVersion: 1 },
    }]);
    const answer = (await logIn(user.mail, PASSWORD, 'TwoFaDev01')).json().body;
    expect(answer).toEqual({ mode: '2fa', state: expect.any(String) });
    const adapter = app.get(SecondFactorAccountsAdapter);
    expect(await adapter.findPendingLogin(answer.state)).toEqual({ userId: user.userId });
    await expect(adapter.completeLoginChallenge(answer.state, { deviceId: 'OtherDev01', name: 'x' }, input())).rejects.toMatchObject({ code: 6011 });
    const session = await adapter.completeLoginChallenge(answer.state, { deviceId: 'TwoFaDev01', name: 'Firefox' }, input());
    expect(session.token).toMatch(/\.TwoFaDev01$/);
    expect(await adapter.signedInUser(session.token)).toBe(user.userId);
    expect(await adapter.findPendingLogin(answer.state)).toBeNull();
    await expect(adapter.completeLoginChallenge(answer.state, { deviceId: 'TwoFaDev01', name: 'Firefox' }, input())).rejects.toMatchObject({ code: 6011 });
    expect(await adapter.accountLabel(user.userId)).toBe(user.mail);
  });

  it('6991 on a beta site for accounts without approval', async () => {
    const user = await registerTestUser(app, pool, { deviceId: 'BetaDev001' });
    process.env.BETA_SITE = 'true';
    const beta = await createCommandService({ pool, store });
    delete process.env.BETA_SITE;
    try {
      const refused = await beta.inject({ method: 'PUT', url: '/v5/auth', payload: { mail: user.mail, pass: PASSWORD, device: 'BetaDev001', name: 'x' } });
      expect(refused.json().error).toMatchObject({ status: 403, intern: 6991 });
      const service = beta.get(AccountsService);
      await service.apply(user.userId, 'ApproveBetaAccess', input());
      const admitted = await beta.inject({ method: 'PUT', url: '/v5/auth', payload: { mail: user.mail, pass: PASSWORD, device: 'BetaDev001', name: 'x' } });
      expect(admitted.statusCode).toBe(200);
    } finally {
      await beta.close();
    }
  });
});
