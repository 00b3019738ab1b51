import { randomUUID } from 'node:crypto';
import { createEventCatalogue } from '@planwerk/events';
import { ACTIVITY_LOG, activeTable, activityLogProjection, projectionCheckpoint, startProjector } from '@planwerk/projector';
import { describeWith } from '../../../scripts/testing/components';
import { totpCodeAt } from './second-factor/totp';
import { registerTestUser, type TestUser } from './testing/register-test-user';
import { startSelfServiceStack, type SelfServiceStack } from './testing/self-service-stack';

jest.setTimeout(60_000);

const PASSWORD = 'ein sicherer Satz 42';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140';

describeWith('postgres', 'sessions, preferences, data export and deletion over HTTP', () => {
  let stack: SelfServiceStack;

  beforeAll(async () => {
    stack = await startSelfServiceStack('cmd_selfsvc');
  });

  afterAll(async () => {
    await stack?.close();
  });

  const as = (user: TestUser | string) => ({ authorization: typeof user === 'string' ? user : user.authorization });
  const logIn = async (user: TestUser, device: string): Promise<string> =>
    (await stack.command.inject({ method: 'PUT', url: '/v5/auth', payload: { mail: user.mail, pass: user.password, device, name: BROWSER } })).json().body.token;
  const sessions = async (authorization: string) =>
    stack.query.inject({ method: 'GET', url: '/v5/user/sessions', headers: { authorization } });

  describe('devices and sessions', () => {
    it('lists the user’s live sessions with device name, times and the current flag; login required', async () => {
      const user = await registerTestUser(stack.command, stack.pool, { deviceId: 'ListDev001' });
      const second = await logIn(user, 'ListDev002');
      const listed = await sessions(second);
      expect(listed.statusCode).toBe(200);
      const items = listed.json().body.sessions;
      expect(items).toHaveLength(2);
      expect(items.find((s: { deviceId: string }) => s.deviceId === 'ListDev002')).toMatchObject({ device: 'Mozilla/5.0 (X1', current: true });
      expect(items.find((s: { deviceId: string }) => s.deviceId === 'ListDev001')).toMatchObject({ device: 'Jest', current: false });
      expect(items[0]).toEqual({
        id: expect.any(String), device: expect.any(String), deviceId: expect.any(String), method: 'password',
        created: expect.any(String), lastUsed: expect.any(String), current: expect.any(Boolean),
      });
      expect((await stack.query.inject({ method: 'GET', url: '/v5/user/sessions' })).json().error).toMatchObject({ status: 401, intern: 6011 });
    });

    it('ends one session (events appended, table updated at once) and never another user’s (404)', async () => {
      const user = await registerTestUser(stack.command, stack.pool, { deviceId: 'EndDev0001' });
      const second = await logIn(user, 'EndDev0002');
      const stranger = await registerTestUser(stack.command, stack.pool, { deviceId: 'Stranger01' });
      const target = (await sessions(second)).json().body.sessions.find((s: { current: boolean }) => !s.current).id;

      const foreign = await stack.command.inject({ method: 'DELETE', url: `/v5/user/sessions/${target}`, headers: as(stranger) });
      expect(foreign.json().error).toMatchObject({ status: 404 });
      expect((await sessions(user.authorization)).statusCode).toBe(200);
      expect((await stack.command.inject({ method: 'DELETE', url: '/v5/user/sessions/not-a-uuid', headers: as(user) })).statusCode).toBe(404);

      const ended = await stack.command.inject({ method: 'DELETE', url: `/v5/user/sessions/${target}`, headers: { authorization: second } });
      expect(ended.json().body).toMatchObject({ ended: 1, checkpoint: expect.any(String) });
      expect((await sessions(user.authorization)).json().error).toMatchObject({ intern: 6011 });
      const event = await stack.pool.query("SELECT data FROM events WHERE stream_id = $1 AND type = 'SessionEnded'", [`account-${user.userId}`]);
      expect(event.rows.map((r) => r.data)).toEqual([expect.objectContaining({ sessionId: target, reason: 'ended-by-user' })]);
      expect((await stack.command.inject({ method: 'DELETE', url: `/v5/user/sessions/${target}`, headers: { authorization: second } })).statusCode).toBe(404);
    });

    it('ends all other sessions with ?others=true; the current one stays', async () => {
      const user = await registerTestUser(stack.command, stack.pool, { deviceId: 'OthDev0001' });
      await logIn(user, 'OthDev0002');
      const keep = await logIn(user, 'OthDev0003');
      expect((await stack.command.inject({ method: 'DELETE', url: '/v5/user/sessions', headers: { authorization: keep } })).json().error)
        .toMatchObject({ status: 400, field: 'others' });
      const ended = await stack.command.inject({ method: 'DELETE', url: '/v5/user/sessions?others=true', headers: { authorization: keep } });
      expect(ended.json().body).toMatchObject({ ended: 2 });
      expect((await sessions(keep)).json().body.sessions).toEqual([expect.objectContaining({ deviceId: 'OthDev0003', current: true })]);
      expect((await stack.command.inject({ method: 'DELETE', url: '/v5/user/sessions?others=true' })).json().error).toMatchObject({ intern: 6011 });
    });
  });

  describe('preferences (GET/PUT /v5/user/{uid}/ui)', () => {
    const shortcut = { type: 'link_cc', data: { id: 'verein-42' }, hash: 'h4sh' };

    it('answers the defaults, stores settings, removes a saved link, and is silent for an absent one', async () => {
      const user = await registerTestUser(stack.command, stack.pool, { deviceId: 'PrefDev001' });
      const get = () => stack.query.inject({ method: 'GET', url: `/v5/user/${user.userId}/ui`, headers: as(user) });
      const put = (payload: object) => stack.command.inject({ method: 'PUT', url: `/v5/user/${user.userId}/ui`, headers: as(user), payload });
      expect((await get()).json().body).toEqual({ theme: 'default', sidebar: 1, viewOpt: 'grid', shortcut: [] });

      const shortcuts = [shortcut, { type: 'prj', data: { id: 7 }, hash: null }];
      const saved = await put({ mode: 'settings', data: { theme: 'dark-contrast', sidebar: 2, viewOpt: 'list', shortcut: shortcuts } });
      expect(saved.json().body).toMatchObject({ theme: 'dark-contrast', sidebar: 2, viewOpt: 'list', shortcut: shortcuts });
      expect((await get()).json().body).toEqual({ theme: 'dark-contrast', sidebar: 2, viewOpt: 'list', shortcut: shortcuts });

      expect((await put({ mode: 'link_del', data: shortcut })).statusCode).toBe(200);
      expect((await get()).json().body.shortcut).toEqual([shortcuts[1]]);
      const silent = await put({ mode: 'link_del', data: { type: 'link_pay', data: { id: 'nie-gespeichert' }, hash: 'x' } });
      expect(silent.statusCode).toBe(200);
      const types = (await stack.pool.query('SELECT type FROM events WHERE stream_id = $1 ORDER BY stream_position', [`user-preferences-${user.userId}`])).rows;
      expect(types.map((r) => r.type)).toEqual(['UserPreferencesChanged', 'SavedLinkRemoved']);
    });

    it('refuses another uid (6011), no login (6011), and bad values with the field named', async () => {
      const user = await registerTestUser(stack.command, stack.pool, { deviceId: 'PrefDev002' });
      const other = randomUUID();
      expect((await stack.query.inject({ method: 'GET', url: `/v5/user/${other}/ui`, headers: as(user) })).json().error).toMatchObject({ status: 401, intern: 6011 });
      expect((await stack.query.inject({ method: 'GET', url: `/v5/user/${user.userId}/ui` })).json().error).toMatchObject({ intern: 6011 });
      const put = (uid: string, payload: object) => stack.command.inject({ method: 'PUT', url: `/v5/user/${uid}/ui`, headers: as(user), payload });
      expect((await put(other, { mode: 'settings', data: { theme: 'dark' } })).json().error).toMatchObject({ intern: 6011 });
      expect((await put(user.userId, { mode: 'settings', data: { theme: 'neon' } })).json().error).toMatchObject({ status: 400, field: 'data.theme' });
      expect((await put(user.userId, { mode: 'settings', data: { shortcut: [{ type: 'chat', data: { id: 1 } }] } })).json().error).toMatchObject({ status: 400 });
      expect((await put(user.userId, { mode: 'settings', data: { admin: true } })).json().error).toMatchObject({ status: 400 });
    });
  });

  describe('data export and deletion', () => {
    it('exports everything about the person, decrypted, without secrets', async () => {
      const user = await registerTestUser(stack.command, stack.pool, { deviceId: 'ExpoDev001', vorname: 'Grace', nachname: 'Hopper' });
      await stack.command.inject({ method: 'PUT', url: `/v5/user/${user.userId}/ui`, headers: as(user), payload: { mode: 'settings', data: { theme: 'dark' } } });
      await stack.command.inject({ method: 'POST', url: '/v5/feedback/vote', headers: as(user), payload: { vote: 2, text: 'Fehler beim Export' } });
      const exported = await stack.command.inject({ method: 'GET', url: '/v5/user/data', headers: as(user) });
      expect(exported.statusCode).toBe(200);
      const body = exported.json().body;
      const registered = body.streams[`account-${user.userId}`][0];
      expect(registered).toMatchObject({ type: 'AccountRegistered', data: { email: user.mail, firstName: 'Grace', lastName: 'Hopper' } });
      expect(body.sessions).toEqual([expect.objectContaining({ deviceId: 'ExpoDev001', device: 'Jest' })]);
      expect(body.preferences).toMatchObject({ theme: 'dark' });
      expect(body.caused).toEqual(expect.arrayContaining([expect.objectContaining({ type: expect.stringMatching(/^Feedback/), data: expect.objectContaining({ text: 'Fehler beim Export' }) })]));
      const text = JSON.stringify(body);
      expect(text).not.toMatch(/argon2|passwordHash|tokenHash|activationTokenHash/);
      expect((await stack.command.inject({ method: 'GET', url: '/v5/user/data' })).json().error).toMatchObject({ intern: 6011 });
    });

    it('deletion: wrong password 6008; then crypto-shredded, sessions and rows gone, login 6005, the address free again', async () => {
      const user = await registerTestUser(stack.command, stack.pool, { deviceId: 'DelDev0001', vorname: 'Ada', nachname: 'Byron' });
      const other = await logIn(user, 'DelDev0002');
      await stack.command.inject({ method: 'PUT', url: `/v5/user/${user.userId}/ui`, headers: as(user), payload: { mode: 'settings', data: { theme: 'contrast' } } });
      const wrong = await stack.command.inject({ method: 'DELETE', url: '/v5/user', headers: as(user), payload: { pass: 'ein falscher Satz 1' } });
      expect(wrong.json().error).toMatchObject({ status: 401, intern: 6008 });

      const deleted = await stack.command.inject({ method: 'DELETE', url: '/v5/user', headers: as(user), payload: { pass: PASSWORD } });
      expect(deleted.json().body).toMatchObject({ erased: true, checkpoint: expect.any(String) });

      const events = (await stack.store.readStream(`account-${user.userId}`)).events;
      const registered = events.find((e) => e.type === 'AccountRegistered');
      expect(registered?.data).toMatchObject({ email: null, firstName: null, lastName: null });
      expect(registered?.metadata).toMatchObject({ erased: true, erasedFields: expect.arrayContaining(['email', 'firstName', 'lastName']) });
      expect(events.slice(-3).map((e) => e.type)).toEqual(['SessionEnded', 'SessionEnded', 'AccountErased']);
      for (const table of ['account_logins', 'account_sessions', 'account_link_tokens', 'account_preferences']) {
        expect((await stack.pool.query(`SELECT count(*)::int AS n FROM ${table} WHERE user_id = $1`, [user.userId])).rows[0].n).toBe(0);
      }
      expect((await sessions(other)).json().error).toMatchObject({ intern: 6011 });
      const login = await stack.command.inject({ method: 'PUT', url: '/v5/auth', payload: { mail: user.mail, pass: PASSWORD, device: 'DelDev0003', name: 'x' } });
      expect(login.json().error).toMatchObject({ status: 404, intern: 6005 });

      // The activity log, projected from the same events, holds no plaintext of the person.
      // Wait for the erasure itself, not for head(): on the shared cluster another suite's open
      // writing transaction can hold head() behind this stream's newest event.
      const stream = await stack.store.readStream(`account-${user.userId}`);
      const head = stream.events[stream.events.length - 1]?.checkpoint ?? null;
      const projector = startProjector({ pool: stack.pool, store: stack.store, catalogue: createEventCatalogue(), projections: [activityLogProjection], tuning: { idleMs: 50 } });
      try {
        await until(async () => {
          const at = await projectionCheckpoint(stack.pool, activityLogProjection.name);
          return at !== null && head !== null && stack.store.compareCheckpoints(at, head) >= 0;
        });
      } finally {
        await projector.stop();
      }
      const log = await activeTable(stack.pool, activityLogProjection.name, ACTIVITY_LOG);
      const rows = await stack.pool.query(`SELECT * FROM ${log} WHERE object_id = $1 OR actor_id = $1`, [user.userId]);
      expect(rows.rows.map((r) => r.action)).toEqual(expect.arrayContaining(['accounts.registered', 'accounts.erased']));
      expect(JSON.stringify(rows.rows)).not.toMatch(new RegExp(`${user.mail}|Ada|Byron`));

      const again = await stack.command.inject({
        method: 'POST', url: '/v5/auth',
        payload: { mail: user.mail, vorname: 'Neu', nachname: 'Anfang', pass: PASSWORD, pass2: PASSWORD, terms: true, privacy: true, cookies: true, age: true },
      });
      expect(again.statusCode).toBe(201);
      expect(again.json().body.uid).not.toBe(user.userId);
      const twice = await stack.command.inject({
        method: 'POST', url: '/v5/auth',
        payload: { mail: user.mail, vorname: 'Neu', nachname: 'Anfang', pass: PASSWORD, pass2: PASSWORD, terms: true, privacy: true, cookies: true, age: true },
      });
      expect(twice.json().error).toMatchObject({ intern: 6001 });
    });

    it('deletion with a second factor on needs a valid code', async () => {
      const user = await registerTestUser(stack.command, stack.pool, { deviceId: 'Del2faDev1' });
      const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
      const meta = { commandId: 'c', correlationId: 'c', causationId: null, actor: { kind: 'user' as const, id: user.userId }, teamId: null, schemaVersion: 1, personId: user.userId };
      const now = new Date().toISOString();
      await stack.store.append(`second-factor-${user.userId}`, [
        { eventId: randomUUID(), type: 'TotpSetupStarted', data: { userId: user.userId, secret, startedAt: now }, metadata: meta },
        { eventId: randomUUID(), type: 'TotpEnabled', data: { userId: user.userId, timeStep: 1, recoveryCodeHashes: [], enabledAt: now }, metadata: meta },
      ]);
      const remove = (payload: object) => stack.command.inject({ method: 'DELETE', url: '/v5/user', headers: as(user), payload });
      expect((await remove({ pass: PASSWORD })).json().error).toMatchObject({ status: 400, field: 'code' });
      expect((await remove({ pass: PASSWORD, code: '000000' })).json().error).toMatchObject({ field: 'code' });
      expect((await stack.pool.query('SELECT count(*)::int AS n FROM account_logins WHERE user_id = $1', [user.userId])).rows[0].n).toBe(1);
      const deleted = await remove({ pass: PASSWORD, code: totpCodeAt(secret, new Date()) });
      expect(deleted.json().body).toMatchObject({ erased: true });
      const [setup] = (await stack.store.readStream(`second-factor-${user.userId}`)).events;
      expect(setup.data).toMatchObject({ secret: null });
    });
  });
});

async function until(probe: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const started = Date.now();
  while (!(await probe())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting for the activity log');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
