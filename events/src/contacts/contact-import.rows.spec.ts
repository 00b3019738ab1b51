import { guessContactImportMapping, importDate, readImportRow } from './contact-import.rows';

const AT = '2026-11-27T00:30:00.000Z';

describe('guessContactImportMapping', () => {
  it('maps German, English, French and Italian headers, each field once, unknown columns to nothing', () => {
    expect(guessContactImportMapping(['Vorname', 'Nachname', 'E-Mail-Adresse', 'Straße', 'PLZ', 'Ort', 'Geburtsdatum', 'Mitgliedsnr.'])).toEqual(
      ['firstName', 'lastName', 'email', 'street', 'postcode', 'city', 'birthDate', null],
    );
    expect(guessContactImportMapping(['First name', 'Last Name', 'Company', 'Mobile', 'Country', 'Notes', 'Type'])).toEqual(
      ['firstName', 'lastName', 'company', 'mobile', 'country', 'note', 'type'],
    );
    expect(guessContactImportMapping(['Prénom', 'Nom', 'Courriel', 'Téléphone', 'Code postal', 'Ville', 'Pays'])).toEqual(
      ['firstName', 'lastName', 'email', 'phone', 'postcode', 'city', 'country'],
    );
    expect(guessContactImportMapping(['Nome', 'Cognome', 'Azienda', 'Cellulare', 'CAP', 'Città', 'Data di nascita'])).toEqual(
      ['firstName', 'lastName', 'company', 'mobile', 'postcode', 'city', 'birthDate'],
    );
    expect(guessContactImportMapping(['Name', 'Name', ''])).toEqual(['lastName', null, null]);
  });
});

describe('importDate', () => {
  it('reads ISO and German and slashed dates and refuses impossible or two-digit-year ones', () => {
    expect(importDate('1990-05-17')).toBe('1990-05-17');
    expect(importDate('17.05.1990')).toBe('1990-05-17');
    expect(importDate('1.2.1985')).toBe('1985-02-01');
    expect(importDate('17/05/1990')).toBe('1990-05-17');
    expect(importDate('31.02.1990')).toBeNull();
    expect(importDate('17.05.90')).toBeNull();
    expect(importDate('gestern')).toBeNull();
  });
});

describe('readImportRow', () => {
  const headers = ['Vorname', 'Nachname', 'E-Mail', 'Land', 'Geburtsdatum', 'Art', 'Straße', 'Hausnummer'];
  const mapping = ['firstName', 'lastName', 'email', 'country', 'birthDate', 'type', 'street', 'street'] as const;

  it('turns a row into a contact: countries by name or code, kinds in four languages, columns of one field joined', () => {
    const row = readImportRow(2, ['Jürgen', ' Größer ', 'juergen@example.org', 'Österreich', '17.05.1990', 'Mitglied', 'Hauptstraße', '1a'], [...mapping], headers, AT);
    expect(row.problems).toEqual([]);
    expect(row.type).toBe('member');
    expect(row.details).toMatchObject({ firstName: 'Jürgen', lastName: 'Größer', email: 'juergen@example.org', country: 'at', birthDate: '1990-05-17', street: 'Hauptstraße 1a' });
    expect(readImportRow(3, ['A', 'B', '', 'CH', '', 'membre'], [...mapping], headers, AT)).toMatchObject({ type: 'member', details: { country: 'ch' } });
  });

  it('names the row and column of every problem: e-mail, country, date, kind, formula, and a row without a name', () => {
    const row = readImportRow(7, ['', '', 'kein-mail', 'Atlantis', '31.02.1990', 'Chef', { formula: '=A1&B1' }], [...mapping], headers, AT);
    expect(row.problems.map((p) => [p.row, p.column, p.header, p.code, p.value])).toEqual([
      [7, 2, 'E-Mail', 'invalid_email', 'kein-mail'],
      [7, 3, 'Land', 'unknown_country', 'Atlantis'],
      [7, 4, 'Geburtsdatum', 'invalid_date', '31.02.1990'],
      [7, 5, 'Art', 'invalid_type', 'Chef'],
      [7, 6, 'Straße', 'formula', '=A1&B1'],
      [7, null, null, 'name_required', null],
    ]);
  });

  it('refuses a birth date after the day that has begun furthest ahead, and a text over its length', () => {
    expect(readImportRow(2, ['A', 'B', '', '', '2026-11-27'], [...mapping], headers, AT).problems).toEqual([]);
    expect(readImportRow(2, ['A', 'B', '', '', '2026-11-28'], [...mapping], headers, AT).problems.map((p) => p.code)).toEqual(['invalid_date']);
    expect(readImportRow(2, ['A'.repeat(101), 'B'], [...mapping], headers, AT).problems.map((p) => p.code)).toEqual(['too_long']);
  });
});
