import { randomBytes } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createEventCatalogue, type EventStore } from '@planwerk/events';
import { openPostgresEventStore } from '@planwerk/platform';
import { Pool } from 'pg';
import { describeWith } from '../../../../../scripts/testing/components';
import { createTestDatabase, type TestDatabase } from '../../../../../scripts/testing/database';
import { createCommandService } from '../../../app/create-command-service';
import { migrateCommandService } from '../../../shared/idempotency/idempotency.migration';
import { registerTestUser, type TestUser } from '../../testing/register-test-user';
import { LOCKOUT_MS, MAX_CODE_FAILURES } from '../decide/second-factor.decider';
import { totpCodeAt } from '../totp';

const DEVICE = 'Dev1ce0001';
const config = { rpId: 'planwerk.test', origins: ['https://planwerk.test'], rpName: 'Planwerk', totpIssuer: 'Planwerk' };

// The real command service with the real accounts core: registration, login, second factor.
describeWith('postgres', 'TOTP second factor over HTTP (command service, PostgreSQL)', () => {
  let db: TestDatabase;
  let pool: Pool;
  let store: EventStore;
  let app: NestFastifyApplication;
  let user: TestUser;
  // The service's clock (CLOCK): 5 s into a 30 s step; each success moves on to a fresh step.
  let now = new Date(Math.floor(Date.now() / 30_000) * 30_000 + 5_000);
  const advance = (ms: number) => { now = new Date(now.getTime() + ms); };
  let secret = '';
  let recoveryCodes: string[] = [];
  let usedState = '';

  beforeAll(async () => {
    db = await createTestDatabase('cmd_second_factor');
    pool = new Pool({ connectionString: db.url, max: 6 });
    pool.on('error', () => undefined);
    store = await openPostgresEventStore({ pool, catalogue: createEventCatalogue(), masterKey: randomBytes(32).toString('base64') });
    await migrateCommandService(pool);
    app = await createCommandService({ pool, store, secondFactor: config, clock: { now: () => now } });
    user = await registerTestUser(app, pool, { deviceId: DEVICE });
  });

  afterAll(async () => {
    await app?.close();
    await store?.close();
    await pool?.end();
    await db?.drop();
  });

  const signedIn = () => ({ 'x-device-id': DEVICE, authorization: user.authorization });
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Record<string, string> = signedIn()) =>
    app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const secure = (body: object) => call('POST', '/v5/auth/secure', body, { 'x-device-id': DEVICE, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Jest' });
  // A password login of the account: with TOTP on it answers mode 2fa and a state.
  const pendingLogin = async (): Promise<string> => {
    const response = await call('PUT', '/v5/auth', { mail: user.mail, pass: user.password, device: DEVICE, name: 'Jest' }, {});
    expect(response.json().body).toEqual({ mode: '2fa', state: expect.any(String) });
    return response.json().body.state;
  };
  const status = async () => (await call('GET', '/v5/auth/2fa')).json().body;
  const eventTypes = async () =>
    (await pool.query<{ type: string }>('SELECT type FROM events WHERE stream_id = $1 ORDER BY stream_position', [`second-factor-${user.userId}`])).rows.map((r) => r.type);
  const sessionMethods = async () =>
    (await pool.query<{ method: string }>('SELECT method FROM account_sessions WHERE user_id = $1 ORDER BY created_at', [user.userId])).rows.map((r) => r.method);

  /** The session a completed login answered works on login-only endpoints. */
  async function expectWorkingSession(answer: { token: string; user: { uid: string } }) {
    expect(answer.token).toMatch(new RegExp(`\\.${DEVICE}$`));
    expect(answer.user.uid).toBe(user.userId);
    const settings = await call('GET', '/v5/auth/2fa', undefined, { 'x-device-id': DEVICE, authorization: answer.token });
    expect(settings.statusCode).toBe(200);
    const restored = await call('PUT', '/v5/auth/token', { token: answer.token }, { 'x-device-id': DEVICE });
    expect(restored.json().body.user).toMatchObject({ uid: user.userId, mail: user.mail });
  }

  it('settings need a signed-in account: 6011 without a session, like every login-only call', async () => {
    const response = await call('POST', '/v5/auth/2fa/setup', undefined, { 'x-device-id': DEVICE });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toMatchObject({ status: 401, intern: 6011 });
  });

  it('set-up answers a random secret as otpauth URL and QR code, recorded for the person', async () => {
    const response = await call('POST', '/v5/auth/2fa/setup');
    expect(response.statusCode).toBe(200);
    const body = response.json().body;
    secret = body.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.url).toBe(`otpauth://totp/Planwerk:${encodeURIComponent(user.mail)}?secret=${secret}&issuer=Planwerk`);
    expect(body.qr).toMatch(/^data:image\/png;base64,/);
    const again = (await call('POST', '/v5/auth/2fa/setup')).json().body.secret;
    expect(again).not.toBe(secret);
    secret = again;
    const row = await pool.query("SELECT metadata FROM events WHERE stream_id = $1 AND type = 'TotpSetupStarted' LIMIT 1", [`second-factor-${user.userId}`]);
    expect(row.rows[0].metadata).toMatchObject({ personId: user.userId, actor: { kind: 'user', id: user.userId } });
    expect(await status()).toMatchObject({ totp: { enabled: false, pending: true } });
  });

  it('ignores an Idempotency-Key on set-up: nothing is stored, each call is a new secret', async () => {
    const headers = { ...signedIn(), 'idempotency-key': 'setup-key-0001' };
    const first = await call('POST', '/v5/auth/2fa/setup', undefined, headers);
    const second = await call('POST', '/v5/auth/2fa/setup', undefined, headers);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json().body.secret).not.toBe(first.json().body.secret);
    const stored = await pool.query('SELECT count(*)::int AS n FROM idempotency_keys');
    expect(stored.rows[0].n).toBe(0);
    secret = second.json().body.secret;
  });

  it('confirm refuses a wrong code (401, counted) and enables with a current one, showing 10 recovery codes once', async () => {
    const wrong = await call('POST', '/v5/auth/2fa/confirm', { code: '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toMatchObject({ intern: 'second_factor_code_invalid', field: 'code', text: 'Der Code ist ungültig oder wurde bereits verwendet.' });
    const response = await call('POST', '/v5/auth/2fa/confirm', { code: totpCodeAt(secret, now) });
    expect(response.statusCode).toBe(200);
    recoveryCodes = response.json().body.recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(await status()).toEqual({ totp: { enabled: true, pending: false, recoveryCodesLeft: 10 }, passkeys: [] });
    // Only hashes are stored.
    const stored = await pool.query('SELECT data::text AS data FROM events WHERE stream_id = $1', [`second-factor-${user.userId}`]);
    for (const code of recoveryCodes) expect(stored.rows.map((r) => r.data).join()).not.toContain(code);
  });

  it('POST /v5/auth/secure without mode, code or state → 400 naming the field', async () => {
    const state = await pendingLogin();
    const code = totpCodeAt(secret, now);
    for (const [field, body] of [['mode', { code, state }], ['code', { mode: '2fa', state }], ['state', { mode: '2fa', code }]] as const) {
      const response = await secure(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ status: 400, intern: 'validation_failed', field });
    }
  });

  it('login → mode 2fa; the code that confirmed is refused (each code once); the next step\u2019s code opens a working session', async () => {
    const state = await pendingLogin();
    const reused = await secure({ mode: '2fa', code: totpCodeAt(secret, now), state, name: 'Firefox on Linux' });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error.intern).toBe('second_factor_code_invalid');
    advance(30_000);
    const code = totpCodeAt(secret, now);
    const response = await secure({ mode: '2fa', code, state, name: 'Firefox on Linux' });
    expect(response.statusCode).toBe(200);
    await expectWorkingSession(response.json().body);
    expect((await sessionMethods()).at(-1)).toBe('second-factor');
    usedState = state;
    // The same code with another pending login: refused, the step is used.
    const again = await secure({ mode: '2fa', code, state: await pendingLogin() });
    expect(again.statusCode).toBe(401);
  });

  it('an unknown or used login state → 401 login_state_invalid, before any code is checked', async () => {
    for (const state of [usedState, 'state-never-issued-0001']) {
      const response = await secure({ mode: '2fa', code: totpCodeAt(secret, now), state });
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toMatchObject({ intern: 'login_state_invalid', field: 'state' });
    }
  });

  it('a recovery code completes the login once, into a working session', async () => {
    const code = recoveryCodes[0];
    const response = await secure({ mode: 'recovery', code, state: await pendingLogin() });
    expect(response.statusCode).toBe(200);
    await expectWorkingSession(response.json().body);
    expect((await secure({ mode: 'recovery', code, state: await pendingLogin() })).statusCode).toBe(401);
    expect((await status()).totp.recoveryCodesLeft).toBe(9);
  });

  it(`after ${MAX_CODE_FAILURES} wrong codes even a right one is refused (429) until the pause is over`, async () => {
    // A success first: the count is of wrong codes in a row.
    advance(30_000);
    expect((await secure({ mode: '2fa', code: totpCodeAt(secret, now), state: await pendingLogin() })).statusCode).toBe(200);
    const state = await pendingLogin();
    advance(30_000);
    for (let i = 0; i < MAX_CODE_FAILURES; i += 1) expect((await secure({ mode: '2fa', code: '999999', state })).statusCode).toBe(401);
    const locked = await secure({ mode: '2fa', code: totpCodeAt(secret, now), state });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toMatchObject({ status: 429, intern: 'second_factor_locked' });
    // Settings share the counter.
    expect((await call('POST', '/v5/auth/2fa/disable', { code: recoveryCodes[1] })).statusCode).toBe(429);
    advance(LOCKOUT_MS);
    // One clock for the whole service: the pause outlasts the pending login's state, so log in again.
    expect((await secure({ mode: '2fa', code: totpCodeAt(secret, now), state })).statusCode).toBe(401);
    expect((await secure({ mode: '2fa', code: totpCodeAt(secret, now), state: await pendingLogin() })).statusCode).toBe(200);
  });

  it('regenerating needs a TOTP code; the old recovery codes stop working', async () => {
    advance(30_000);
    expect((await call('POST', '/v5/auth/2fa/recovery', { code: recoveryCodes[1] })).statusCode).toBe(401);
    const response = await call('POST', '/v5/auth/2fa/recovery', { code: totpCodeAt(secret, now) });
    expect(response.statusCode).toBe(200);
    const fresh: string[] = response.json().body.recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[2]);
    expect((await secure({ mode: 'recovery', code: recoveryCodes[2], state: await pendingLogin() })).statusCode).toBe(401);
    recoveryCodes = fresh;
  });

  it('disable with a recovery code turns TOTP off: the next login opens a session directly, a pending one answers second_factor_not_enabled', async () => {
    const pending = await pendingLogin();
    const response = await call('POST', '/v5/auth/2fa/disable', { code: recoveryCodes[5] });
    expect(response.statusCode).toBe(200);
    expect(await status()).toMatchObject({ totp: { enabled: false, pending: false, recoveryCodesLeft: 0 } });
    const late = await secure({ mode: '2fa', code: totpCodeAt(secret, now), state: pending });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.intern).toBe('second_factor_not_enabled');
    const login = await call('PUT', '/v5/auth', { mail: user.mail, pass: user.password, device: DEVICE, name: 'Jest' }, {});
    expect(login.json().body).toMatchObject({ token: expect.stringMatching(new RegExp(`\\.${DEVICE}$`)) });
    expect(await eventTypes()).toEqual(expect.arrayContaining(['TotpEnabled', 'TotpCodeUsed', 'RecoveryCodeUsed', 'SecondFactorCodeRejected', 'RecoveryCodesRegenerated', 'TotpDisabled']));
  });

  it('never stored an answer of an auth endpoint, though keys were sent', async () => {
    const headers = { 'x-device-id': DEVICE, 'idempotency-key': 'login-key-0001' };
    const login = await call('PUT', '/v5/auth', { mail: user.mail, pass: user.password, device: DEVICE, name: 'Jest' }, headers);
    expect(login.statusCode).toBe(200);
    const stored = await pool.query('SELECT count(*)::int AS n FROM idempotency_keys');
    expect(stored.rows[0].n).toBe(0);
  });
});
