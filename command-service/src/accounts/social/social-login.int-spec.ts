import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import type { DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  createPostgresEventStore, deriveAuthKeys, emailKeyFor, migrateEventStore, socialIdentityId, socialIdentityStreamId, type EventStore,
} from '@planwerk/events';
import { Pool } from 'pg';
import { describeWith } from '../../../../scripts/testing/components';
import { createTestDatabase, type TestDatabase } from '../../../../scripts/testing/database';
import { ApiExceptionFilter } from '../../app/api-exception.filter';
import { CommandServiceModule } from '../../app/command-service.module';
import { migrateCommandService } from '../../shared/idempotency/idempotency.migration';
import { socialAccountConflictFor } from './social-account-conflict';
import { parseSocialLoginConfig } from './social-login.config';
import { SocialLoginModule } from './social-login.module';
import { migrateSocialLogin, SocialLoginStore } from './social-login.store';
import { InMemorySocialAccounts } from './testing/in-memory-social-accounts';
import { authorizeAs, startOidcTestProvider, type OidcTestProvider } from './testing/oidc-test-provider';

const PUBLIC_URL = 'https://planwerk.test';
const REDIRECT = `${PUBLIC_URL}/callback`;
const DEVICE = 'Dev1ce0001';
const headers = { 'x-device-id': DEVICE, 'x-api-version': '5.0.1' };
const client = { client_id: 'planwerk', client_secret: 'planwerk-client-secret', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'client_secret_post' };
const person = (email: string, verified = true) => ({ email, email_verified: verified, given_name: 'Alice', family_name: 'Muster' });

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

class SocialLoginTestRoot {}

