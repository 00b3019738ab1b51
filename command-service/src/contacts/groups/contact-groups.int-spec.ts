import { randomBytes, randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { contactGroupStream, createEventCatalogue } from '@planwerk/events';
import { openPostgresEventStore, type PostgresEventStore } from '@planwerk/platform';
import { describeWith } from '../../../../scripts/testing/components';
import type { TestUser } from '../../accounts/testing/register-test-user';
import { createCommandService } from '../../app/create-command-service';
import { auth, startTeamsStack, type TeamsStack } from '../../teams/testing/teams-stack';

jest.setTimeout(60_000);

// The command side of contact groups over HTTP, on a store that encrypts personal data as every
// process opens it (the contacts to add are checked on their own streams).
describeWith('postgres', 'contact groups over HTTP (real PostgreSQL)', () => {
  let stack: TeamsStack;
  let store: PostgresEventStore;
  let app: NestFastifyApplication;
  let owner: TestUser;
  let member: TestUser;
  let manager: TestUser;
  let otherOwner: TestUser;
  let teamId: string;
  let otherTeamId: string;

  beforeAll(async () => {
    stack = await startTeamsStack('cmd_contact_groups');
    store = await openPostgresEventStore({ pool: stack.pool, catalogue: createEventCatalogue(), masterKey: randomBytes(32).toString('base64') });
    app = await createCommandService({ pool: stack.pool, store });
    [owner, member, manager, otherOwner] = [await stack.register(), await stack.register(), await stack.register(), await stack.register()];
    const suffix = randomBytes(3).toString('hex');
    teamId = (await stack.createTeam(owner, { name: 'Schule am See', link: `schule-${suffix}`, type: 'club' })).json().body.teamId;
    otherTeamId = (await stack.createTeam(otherOwner, { name: 'Turnverein', link: `turnverein-${suffix}`, type: 'club' })).json().body.teamId;
    await stack.addMember(teamId, member, 'member');
    await stack.addMember(teamId, manager, 'space', { manage_contact: [] });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await store?.close();
    await stack?.close();
  });

  const send = (user: TestUser | null, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({ method, url, headers: auth(user), ...(payload !== undefined ? { payload: payload as object } : {}) });
  const base = (team = teamId) => `/v5/team/${team}/contact/group`;
  const createGroup = (user: TestUser, payload: unknown, team = teamId) => send(user, 'POST', base(team), payload);
  const editGroup = (user: TestUser, groupId: string, payload: unknown, team = teamId) => send(user, 'PUT', `${base(team)}/${groupId}`, payload);
  const removeGroup = (user: TestUser, groupId: string, team = teamId) => send(user, 'DELETE', `${base(team)}/${groupId}`);
  const changeMembers = (user: TestUser, groupId: string, payload: unknown, team = teamId) => send(user, 'PUT', `${base(team)}/${groupId}/members`, payload);
  const groupEvents = async (groupId: string) => (await stack.pool.query<{ type: string; data: Record<string, unknown>; metadata: Record<string, unknown> }>(
    'SELECT type, data, metadata FROM events WHERE stream_id = $1 ORDER BY stream_position', [contactGroupStream(groupId)])).rows;
  const allGroupEvents = async () => (await stack.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM events WHERE type LIKE 'ContactGroup%'")).rows[0]!.n;

  async function newContact(lastName: string, team = teamId, user = owner): Promise<string> {
    const created = await send(user, 'POST', `/v5/team/${team}/contact`, { details: { lastName } });
    expect(created.statusCode).toBe(201);
    return created.json().body.contactId as string;
  }
  async function newGroup(payload: object = { name: 'Klasse 5b', kind: 'class' }, user = owner): Promise<string> {
    const created = await createGroup(user, payload);
    expect(created.statusCode).toBe(201);
    return created.json().body.groupId as string;
  }

  it('creates a group: 201 with its id and a checkpoint, the defaults filled, the team in the data and metadata', async () => {
    const created = await createGroup(owner, { name: '  Vorstand ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ status: 201, error: null, body: { groupId: expect.any(String), checkpoint: expect.any(String) } });
    const { groupId } = created.json().body;
    const [event] = await groupEvents(groupId);
    expect(event).toMatchObject({
      type: 'ContactGroupCreated',
      data: { groupId, teamId, name: 'Vorstand', kind: 'group', policy: 'admins', description: '' },
      metadata: { teamId, actor: { kind: 'user', id: owner.userId } },
    });
  });

  it('edits only what changes; nothing changed answers changed: false and appends nothing', async () => {
    const groupId = await newGroup({ name: 'Elternbeirat', kind: 'group', policy: 'admins', description: 'Alle Eltern' });
    const edited = await editGroup(manager, groupId, { name: 'Elternbeirat', kind: 'department', policy: 'request' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().body).toMatchObject({ groupId, changed: true });
    const again = await editGroup(owner, groupId, { kind: 'department', description: 'Alle Eltern' });
    expect(again.json().body).toMatchObject({ groupId, changed: false, checkpoint: expect.any(String) });
    expect((await groupEvents(groupId)).map((e) => e.type)).toEqual(['ContactGroupCreated', 'ContactGroupEdited']);
    expect((await groupEvents(groupId))[1]?.data).toEqual({ groupId, teamId, kind: 'department', policy: 'request' });
  });

  it('adds and removes members with only the real changes, checking the contacts on their streams', async () => {
    const [anna, ben, cem] = [await newContact('Albers'), await newContact('Brandt'), await newContact('Celik')];
    const groupId = await newGroup();
    // A contact created a moment ago is taken at once: its stream is there even if no read model is.
    const first = await changeMembers(owner, groupId, { add: [anna, ben, anna] });
    expect(first.statusCode).toBe(200);
    expect(first.json().body).toMatchObject({ groupId, added: 2, removed: 0, checkpoint: expect.any(String) });
    const second = await changeMembers(manager, groupId, { add: [ben, cem], remove: [anna, randomUUID()] });
    expect(second.json().body).toMatchObject({ added: 1, removed: 1 });
    const nothing = await changeMembers(owner, groupId, { add: [ben], remove: [anna] });
    expect(nothing.json().body).toMatchObject({ added: 0, removed: 0 });
    const events = await groupEvents(groupId);
    expect(events.slice(1).map((e) => e.data)).toEqual([
      { groupId, teamId, added: [anna, ben], removed: [] },
      { groupId, teamId, added: [cem], removed: [anna] },
    ]);
  });

  it('refuses an id in both add and remove (validation_failed, remove) and unknown contacts (not_found, add), appending nothing', async () => {
    const anna = await newContact('Albers');
    const foreign = await newContact('Fremd', otherTeamId, otherOwner);
    const erased = await newContact('Gelöscht');
    expect((await send(owner, 'DELETE', `/v5/team/${teamId}/contact/${erased}`)).statusCode).toBe(200);
    const groupId = await newGroup();
    const before = await allGroupEvents();

    const both = await changeMembers(owner, groupId, { add: [anna], remove: [anna] });
    expect(both.statusCode).toBe(400);
    expect(both.json().error).toMatchObject({ intern: 'validation_failed', field: 'remove' });
    for (const unknown of [randomUUID(), foreign, erased]) {
      const refused = await changeMembers(owner, groupId, { add: [anna, unknown] });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error).toMatchObject({ intern: 'not_found', field: 'add' });
    }
    const notUuid = await changeMembers(owner, groupId, { add: ['anna'] });
    expect(notUuid.statusCode).toBe(400);
    expect(notUuid.json().error).toMatchObject({ intern: 'validation_failed' });
    expect(await allGroupEvents()).toBe(before);
  });

  it('removes a group; after that every command on it is not found, and its contacts stay', async () => {
    const anna = await newContact('Albers');
    const groupId = await newGroup();
    await changeMembers(owner, groupId, { add: [anna] });
    const removed = await removeGroup(owner, groupId);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().body).toMatchObject({ groupId, removed: true, checkpoint: expect.any(String) });
    expect((await groupEvents(groupId)).at(-1)).toMatchObject({ type: 'ContactGroupRemoved', data: { groupId, teamId } });
    for (const refused of [await removeGroup(owner, groupId), await editGroup(owner, groupId, { name: 'Neu' }), await changeMembers(owner, groupId, { add: [anna] })]) {
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error).toMatchObject({ intern: 'not_found', field: 'groupId' });
    }
    const contactEvents = await stack.pool.query<{ type: string }>('SELECT type FROM events WHERE stream_id = $1', [`contact-${anna}`]);
    expect(contactEvents.rows.map((r) => r.type)).toEqual(['ContactCreated']);
  });

  it('answers not_found for an unknown group and another team\u2019s group, and changes nothing there', async () => {
    const foreignGroup = (await createGroup(otherOwner, { name: 'Riege A' }, otherTeamId)).json().body.groupId as string;
    const before = await allGroupEvents();
    expect((await editGroup(owner, randomUUID(), { name: 'X' })).statusCode).toBe(404);
    // The path names our team, the group is theirs.
    expect((await editGroup(owner, foreignGroup, { name: 'Gekapert' })).json().error).toMatchObject({ intern: 'not_found', field: 'groupId' });
    expect((await removeGroup(owner, foreignGroup)).statusCode).toBe(404);
    expect(await allGroupEvents()).toBe(before);
  });

  it('refuses bad bodies naming the field', async () => {
    const groupId = await newGroup();
    for (const [payload, field] of [
      [{ name: '' }, 'name'], [{ name: 'x'.repeat(81) }, 'name'], [{ name: 'Zeile\nzwei' }, 'name'], [{ name: 'A', kind: 'team' }, 'kind'],
      [{ name: 'A', policy: 'everyone' }, 'policy'], [{ name: 'A', description: 'x'.repeat(501) }, 'description'], [{ name: 'A', extra: 1 }, 'body'],
    ] as const) {
      const refused = await createGroup(owner, payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatchObject({ intern: 'validation_failed', field });
    }
    const tooMany = await changeMembers(owner, groupId, { add: Array.from({ length: 1001 }, () => randomUUID()) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toMatchObject({ field: 'add' });
  });

  it('lets owner and contact managers in; refuses a plain member (403) and a stranger (404)', async () => {
    const groupId = await newGroup();
    const before = await allGroupEvents();
    expect((await createGroup(member, { name: 'Heimlich' })).statusCode).toBe(403);
    expect((await editGroup(member, groupId, { name: 'Heimlich' })).statusCode).toBe(403);
    expect((await changeMembers(member, groupId, { add: [] })).statusCode).toBe(403);
    expect((await removeGroup(otherOwner, groupId)).statusCode).toBe(404);
    expect(await allGroupEvents()).toBe(before);
    expect((await createGroup(manager, { name: 'Verwaltet', kind: 'department' })).statusCode).toBe(201);
  });
});
