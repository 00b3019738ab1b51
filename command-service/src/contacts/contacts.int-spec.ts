import { randomBytes, randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { contactPersonId, contactStream, createEventCatalogue, EMPTY_CONTACT_DETAILS } from '@planwerk/events';
import { openPostgresEventStore, type PostgresEventStore } from '@planwerk/platform';
import { describeWith } from '../../../scripts/testing/components';
import type { TestUser } from '../accounts/testing/register-test-user';
import { createCommandService } from '../app/create-command-service';
import { auth, startTeamsStack, type TeamsStack } from '../teams/testing/teams-stack';

jest.setTimeout(60_000);

const ERIKA = { firstName: 'Erika', lastName: 'Mustermann', email: 'erika.mustermann@example.org', city: 'Köln', country: 'de', birthDate: '1964-08-12' };

// The command side of contacts over HTTP, on a store that encrypts personal data (a master key),
// as every process opens it: the contact's details under its own key, erased on removal.
describeWith('postgres', 'contacts over HTTP (real PostgreSQL, personal data encrypted)', () => {
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
    stack = await startTeamsStack('cmd_contacts');
    store = await openPostgresEventStore({ pool: stack.pool, catalogue: createEventCatalogue(), masterKey: randomBytes(32).toString('base64') });
    app = await createCommandService({ pool: stack.pool, store });
    [owner, member, manager, otherOwner] = [await stack.register(), await stack.register(), await stack.register(), await stack.register()];
    const suffix = randomBytes(3).toString('hex');
    teamId = (await stack.createTeam(owner, { name: 'Chor Süd', link: `chor-sued-${suffix}`, type: 'club' })).json().body.teamId;
    otherTeamId = (await stack.createTeam(otherOwner, { name: 'Turnverein', link: `turnverein-${suffix}`, type: 'club' })).json().body.teamId;
    await stack.addMember(teamId, member, 'member');
    await stack.addMember(teamId, manager, 'space', { manage_contact: [] });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await store?.close();
    await stack?.close();
  });

  const send = (user: TestUser | null, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method, url, headers: { ...auth(user), ...headers }, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const create = (user: TestUser, payload: unknown, team = teamId, headers: Record<string, string> = {}) =>
    send(user, 'POST', `/v5/team/${team}/contact`, payload, headers);
  const edit = (user: TestUser, contactId: string, payload: unknown, team = teamId) => send(user, 'PUT', `/v5/team/${team}/contact/${contactId}`, payload);
  const block = (user: TestUser, contactId: string, blocked: boolean, team = teamId) => send(user, 'PUT', `/v5/team/${team}/contact/${contactId}/block`, { blocked });
  const remove = (user: TestUser, contactId: string, team = teamId, headers: Record<string, string> = {}) =>
    send(user, 'DELETE', `/v5/team/${team}/contact/${contactId}`, undefined, headers);
  const contactEventCount = async () => (await stack.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM events WHERE type LIKE 'Contact%'")).rows[0]!.n;
  const rawEvents = async (contactId: string) => (await stack.pool.query<{ type: string; data: Record<string, unknown>; metadata: Record<string, unknown>; raw: string }>(
    'SELECT type, data, metadata, data::text AS raw FROM events WHERE stream_id = $1 ORDER BY stream_position', [contactStream(contactId)])).rows;
  const read = async (contactId: string) => (await store.readStream(contactStream(contactId))).events;
  async function newContact(details: object = ERIKA, team = teamId, user = owner): Promise<string> {
    const created = await create(user, { details }, team);
    expect(created.statusCode).toBe(201);
    return created.json().body.contactId as string;
  }

  it('creates a contact: 201 with its id; the details are stored encrypted under the contact\u2019s key, with the team in the metadata', async () => {
    const created = await create(owner, { type: 'member', details: ERIKA });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ status: 201, error: null, body: { contactId: expect.any(String), checkpoint: expect.any(String) } });
    const { contactId } = created.json().body;

    const [stored] = await rawEvents(contactId);
    expect(stored?.type).toBe('ContactCreated');
    expect(stored?.data.details).toEqual({ $encrypted: expect.any(String) });
    for (const plain of ['Erika', 'Mustermann', 'erika.mustermann', 'Köln', '1964-08-12']) expect(stored?.raw).not.toContain(plain);
    expect(stored?.data).toMatchObject({ contactId, teamId, type: 'member', status: 'active', source: 'manual' });
    expect(stored?.metadata).toMatchObject({ teamId, personId: contactPersonId(contactId), actor: { kind: 'user', id: owner.userId } });

    // Read back through the store: every field there, the missing ones empty.
    const [event] = await read(contactId);
    expect(event?.data).toMatchObject({ details: { ...EMPTY_CONTACT_DETAILS, ...ERIKA } });
  });

  it('edits only the given fields that change; an edit that changes nothing appends nothing; a stale version is a conflict', async () => {
    const contactId = await newContact();
    const edited = await edit(owner, contactId, { details: { firstName: 'Erika', city: 'Bonn', phone: '0228 123456' }, version: 1 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().body).toMatchObject({ contactId, changed: true, version: 2, checkpoint: expect.any(String) });
    const events = await read(contactId);
    expect(events.map((e) => e.type)).toEqual(['ContactCreated', 'ContactEdited']);
    expect(events[1]?.data).toEqual({ contactId, teamId, details: { phone: '0228 123456', city: 'Bonn' }, changed: ['phone', 'city'] });
    expect((await rawEvents(contactId))[1]?.raw).not.toContain('Bonn');

    const same = await edit(owner, contactId, { details: { city: 'Bonn' }, status: 'active' });
    expect(same.json().body).toMatchObject({ contactId, changed: false, version: 2 });
    const status = await edit(manager, contactId, { status: 'inactive' });
    expect(status.json().body).toMatchObject({ changed: true, version: 3 });
    expect((await read(contactId))[2]?.data).toEqual({ contactId, teamId, status: 'inactive', changed: [] });

    const stale = await edit(owner, contactId, { details: { city: 'Köln' }, version: 2 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({ intern: 'conflict', field: 'version' });
    expect(await read(contactId)).toHaveLength(3);
  });

  it('blocks and unblocks, appending only when it changes', async () => {
    const contactId = await newContact();
    expect((await block(owner, contactId, true)).json().body).toMatchObject({ contactId, blocked: true });
    expect((await block(owner, contactId, true)).statusCode).toBe(200);
    expect((await block(owner, contactId, false)).json().body).toMatchObject({ blocked: false });
    expect((await read(contactId)).map((e) => [e.type, (e.data as { blocked?: boolean }).blocked])).toEqual([
      ['ContactCreated', undefined], ['ContactBlockChanged', true], ['ContactBlockChanged', false],
    ]);
  });

  it.each([
    ['an invalid e-mail address', { details: { lastName: 'Lang', email: 'not-an-address' } }, 'validation_failed', 'details.email'],
    ['an unknown country', { details: { lastName: 'Lang', country: 'xx' } }, 'validation_failed', 'details.country'],
    ['a birth date in the future', { details: { lastName: 'Lang', birthDate: '2999-01-01' } }, 'validation_failed', 'birthDate'],
    ['a birth date before 1900', { details: { lastName: 'Lang', birthDate: '1899-12-31' } }, 'validation_failed', 'birthDate'],
    ['no name and no company', { details: { firstName: '  ', lastName: '', email: 'x@example.org' } }, 'contact_name_required', 'lastName'],
    ['an unknown body key', { details: { lastName: 'Lang' }, vip: true }, 'validation_failed', 'body'],
    ['an unknown detail', { details: { lastName: 'Lang', nickname: 'L' } }, 'validation_failed', 'details'],
    ['an unknown type', { type: 'customer', details: { lastName: 'Lang' } }, 'validation_failed', 'type'],
  ])('refuses %s on create with 400 naming the field, and appends nothing', async (_label, payload, code, field) => {
    const before = await contactEventCount();
    const refused = await create(owner, payload);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ status: 400, intern: code, field });
    expect(await contactEventCount()).toBe(before);
  });

  it('refuses bad edits with 400 naming the field, and appends nothing', async () => {
    const contactId = await newContact();
    const before = await contactEventCount();
    const cases: Array<[unknown, string, string]> = [
      [{ details: { firstName: '', lastName: '' } }, 'contact_name_required', 'lastName'],
      [{ details: { birthDate: '2999-12-31' } }, 'validation_failed', 'birthDate'],
      [{ details: { email: 'nope' } }, 'validation_failed', 'details.email'],
      [{ version: 0 }, 'validation_failed', 'version'],
      [{ blocked: true }, 'validation_failed', 'body'],
    ];
    for (const [payload, code, field] of cases) {
      const refused = await edit(owner, contactId, payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatchObject({ intern: code, field });
    }
    expect((await send(owner, 'PUT', `/v5/team/${teamId}/contact/not-a-uuid`, { status: 'active' })).json().error).toMatchObject({ status: 400, field: 'contactId' });
    expect(await contactEventCount()).toBe(before);
  });

  it('refuses a plain member (403) and a non-member (404); a space member with manage_contact manages contacts', async () => {
    const contactId = await newContact();
    const before = await contactEventCount();
    const refused = [
      await create(member, { details: { lastName: 'Lang' } }),
      await edit(member, contactId, { details: { city: 'Bonn' } }),
      await block(member, contactId, true),
      await remove(member, contactId),
    ];
    for (const answer of refused) {
      expect(answer.statusCode).toBe(403);
      expect(answer.json().error).toMatchObject({ intern: 'no_permission' });
    }
    expect((await create(otherOwner, { details: { lastName: 'Lang' } })).statusCode).toBe(404);
    expect(await contactEventCount()).toBe(before);
    expect((await create(manager, { details: { company: 'Bäckerei Lang' } })).statusCode).toBe(201);
  });

  it('answers 404 for a contact of another team and for an unknown contact, and changes nothing', async () => {
    const contactIdOfOtherTeam = await newContact(ERIKA, otherTeamId, otherOwner);
    const before = await contactEventCount();
    for (const contactId of [contactIdOfOtherTeam, randomUUID()]) {
      const answers = [await edit(owner, contactId, { details: { city: 'Bonn' } }), await block(owner, contactId, true), await remove(owner, contactId)];
      for (const answer of answers) {
        expect(answer.statusCode).toBe(404);
        expect(answer.json().error).toMatchObject({ intern: 'not_found', field: 'contactId' });
      }
    }
    expect(await contactEventCount()).toBe(before);
    // The other team's contact keeps its key and its data.
    expect((await read(contactIdOfOtherTeam))[0]?.data).toMatchObject({ details: { lastName: 'Mustermann' } });
  });

  it('removes a contact and erases its data: its events read back with details null; afterwards it is not found', async () => {
    const contactId = await newContact();
    expect((await edit(owner, contactId, { details: { note: 'Spendet jedes Jahr' } })).statusCode).toBe(200);
    const removed = await remove(owner, contactId);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().body).toMatchObject({ contactId, removed: true, checkpoint: expect.any(String) });

    const keys = await stack.pool.query<{ erased: boolean }>('SELECT wrapped_key IS NULL AS erased FROM person_keys WHERE person_id = $1', [contactPersonId(contactId)]);
    expect(keys.rows).toEqual([{ erased: true }]);
    const events = await read(contactId);
    expect(events.map((e) => e.type)).toEqual(['ContactCreated', 'ContactEdited', 'ContactRemoved']);
    expect(events[0]?.data).toMatchObject({ contactId, teamId, details: null });
    expect(events[0]?.metadata).toMatchObject({ erased: true, erasedFields: ['details'] });
    expect(events[1]?.data).toMatchObject({ details: null, changed: ['note'] });

    expect((await edit(owner, contactId, { details: { city: 'Bonn' } })).statusCode).toBe(404);
    expect((await block(owner, contactId, true)).statusCode).toBe(404);
    const again = await remove(owner, contactId);
    expect(again.statusCode).toBe(200);
    expect(again.json().body).toMatchObject({ contactId, removed: false });
    expect(await read(contactId)).toHaveLength(3);
  });

  it('a retry with the same Idempotency-Key answers the first answer and appends once', async () => {
    const key = { 'idempotency-key': `contact-${randomUUID()}` };
    const first = await create(owner, { details: { company: 'Stadtwerke' } }, teamId, key);
    const retry = await create(owner, { details: { company: 'Stadtwerke' } }, teamId, key);
    expect(first.statusCode).toBe(201);
    expect(retry.body).toBe(first.body);
    const { contactId } = first.json().body;
    expect((await rawEvents(contactId)).map((e) => e.type)).toEqual(['ContactCreated']);

    const removeKey = { 'idempotency-key': `remove-${randomUUID()}` };
    const removed = await remove(owner, contactId, teamId, removeKey);
    expect((await remove(owner, contactId, teamId, removeKey)).body).toBe(removed.body);
    expect(removed.json().body).toMatchObject({ removed: true });
    expect((await rawEvents(contactId)).map((e) => e.type)).toEqual(['ContactCreated', 'ContactRemoved']);
  });
});
