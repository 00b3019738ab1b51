import { randomBytes, randomUUID } from 'node:crypto';
import { createBullJobQueue, parseAccountsConfig } from '@planwerk/platform';
import { describeWith } from '../../../scripts/testing/components';
import { registerTestUser, type TestUser } from '../accounts/testing/register-test-user';
import { startSelfServiceStack, type SelfServiceStack } from '../accounts/testing/self-service-stack';
import { createMailSources } from '../app/all-mail-sources';
import { createSmtpMailTransport } from '../mail/smtp-mail-transport.adapter';
import { startMailDelivery } from '../mail/start-mail-delivery';
import { startSmtpTestServer } from '../mail/testing/smtp-test-server';

jest.setTimeout(60_000);

const HEADERS = { 'x-device-id': 'TestDev001', 'x-api-version': '5.0.1' };
const auth = (user: TestUser) => ({ ...HEADERS, authorization: user.authorization });

// Both services on one database with a master key: invited addresses are encrypted in `events`.
describeWith('postgres', 'membership over HTTP (both services on PostgreSQL)', () => {
  let stack: SelfServiceStack;
  let owner: TestUser;
  let admin: TestUser;
  let teamId: string;

  const register = (names: { vorname?: string; nachname?: string } = {}) => registerTestUser(stack.command, stack.pool, names);
  const send = (method: 'POST' | 'PUT' | 'DELETE', user: TestUser, url: string, payload?: object) =>
    stack.command.inject({ method, url, headers: auth(user), ...(payload ? { payload } : {}) });
  const read = (user: TestUser, path: string) => stack.query.inject({ method: 'GET', url: `/v5/team/${teamId}/${path}`, headers: auth(user) });
  const invite = (by: TestUser, payload: object) => send('POST', by, `/v5/team/${teamId}/invitations`, payload);
  const joinByLink = (user: TestUser, data: string) => send('POST', user, '/v5/account/invite', { data });
  const tokenOf = (path: string) => path.replace('/account/invite/', '');
  const memberRow = async (userId: string) =>
    (await stack.pool.query('SELECT level, flag, access, status FROM team_members WHERE team_id = $1 AND user_id = $2', [teamId, userId])).rows[0];
  const invitationStatus = async (inviteId: string) =>
    (await stack.pool.query('SELECT status FROM team_invitations WHERE invite_id = $1', [inviteId])).rows[0]?.status;

  beforeAll(async () => {
    stack = await startSelfServiceStack('cmd_members');
    [owner, admin] = [await register(), await register()];
    const created = await stack.command.inject({
      method: 'POST', url: '/v5/team', headers: auth(owner), payload: { name: 'Chor Nord', link: 'chor-nord', type: 'club' },
    });
    expect(created.statusCode).toBe(201);
    teamId = created.json().body.teamId;
    const adminLink = await invite(owner, { channel: 'link', level: 'admin' });
    expect((await joinByLink(admin, tokenOf(adminLink.json().body.path))).json().body).toMatchObject({ teamId, level: 'admin' });
  });

  afterAll(async () => {
    await stack?.close();
  });

  describe('invitations by mail', () => {
    it('the invited address accepts once: active member with flag 1; another account and a second accept answer 404', async () => {
      const [anna, bob] = [await register(), await register()];
      const invited = await invite(owner, { channel: 'mail', email: anna.mail, level: 'member' });
      expect(invited.statusCode).toBe(201);
      const { inviteId, path } = invited.json().body;
      expect(path).toBe(`/invite/${inviteId}`);

      expect((await send('POST', bob, `/v5/invite/${inviteId}/accept`)).json().error).toMatchObject({ status: 404, intern: 'not_found' });
      const accepted = await send('POST', anna, `/v5/invite/${inviteId}/accept`);
      expect(accepted.json().body).toMatchObject({ teamId, link: 'chor-nord', level: 'member' });
      expect(await memberRow(anna.userId)).toEqual({ level: 'member', flag: 1, access: {}, status: 'active' });
      expect(await invitationStatus(inviteId)).toBe('accepted');
      expect((await send('POST', anna, `/v5/invite/${inviteId}/accept`)).statusCode).toBe(404);
    });

    it('keeps the invited address out of `events` in plaintext, while the store reads it back', async () => {
      const mail = `invitee-${randomBytes(4).toString('hex')}@planwerk-test.de`;
      const { inviteId } = (await invite(owner, { channel: 'mail', email: mail, level: 'member' })).json().body;
      const rows = await stack.pool.query("SELECT data::text AS data, metadata FROM events WHERE type = 'MemberInvited' AND data->>'inviteId' = $1", [inviteId]);
      expect(rows.rows).toHaveLength(1);
      expect(rows.rows[0].data).not.toContain(mail);
      expect(rows.rows[0].data).toContain('$encrypted');
      expect(rows.rows[0].metadata).toMatchObject({ personId: inviteId, teamId });
      const stored = (await stack.store.readStream(`team-members-${teamId}`)).events.find((e) => (e.data as { inviteId?: string }).inviteId === inviteId);
      expect(stored?.data).toMatchObject({ email: mail, channel: 'mail' });
    });

    it('a declined invitation cannot be accepted afterwards', async () => {
      const carl = await register();
      const { inviteId } = (await invite(owner, { channel: 'mail', email: carl.mail, level: 'member' })).json().body;
      expect((await send('POST', carl, `/v5/invite/${inviteId}/decline`)).json().body).toMatchObject({ inviteId });
      expect(await invitationStatus(inviteId)).toBe('declined');
      expect((await send('POST', carl, `/v5/invite/${inviteId}/accept`)).statusCode).toBe(404);
      expect(await memberRow(carl.userId)).toBeUndefined();
    });

    it('a revoked invitation is gone from the open list and cannot be accepted; plain members cannot revoke', async () => {
      const dora = await register();
      const { inviteId } = (await invite(owner, { channel: 'mail', email: dora.mail, level: 'member' })).json().body;
      const plain = await register();
      const plainToken = tokenOf((await invite(owner, { channel: 'link', level: 'member' })).json().body.path);
      expect((await joinByLink(plain, plainToken)).statusCode).toBe(200);
      expect((await send('DELETE', plain, `/v5/team/${teamId}/invitations/${inviteId}`)).json().error).toMatchObject({ status: 403 });
      expect((await read(plain, 'invitations')).json().error).toMatchObject({ status: 403 });
      expect((await read(admin, 'invitations')).json().body.invitations).toContainEqual(expect.objectContaining({ inviteId, channel: 'mail', level: 'member' }));
      expect((await send('DELETE', admin, `/v5/team/${teamId}/invitations/${inviteId}`)).json().body).toMatchObject({ inviteId });
      expect(await invitationStatus(inviteId)).toBe('revoked');
      expect((await read(admin, 'invitations')).json().body.invitations.map((i: { inviteId: string }) => i.inviteId)).not.toContain(inviteId);
      expect((await send('POST', dora, `/v5/invite/${inviteId}/accept`)).statusCode).toBe(404);
    });
  });

  describe('invite links (/account/invite/{data})', () => {
    it('joins with the token at the link’s level and access; the token itself is never stored', async () => {
      const [eve, finn] = [await register(), await register()];
      const created = await invite(owner, { channel: 'link', level: 'space', access: { manage_contact: [] } });
      const token = tokenOf(created.json().body.path);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect((await joinByLink(eve, token)).json().body).toMatchObject({ teamId, level: 'space' });
      expect(await memberRow(eve.userId)).toEqual({ level: 'space', flag: 1, access: { manage_contact: [] }, status: 'active' });
      // A link is for many people: the next one joins too, a member twice is refused.
      expect((await joinByLink(finn, token)).statusCode).toBe(200);
      expect((await joinByLink(eve, token)).json().error).toMatchObject({ status: 409, intern: 'membership_already_member' });
      const stored = await stack.pool.query('SELECT count(*)::int AS n FROM events WHERE data::text LIKE $1', [`%${token}%`]);
      expect(stored.rows[0].n).toBe(0);

      // A space member with manage_contact hands out plain memberships only.
      expect((await invite(eve, { channel: 'link', level: 'admin' })).json().error).toMatchObject({ status: 403, intern: 'no_permission' });
      expect((await invite(eve, { channel: 'link', level: 'member' })).statusCode).toBe(201);
    });

    it('refuses a wrong, a malformed and a revoked token', async () => {
      const gina = await register();
      expect((await joinByLink(gina, randomBytes(32).toString('base64url'))).json().error).toMatchObject({ status: 404, intern: 'not_found' });
      expect((await joinByLink(gina, 'zu-kurz')).json().error).toMatchObject({ status: 400, field: 'data' });
      const { inviteId, path } = (await invite(owner, { channel: 'link', level: 'member' })).json().body;
      expect((await send('DELETE', owner, `/v5/team/${teamId}/invitations/${inviteId}`)).statusCode).toBe(200);
      expect((await joinByLink(gina, tokenOf(path))).statusCode).toBe(404);
      expect(await memberRow(gina.userId)).toBeUndefined();
    });
  });

  describe('applications', () => {
    it('apply (by link or id) → an admin accepts or rejects; one open application per person', async () => {
      const [hans, ida, anna] = [await register({ vorname: 'Hans', nachname: 'Hörer' }), await register({ vorname: 'Ida', nachname: 'Iser' }), await register()];
      const applied = await send('POST', hans, '/v5/team/Chor-Nord/applications');
      expect(applied.statusCode).toBe(201);
      const hansApplication = applied.json().body.applicationId;
      expect((await send('POST', hans, `/v5/team/${teamId}/applications`)).json().error).toMatchObject({ status: 409, intern: 'membership_application_open' });
      expect((await send('POST', hans, `/v5/team/${randomUUID()}/applications`)).statusCode).toBe(404);
      const idaApplication = (await send('POST', ida, `/v5/team/${teamId}/applications`)).json().body.applicationId;

      // With the applicant's name, read from the account (not stored with the application).
      expect((await read(admin, 'applications')).json().body.applications.map((a: { userId: string; name: string | null }) => [a.userId, a.name]).sort())
        .toEqual([[hans.userId, 'Hans Hörer'], [ida.userId, 'Ida Iser']].sort());
      // Deciding is for owner and admin; outsiders learn nothing about the team.
      expect((await send('PUT', anna, `/v5/team/${teamId}/applications/${hansApplication}`, { accept: true })).statusCode).toBe(404);

      expect((await send('PUT', admin, `/v5/team/${teamId}/applications/${hansApplication}`, { accept: true })).json().body)
        .toMatchObject({ applicationId: hansApplication, accepted: true });
      expect(await memberRow(hans.userId)).toEqual({ level: 'member', flag: 1, access: {}, status: 'active' });
      expect((await send('PUT', hans, `/v5/team/${teamId}/applications/${idaApplication}`, { accept: true })).json().error).toMatchObject({ status: 403 });
      expect((await send('PUT', owner, `/v5/team/${teamId}/applications/${idaApplication}`, { accept: false })).json().body).toMatchObject({ accepted: false });
      expect(await memberRow(ida.userId)).toBeUndefined();
      expect((await send('PUT', owner, `/v5/team/${teamId}/applications/${idaApplication}`, { accept: true })).statusCode).toBe(404);
      expect((await send('POST', hans, `/v5/team/${teamId}/applications`)).json().error).toMatchObject({ intern: 'membership_already_member' });
    });
  });

  describe('managing members', () => {
    let paul: TestUser;
    let rita: TestUser;

    beforeAll(async () => {
      [paul, rita] = [await register({ vorname: 'Paul', nachname: 'Probe' }), await register({ vorname: 'Rita', nachname: 'Rast' })];
      const token = tokenOf((await invite(owner, { channel: 'link', level: 'member' })).json().body.path);
      for (const user of [paul, rita]) expect((await joinByLink(user, token)).statusCode).toBe(200);
    });

    it('GET members: owner and admin see level, flag and access; a plain member only user ids and names; an outsider 404', async () => {
      const full = (await read(owner, 'members')).json().body.members;
      expect(full).toContainEqual({ userId: owner.userId, name: 'Test User', level: 'owner', team: 2, access: {}, joinedAt: expect.any(String) });
      expect(full).toContainEqual(expect.objectContaining({ userId: admin.userId, level: 'admin', team: 2 }));
      expect(full).toContainEqual(expect.objectContaining({ userId: paul.userId, name: 'Paul Probe', level: 'member', team: 1 }));
      expect((await read(admin, 'members')).json().body.members).toEqual(full);
      const plain = (await read(paul, 'members')).json().body.members;
      expect(plain).toHaveLength(full.length);
      for (const entry of plain) expect(Object.keys(entry)).toEqual(['userId', 'name']);
      expect(plain).toContainEqual({ userId: rita.userId, name: 'Rita Rast' });
      expect((await read(await register(), 'members')).statusCode).toBe(404);
    });

    it('GET members: an erased member stays listed without a name (the key and the login are gone)', async () => {
      const xena = await register({ vorname: 'Xena', nachname: 'Xaver' });
      const token = tokenOf((await invite(owner, { channel: 'link', level: 'member' })).json().body.path);
      expect((await joinByLink(xena, token)).statusCode).toBe(200);
      const nameOf = async () => ((await read(owner, 'members')).json().body.members as Array<{ userId: string; name: string | null }>)
        .find((member) => member.userId === xena.userId)?.name;
      expect(await nameOf()).toBe('Xena Xaver');
      const erased = await stack.command.inject({ method: 'DELETE', url: '/v5/user', headers: auth(xena), payload: { pass: xena.password } });
      expect(erased.statusCode).toBe(200);
      expect(await nameOf()).toBeNull();
    });

    it('levels: only the owner makes admins, nobody changes the owner; the access map is stored as given', async () => {
      const level = (by: TestUser, user: TestUser, value: string) => send('PUT', by, `/v5/team/${teamId}/members/${user.userId}/level`, { level: value });
      expect((await level(admin, paul, 'admin')).json().error).toMatchObject({ status: 403, intern: 'no_permission' });
      expect((await level(admin, owner, 'member')).json().error).toMatchObject({ status: 403 });
      expect((await level(owner, owner, 'admin')).json().error).toMatchObject({ status: 403 });
      expect((await level(paul, rita, 'space')).json().error).toMatchObject({ status: 403 });
      expect((await level(owner, paul, 'admin')).json().body).toMatchObject({ userId: paul.userId, level: 'admin' });
      expect(await memberRow(paul.userId)).toMatchObject({ level: 'admin', flag: 2 });
      // An admin cannot touch another admin; the owner takes the level back.
      expect((await level(admin, paul, 'member')).json().error).toMatchObject({ status: 403 });
      expect((await level(owner, paul, 'item')).statusCode).toBe(200);
      expect(await memberRow(paul.userId)).toMatchObject({ level: 'item', flag: 1 });

      const access = (by: TestUser, payload: object) => send('PUT', by, `/v5/team/${teamId}/members/${paul.userId}/access`, payload);
      expect((await access(admin, { access: { manage_file: ['f1', 'f2'], manage_prj: [] } })).statusCode).toBe(200);
      expect(await memberRow(paul.userId)).toMatchObject({ access: { manage_file: ['f1', 'f2'], manage_prj: [] } });
      const bad = await access(admin, { access: { manage_everything: [] } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.field).toMatch(/^access/);
      expect((await access(rita, { access: {} })).json().error).toMatchObject({ status: 403 });
    });

    it('leave: the owner is refused (409); a member leaves and then sees nothing of the team', async () => {
      expect((await send('POST', owner, `/v5/team/${teamId}/leave`)).json().error).toMatchObject({ status: 409, intern: 'membership_owner_cannot_leave' });
      expect((await send('POST', rita, `/v5/team/${teamId}/leave`)).json().body).toMatchObject({ teamId });
      expect(await memberRow(rita.userId)).toMatchObject({ status: 'left', flag: 0 });
      expect((await read(rita, 'members')).statusCode).toBe(404);
      expect((await send('POST', rita, `/v5/team/${teamId}/leave`)).statusCode).toBe(404);
    });

    it('disconnect: an admin removes a member, but not the owner or another admin; plain members cannot', async () => {
      const [sam, tom] = [await register(), await register()];
      const token = tokenOf((await invite(owner, { channel: 'link', level: 'member' })).json().body.path);
      for (const user of [sam, tom]) expect((await joinByLink(user, token)).statusCode).toBe(200);
      const disconnect = (by: TestUser, userId: string) => send('DELETE', by, `/v5/team/${teamId}/members/${userId}`);
      expect((await disconnect(tom, sam.userId)).json().error).toMatchObject({ status: 403 });
      expect((await disconnect(admin, owner.userId)).json().error).toMatchObject({ status: 403, intern: 'no_permission' });
      expect((await send('PUT', owner, `/v5/team/${teamId}/members/${tom.userId}/level`, { level: 'admin' })).statusCode).toBe(200);
      expect((await disconnect(admin, tom.userId)).json().error).toMatchObject({ status: 403 });
      expect((await disconnect(admin, sam.userId)).json().body).toMatchObject({ teamId, userId: sam.userId });
      expect(await memberRow(sam.userId)).toMatchObject({ status: 'removed', flag: 0 });
      expect((await disconnect(owner, tom.userId)).statusCode).toBe(200);
      expect(await memberRow(tom.userId)).toMatchObject({ status: 'removed', flag: 0 });
    });
  });

  it('through the real mail path: the team-invitation mail arrives over SMTP with /invite/{inviteId}, which the invitee accepts', async () => {
    const smtp = await startSmtpTestServer();
    const queue = createBullJobQueue({ backend: { kind: 'postgres', connectionString: stack.db.url }, prefix: `invite_${randomBytes(4).toString('hex')}` });
    const delivery = await startMailDelivery({
      pool: stack.pool, store: stack.store, queue, publicUrl: 'http://planwerk.test:8080',
      transport: createSmtpMailTransport({ url: smtp.url, from: 'Planwerk <no-reply@planwerk.test>' }),
      sources: createMailSources({ authKeys: parseAccountsConfig(process.env).keys }),
      log: { info: () => undefined, error: () => undefined }, backoffMs: 50, retryDelayMs: 100,
    });
    try {
      const uma = await register();
      const { inviteId } = (await invite(owner, { channel: 'mail', email: uma.mail, level: 'member' })).json().body;
      const mail = await until(() => smtp.received.find((m) => m.envelopeTo.includes(uma.mail) && m.text.includes('/invite/')));
      expect(mail.text).toContain(`http://planwerk.test:8080/invite/${inviteId}`);
      expect(mail.text).toContain('Chor Nord');
      expect((await send('POST', uma, `/v5/invite/${inviteId}/accept`)).statusCode).toBe(200);
      expect(await memberRow(uma.userId)).toMatchObject({ level: 'member', flag: 1, status: 'active' });
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
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting for the invitation mail');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
