import type { ActivityEntryView, ContactHistoryEntry, ContactSummary, ContactView, MergeSuggestion } from '@planwerk/events';
import type { TestUser } from '../../../../command-service/src/accounts/testing/register-test-user';
import { describeWith } from '../../../../scripts/testing/components';
import { auth, startContactsStack, type ContactsStack } from '../testing/contacts-stack';

// Merging duplicates on the real stack: suggestions from the read model, the merge and its undo
// through the command service, the list, the contact, both histories and the activity log.
describeWith('postgres', 'contact merge on the real stack', () => {
  let stack: ContactsStack;
  let anna: TestUser;
  let plain: TestUser;
  let outsider: TestUser;
  let teamId: string;
  let otherTeam: string;
  let last = '';
  const ids: Record<string, string> = {};

  const command = async (user: TestUser, method: 'POST' | 'PUT', url: string, payload: unknown) => {
    const res = await stack.command.inject({ method, url, headers: auth(user), payload: payload as Record<string, unknown> });
    if (res.statusCode < 300) last = res.json().body.checkpoint as string;
    return res;
  };
  const read = (user: TestUser, path: string, params: Record<string, string> = {}) =>
    stack.get(user, `/v5/team/${teamId}/contact${path}?${new URLSearchParams({ minCheckpoint: last, ...params })}`);
  const create = async (key: string, details: Record<string, string>) => {
    const res = await command(anna, 'POST', `/v5/team/${teamId}/contact`, { type: 'member', details });
    expect(res.statusCode).toBe(201);
    ids[key] = res.json().body.contactId as string;
  };
  const listed = async (): Promise<string[]> => ((await read(anna, '')).json().body.items as ContactSummary[]).map((c) => c.contactId);

  beforeAll(async () => {
    stack = await startContactsStack('qs_contact_merge');
    anna = await stack.register({ vorname: 'Anna', nachname: 'Admin' });
    plain = await stack.register();
    outsider = await stack.register();
    teamId = await stack.createTeam(anna);
    otherTeam = await stack.createTeam(outsider);
    await stack.addMember(anna, teamId, plain, 'member');
    await create('erika', { firstName: 'Erika', lastName: 'Mustermann', email: 'erika@example.org', city: 'Köln', birthDate: '1964-08-12' });
    await create('erika2', { firstName: 'Erika', lastName: 'Mustermann', email: 'ERIKA@example.org', phone: '0221 123456', city: 'Bonn', birthDate: '1964-08-12' });
    await create('max', { firstName: 'Max', lastName: 'Müller' });
    await create('maxi', { firstName: 'Maximilian', lastName: 'Muller', note: 'Chor' });
    await create('otto', { firstName: 'Otto', lastName: 'Berg' });
    const foreign = await stack.createContact(otherTeam, outsider, { firstName: 'Erika', lastName: 'Mustermann', email: 'erika@example.org' });
    ids.foreign = foreign.contactId;
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  });

  it('suggests the team’s likely duplicates, scored and explained, and nothing of another team', async () => {
    const res = await read(anna, '/merge/suggestions');
    expect(res.statusCode).toBe(200);
    const suggestions = res.json().body.suggestions as MergeSuggestion[];
    const pairs = suggestions.map((s) => [[s.a.displayName, s.b.displayName].sort().join(' + '), s.score, s.reasons]);
    expect(pairs).toEqual([
      ['Erika Mustermann + Erika Mustermann', 100, ['sameEmail', 'similarName']],
      ['Max Müller + Maximilian Muller', 30, ['similarName']],
    ]);
    expect((await read(plain, '/merge/suggestions')).statusCode).toBe(403);
    expect((await read(outsider, '/merge/suggestions')).statusCode).toBe(404);
  });

  it('merges field by field: the survivor keeps the chosen values, the other leaves the list and the search; both histories and the log show it', async () => {
    const res = await command(anna, 'POST', `/v5/team/${teamId}/contact/merge`, { survivorId: ids.erika, mergedId: ids.erika2, fields: { city: 'merged' } });
    expect(res.statusCode).toBe(201);
    const { mergeId, changed } = res.json().body as { mergeId: string; changed: string[] };
    expect(changed).toEqual(['phone', 'city']);
    ids.merge = mergeId;
    const survivor = (await read(anna, `/${ids.erika}`)).json().body as ContactView;
    expect(survivor.details).toMatchObject({ email: 'erika@example.org', phone: '0221 123456', city: 'Bonn' });
    expect(await listed()).not.toContain(ids.erika2);
    expect(((await read(anna, '', { q: 'bonn' })).json().body.items as ContactSummary[]).map((c) => c.contactId)).toEqual([ids.erika]);
    expect((await read(anna, `/${ids.erika2}`)).statusCode).toBe(404);
    const history = (await read(anna, `/${ids.erika}/history`)).json().body.entries as ContactHistoryEntry[];
    expect(history[0]).toMatchObject({ kind: 'merged', actor: { name: 'Anna Admin' } });
    expect(history[0].changes).toEqual([{ field: 'phone', before: '', after: '0221 123456' }, { field: 'city', before: 'Köln', after: 'Bonn' }]);
    const log = await stack.get(anna, `/v5/team/${teamId}/activity?${new URLSearchParams({ minCheckpoint: last })}`);
    const types = (log.json().body.entries as ActivityEntryView[]).map((e) => e.eventType);
    expect(types).toEqual(expect.arrayContaining(['ContactsMerged', 'ContactMergedInto']));
    // A merged contact cannot be edited until the merge is undone.
    expect((await stack.command.inject({ method: 'PUT', url: `/v5/team/${teamId}/contact/${ids.erika2}`, headers: auth(anna), payload: { details: { city: 'Ulm' } } })).statusCode).toBe(404);
  });

  it('undoes the merge: both contacts exactly as before, the undo in the survivor’s history; a second undo changes nothing', async () => {
    const res = await command(anna, 'POST', `/v5/team/${teamId}/contact/merge/${ids.merge}/undo`, { survivorId: ids.erika });
    expect(res.statusCode).toBe(200);
    expect(res.json().body.undone).toBe(true);
    const survivor = (await read(anna, `/${ids.erika}`)).json().body as ContactView;
    expect(survivor.details).toMatchObject({ phone: '', city: 'Köln' });
    const other = (await read(anna, `/${ids.erika2}`)).json().body as ContactView;
    expect(other.details).toMatchObject({ firstName: 'Erika', email: 'ERIKA@example.org', phone: '0221 123456', city: 'Bonn', birthDate: '1964-08-12' });
    expect(other.type).toBe('member');
    expect(await listed()).toContain(ids.erika2);
    const history = (await read(anna, `/${ids.erika}/history`)).json().body.entries as ContactHistoryEntry[];
    expect(history.map((e) => e.kind).slice(0, 2)).toEqual(['mergeUndone', 'merged']);
    const otherHistory = (await read(anna, `/${ids.erika2}/history`)).json().body.entries as ContactHistoryEntry[];
    expect(otherHistory.map((e) => e.kind)).toEqual(['unmerged', 'mergedInto', 'created']);
    const again = await command(anna, 'POST', `/v5/team/${teamId}/contact/merge/${ids.merge}/undo`, { survivorId: ids.erika });
    expect(again.statusCode).toBe(200);
    expect(again.json().body.undone).toBe(false);
  });

  it('refuses itself, a removed contact, another team’s, an unknown merge and callers without manage_contact, naming the field', async () => {
    const merge = (user: TestUser, body: Record<string, unknown>) => stack.command.inject({ method: 'POST', url: `/v5/team/${teamId}/contact/merge`, headers: auth(user), payload: body });
    const self = await merge(anna, { survivorId: ids.max, mergedId: ids.max });
    expect([self.statusCode, self.json().error.field]).toEqual([400, 'mergedId']);
    const foreign = await merge(anna, { survivorId: ids.max, mergedId: ids.foreign });
    expect([foreign.statusCode, foreign.json().error.field]).toEqual([404, 'mergedId']);
    await command(anna, 'PUT', `/v5/team/${teamId}/contact/${ids.otto}`, { status: 'inactive' });
    const removed = await stack.command.inject({ method: 'DELETE', url: `/v5/team/${teamId}/contact/${ids.otto}`, headers: auth(anna) });
    expect(removed.statusCode).toBe(200);
    const gone = await merge(anna, { survivorId: ids.otto, mergedId: ids.max });
    expect([gone.statusCode, gone.json().error.field]).toEqual([404, 'survivorId']);
    const unknown = await stack.command.inject({
      method: 'POST', url: `/v5/team/${teamId}/contact/merge/${ids.foreign}/undo`, headers: auth(anna), payload: { survivorId: ids.max },
    });
    expect([unknown.statusCode, unknown.json().error.field]).toEqual([404, 'mergeId']);
    expect((await merge(plain, { survivorId: ids.max, mergedId: ids.maxi })).statusCode).toBe(403);
    expect((await merge(outsider, { survivorId: ids.max, mergedId: ids.maxi })).statusCode).toBe(404);
    // Nothing refused changed a contact.
    expect(await listed()).toEqual(expect.arrayContaining([ids.max, ids.maxi]));
  });
});
