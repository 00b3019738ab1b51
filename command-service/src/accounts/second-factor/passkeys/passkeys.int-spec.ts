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
import { CHALLENGE_LIFETIME_MS } from '../decide/webauthn-challenge.decider';
import { SoftwareAuthenticator } from '../testing/software-authenticator';

const DEVICE = 'Dev1ce0002';
const ORIGIN = 'https://planwerk.test';
const config = { rpId: 'planwerk.test', origins: [ORIGIN], rpName: 'Planwerk', totpIssuer: 'Planwerk' };

// The real command service with the real accounts core; the authenticator signs for real.
describeWith('postgres', 'passkeys over HTTP with a software authenticator (command service, PostgreSQL)', () => {
  let db: TestDatabase;
  let pool: Pool;
  let store: EventStore;
  let app: NestFastifyApplication;
  let user: TestUser;
  // The second factor's clock (challenge expiry, registration and use times).
  let now = new Date();
  const authenticator = new SoftwareAuthenticator('planwerk.test', ORIGIN);

  beforeAll(async () => {
    db = await createTestDatabase('cmd_passkeys');
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

  const anonymous = { 'x-device-id': DEVICE, 'user-agent': 'Mozilla/5.0 Chromium Jest' };
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = { 'x-device-id': DEVICE, authorization: user.authorization }) =>
    app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  async function startRegistration() {
    const response = await call('POST', '/v5/webauthn/register');
    expect(response.statusCode).toBe(200);
    return response.json().body as { conf: { challenge: string; user: { id: string }; rp: { id: string }; authenticatorSelection: object }; id: string };
  }

  async function startLogin() {
    const response = await call('POST', '/v5/webauthn/login', undefined, anonymous);
    expect(response.statusCode).toBe(200);
    return response.json().body as { conf: { challenge: string; rpId: string; userVerification: string }; id: string };
  }

  it('registration needs a signed-in account', async () => {
    expect((await call('POST', '/v5/webauthn/register', undefined, anonymous)).statusCode).toBe(401);
  });

  it('registers a passkey: server challenge, attestation verified, credential stored', async () => {
    const { conf, id } = await startRegistration();
    expect(conf.rp.id).toBe('planwerk.test');
    expect(Buffer.from(conf.user.id, 'base64url').toString('utf8')).toBe(user.userId);
    expect(conf.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    const credential = authenticator.register({ challenge: conf.challenge, userId: conf.user.id });
    const response = await call('PUT', '/v5/webauthn/register', { id, name: 'Laptop', credential });
    expect(response.statusCode).toBe(200);
    expect(response.json().body.credentialId).toBe(authenticator.id);
    const status = (await call('GET', '/v5/auth/2fa')).json().body;
    expect(status.passkeys).toEqual([
      { credentialId: authenticator.id, name: 'Laptop', transports: ['internal'], registeredAt: now.toISOString(), lastUsedAt: null },
    ]);
    // The challenge is single use: the same answer again is refused.
    const replay = await call('PUT', '/v5/webauthn/register', { id, name: 'Laptop', credential });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toMatchObject({ intern: 'webauthn_challenge_invalid', field: 'id' });
  });

  it('refuses a registration signed for another origin or RP id', async () => {
    const other = new SoftwareAuthenticator('planwerk.test', ORIGIN);
    const first = await startRegistration();
    const wrongOrigin = await call('PUT', '/v5/webauthn/register', {
      id: first.id, credential: other.register({ challenge: first.conf.challenge, userId: first.conf.user.id }, { origin: 'https://evil.test' }),
    });
    expect(wrongOrigin.statusCode).toBe(401);
    expect(wrongOrigin.json().error.intern).toBe('webauthn_verification_failed');
    const second = await startRegistration();
    const wrongRp = await call('PUT', '/v5/webauthn/register', {
      id: second.id, credential: other.register({ challenge: second.conf.challenge, userId: second.conf.user.id }, { rpId: 'evil.test' }),
    });
    expect(wrongRp.statusCode).toBe(401);
    expect((await call('GET', '/v5/auth/2fa')).json().body.passkeys).toHaveLength(1);
  });

  it('logs in without a password: assertion verified, counter recorded, a working session from the accounts core', async () => {
    const { conf, id } = await startLogin();
    expect(conf).toMatchObject({ rpId: 'planwerk.test', userVerification: 'required' });
    now = new Date(now.getTime() + 60_000);
    const assertion = authenticator.assert(id, conf.challenge);
    const response = await call('PUT', '/v5/webauthn/login', assertion, anonymous);
    expect(response.statusCode).toBe(200);
    const answer = response.json().body;
    expect(answer).toMatchObject({ token: expect.stringMatching(new RegExp(`\\.${DEVICE}$`)), user: { uid: user.userId, mail: user.mail } });
    expect(answer.token).not.toBe(user.authorization);
    const sessions = await pool.query('SELECT device_name FROM account_sessions WHERE user_id = $1 AND method = $2', [user.userId, 'passkey']);
    expect(sessions.rows).toEqual([{ device_name: 'Mozilla/5.0 Chr' }]);
    // The session works on a login-only endpoint.
    const settings = await call('GET', '/v5/auth/2fa', undefined, { 'x-device-id': DEVICE, authorization: answer.token });
    expect(settings.statusCode).toBe(200);
    expect(settings.json().body.passkeys[0]).toMatchObject({ credentialId: authenticator.id, lastUsedAt: now.toISOString() });
    const used = await pool.query("SELECT data FROM events WHERE stream_id = $1 AND type = 'PasskeyUsed'", [`passkeys-${user.userId}`]);
    expect(used.rows.map((r) => r.data)).toEqual([{ userId: user.userId, credentialId: authenticator.id, counter: 1, usedAt: now.toISOString() }]);
    // A replayed assertion finds its challenge consumed.
    const replay = await call('PUT', '/v5/webauthn/login', assertion, anonymous);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.intern).toBe('webauthn_challenge_invalid');
  });

  it.each([
    ['another origin', { origin: 'https://evil.test' }],
    ['another RP id', { rpId: 'evil.test' }],
    ['no user verification', { userVerified: false }],
    ['a counter that did not grow (a clone)', { counter: 1 }],
  ])('refuses an assertion with %s', async (_label, ceremony) => {
    const { conf, id } = await startLogin();
    const response = await call('PUT', '/v5/webauthn/login', authenticator.assert(id, conf.challenge, ceremony), anonymous);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.intern).toBe('webauthn_verification_failed');
  });

  it('refuses an expired challenge', async () => {
    const { conf, id } = await startLogin();
    now = new Date(now.getTime() + CHALLENGE_LIFETIME_MS);
    const response = await call('PUT', '/v5/webauthn/login', authenticator.assert(id, conf.challenge), anonymous);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.intern).toBe('webauthn_challenge_invalid');
  });

  it('the spec\u2019s login fields are required, named when missing', async () => {
    const { conf, id } = await startLogin();
    const { signature, ...withoutSignature } = authenticator.assert(id, conf.challenge);
    void signature;
    const response = await call('PUT', '/v5/webauthn/login', withoutSignature, anonymous);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ intern: 'validation_failed', field: 'signature' });
  });

  it('a removed passkey no longer logs in', async () => {
    const removed = await call('DELETE', `/v5/webauthn/passkeys/${authenticator.id}`);
    expect(removed.statusCode).toBe(200);
    expect((await call('DELETE', `/v5/webauthn/passkeys/${authenticator.id}`)).json().error.intern).toBe('passkey_not_found');
    const { conf, id } = await startLogin();
    const response = await call('PUT', '/v5/webauthn/login', authenticator.assert(id, conf.challenge), anonymous);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.intern).toBe('webauthn_verification_failed');
  });
});
