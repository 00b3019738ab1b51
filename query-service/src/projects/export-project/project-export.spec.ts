import { DEFAULT_LIST_SETTINGS, DEFAULT_PROJECT_SETTINGS, OPEN_WINDOW, type ExistingProject } from '@planwerk/events';
import type { ProjectTreeDoc, SignupEntry } from '@planwerk/projector';
import { csvCell, exportTable, toCsv, toXlsx } from './project-export';

const phone = '11111111-1111-4111-8111-111111111111';
const project: ExistingProject = {
  exists: true, projectId: 'p', teamId: 't', link: 'fest', name: 'Fest', colour: 1, status: 1, previousStatus: null, locked: false,
  visibility: 'public', passwordHash: null, settings: DEFAULT_PROJECT_SETTINGS, shareHash: 'h', startDate: null, createdBy: 'u',
  createdAt: '2026-05-01T00:00:00.000Z', copiedFrom: null,
  phases: [
    { phaseId: 'ph1', name: 'Aufbau', description: '', folderId: null, copiedFrom: null },
    { phaseId: 'ph2', name: 'Abbau', description: '', folderId: null, copiedFrom: null },
  ],
  lists: [
    { listId: 'l1', phaseId: 'ph1', type: 1, name: 'Kuchen', description: '', window: OPEN_WINDOW, attendance: 'manual', settings: DEFAULT_LIST_SETTINGS, copiedFrom: null,
      fields: [{ fieldId: phone, kind: 'phone', label: 'Telefon', required: false }] },
    { listId: 'l2', phaseId: 'ph2', type: 1, name: 'Tische', description: '', window: OPEN_WINDOW, attendance: 'manual', fields: [], settings: DEFAULT_LIST_SETTINGS, copiedFrom: null },
  ],
  items: [
    { itemId: 'a', listId: 'l1', name: 'Apfelkuchen', description: '', capacity: 2, vote: null, date: '2026-07-01', time: { from: '14:00', to: '15:00' }, copiedFrom: null },
    { itemId: 'b', listId: 'l2', name: 'Tisch 1', description: '', capacity: null, vote: null, date: null, time: null, copiedFrom: null },
  ],
};
const signup = (name: string | null, status: 'placed' | 'waitlisted', values: SignupEntry['values'] = {}): SignupEntry => ({
  signupId: name ?? 'x', listId: 'l1', itemId: 'a', userId: null, name, values, vote: null, status, by: 'admin', at: '2026-05-02T10:00:00.000Z', attended: null, erased: false,
});
const doc: ProjectTreeDoc = {
  project, version: 5, updatedAt: '2026-05-02T10:00:00.000Z',
  signups: [signup('Müller; Anna', 'placed', { [phone]: '+49 30 1234' }), signup('=HYPERLINK("x")', 'placed'), signup('Ben', 'waitlisted')],
};
const now = new Date('2026-05-03T00:00:00Z');

describe('project export', () => {
  it('has one row per sign-up and one per empty item, with the field columns of the exported lists', () => {
    const table = exportTable(doc, {}, now);
    expect(table.header).toEqual(['Phase', 'Liste', 'Eintrag', 'Datum', 'Zeit', 'Plätze', 'Name', 'Status', 'Warteliste', 'Abstimmung', 'Eingetragen am', 'Anwesend', 'Telefon']);
    expect(table.rows).toEqual([
      ['Aufbau', 'Kuchen', 'Apfelkuchen', '2026-07-01', '14:00–15:00', 2, 'Müller; Anna', 'eingetragen', null, null, '02.05.2026, 12:00', null, '+49 30 1234'],
      ['Aufbau', 'Kuchen', 'Apfelkuchen', '2026-07-01', '14:00–15:00', 2, '=HYPERLINK("x")', 'eingetragen', null, null, '02.05.2026, 12:00', null, null],
      ['Aufbau', 'Kuchen', 'Apfelkuchen', '2026-07-01', '14:00–15:00', 2, 'Ben', 'Warteliste', 1, null, '02.05.2026, 12:00', null, null],
      ['Abbau', 'Tische', 'Tisch 1', null, null, null, null, null, null, null, null, null, null],
    ]);
  });

  it('exports one phase or one list, and refuses ones the project does not have', () => {
    expect(exportTable(doc, { phaseId: 'ph2' }, now).rows.map((r) => r[2])).toEqual(['Tisch 1']);
    expect(exportTable(doc, { listId: 'l1' }, now).rows).toHaveLength(3);
    expect(exportTable(doc, { listId: 'l2' }, now).header).not.toContain('Telefon');
    expect(() => exportTable(doc, { listId: 'nope' }, now)).toThrow(expect.objectContaining({ code: 'not_found' }));
    expect(() => exportTable(doc, { phaseId: 'nope' }, now)).toThrow(expect.objectContaining({ code: 'not_found' }));
  });

  it('writes CSV as German Excel expects: BOM, semicolons, CRLF, quoted cells and defused formulas', () => {
    const csv = toCsv(exportTable(doc, { listId: 'l1' }, now));
    expect(csv.startsWith('\uFEFFPhase;Liste;Eintrag;')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[1]).toBe('Aufbau;Kuchen;Apfelkuchen;2026-07-01;14:00–15:00;2;"Müller; Anna";eingetragen;;;02.05.2026, 12:00;;\'+49 30 1234');
    expect(lines[2]).toContain(';"\'=HYPERLINK(""x"")";');
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell(-1)).toBe('-1');
    expect(lines.at(-1)).toBe('');
  });

  it('writes an .xlsx that opens with the library and holds the rows', async () => {
    const buffer = await toXlsx(exportTable(doc, {}, now), 'Fest');
    const { default: readXlsxFile } = await import('read-excel-file/node');
    const [sheet] = await readXlsxFile(buffer);
    expect(sheet.sheet).toBe('Fest');
    expect(sheet.data[0].slice(0, 3)).toEqual(['Phase', 'Liste', 'Eintrag']);
    expect(sheet.data[1].slice(6, 8)).toEqual(['Müller; Anna', 'eingetragen']);
    expect(sheet.data[1][5]).toBe(2);
    expect(sheet.data[3][8]).toBe(1);
    expect(sheet.data).toHaveLength(5);
  });
});
