import { randomUUID } from 'node:crypto';
import { emailKeyFor, hashToken, parseAccountsConfig, projectAccountEvents } from '@planwerk/platform';
import { describeWith } from '../../../../scripts/testing/components';
import { startQueryTestStack, type QueryTestStack } from '../../testing/query-test-stack';

describeWith('postgres', 'GET /v5/auth/details and request authentication (query-service)', () => {
  let stack: QueryTestStack;
  const uid = randomUUID();
  const mail = 'Ada@planwerk-test.de';

  beforeAll(async () => {
    stack = await startQueryTestStack('qry_accounts');
    // The command service's inline read model, as a registration leaves it.
    const keys = parseAccountsConfig(process.env).keys;
    await stack.pool.query(
      `INSERT INTO account_logins (email_key, user_id, login_type, activated, parent_consent, registered_at)
       VALUES ($1, $2, 'password', true, 'not_needed', now())`,
      [emailKeyFor(keys, mail), uid],
    );
  });

  afterAll(async () => {
    await stack?.close();
  });

  const details = (query: string) => stack.app.inject({ method: 'GET', url: `/v5/auth/details?${query}` });

  it('answers the login type when uid and mail belong to one account (mail in any case)', async () => {
    const response = await details(`uid=${uid}&mail=${encodeURIComponent(' ada@PLANWERK-test.de')}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ body: { type: 'password' }, error: null, status: 200 });
  });

  it('answers the provider name for an account created by social login', async () => {
    const keys = parseAccountsConfig(process.env).keys;
    const socialUid = randomUUID();
    // The command service's inline projection of a social registration.
    await projectAccountEvents(stack.pool, [{
      type: 'SocialAccountRegistered',
      data: {
        userId: socialUid, emailKey: emailKeyFor(keys, 'eve@planwerk-test.de'), email: 'eve@planwerk-test.de', firstName: 'Eve',
        lastName: 'E', provider: 'apple', language: 'de', registeredAt: new Date().toISOString(),
      },
    }]);
    const response = await details(`uid=${socialUid}&mail=${encodeURIComponent('Eve@planwerk-test.de')}`);
    expect(response.json()).toEqual({ body: { type: 'apple' }, error: null, status: 200 });
  });

  it('answers 6005 alike for an unknown address and for a uid that does not match it', async () => {
    const unknown = await details(`uid=${uid}&mail=nobody%40planwerk-test.de`);
    const mismatch = await details(`uid=${randomUUID()}&mail=${encodeURIComponent(mail)}`);
    expect(unknown.json().error).toMatchObject({ status: 404, intern: 6005 });
    expect(mismatch.body).toBe(unknown.body);
  });

  it('names the missing field', async () => {
    expect((await details(`uid=${uid}`)).json().error).toMatchObject({ status: 400, field: 'mail' });
    expect((await details(`mail=a%40b.de&uid=nope`)).json().error).toMatchObject({ status: 400, field: 'uid' });
  });

  it('serves anonymous reads whether or not the token is valid, and touches a live session', async () => {
    const token = 'x'.repeat(43);
    const sessionId = randomUUID();
    await stack.pool.query(
      `INSERT INTO account_sessions (session_id, user_id, token_hash, device_id, device_name, method, created_at, last_used_at, idle_expires_at, absolute_expires_at)
       VALUES ($1, $2, $3, 'QueryDev01', 'Jest', 'password', now() - interval '1 hour', now() - interval '1 hour', now() + interval '1 day', now() + interval '2 days')`,
      [sessionId, uid, hashToken(token)],
    );
    const live = await stack.app.inject({ method: 'GET', url: '/v5/update/version', headers: { authorization: `${token}.QueryDev01` } });
    expect(live.statusCode).toBe(200);
    const touched = await stack.pool.query("SELECT last_used_at > now() - interval '1 minute' AS fresh FROM account_sessions WHERE session_id = $1", [sessionId]);
    expect(touched.rows[0].fresh).toBe(true);
    const unknown = await stack.app.inject({ method: 'GET', url: '/v5/update/version', headers: { authorization: `${'y'.repeat(43)}.QueryDev01` } });
    expect(unknown.statusCode).toBe(200);
  });
});
