import { randomUUID } from 'node:crypto';
import { activitySentence, type ActivityEntryView, type ContactHistoryEntry, type ContactSummary } from '@planwerk/events';
import type { TestUser } from '../../../command-service/src/accounts/testing/register-test-user';
import { describeWith } from '../../../scripts/testing/components';
import { startContactsStack, type ContactsStack } from './testing/contacts-stack';

// The contacts queries over HTTP on the real stack: events appended as the command side appends
// them, folded by the projector, read through the query service with its guards.
describeWith('postgres', 'contacts queries on the real stack', () => {
  let stack: ContactsStack;
  let anna: TestUser;
  let helga: TestUser;
  let plain: TestUser;
  let spaced: TestUser;
  let outsider: TestUser;
  let teamId: string;
  let otherTeam: string;
  const ids: Record<string, string> = {};
  let last = '';

  const get = async (user: TestUser, path: string, params: Record<string, string | number> = {}) => {
    const query = new URLSearchParams({ minCheckpoint: last, ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) });
    return stack.get(user, `/v5/team/${teamId}/contact${path}?${query}`);
  };
  const names = async (params: Record<string, string | number> = {}, user = anna): Promise<string[]> => {
    const res = await get(user, '', params);
    expect(res.statusCode).toBe(200);
    return (res.json().body.items as ContactSummary[]).map((item) => item.displayName);
  };
  async function create(key: string, details: Record<string, string>, extra: { type?: string; status?: string } = {}, team = () => teamId): Promise<void> {
    const made = await stack.createContact(team(), anna, details, extra);
    ids[key] = made.contactId;
    last = made.checkpoint;
  }

  beforeAll(async () => {
    stack = await startContactsStack('qs_contacts');
    anna = await stack.register({ vorname: 'Anna', nachname: 'Admin' });
    helga = await stack.register({ vorname: 'Helga', nachname: 'Helfer' });
    plain = await stack.register();
    spaced = await stack.register();
    outsider = await stack.register();
    teamId = await stack.createTeam(anna);
    otherTeam = await stack.createTeam(outsider);
    await stack.addMember(anna, teamId, helga, 'admin');
    await stack.addMember(anna, teamId, plain, 'member');
    await stack.addMember(anna, teamId, spaced, 'space', { manage_contact: [randomUUID()] });
    await create('max', { firstName: 'Max', lastName: 'Müller', email: 'max@example.org', phone: '0171 2345', city: 'Köln' }, { type: 'member' });
    await create('hamueller', { firstName: 'Jan', lastName: 'Hamüller', city: 'Bonn' });
    await create('acme', { company: 'ACME 100% GmbH', email: 'info@acme.example' }, { type: 'employee' });
    await create('erika', { firstName: 'Erika', lastName: 'Mustermann', note: 'mag Kuchen' }, { status: 'inactive' });
    await create('zoe', { firstName: 'Zoe', lastName: 'Zander' });
    await create('foreign', { firstName: 'Moritz', lastName: 'Müller' }, {}, () => otherTeam);
    last = await stack.blockContact(teamId, ids.zoe, helga, true);
    last = await stack.editContact(teamId, ids.max, helga, { email: 'mm@example.org', street: 'Domplatz 1' }, { status: 'inactive' });
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  });

  describe('the list', () => {
    it('lists the team\'s contacts by name with the total, and pages', async () => {
      expect(await names()).toEqual(['ACME 100% GmbH', 'Jan Hamüller', 'Max Müller', 'Erika Mustermann', 'Zoe Zander']);
      const page = await get(anna, '', { limit: 2, offset: 2 });
      expect(page.json().body).toMatchObject({ total: 5, items: [{ displayName: 'Max Müller' }, { displayName: 'Erika Mustermann' }] });
      expect(page.json().body.items[0]).toEqual({
        contactId: ids.max, type: 'member', status: 'inactive', blocked: false, displayName: 'Max Müller', firstName: 'Max', lastName: 'Müller',
        company: '', email: 'mm@example.org', phone: '0171 2345', city: 'Köln', updatedAt: expect.any(String),
      });
      expect((await get(anna, '', { offset: 10 })).json().body).toEqual({ items: [], total: 5 });
      expect(await names({ sort: '-name' })).toEqual(['Zoe Zander', 'Erika Mustermann', 'Max Müller', 'Jan Hamüller', 'ACME 100% GmbH']);
      expect((await names({ sort: '-updated' }))[0]).toBe('Max Müller');
      expect(await names({ sort: 'created' })).toEqual(['Max Müller', 'Jan Hamüller', 'ACME 100% GmbH', 'Erika Mustermann', 'Zoe Zander']);
    });

    it('searches as you type: word starts for short input, fragments from three letters, every word, any case', async () => {
      expect(await names({ q: 'M' })).toEqual(['Max Müller', 'Erika Mustermann']);
      expect(await names({ q: 'mü' })).toEqual(['Max Müller']);
      expect(await names({ q: 'MÜL' })).toEqual(['Jan Hamüller', 'Max Müller']);
      expect(await names({ q: 'ülle' })).toEqual(['Jan Hamüller', 'Max Müller']);
      expect(await names({ q: 'max mü' })).toEqual(['Max Müller']);
      expect(await names({ q: 'köln' })).toEqual(['Max Müller']);
      expect(await names({ q: '01712345' })).toEqual(['Max Müller']);
      expect(await names({ q: 'acme.exa' })).toEqual(['ACME 100% GmbH']);
      // LIKE's wildcards are plain characters in a query.
      expect(await names({ q: '100%' })).toEqual(['ACME 100% GmbH']);
      expect(await names({ q: '%' })).toEqual([]);
      expect(await names({ q: '_a' })).toEqual([]);
      // Only this team's contacts (Moritz Müller is another team's).
      expect(await names({ q: 'moritz' })).toEqual([]);
      expect((await get(anna, '', { q: 'mü', limit: 1 })).json().body.total).toBe(1);
    });

    it('filters by type, status and blocked, also with a search', async () => {
      expect(await names({ type: 'employee' })).toEqual(['ACME 100% GmbH']);
      expect(await names({ status: 'inactive' })).toEqual(['Max Müller', 'Erika Mustermann']);
      expect(await names({ blocked: 'true' })).toEqual(['Zoe Zander']);
      expect(await names({ blocked: 'false', q: 'z' })).toEqual([]);
      expect(await names({ type: 'member', status: 'inactive', q: 'max' })).toEqual(['Max Müller']);
    });

    it('answers 400 naming the field for bad input', async () => {
      for (const [params, field] of [
        [{ limit: 0 }, 'limit'], [{ limit: 201 }, 'limit'], [{ offset: -1 }, 'offset'], [{ sort: 'email' }, 'sort'],
        [{ type: 'friend' }, 'type'], [{ blocked: 'yes' }, 'blocked'], [{ q: 'x'.repeat(101) }, 'q'], [{ unknown: 1 }, 'query'],
      ] as const) {
        const res = await get(anna, '', params);
        expect({ params, status: res.statusCode, field: res.json().error?.field }).toEqual({ params, status: 400, field });
      }
    });
  });

  describe('one contact and its history', () => {
    it('shows every field and the stream version', async () => {
      const res = await get(helga, `/${ids.max}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().body).toEqual({
        contactId: ids.max, teamId, type: 'member', status: 'inactive', blocked: false, displayName: 'Max Müller', source: 'manual', version: 2,
        details: {
          firstName: 'Max', lastName: 'Müller', company: '', email: 'mm@example.org', phone: '0171 2345', mobile: '', street: 'Domplatz 1',
          postcode: '', city: 'Köln', country: '', birthDate: '', note: '',
        },
        createdAt: expect.any(String), updatedAt: expect.any(String),
      });
    });

    it('answers 404 for an unknown contact and another team\'s, 400 for an id that is none', async () => {
      for (const path of [`/${randomUUID()}`, `/${ids.foreign}`, `/${ids.foreign}/history`, `/${randomUUID()}/history`]) {
        const res = await get(anna, path);
        expect({ path, status: res.statusCode, intern: res.json().error?.intern }).toEqual({ path, status: 404, intern: 'not_found' });
      }
      const bad = await get(anna, '/not-a-contact');
      expect({ status: bad.statusCode, field: bad.json().error?.field }).toEqual({ status: 400, field: 'contactId' });
    });

    it('lists the history newest first, field by field, with the member\'s name', async () => {
      const res = await get(anna, `/${ids.max}/history`);
      expect(res.statusCode).toBe(200);
      const entries = res.json().body.entries as ContactHistoryEntry[];
      expect(entries.map((e) => [e.kind, e.code, e.actor.name])).toEqual([['edited', null, 'Helga Helfer'], ['created', 1, 'Anna Admin']]);
      expect(entries[0].changes).toEqual([
        { field: 'status', before: 'active', after: 'inactive' },
        { field: 'email', before: 'max@example.org', after: 'mm@example.org' },
        { field: 'street', before: '', after: 'Domplatz 1' },
      ]);
      expect(entries[0].actor.id).toBe(helga.userId);
      const zoe = (await get(anna, `/${ids.zoe}/history`)).json().body.entries as ContactHistoryEntry[];
      expect(zoe[0]).toMatchObject({ kind: 'blocked', changes: [{ field: 'blocked', before: false, after: true }] });
    });
  });

  describe('access', () => {
    it('lets whoever has manage_contact read, refuses a member without it and treats a stranger as the other team queries do', async () => {
      expect((await get(spaced, '')).statusCode).toBe(200);
      for (const path of ['', `/${ids.max}`, `/${ids.max}/history`]) {
        const refused = await get(plain, path);
        expect({ path, status: refused.statusCode, intern: refused.json().error?.intern }).toEqual({ path, status: 403, intern: 'no_permission' });
        const stranger = await get(outsider, path);
        const activity = await stack.get(outsider, `/v5/team/${teamId}/activity`);
        expect({ path, status: stranger.statusCode, error: stranger.json().error }).toEqual({ path, status: activity.statusCode, error: activity.json().error });
        expect(stranger.statusCode).toBe(404);
      }
      const signedOut = await stack.get(null, `/v5/team/${teamId}/contact`);
      expect(signedOut.statusCode).toBe(401);
    });
  });

  describe('the activity log and removal', () => {
    const activity = async (type: string): Promise<ActivityEntryView[]> => {
      const res = await stack.get(anna, `/v5/team/${teamId}/activity?${new URLSearchParams({ type, minCheckpoint: last })}`);
      expect(res.statusCode).toBe(200);
      return res.json().body.entries as ActivityEntryView[];
    };
    const sentenceOf = (entry: ActivityEntryView): string => activitySentence({ ...entry, actor: { kind: entry.actor.kind, name: entry.actor.name } }, 'de');

    it('names the contact in the log by its current display name', async () => {
      const created = await activity('ContactCreated');
      const max = created.find((e) => e.object.id === ids.max);
      expect(max?.names.object).toBe('Max Müller');
      expect(sentenceOf(max as ActivityEntryView)).toBe('Anna Admin hat den Kontakt „Max Müller“ angelegt');
      last = await stack.editContact(teamId, ids.max, anna, { firstName: 'Maximilian' });
      // The log's minCheckpoint waits for the log; the name comes from the contacts read model.
      expect((await get(anna, `/${ids.max}`)).statusCode).toBe(200);
      expect((await activity('ContactCreated')).find((e) => e.object.id === ids.max)?.names.object).toBe('Maximilian Müller');
    });

    it('removes a contact everywhere: no row, 404, its history without values, no name in the log', async () => {
      last = await stack.removeContact(teamId, ids.erika, anna);
      expect((await get(anna, `/${ids.erika}`)).statusCode).toBe(404);
      expect(await names({ q: 'erika' })).toEqual([]);
      expect((await get(anna, '')).json().body.total).toBe(4);
      const history = await get(anna, `/${ids.erika}/history`);
      expect(history.statusCode).toBe(200);
      const entries = history.json().body.entries as ContactHistoryEntry[];
      expect(entries.map((e) => [e.kind, e.code, e.actor.name])).toEqual([['removed', 2, 'Anna Admin'], ['created', 1, 'Anna Admin']]);
      expect(entries[1].changes).toEqual([{ field: 'type', before: null, after: 'contact' }, { field: 'status', before: null, after: 'inactive' }]);
      const removed = (await activity('ContactRemoved')).find((e) => e.object.id === ids.erika) as ActivityEntryView;
      expect(removed.names.object).toBeNull();
      expect(sentenceOf(removed)).toBe('Anna Admin hat einen Kontakt mit allen Angaben gelöscht');
      const logged = JSON.stringify([await activity('ContactCreated'), entries]);
      expect(logged).not.toMatch(/Erika|Mustermann|Kuchen/);
    });
  });
});
