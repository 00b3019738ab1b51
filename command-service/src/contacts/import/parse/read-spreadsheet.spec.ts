import { CONTACT_IMPORT_LIMITS } from '@planwerk/events';
import { odsFile, windows1252, xlsxFile } from '../testing/spreadsheet-files';
import { decodeText, readSpreadsheet, SpreadsheetError } from './read-spreadsheet';

async function refusal(promise: Promise<unknown>): Promise<SpreadsheetError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SpreadsheetError) return error;
    throw error;
  }
  throw new Error('the file was read');
}

describe('readSpreadsheet', () => {
  it('reads an .xlsx written by exceljs: headers, text, numbers, dates, cached formula values, and reports a formula without one', async () => {
    const file = await xlsxFile([
      ['Vorname', 'Nachname', 'PLZ', 'Geburtsdatum', 'E-Mail'],
      ['Anna', 'Müller', 80331, new Date(Date.UTC(1990, 4, 17)), { formula: 'LOWER("ANNA@EXAMPLE.ORG")', result: 'anna@example.org' }],
      ['Jörg', 'Weiß', '01067', '', { formula: 'A3&"@example.org"' }],
    ]);
    const sheet = await readSpreadsheet(file, 'kontakte.xlsx');
    expect(sheet.format).toBe('xlsx');
    expect(sheet.headers).toEqual(['Vorname', 'Nachname', 'PLZ', 'Geburtsdatum', 'E-Mail']);
    expect(sheet.rows[0]).toEqual(['Anna', 'Müller', '80331', '1990-05-17', 'anna@example.org']);
    expect(sheet.rows[1]).toEqual(['Jörg', 'Weiß', '01067', '', { formula: '=A3&"@example.org"' }]);
    expect(sheet.rowNumbers).toEqual([2, 3]);
  });

  it('reads an .ods: repeated columns and rows, dates, numbers, a cached formula and one without a value; the trailing million empty rows cost nothing', async () => {
    const file = odsFile([
      ['Prénom', 'Nom', 'Code postal', 'Date de naissance', 'Courriel'],
      ['Élodie', 'Dupont', { float: 75001 }, { date: '1985-02-03' }, { formula: 'LOWER("E@EXAMPLE.ORG")', cached: 'e@example.org' }],
      { repeatRows: 2, cells: ['Luc', { repeat: 3 }, { formula: 'A3&"@x.org"' }] },
      [{ repeat: 2, text: 'Klon' }],
    ]);
    const sheet = await readSpreadsheet(file, 'contacts.ods');
    expect(sheet.format).toBe('ods');
    expect(sheet.headers).toEqual(['Prénom', 'Nom', 'Code postal', 'Date de naissance', 'Courriel']);
    expect(sheet.rows).toEqual([
      ['Élodie', 'Dupont', '75001', '1985-02-03', 'e@example.org'],
      ['Luc', '', '', '', { formula: 'A3&"@x.org"' }],
      ['Luc', '', '', '', { formula: 'A3&"@x.org"' }],
      ['Klon', 'Klon'],
    ]);
    expect(sheet.rowNumbers).toEqual([2, 3, 4, 5]);
  });

  it('reads German Excel\'s semicolon CSV in windows-1252 with umlauts, quoted semicolons included', async () => {
    const file = windows1252('Vorname;Nachname;Straße;Ort\r\nJürgen;Größer;"Hauptstraße 1; Hinterhaus";München\r\n\r\nÄnne;Öz;Weg 2;Köln\r\n');
    const sheet = await readSpreadsheet(file, 'kontakte.csv');
    expect(sheet.format).toBe('csv');
    expect(sheet.headers).toEqual(['Vorname', 'Nachname', 'Straße', 'Ort']);
    expect(sheet.rows).toEqual([['Jürgen', 'Größer', 'Hauptstraße 1; Hinterhaus', 'München'], ['Änne', 'Öz', 'Weg 2', 'Köln']]);
    expect(sheet.rowNumbers).toEqual([2, 4]);
  });

  it('detects commas and tabs, strips a UTF-8 BOM and reports a CSV cell that would be a formula', async () => {
    const comma = await readSpreadsheet(new TextEncoder().encode('\uFEFFfirst name,last name\nAnna,"Smith, Jr."\n'), 'a.csv');
    expect(comma.headers).toEqual(['first name', 'last name']);
    expect(comma.rows).toEqual([['Anna', 'Smith, Jr.']]);
    const tab = await readSpreadsheet(new TextEncoder().encode('Nome\tCognome\nGiulia\t=HYPERLINK("x")\n'), 'a.txt');
    expect(tab.rows).toEqual([['Giulia', { formula: '=HYPERLINK("x")' }]]);
  });

  it('never fails on broken encodings: invalid UTF-8 falls back to windows-1252', async () => {
    // A UTF-8 file cut in the middle of "ü" plus stray bytes.
    const bytes = Uint8Array.from([...new TextEncoder().encode('Name;Ort\nM'), 0xc3, 0x3b, 0xff, 0xfe, 0x0a]);
    const sheet = await readSpreadsheet(bytes, 'kaputt.csv');
    expect(sheet.headers).toEqual(['Name', 'Ort']);
    expect(sheet.rows).toEqual([['MÃ', 'ÿþ']]);
    expect(decodeText(Uint8Array.from([0xe4, 0xf6, 0xfc]))).toBe('äöü');
  });

  it('refuses 10,001 rows naming the limit and the count found (CSV, xlsx, ods)', async () => {
    const lines = ['Vorname;Nachname', ...Array.from({ length: 10_001 }, (_, i) => `A${i};B${i}`)].join('\n');
    const csv = await refusal(readSpreadsheet(new TextEncoder().encode(lines), 'big.csv'));
    expect([csv.reason, csv.details]).toEqual(['too_many_rows', { limit: 10_000, found: 10_001 }]);
    const xlsx = await refusal(readSpreadsheet(await xlsxFile([['Vorname'], ...Array.from({ length: 10_001 }, (_, i) => [`A${i}`])]), 'big.xlsx'));
    expect([xlsx.reason, xlsx.details]).toEqual(['too_many_rows', { limit: 10_000, found: 10_001 }]);
    const ods = await refusal(readSpreadsheet(odsFile([['Vorname'], { repeatRows: 20_000, cells: ['Anna'] }]), 'big.ods'));
    expect([ods.reason, ods.details]).toEqual(['too_many_rows', { limit: 10_000, found: 20_000 }]);
  });

  it('takes exactly 10,000 rows', async () => {
    const lines = ['Vorname', ...Array.from({ length: 10_000 }, (_, i) => `A${i}`)].join('\n');
    const sheet = await readSpreadsheet(new TextEncoder().encode(lines), 'ok.csv');
    expect(sheet.rows).toHaveLength(10_000);
  });

  it('refuses more than 100 columns and more than 10 MB', async () => {
    const wide = await refusal(readSpreadsheet(new TextEncoder().encode(Array.from({ length: 101 }, (_, i) => `c${i}`).join(';')), 'wide.csv'));
    expect([wide.reason, wide.details]).toEqual(['too_many_columns', { limit: 100, found: 101 }]);
    const big = await refusal(readSpreadsheet(new Uint8Array(CONTACT_IMPORT_LIMITS.bytes + 1).fill(0x41), 'big.csv'));
    expect([big.reason, big.details]).toEqual(['too_large', { limit: CONTACT_IMPORT_LIMITS.bytes, found: CONTACT_IMPORT_LIMITS.bytes + 1 }]);
  });

  it('refuses a text file renamed to .xlsx or .ods, a zip that is no spreadsheet, a binary file and an empty one', async () => {
    expect((await refusal(readSpreadsheet(new TextEncoder().encode('Vorname;Nachname\nA;B'), 'kontakte.xlsx'))).reason).toBe('unreadable');
    expect((await refusal(readSpreadsheet(new TextEncoder().encode('Vorname;Nachname\nA;B'), 'kontakte.ods'))).reason).toBe('unreadable');
    const { zipSync, strToU8 } = await import('fflate');
    expect((await refusal(readSpreadsheet(zipSync({ 'readme.txt': strToU8('hi') }), 'kontakte.xlsx'))).reason).toBe('unreadable');
    expect((await refusal(readSpreadsheet(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]), 'bild.csv'))).reason).toBe('unreadable');
    expect((await refusal(readSpreadsheet(new Uint8Array(0), 'leer.csv'))).reason).toBe('empty');
  });
});
