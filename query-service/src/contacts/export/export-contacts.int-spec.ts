import { activitySentence, type ActivityEntryView } from '@planwerk/events';
import type { TestUser } from '../../../../command-service/src/accounts/testing/register-test-user';
import { describeWith } from '../../../../scripts/testing/components';
import { auth, startContactsStack, type ContactsStack } from '../testing/contacts-stack';

// The contacts export over HTTP on the real stack: the query service serves the list's view as a
// file, the command service records the export, and the activity log shows it without the
// exported people's data.
describeWith('postgres', 'contacts export on the real stack', () => {
  let stack: ContactsStack;
  let anna: TestUser;
  let plain: TestUser;
  let outsider: TestUser;
  let teamId: string;
  let last = '';

  const exportFile = (params: Record<string, string>, user = anna, headers: Record<string, string> = {}) =>
    stack.query.inject({
      method: 'GET', url: `/v5/team/${teamId}/contact/export?${new URLSearchParams({ minCheckpoint: last, ...params })}`, headers: { ...auth(user), ...headers },
    });
  const lines = (body: string): string[] => body.replace(/^\uFEFF/, '').split('\r\n').filter((line) => line !== '');

  beforeAll(async () => {
    stack = await startContactsStack('qs_contact_export');
    anna = await stack.register({ vorname: 'Anna', nachname: 'Admin' });
    plain = await stack.register();
    outsider = await stack.register();
    teamId = await stack.createTeam(anna);
    const otherTeam = await stack.createTeam(outsider);
    await stack.addMember(anna, teamId, plain, 'member');
    last = (await stack.createContact(teamId, anna, { firstName: 'Max', lastName: 'Müller', phone: '+49 171 2345', city: 'Köln' }, { type: 'member' })).checkpoint;
    last = (await stack.createContact(teamId, anna, { firstName: 'Erika', lastName: 'Mustermann', note: '=1+1' }, { status: 'inactive' })).checkpoint;
    last = (await stack.createContact(teamId, anna, { company: 'Zander; Söhne' }, { type: 'employee' })).checkpoint;
    last = (await stack.createContact(otherTeam, outsider, { firstName: 'Moritz', lastName: 'Müller' })).checkpoint;
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  });

  it('exports the whole list as CSV for German Excel, in the list’s order', async () => {
    const res = await exportFile({});
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="kontakte-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers['x-contact-count']).toBe('3');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...rows] = lines(res.body);
    expect(header.split(';').slice(0, 5)).toEqual(['Art', 'Status', 'Gesperrt', 'Vorname', 'Nachname']);
    // Ordered by name: Müller, Mustermann, then the company (sort name "zander; söhne").
    expect(rows.map((row) => row.split(';').slice(3, 5).join(' '))).toEqual(['Max Müller', 'Erika Mustermann', ' ']);
    expect(rows[0]).toContain(";'+49 171 2345;");
    expect(rows[1]).toContain(";'=1+1;");
    expect(rows[2]).toContain(';"Zander; Söhne";');
  });

  it('exports exactly the filtered view: search, type, status and order', async () => {
    const search = await exportFile({ q: 'mü' });
    expect(search.headers['x-contact-count']).toBe('1');
    expect(lines(search.body)[1]).toContain(';Max;Müller;');
    const members = await exportFile({ type: 'member', status: 'active' });
    expect(lines(members.body)).toHaveLength(2);
    const inactive = await exportFile({ status: 'inactive', sort: '-name' });
    expect(lines(inactive.body).slice(1).map((row) => row.split(';')[4])).toEqual(['Mustermann']);
    const reversed = await exportFile({ sort: '-name' });
    expect(lines(reversed.body)[1]).toContain('Zander');
  });

  it('writes headers in the language asked for, else the browser’s', async () => {
    expect(lines((await exportFile({ lang: 'en' })).body)[0].split(';').slice(3, 5)).toEqual(['First name', 'Last name']);
    expect(lines((await exportFile({}, anna, { 'accept-language': 'fr-CH,fr;q=0.9' })).body)[0].split(';').slice(3, 5)).toEqual(['Prénom', 'Nom']);
    expect(lines((await exportFile({ lang: 'it' }, anna, { 'accept-language': 'fr' })).body)[0].split(';').slice(3, 5)).toEqual(['Nome', 'Cognome']);
  });

  it('exports XLSX', async () => {
    const res = await exportFile({ format: 'xlsx', type: 'member' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const { default: readXlsxFile } = await import('read-excel-file/node');
    const [sheet] = await readXlsxFile(res.rawPayload);
    expect(sheet.data.map((row) => row[4])).toEqual(['Nachname', 'Müller']);
  });

  it('refuses members without manage_contact (403), other teams (404) and bad filters (400)', async () => {
    expect((await exportFile({}, plain)).statusCode).toBe(403);
    expect((await exportFile({}, outsider)).statusCode).toBe(404);
    const bad = await exportFile({ format: 'pdf' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.intern).toBeDefined();
    expect((await exportFile({ limit: '5' })).statusCode).toBe(400);
  });

  it('records an export through the command side; the activity log shows it without the search text', async () => {
    const recorded = await stack.command.inject({
      method: 'POST', url: `/v5/team/${teamId}/contact/export`, headers: auth(anna),
      payload: { format: 'xlsx', language: 'de', q: 'müller', type: 'member', status: null, blocked: false, sort: 'name', count: 1 },
    });
    expect(recorded.statusCode).toBe(201);
    const { exportId, checkpoint } = recorded.json().body as { exportId: string; checkpoint: string };
    const stored = await stack.store.readStream(`contact-export-${exportId}`);
    expect(stored.events.map((e) => e.type)).toEqual(['ContactsExported']);
    expect(stored.events[0].data).toMatchObject({ count: 1, format: 'xlsx', search: 'müller', filters: { type: 'member', blocked: false, searched: true } });
    // The search text is stored encrypted (it may name a person).
    const raw = await stack.pool.query<{ data: unknown }>(`SELECT data FROM events WHERE stream_id = $1`, [`contact-export-${exportId}`]);
    expect(JSON.stringify(raw.rows[0].data)).not.toContain('müller');

    const log = await stack.get(anna, `/v5/team/${teamId}/activity?${new URLSearchParams({ type: 'ContactsExported', minCheckpoint: checkpoint })}`);
    expect(log.statusCode).toBe(200);
    const entry = (log.json().body.entries as ActivityEntryView[]).find((e) => e.object.id === exportId);
    expect(entry).toBeDefined();
    expect(JSON.stringify(entry)).not.toContain('müller');
    expect(activitySentence({ ...(entry as ActivityEntryView), actor: { kind: 'user', name: 'Anna Admin' } }, 'de')).toBe('Anna Admin hat einen Kontakt exportiert');
    expect(entry?.changes).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'exportedContacts', after: 1 })]));

    const refused = await stack.command.inject({
      method: 'POST', url: `/v5/team/${teamId}/contact/export`, headers: auth(plain), payload: { format: 'csv', language: 'de', count: 0 },
    });
    expect(refused.statusCode).toBe(403);
    const invalid = await stack.command.inject({
      method: 'POST', url: `/v5/team/${teamId}/contact/export`, headers: auth(anna), payload: { format: 'csv', language: 'de', count: -1 },
    });
    expect(invalid.statusCode).toBe(400);
  });
});
