import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createEventCatalogue, socialIdentityStreamId, type EventStore } from '@planwerk/events';
import { openPostgresEventStore, socialIdentityId } from '@planwerk/platform';
import { Pool } from 'pg';
import { describeWith } from '../../../../scripts/testing/components';
import { createTestDatabase, type TestDatabase } from '../../../../scripts/testing/database';
import { createCommandService } from '../../app/create-command-service';
import { migrateCommandService } from '../../shared/idempotency/idempotency.migration';
import { parseSocialLoginConfig } from './social-login.config';
import { authorizeAs, startOidcTestProvider, type OidcTestProvider } from './testing/oidc-test-provider';

const PUBLIC_URL = 'https://planwerk.test';
const REDIRECT = `${PUBLIC_URL}/callback`;
const DEVICE = 'Dev1ce0001';
const PASSWORD = 'ein sicherer Satz 42';
const headers = { 'x-device-id': DEVICE, 'x-api-version': '5.0.1' };
const client = { client_id: 'planwerk', client_secret: 'planwerk-client-secret', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'client_secret_post' };
const person = (email: string, verified = true) => ({ email, email_verified: verified, given_name: 'Alice', family_name: 'Muster' });
const registerBody = (mail: string) => ({
  mail, vorname: 'Bob', nachname: 'Passwort', pass: PASSWORD, pass2: PASSWORD, terms: true, privacy: true, cookies: true, age: true,
});

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describeWith('postgres', 'social login through OpenID Connect (createCommandService, accounts core, oidc-provider)', () => {
  let db: TestDatabase;
  let pool: Pool;
  let store: EventStore;
  let app: NestFastifyApplication;
  let bare: NestFastifyApplication;
  let provider: OidcTestProvider;

  beforeAll(async () => {
    db = await createTestDatabase('cmd_social');
    pool = new Pool({ connectionString: db.url, max: 10 });
    pool.on('error', () => undefined);
    store = await openPostgresEventStore({ pool, catalogue: createEventCatalogue(), masterKey: randomBytes(32).toString('base64') });
    await migrateCommandService(pool);
    provider = await startOidcTestProvider({
      clients: [client],
      accounts: {
        'alice-sub': person('alice@planwerk-test.de'),
        'alice-twin-sub': person('Alice@Planwerk-Test.de'),
        'bob-sub': person('bob@planwerk-test.de'),
        'carol-sub': person('carol@planwerk-test.de', false),
        'dora-sub': person('dora@planwerk-test.de'),
        'erin-sub': person('erin@planwerk-test.de'),
        'frank-sub': person('frank@planwerk-test.de'),
        'gina-sub': person('gina@planwerk-test.de'),
      },
    });
    // One real provider under several names: the name picks the spec code (6002/6003/6012/6006).
    const real = (name: string) => ({ name, issuer: provider.issuer, clientId: client.client_id, clientSecret: client.client_secret });
    const socialLogin = parseSocialLoginConfig({
      SOCIAL_PROVIDERS: JSON.stringify([
        real('google'), real('apple'), real('facebook'), real('github'),
        { name: 'microsoft', issuer: `http://127.0.0.1:${await closedPort()}`, clientId: 'x', clientSecret: 'y' },
      ]),
      PUBLIC_URL,
      SOCIAL_ALLOWED_ORIGINS: `${PUBLIC_URL},https://app.planwerk.test`,
    });
    app = await createCommandService({ pool, store, socialLogin });
    // The same service with nothing configured (SOCIAL_PROVIDERS unset).
    bare = await createCommandService({ pool, store, socialLogin: parseSocialLoginConfig({}) });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await bare?.close();
    await provider?.stop();
    await store?.close();
    await pool?.end();
    await db?.drop();
  });

  function post(path: 'login' | 'state', payload: object, extra: Record<string, string> = {}) {
    return app.inject({ method: 'POST', url: `/v5/auth/social/${path}`, headers: { ...headers, ...extra }, payload });
  }

  async function startLogin(providerName = 'google'): Promise<URL> {
    const response = await post('login', { provider: providerName, origin: PUBLIC_URL });
    expect(response.statusCode).toBe(200);
    return new URL(response.json().body.url);
  }

  async function loginAs(accountId: string, options: { provider?: string; tamper?: (url: URL) => void } = {}) {
    const url = await startLogin(options.provider);
    options.tamper?.(url);
    const params = await authorizeAs(url.href, accountId, REDIRECT);
    const body = { state: params.get('state'), device: DEVICE, name: 'Mozilla/5.0 (X1', code: params.get('code'), iss: params.get('iss') };
    return { body, response: await post('state', body) };
  }

  async function streamEvents(subject: string): Promise<Array<{ type: string; data: Record<string, unknown> }>> {
    const streamId = socialIdentityStreamId(socialIdentityId(provider.issuer, subject));
    const rows = await pool.query('SELECT type, data FROM events WHERE stream_id = $1 ORDER BY stream_position', [streamId]);
    return rows.rows as Array<{ type: string; data: Record<string, unknown> }>;
  }

  async function accountEventTypes(uid: string): Promise<string[]> {
    const rows = await pool.query<{ type: string }>('SELECT type FROM events WHERE stream_id = $1 ORDER BY stream_position', [`account-${uid}`]);
    return rows.rows.map((r) => r.type);
  }

  const restore = (token: string) => app.inject({ method: 'PUT', url: '/v5/auth/token', payload: { token } });

  it('builds the authorization URL with state, nonce and PKCE S256, the configured redirect URI and no Host header in it', async () => {
    const response = await post('login', { provider: 'google', origin: 'https://app.planwerk.test/start' }, { host: 'evil.example' });
    const url = new URL(response.json().body.url);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    const state = url.searchParams.get('state') ?? '';
    const stored = await pool.query('SELECT state_hash, origin, device_id FROM social_login_attempts');
    // Only a hash of the state is kept.
    expect(stored.rows.map((r: { state_hash: string }) => r.state_hash)).not.toContain(state);
    expect(stored.rows).toContainEqual(expect.objectContaining({ origin: 'https://app.planwerk.test', device_id: DEVICE }));
  });

  it('a new identity: set up as an active account without password, e-mail reserved, and its session token works', async () => {
    const { response } = await loginAs('alice-sub');
    expect(response.statusCode).toBe(200);
    const body = response.json().body;
    expect(body).toEqual({
      action: 'setup',
      setup: { uid: body.uid, mail: 'alice@planwerk-test.de', vorname: 'Alice', nachname: 'Muster', provider: 'google' },
      uid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      token: expect.stringMatching(new RegExp(`^[A-Za-z0-9_-]{43}\\.${DEVICE}$`)),
      origin: PUBLIC_URL,
      checkpoint: expect.any(String),
    });
    expect(await accountEventTypes(body.uid)).toEqual(['SocialAccountRegistered', 'SessionStarted', 'NewDeviceLoggedIn']);
    const login = await pool.query('SELECT user_id, login_type, social_provider, activated FROM account_logins WHERE user_id = $1', [body.uid]);
    expect(login.rows).toEqual([{ user_id: body.uid, login_type: 'social', social_provider: 'google', activated: true }]);
    const reservation = await pool.query("SELECT data->>'userId' AS holder FROM events WHERE type = 'AccountEmailReserved' AND data->>'userId' = $1", [body.uid]);
    expect(reservation.rowCount).toBe(1);
    // Personal fields are stored encrypted.
    const stored = await pool.query("SELECT data::text AS data FROM events WHERE type = 'SocialAccountRegistered' AND stream_id = $1", [`account-${body.uid}`]);
    expect(stored.rows[0].data).not.toMatch(/alice@planwerk-test|Muster/);
    const session = await pool.query('SELECT method, device_name FROM account_sessions WHERE user_id = $1', [body.uid]);
    expect(session.rows).toEqual([{ method: 'social', device_name: 'Mozilla/5.0 (X1' }]);

    // PUT /v5/auth/token needs a live session (6011 otherwise).
    const restored = await restore(body.token);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().body).toEqual({
      token: body.token,
      user: { uid: body.uid, name: 'Alice Muster', vorname: 'Alice', nachname: 'Muster', mail: 'alice@planwerk-test.de', type: 'user', login_type: 'social', status: 'active', mail_status: 'confirmed' },
    });
    const events = await streamEvents('alice-sub');
    expect(events.map((e) => e.type)).toEqual(['SocialIdentityLinked', 'SocialIdentitySignedIn']);
    expect(events[0]?.data).toMatchObject({ provider: 'google', issuer: provider.issuer, userId: body.uid });
  });

  it('a known identity logs in as the same user with a new session; logout revokes it (6011 afterwards)', async () => {
    const first = (await loginAs('alice-sub')).response.json().body;
    expect(first).toMatchObject({ action: 'login', setup: null });
    const before = (await streamEvents('alice-sub')).length;
    const { response } = await loginAs('alice-sub');
    const body = response.json().body;
    expect(body).toMatchObject({ action: 'login', setup: null, uid: first.uid });
    expect(body.token).not.toBe(first.token);
    expect((await streamEvents('alice-sub')).map((e) => e.type).slice(before)).toEqual(['SocialIdentitySignedIn']);
    expect((await accountEventTypes(body.uid)).filter((t) => t === 'SocialAccountRegistered')).toHaveLength(1);
    expect((await app.inject({ method: 'POST', url: '/v5/auth/logout', payload: { token: body.token } })).statusCode).toBe(200);
    expect((await restore(body.token)).json().error).toMatchObject({ intern: 6011 });
    expect((await restore(first.token)).statusCode).toBe(200);
  });

  it('refuses a replayed state (single use) and appends nothing', async () => {
    const { body, response } = await loginAs('alice-sub');
    expect(response.statusCode).toBe(200);
    const count = (await streamEvents('alice-sub')).length;
    const replay = await post('state', body);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toMatchObject({ status: 400, intern: 'validation_failed', field: 'state' });
    expect((await streamEvents('alice-sub')).length).toBe(count);
  });

  it('refuses an ID token whose nonce is not the one of the login (6007)', async () => {
    const { response } = await loginAs('dora-sub', { tamper: (url) => url.searchParams.set('nonce', randomBytes(32).toString('base64url')) });
    expect(response.statusCode).toBe(502);
    expect(response.json().error).toMatchObject({ status: 502, intern: 6007 });
    expect(await streamEvents('dora-sub')).toEqual([]);
  });

  it('refuses a code redeemed without the login’s PKCE verifier (another login’s state)', async () => {
    const first = await startLogin();
    const params = await authorizeAs(first.href, 'dora-sub', REDIRECT);
    const other = await startLogin();
    const response = await post('state', { state: other.searchParams.get('state'), device: DEVICE, code: params.get('code'), iss: params.get('iss') });
    expect(response.json().error).toMatchObject({ intern: 6007 });
    expect(await streamEvents('dora-sub')).toEqual([]);
  });

  it('answers 6004 when the address is already a password account, and creates no account', async () => {
    const registered = await app.inject({ method: 'POST', url: '/v5/auth', payload: registerBody('bob@planwerk-test.de') });
    expect(registered.statusCode).toBe(201);
    const { response } = await loginAs('bob-sub');
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({ status: 409, intern: 6004 });
    expect(await streamEvents('bob-sub')).toEqual([]);
    const logins = await pool.query("SELECT count(*)::int AS n FROM account_logins WHERE login_type = 'social' AND social_provider = 'google'");
    expect(logins.rows[0].n).toBe(1);
  });

  it('keys users by issuer and subject: another subject with the same address is refused (6003 Google), not merged', async () => {
    const { response } = await loginAs('alice-twin-sub');
    expect(response.json().error).toMatchObject({ status: 409, intern: 6003 });
    expect(await streamEvents('alice-twin-sub')).toEqual([]);
  });

  it('a password registration with a social account’s address names its provider: 6003 Google, 6012 Apple, 6002 Facebook, 6006 others', async () => {
    for (const [subject, providerName] of [['erin-sub', 'apple'], ['frank-sub', 'facebook'], ['gina-sub', 'github']] as const) {
      expect((await loginAs(subject, { provider: providerName })).response.json().body).toMatchObject({ action: 'setup' });
    }
    const codes: Array<[string, number]> = [['ALICE@planwerk-test.de', 6003], ['erin@planwerk-test.de', 6012], ['frank@planwerk-test.de', 6002], ['gina@planwerk-test.de', 6006]];
    for (const [mail, code] of codes) {
      const response = await app.inject({ method: 'POST', url: '/v5/auth', payload: registerBody(mail) });
      expect(response.json()).toMatchObject({ status: 409, body: null, error: { status: 409, intern: code } });
    }
    const registered = await pool.query("SELECT count(*)::int AS n FROM events WHERE type = 'AccountRegistered'");
    expect(registered.rows[0].n).toBe(1);
  });

  it('a password login with a social account’s address answers 6006 and counts no failure', async () => {
    const response = await app.inject({ method: 'PUT', url: '/v5/auth', payload: { mail: 'alice@planwerk-test.de', pass: 'irgendein Passwort', device: DEVICE, name: 'Jest' } });
    expect(response.json()).toMatchObject({ status: 409, error: { status: 409, intern: 6006 } });
    const throttled = await pool.query('SELECT count(*)::int AS n FROM account_login_throttle');
    expect(throttled.rows[0].n).toBe(0);
  });

  it('answers 6009 for an address the provider has not verified', async () => {
    const { response } = await loginAs('carol-sub');
    expect(response.json().error).toMatchObject({ status: 422, intern: 6009 });
  });

  it('answers 6007 when the user cancels at the provider', async () => {
    const url = await startLogin();
    const response = await post('state', { state: url.searchParams.get('state'), device: DEVICE, error: 'access_denied', iss: provider.issuer });
    expect(response.json().error).toMatchObject({ status: 502, intern: 6007 });
  });

  it('refuses the callback on another device than the one that started the login', async () => {
    const url = await startLogin();
    const response = await post('state', { state: url.searchParams.get('state'), device: 'Other00001', code: 'x' }, { 'x-device-id': 'Other00001' });
    expect(response.json().error).toMatchObject({ status: 400, field: 'device' });
  });

  it('unknown provider → 400 naming provider; an origin outside the allow-list → 400 naming origin', async () => {
    expect((await post('login', { provider: 'myspace', origin: PUBLIC_URL })).json()).toMatchObject({
      status: 400, body: null, error: { status: 400, intern: 'validation_failed', field: 'provider' },
    });
    expect((await post('login', { provider: 'google', origin: 'https://evil.example' })).json().error).toMatchObject({ status: 400, field: 'origin' });
    expect((await post('login', { provider: 'google', origin: 'javascript:alert(1)' })).json().error).toMatchObject({ status: 400, field: 'origin' });
    expect((await post('state', { state: 'x'.repeat(43), device: 'short' })).json().error).toMatchObject({ status: 400, field: 'device' });
  });

  it('without configured providers both calls answer 400 (provider, state)', async () => {
    const start = await bare.inject({ method: 'POST', url: '/v5/auth/social/login', headers, payload: { provider: 'google', origin: 'http://localhost:8080' } });
    expect(start.json()).toMatchObject({ status: 400, body: null, error: { status: 400, intern: 'validation_failed', field: 'provider' } });
    const state = await bare.inject({ method: 'POST', url: '/v5/auth/social/state', headers, payload: { state: 'x'.repeat(43), device: DEVICE, code: 'c' } });
    expect(state.json().error).toMatchObject({ status: 400, field: 'state' });
  });

  it('a provider that cannot be reached → 6007, and no login attempt is kept', async () => {
    const count = () => pool.query("SELECT count(*)::int AS n FROM social_login_attempts WHERE provider = 'microsoft'");
    const before = await count();
    const response = await post('login', { provider: 'microsoft', origin: PUBLIC_URL }, { 'accept-language': 'en' });
    expect(response.statusCode).toBe(502);
    expect(response.json().error).toEqual({ status: 502, intern: 6007, text: 'Connecting to the sign-in provider failed. Please try again.' });
    expect((await count()).rows[0].n).toBe(before.rows[0].n);
  });
});
