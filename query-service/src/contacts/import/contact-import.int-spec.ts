import { activitySentence, type ContactImportCheck, type ContactImportDuplicate, type ContactImportStatus, type ContactImportUpload, type ContactSummary } from '@planwerk/events';
import type { TestUser } from '../../../../command-service/src/accounts/testing/register-test-user';
import { runContactImport } from '../../../../command-service/src/contacts/import/contact-import.job';
import { odsFile, windows1252, xlsxFile } from '../../../../command-service/src/contacts/import/testing/spreadsheet-files';
import { describeWith } from '../../../../scripts/testing/components';
import { auth, startContactsStack, type ContactsStack } from '../testing/contacts-stack';

// The contact import end to end on the real stack (issue 15): a file uploaded to the command
// service, the dry run, the duplicates from the query side, the background job on BullMQ, the
// contacts found through the list endpoint, and a re-run of the job that creates nothing twice.
describeWith('postgres', 'contact import on the real stack', () => {
  let stack: ContactsStack;
  let anna: TestUser;
  let plain: TestUser;
  let teamId: string;

  const upload = (bytes: Uint8Array, fileName: string, user = anna) => stack.command.inject({
    method: 'POST', url: `/v5/team/${teamId}/contact/import?fileName=${encodeURIComponent(fileName)}`,
    headers: { ...auth(user), 'content-type': 'application/octet-stream' }, payload: Buffer.from(bytes),
  });
  const post = (path: string, payload: unknown) => stack.command.inject({ method: 'POST', url: `/v5/team/${teamId}/contact/import/${path}`, headers: auth(anna), payload: payload as object });
  async function finished(importId: string): Promise<ContactImportStatus> {
    for (;;) {
      const status = (await stack.get(anna, `/v5/team/${teamId}/contact/import/${importId}`)).json().body as ContactImportStatus;
      if (status.state === 'finished' || status.state === 'failed') return status;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  beforeAll(async () => {
    process.env.REDIS_URL ??= 'redis://127.0.0.1:6379';
    stack = await startContactsStack('qs_contact_import');
    anna = await stack.register({ vorname: 'Anna', nachname: 'Admin' });
    plain = await stack.register();
    teamId = await stack.createTeam(anna);
    await stack.addMember(anna, teamId, plain, 'member');
    const max = await stack.createContact(teamId, anna, { firstName: 'Max', lastName: 'Müller', email: 'max@example.org' });
    // In the read model before any duplicate check.
    expect((await stack.get(anna, `/v5/team/${teamId}/contact?minCheckpoint=${encodeURIComponent(max.checkpoint)}`)).json().body.total).toBe(1);
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  });

  it('imports a semicolon CSV in windows-1252: upload, dry run, duplicates, job, contacts in the list, the log in sentences', async () => {
    const csv = windows1252([
      'Vorname;Nachname;E-Mail;Geburtsdatum;Land;Art',
      'Jürgen;Größer;juergen@example.org;17.05.1990;Deutschland;Mitglied',
      'Max;Müller;MAX@example.org;;;',
      'Änne;Öz;kein-mail;31.02.1990;Atlantis;',
      ';;;;;',
      'Zoë;Weiß;zoe@example.org;1985-01-02;AT;',
    ].join('\r\n'));
    const uploaded = await upload(csv, 'Mitglieder.csv');
    expect(uploaded.statusCode).toBe(201);
    const file = uploaded.json().body as ContactImportUpload;
    expect(file).toMatchObject({ format: 'csv', rowCount: 4, fileName: 'Mitglieder.csv' });
    expect(file.columns.map((c) => c.guess)).toEqual(['firstName', 'lastName', 'email', 'birthDate', 'country', 'type']);
    expect(file.preview[0]).toEqual(['Jürgen', 'Größer', 'juergen@example.org', '17.05.1990', 'Deutschland', 'Mitglied']);
    const mapping = file.columns.map((c) => c.guess);

    const check = await post(`${file.importId}/check`, { mapping });
    expect(check.statusCode).toBe(200);
    const dryRun = check.json().body as ContactImportCheck;
    expect(dryRun.rows).toBe(4);
    expect(dryRun.validRows).toBe(3);
    expect(dryRun.problems.map((p) => [p.row, p.header, p.code])).toEqual([[4, 'E-Mail', 'invalid_email'], [4, 'Geburtsdatum', 'invalid_date'], [4, 'Land', 'unknown_country']]);

    const dupes = await stack.get(anna, `/v5/team/${teamId}/contact/import/${file.importId}/duplicates?mapping=${mapping.map((m) => m ?? '').join(',')}`);
    expect(dupes.statusCode).toBe(200);
    expect((dupes.json().body.duplicates as ContactImportDuplicate[]).map((d) => [d.row, d.kind, d.displayName])).toEqual([[3, 'email', 'Max Müller']]);

    // Nothing is imported from a failed dry run …
    const refused = await post(`${file.importId}/start`, { mapping, skipRows: [3] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ field: 'mapping' });
    // … unless only the valid rows are wanted.
    const started = await post(`${file.importId}/start`, { mapping, skipRows: [3], validRowsOnly: true });
    expect(started.statusCode).toBe(202);
    const status = await finished(file.importId);
    expect(status).toMatchObject({ state: 'finished', total: 4, processed: 4, imported: 2, skipped: 1, failed: 1 });

    const list = await stack.get(anna, `/v5/team/${teamId}/contact?minCheckpoint=${encodeURIComponent(started.json().body.checkpoint)}&sort=name`);
    let items: ContactSummary[] = [];
    for (let i = 0; i < 100 && items.length < 3; i += 1) {
      items = (await stack.get(anna, `/v5/team/${teamId}/contact?sort=name`)).json().body.items as ContactSummary[];
      if (items.length < 3) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(list.statusCode).toBe(200);
    expect(items.map((c) => [c.displayName, c.type, c.email])).toEqual([
      ['Jürgen Größer', 'member', 'juergen@example.org'], ['Max Müller', 'contact', 'max@example.org'], ['Zoë Weiß', 'contact', 'zoe@example.org'],
    ]);
    const juergen = await stack.get(anna, `/v5/team/${teamId}/contact/${items[0]!.contactId}`);
    expect(juergen.json().body).toMatchObject({ source: 'import', details: { birthDate: '1990-05-17', country: 'de' } });

    // The log holds the data encrypted under the contact's own key, and the import only as counts.
    const raw = await stack.pool.query<{ data: { details: unknown }; metadata: { personId: string } }>(
      'SELECT data, metadata FROM events WHERE stream_id = $1', [`contact-${items[0]!.contactId}`],
    );
    expect(JSON.stringify(raw.rows[0]!.data)).not.toContain('Größer');
    expect(raw.rows[0]!.data.details).toEqual({ $encrypted: expect.any(String) });
    expect(raw.rows[0]!.metadata.personId).toBe(`contact-${items[0]!.contactId}`);
    const log = await stack.pool.query<{ type: string; data: object }>("SELECT type, data FROM events WHERE stream_id = $1 ORDER BY stream_position", [`contact-import-${file.importId}`]);
    expect(log.rows.map((r) => r.type)).toEqual(['ContactImportStarted', 'ContactImportFinished']);
    expect(log.rows[1]!.data).toMatchObject({ imported: 2, skipped: 1, failed: 1 });
    expect(activitySentence({ eventType: 'ContactImportFinished', action: 'contacts.imported', actor: { name: 'Anna Admin' }, names: {}, changes: [{ field: 'importedContacts', before: null, after: 1234 }] } as never, 'de'))
      .toContain('Anna Admin hat 1.234 Kontakte importiert');

    // The staged rows (personal data) are gone; a re-run of the job creates nothing twice.
    expect((await stack.pool.query('SELECT 1 FROM contact_import_rows WHERE import_id = $1', [file.importId])).rowCount).toBe(0);
    const before = (await stack.pool.query("SELECT count(*)::int AS n FROM events WHERE stream_id LIKE 'contact-%'")).rows[0].n;
    await stack.pool.query("UPDATE contact_imports SET state = 'running', last_row = 0 WHERE import_id = $1", [file.importId]);
    await stack.pool.query('INSERT INTO contact_import_rows (import_id, row_number, cells) VALUES ($1, 2, $2::jsonb)', [file.importId, JSON.stringify(['Jürgen', 'Größer', 'juergen@example.org', '17.05.1990', 'Deutschland', 'Mitglied'])]);
    await expect(runContactImport({ pool: stack.pool, store: stack.store, clock: { now: () => new Date() } as never }, file.importId)).rejects.toThrow();
    expect((await stack.pool.query("SELECT count(*)::int AS n FROM events WHERE stream_id LIKE 'contact-%'")).rows[0].n).toBe(before);
  }, 60_000);

  it('imports an .xlsx, reads an .ods and answers a clear refusal for a renamed text file, 10,001 rows and another team', async () => {
    const xlsx = await xlsxFile([['First name', 'Last name', 'Company'], ['Ada', 'Lovelace', ''], ['', '', 'Analytical Engines Ltd']]);
    const uploaded = await upload(xlsx, 'contacts.xlsx');
    expect(uploaded.statusCode).toBe(201);
    const file = uploaded.json().body as ContactImportUpload;
    const mapping = file.columns.map((c) => c.guess);
    expect(mapping).toEqual(['firstName', 'lastName', 'company']);
    expect((await post(`${file.importId}/start`, { mapping })).statusCode).toBe(202);
    expect(await finished(file.importId)).toMatchObject({ imported: 2, skipped: 0, failed: 0 });
    // Started once only.
    expect((await post(`${file.importId}/start`, { mapping })).statusCode).toBe(409);

    const ods = await upload(odsFile([['Nome', 'Cognome', 'Data di nascita'], ['Giulia', 'Rossi', { date: '1991-03-04' }]]), 'contatti.ods');
    expect(ods.json().body).toMatchObject({ format: 'ods', rowCount: 1, preview: [['Giulia', 'Rossi', '1991-03-04']] });
    expect((ods.json().body as ContactImportUpload).columns.map((c) => c.guess)).toEqual(['firstName', 'lastName', 'birthDate']);

    const renamed = await upload(new TextEncoder().encode('Vorname;Nachname\nA;B\n'), 'kontakte.xlsx');
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json()).toMatchObject({ body: { reason: 'unreadable', expected: 'xlsx' }, error: { field: 'file' } });
    const many = await upload(new TextEncoder().encode(['Vorname', ...Array.from({ length: 10_001 }, (_, i) => `A${i}`)].join('\n')), 'viele.csv');
    expect(many.statusCode).toBe(400);
    expect(many.json()).toMatchObject({ body: { reason: 'too_many_rows', limit: 10_000, found: 10_001 }, error: { field: 'file', intern: 'validation_failed' } });
    // A file far above the JSON body limit (256 KiB) is taken as bytes; one above 10 MB is refused naming the limit.
    const large = await upload(new TextEncoder().encode(['Vorname;Nachname;Notiz', ...Array.from({ length: 9_000 }, (_, i) => `Vor${i};Nach${i};${'x'.repeat(100)}`)].join('\n')), 'gross.csv');
    expect(large.statusCode).toBe(201);
    expect(large.json().body).toMatchObject({ rowCount: 9_000, format: 'csv' });
    const huge = await upload(new Uint8Array(11 * 1024 * 1024).fill(0x41), 'riesig.csv');
    expect(huge.json()).toMatchObject({ body: { reason: 'too_large', limit: 10 * 1024 * 1024, found: 11 * 1024 * 1024 }, error: { field: 'file' } });
    expect((await upload(new TextEncoder().encode('Vorname\nA\n'), 'a.csv', plain)).statusCode).toBe(403);
    const json = await stack.command.inject({ method: 'POST', url: `/v5/team/${teamId}/contact/import?fileName=a.csv`, headers: auth(anna), payload: { a: 1 } });
    expect(json.statusCode).toBe(415);
  }, 60_000);
});
