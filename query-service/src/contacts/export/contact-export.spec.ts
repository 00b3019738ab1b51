import { EMPTY_CONTACT_DETAILS } from '@planwerk/events';
import type { ContactRow } from '@planwerk/projector';
import { contactExportName, contactExportTable, contactsCsv, contactsXlsx, csvCell } from './contact-export';

const row = (over: Partial<ContactRow>): ContactRow => ({
  ...EMPTY_CONTACT_DETAILS, contactId: '00000000-0000-4000-8000-000000000001', teamId: '00000000-0000-4000-8000-000000000002',
  type: 'contact', status: 'active', blocked: false, source: 'manual', displayName: null, sortName: '', searchText: '', version: 1,
  createdAt: '2026-11-26T23:30:00.000Z', updatedAt: '2026-11-27T09:15:00.000Z', ...over,
});

const max = row({ firstName: 'Max', lastName: 'Müller', email: 'max@example.org', phone: '+49 171 2345', type: 'member', city: 'Köln', birthDate: '1980-02-29' });
const evil = row({ company: 'ACME; "Werk"', note: '=HYPERLINK("http://evil.example","klick")', status: 'inactive', blocked: true, street: '@SUM(A1)', mobile: '-1' });

describe('contact export', () => {
  it('has every field as a column, with the headers and words of the reader’s language', () => {
    const de = contactExportTable([max], 'de');
    expect(de.header).toEqual(['Art', 'Status', 'Gesperrt', 'Vorname', 'Nachname', 'Firma', 'E-Mail', 'Telefon', 'Mobil', 'Straße', 'PLZ', 'Ort', 'Land', 'Geburtsdatum', 'Notiz', 'Angelegt am', 'Geändert am']);
    expect(de.rows[0].slice(0, 7)).toEqual(['Mitglied', 'aktiv', 'nein', 'Max', 'Müller', null, 'max@example.org']);
    expect(de.rows[0][13]).toBe('1980-02-29');
    // Times on the team's clock (Berlin): 23:30 UTC is the next day.
    expect(de.rows[0][15]).toBe('27.11.2026, 00:30');
    expect(contactExportTable([max], 'en').header.slice(3, 5)).toEqual(['First name', 'Last name']);
    expect(contactExportTable([max], 'en').rows[0][0]).toBe('Member');
    expect(contactExportTable([max], 'fr').header.slice(3, 5)).toEqual(['Prénom', 'Nom']);
    expect(contactExportTable([evil], 'fr').rows[0].slice(1, 3)).toEqual(['inactif', 'oui']);
    expect(contactExportTable([max], 'it').header.slice(3, 5)).toEqual(['Nome', 'Cognome']);
    expect(contactExportTable([evil], 'it').rows[0][2]).toBe('sì');
  });

  it('defuses formulas and quotes semicolons and quotes in the CSV', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+49 171')).toBe("'+49 171");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('ein "Wort"')).toBe('"ein ""Wort"""');
    expect(csvCell('Zeile\nzwei')).toBe('"Zeile\nzwei"');
    expect(csvCell(null)).toBe('');
    expect(csvCell('Müller')).toBe('Müller');
  });

  it('writes CSV for German Excel: UTF-8 BOM, semicolons, CRLF', () => {
    const csv = contactsCsv(contactExportTable([max, evil], 'de'));
    expect(csv.startsWith('\uFEFFArt;Status;Gesperrt;Vorname;')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[1].split(';').slice(0, 5)).toEqual(['Mitglied', 'aktiv', 'nein', 'Max', 'Müller']);
    expect(lines[1]).toContain(";'+49 171 2345;");
    expect(lines[2]).toContain(';"ACME; ""Werk""";');
    expect(lines[2]).toContain(`;"'=HYPERLINK(""http://evil.example"",""klick"")";`);
    expect(lines[2]).toContain(";'@SUM(A1);");
    expect(Buffer.from(csv, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });

  it('writes an .xlsx whose cells are text, a formula included', async () => {
    const buffer = await contactsXlsx(contactExportTable([max, evil], 'de'), 'Kontakte');
    const { default: readXlsxFile } = await import('read-excel-file/node');
    const [sheet] = await readXlsxFile(buffer);
    expect(sheet.sheet).toBe('Kontakte');
    expect(sheet.data[0].slice(3, 5)).toEqual(['Vorname', 'Nachname']);
    expect(sheet.data[1].slice(3, 5)).toEqual(['Max', 'Müller']);
    expect(sheet.data[1][7]).toBe('+49 171 2345');
    expect(sheet.data[2][14]).toBe('=HYPERLINK("http://evil.example","klick")');
    expect(sheet.data).toHaveLength(3);
    // No formula element anywhere in the workbook's sheet.
    const { unzipSync, strFromU8 } = await import('fflate');
    const files = unzipSync(new Uint8Array(buffer));
    const xml = Object.entries(files).filter(([name]) => name.startsWith('xl/worksheets/')).map(([, data]) => strFromU8(data)).join('');
    expect(xml).not.toMatch(/<f[ >]/);
  });

  it('names the file after the day in Berlin', () => {
    expect(contactExportName(new Date('2026-11-26T23:30:00Z'), 'xlsx')).toBe('kontakte-2026-11-27.xlsx');
  });
});