describeWith('postgres', 'social login through OpenID Connect (oidc-provider, PostgreSQL)', () => {
  let db: TestDatabase;
  let pool: Pool;
  let store: EventStore;
  let app: NestFastifyApplication;
  let provider: OidcTestProvider;
  let accounts: InMemorySocialAccounts;
  let lookup: SocialLoginStore;
  const emailKey = (mail: string) => emailKeyFor(deriveAuthKeys(Buffer.alloc(32, 7)), mail);

  beforeAll(async () => {
    db = await createTestDatabase('cmd_social');
    pool = new Pool({ connectionString: db.url, max: 10 });
    pool.on('error', () => undefined);
    await migrateEventStore(pool);
    await migrateCommandService(pool);
    await migrateSocialLogin(pool);
    store = createPostgresEventStore({ pool });
    provider = await startOidcTestProvider({
      clients: [client],
      accounts: {
        'alice-sub': person('alice@example.test'),
        'alice-twin-sub': person('Alice@Example.test'),
        'bob-sub': person('bob@example.test'),
        'carol-sub': person('carol@example.test', false),
        'dora-sub': person('dora@example.test'),
        'erin-sub': person('erin@example.test'),
      },
    });
    const config = parseSocialLoginConfig({
      SOCIAL_PROVIDERS: JSON.stringify([
        { name: 'google', issuer: provider.issuer, clientId: client.client_id, clientSecret: client.client_secret },
        { name: 'apple', issuer: `http://127.0.0.1:${await closedPort()}`, clientId: 'x', clientSecret: 'y' },
      ]),
      PUBLIC_URL,
      SOCIAL_ALLOWED_ORIGINS: `${PUBLIC_URL},https://app.planwerk.test`,
    });
    accounts = new InMemorySocialAccounts();
    lookup = new SocialLoginStore(pool, emailKey);
    const root: DynamicModule = {
      module: SocialLoginTestRoot,
      imports: [CommandServiceModule.forRoot({ pool, store }), SocialLoginModule.forRoot({ config, accounts, emailKey })],
    };
    app = await NestFactory.create<NestFastifyApplication>(root, new FastifyAdapter(), { logger: ['error'], abortOnError: false });
    app.useGlobalFilters(new ApiExceptionFilter());
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await provider?.stop();
    await store?.close();
    await pool?.end();
    await db?.drop();
  });

  function post(path: 'login' | 'state', payload: object, extra: Record<string, string> = {}) {
    return app.inject({ method: 'POST', url: `/v5/auth/social/${path}`, headers: { ...headers, ...extra }, payload });
  }

  async function startLogin(): Promise<URL> {
    const response = await post('login', { provider: 'google', origin: PUBLIC_URL });
    expect(response.statusCode).toBe(200);
    return new URL(response.json().body.url);
  }

  async function loginAs(accountId: string, tamper?: (url: URL) => void) {
    const url = await startLogin();
    tamper?.(url);
    const params = await authorizeAs(url.href, accountId, REDIRECT);
    const body = { state: params.get('state'), device: DEVICE, name: 'Mozilla/5.0 (X1', code: params.get('code'), iss: params.get('iss') };
    return { body, response: await post('state', body) };
  }

  async function streamEvents(subject: string): Promise<Array<{ type: string; data: Record<string, unknown> }>> {
    const streamId = socialIdentityStreamId(socialIdentityId(provider.issuer, subject));
    const rows = await pool.query('SELECT type, data FROM events WHERE stream_id = $1 ORDER BY stream_position', [streamId]);
    return rows.rows as Array<{ type: string; data: Record<string, unknown> }>;
  }

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

  it('a new identity: code exchanged with PKCE, ID token checked, the account set up and a session issued', async () => {
    const { response } = await loginAs('alice-sub');
    expect(response.statusCode).toBe(200);
    const body = response.json().body;
    expect(body).toEqual({
      action: 'setup',
      setup: { uid: body.uid, mail: 'alice@example.test', vorname: 'Alice', nachname: 'Muster', provider: 'google' },
      uid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      token: expect.stringMatching(new RegExp(`\\.${DEVICE}$`)),
      origin: PUBLIC_URL,
      checkpoint: expect.any(String),
    });
    expect(accounts.users.get(body.uid)).toEqual({ email: 'alice@example.test', kind: 'social', firstName: 'Alice', lastName: 'Muster' });
    expect(accounts.sessions.at(-1)).toMatchObject({ userId: body.uid, deviceId: DEVICE, deviceName: 'Mozilla/5.0 (X1' });
    const events = await streamEvents('alice-sub');
    expect(events.map((e) => e.type)).toEqual(['SocialIdentityLinked', 'SocialIdentitySignedIn']);
    expect(events[0]?.data).toMatchObject({ provider: 'google', issuer: provider.issuer, subject: 'alice-sub', userId: body.uid });
  });

  it('a known identity logs in as the same user with a new session', async () => {
    const before = (await streamEvents('alice-sub')).length;
    const { response } = await loginAs('alice-sub');
    const body = response.json().body;
    expect(body).toMatchObject({ action: 'login', setup: null });
    expect(body.uid).toBe(accounts.sessions[0]?.userId);
    expect(body.token).not.toBe(accounts.sessions[0]?.token);
    expect((await streamEvents('alice-sub')).map((e) => e.type).slice(before)).toEqual(['SocialIdentitySignedIn']);
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
    const { response } = await loginAs('dora-sub', (url) => url.searchParams.set('nonce', randomBytes(32).toString('base64url')));
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

  it('answers 6004 when the address is already a password account', async () => {
    accounts.registerPasswordAccount('bob@example.test');
    const { response } = await loginAs('bob-sub');
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({ status: 409, intern: 6004 });
    expect(await streamEvents('bob-sub')).toEqual([]);
  });

  it('keys users by issuer and subject: another subject with the same address is refused (6003 Google), not merged', async () => {
    const { response } = await loginAs('alice-twin-sub');
    expect(response.json().error).toMatchObject({ status: 409, intern: 6003 });
    expect(await streamEvents('alice-twin-sub')).toEqual([]);
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

  it('a provider that cannot be reached → 6007, and no login attempt is kept', async () => {
    const before = await pool.query("SELECT count(*)::int AS n FROM social_login_attempts WHERE provider = 'apple'");
    const response = await post('login', { provider: 'apple', origin: PUBLIC_URL }, { 'accept-language': 'en' });
    expect(response.statusCode).toBe(502);
    expect(response.json().error).toEqual({ status: 502, intern: 6007, text: 'Connecting to the sign-in provider failed. Please try again.' });
    expect((await pool.query("SELECT count(*)::int AS n FROM social_login_attempts WHERE provider = 'apple'")).rows[0].n).toBe(before.rows[0].n);
  });

  it('tells the password side that an address belongs to a social account (6006 at login, 6003 at sign-up)', async () => {
    expect(await socialAccountConflictFor(lookup, 'password-login', ' ALICE@example.test')).toMatchObject({ code: 6006 });
    expect(await socialAccountConflictFor(lookup, 'password-sign-up', 'alice@example.test')).toMatchObject({ code: 6003 });
    expect(await socialAccountConflictFor(lookup, 'password-login', 'nobody@example.test')).toBeNull();
  });
});
