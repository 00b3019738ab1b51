import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createPostgresEventStore, migrateEventStore, type EventStore } from '@planwerk/events';
import { Pool } from 'pg';
import { describeWith } from '../../../../../scripts/testing/components';
import { createTestDatabase, type TestDatabase } from '../../../../../scripts/testing/database';
import { migrateCommandService } from '../../../shared/idempotency/idempotency.migration';
import { LOCKOUT_MS, MAX_CODE_FAILURES } from '../second-factor.decider';
import { createSecondFactorTestApp } from '../testing/second-factor-test-app';
import { TestAccounts } from '../testing/test-accounts';
import { totpCodeAt } from '../totp';

const DEVICE = 'Dev1ce0001';
const USER = '5b0c3f0e-2a61-4c1f-9d7e-8e2b4f6a1c33';
const config = { rpId: 'planwerk.test', origins: ['https://planwerk.test'], rpName: 'Planwerk', totpIssuer: 'Planwerk' };

describeWith('postgres', 'TOTP second factor over HTTP (PostgreSQL)', () => {
  let db: TestDatabase;
  let pool: Pool;
  let store: EventStore;
  let app: NestFastifyApplication;
  const accounts = new TestAccounts();
  // 5 s into a 30 s step; each success moves on to a fresh step.
  let now = new Date('2026-11-22T10:00:05Z');
  const advance = (ms: number) => { now = new Date(now.getTime() + ms); };
  let secret = '';
  let recoveryCodes: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase('cmd_second_factor');
    pool = new Pool({ connectionString: db.url, max: 6 });
    pool.on('error', () => undefined);
    await migrateEventStore(pool);
    await migrateCommandService(pool);
    store = createPostgresEventStore({ pool });
    app = await createSecondFactorTestApp({ pool, store, accounts, config, clock: () => now });
    accounts.signIn(USER, 'settings-token');
  });

  afterAll(async () => {
    await app?.close();
    await store?.close();
    await pool?.end();
    await db?.drop();
  });

  const signedIn = { 'x-device-id': DEVICE, authorization: `settings-token.${DEVICE}` };
  const call = (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = signedIn) =>
    app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const secure = (body: object) => call('POST', '/v5/auth/secure', body, { 'x-device-id': DEVICE, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Jest' });
  const pendingLogin = (state: string) => { accounts.pendingLogins.set(state, USER); return state; };
  const status = async () => (await call('GET', '/v5/auth/2fa')).json().body;
  const eventTypes = async () =>
    (await pool.query<{ type: string }>('SELECT type FROM events WHERE stream_id = $1 ORDER BY stream_position', [`second-factor-${USER}`])).rows.map((r) => r.type);

  it('settings need a signed-in account: 401 without a session', async () => {
    const response = await call('POST', '/v5/auth/2fa/setup', undefined, { 'x-device-id': DEVICE });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toMatchObject({ status: 401, intern: 'unauthorized' });
  });

  it('set-up answers a random secret as otpauth URL and QR code, recorded for the person', async () => {
    const response = await call('POST', '/v5/auth/2fa/setup');
    expect(response.statusCode).toBe(200);
    const body = response.json().body;
    secret = body.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.url).toBe(`otpauth://totp/Planwerk:${encodeURIComponent(`${USER.slice(0, 8)}@planwerk.test`)}?secret=${secret}&issuer=Planwerk`);
    expect(body.qr).toMatch(/^data:image\/png;base64,/);
    const again = (await call('POST', '/v5/auth/2fa/setup')).json().body.secret;
    expect(again).not.toBe(secret);
    secret = again;
    const row = await pool.query("SELECT metadata FROM events WHERE stream_id = $1 AND type = 'TotpSetupStarted' LIMIT 1", [`second-factor-${USER}`]);
    expect(row.rows[0].metadata).toMatchObject({ personId: USER, actor: { kind: 'user', id: USER } });
    expect(await status()).toMatchObject({ totp: { enabled: false, pending: true } });
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
    const stored = await pool.query('SELECT data::text AS data FROM events WHERE stream_id = $1', [`second-factor-${USER}`]);
    for (const code of recoveryCodes) expect(stored.rows.map((r) => r.data).join()).not.toContain(code);
  });

  it('POST /v5/auth/secure without mode, code or state → 400 naming the field', async () => {
    const state = pendingLogin('state-missing-fields-0001');
    const code = totpCodeAt(secret, now);
    for (const [field, body] of [['mode', { code, state }], ['code', { mode: '2fa', state }], ['state', { mode: '2fa', code }]] as const) {
      const response = await secure(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ status: 400, intern: 'validation_failed', field });
    }
  });

  it('the code that confirmed cannot log in (each code once); the next step\u2019s code completes the login', async () => {
    const state = pendingLogin('state-login-totp-000001');
    const reused = await secure({ mode: '2fa', code: totpCodeAt(secret, now), state, name: 'Firefox on Linux' });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error.intern).toBe('second_factor_code_invalid');
    advance(30_000);
    const code = totpCodeAt(secret, now);
    const response = await secure({ mode: '2fa', code, state, name: 'Firefox on Linux' });
    expect(response.statusCode).toBe(200);
    expect(response.json().body).toEqual({ token: `session1.${DEVICE}`, user: { uid: USER } });
    expect(accounts.issued.at(-1)).toMatchObject({ userId: USER, via: 'second-factor', device: { deviceId: DEVICE, name: 'Firefox on Linux' } });
    // The same code with another pending login: refused, the step is used.
    const again = await secure({ mode: '2fa', code, state: pendingLogin('state-login-totp-000002') });
    expect(again.statusCode).toBe(401);
  });

  it('an unknown or used login state → 401 login_state_invalid, before any code is checked', async () => {
    const response = await secure({ mode: '2fa', code: totpCodeAt(secret, now), state: 'state-login-totp-000001' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toMatchObject({ intern: 'login_state_invalid', field: 'state' });
  });

  it('a recovery code logs in once', async () => {
    const code = recoveryCodes[0];
    expect((await secure({ mode: 'recovery', code, state: pendingLogin('state-recovery-000001') })).statusCode).toBe(200);
    expect((await secure({ mode: 'recovery', code, state: pendingLogin('state-recovery-000002') })).statusCode).toBe(401);
    expect((await status()).totp.recoveryCodesLeft).toBe(9);
  });

  it(`after ${MAX_CODE_FAILURES} wrong codes even a right one is refused (429) until the pause is over`, async () => {
    accounts.pendingLogins.clear();
    // A success first: the count is of wrong codes in a row.
    advance(30_000);
    expect((await secure({ mode: '2fa', code: totpCodeAt(secret, now), state: pendingLogin('state-lockout-reset-01') })).statusCode).toBe(200);
    const state = pendingLogin('state-lockout-00000001');
    advance(30_000);
    for (let i = 0; i < MAX_CODE_FAILURES; i += 1) expect((await secure({ mode: '2fa', code: '999999', state })).statusCode).toBe(401);
    const locked = await secure({ mode: '2fa', code: totpCodeAt(secret, now), state });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toMatchObject({ status: 429, intern: 'second_factor_locked' });
    // Settings share the counter.
    expect((await call('POST', '/v5/auth/2fa/disable', { code: recoveryCodes[1] })).statusCode).toBe(429);
    advance(LOCKOUT_MS);
    expect((await secure({ mode: '2fa', code: totpCodeAt(secret, now), state })).statusCode).toBe(200);
  });

  it('regenerating needs a TOTP code; the old recovery codes stop working', async () => {
    advance(30_000);
    expect((await call('POST', '/v5/auth/2fa/recovery', { code: recoveryCodes[1] })).statusCode).toBe(401);
    const response = await call('POST', '/v5/auth/2fa/recovery', { code: totpCodeAt(secret, now) });
    expect(response.statusCode).toBe(200);
    const fresh: string[] = response.json().body.recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[2]);
    expect((await secure({ mode: 'recovery', code: recoveryCodes[2], state: pendingLogin('state-old-recovery-01') })).statusCode).toBe(401);
    recoveryCodes = fresh;
  });

  it('disable with a recovery code turns TOTP off; a login code then answers second_factor_not_enabled', async () => {
    const response = await call('POST', '/v5/auth/2fa/disable', { code: recoveryCodes[5] });
    expect(response.statusCode).toBe(200);
    expect(await status()).toMatchObject({ totp: { enabled: false, pending: false, recoveryCodesLeft: 0 } });
    const late = await secure({ mode: '2fa', code: totpCodeAt(secret, now), state: pendingLogin('state-after-disable-1') });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.intern).toBe('second_factor_not_enabled');
    expect(await eventTypes()).toEqual(expect.arrayContaining(['TotpEnabled', 'TotpCodeUsed', 'RecoveryCodeUsed', 'SecondFactorCodeRejected', 'RecoveryCodesRegenerated', 'TotpDisabled']));
  });
});
