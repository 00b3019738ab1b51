import { CONTACT_TYPES, COUNTRIES, type ContactType, type Country } from '../constants';
import { contactDetailsSchema, EMPTY_CONTACT_DETAILS, type ContactDetails } from './contact.events';
import type { ContactImportField, ContactImportMapping, ContactImportProblem, ContactImportProblemCode } from './contact-import.endpoints';

// One staged spreadsheet row → a contact's details, with every problem named by row and column
// (issue 15's dry run). Pure and shared: the command side checks and imports with it, the query
// side finds duplicates with it, the console could preview with it. Only the contract's zod.

/** A cell as read from the file: its text, or a formula that has no stored value. */
export type ImportCell = string | { formula: string };

export interface ImportedRow {
  /** The row as the spreadsheet numbers it (the header is row 1). */
  row: number;
  details: ContactDetails;
  type: ContactType;
  problems: ContactImportProblem[];
}

const LINE_FIELDS = ['firstName', 'lastName', 'company', 'street', 'city'] as const;
const EARLIEST_BIRTH_DATE = '1900-01-01';

/** Header words (lower case, without accents, spaces and punctuation) → field, German, English, French, Italian. */
const HEADER_WORDS: Record<ContactImportField, readonly string[]> = {
  firstName: ['vorname', 'rufname', 'firstname', 'first', 'givenname', 'forename', 'prenom', 'nome', 'nomedibattesimo'],
  lastName: ['nachname', 'familienname', 'name', 'lastname', 'surname', 'familyname', 'last', 'nom', 'nomdefamille', 'cognome'],
  company: ['firma', 'unternehmen', 'organisation', 'organization', 'company', 'verein', 'entreprise', 'societe', 'azienda', 'societa', 'ditta'],
  email: ['email', 'emailadresse', 'mail', 'mailadresse', 'emailaddress', 'courriel', 'adresseemail', 'adressemail', 'postaelettronica', 'indirizzoemail'],
  phone: ['telefon', 'telefonnummer', 'tel', 'festnetz', 'phone', 'telephone', 'phonenumber', 'telefono', 'numeroditelefono'],
  mobile: ['mobil', 'mobiltelefon', 'handy', 'handynummer', 'mobile', 'mobilephone', 'cell', 'cellphone', 'portable', 'telephoneportable', 'natel', 'cellulare'],
  street: ['strasse', 'str', 'strasseundhausnummer', 'anschrift', 'adresse', 'street', 'address', 'streetaddress', 'rue', 'via', 'indirizzo'],
  postcode: ['plz', 'postleitzahl', 'zip', 'zipcode', 'postcode', 'postalcode', 'codepostal', 'npa', 'cp', 'cap', 'codiceavviamentopostale'],
  city: ['ort', 'stadt', 'wohnort', 'city', 'town', 'ville', 'localite', 'citta', 'localita', 'comune'],
  country: ['land', 'staat', 'country', 'pays', 'paese', 'nazione', 'stato'],
  birthDate: ['geburtsdatum', 'geburtstag', 'geboren', 'birthdate', 'dateofbirth', 'birthday', 'dob', 'datedenaissance', 'naissance', 'datadinascita', 'nascita'],
  note: ['notiz', 'notizen', 'bemerkung', 'bemerkungen', 'anmerkung', 'kommentar', 'note', 'notes', 'comment', 'comments', 'remarque', 'remarques', 'nota', 'note', 'osservazioni'],
  type: ['art', 'typ', 'kontaktart', 'type', 'kind', 'contacttype', 'typedecontact', 'tipo', 'tipodicontatto'],
};

export function normalizeHeader(header: string): string {
  return header.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/ß/g, 'ss').replace(/[^a-z0-9]/g, '');
}

/** The automatic guess: each column whose header names a field goes to it, each field at most once. */
export function guessContactImportMapping(headers: readonly string[]): ContactImportMapping {
  const taken = new Set<ContactImportField>();
  return headers.map((header) => {
    const word = normalizeHeader(header);
    if (word === '') return null;
    const field = (Object.keys(HEADER_WORDS) as ContactImportField[]).find((f) => !taken.has(f) && HEADER_WORDS[f].includes(word));
    if (field === undefined) return null;
    taken.add(field);
    return field;
  });
}

const TYPE_WORDS: Record<string, ContactType> = {
  kontakt: 'contact', contact: 'contact', contatto: 'contact',
  mitglied: 'member', member: 'member', membre: 'member', membro: 'member', socio: 'member',
  mitarbeiter: 'employee', mitarbeiterin: 'employee', mitarbeiterinnen: 'employee', employee: 'employee', staff: 'employee', employe: 'employee', employee2: 'employee', salarie: 'employee', dipendente: 'employee', collaboratore: 'employee',
};

let countryNames: Map<string, Country> | null = null;
/** Country codes and the countries' names in German, English, French and Italian. */
function countryOf(value: string): Country | null {
  if (countryNames === null) {
    countryNames = new Map();
    const extra: Record<string, Country> = { d: 'de', a: 'at', uk: 'gb', grossbritannien: 'gb', england: 'gb', usa: 'us', fl: 'li', brd: 'de', schweden: 'se' };
    for (const [word, code] of Object.entries(extra)) countryNames.set(word, code);
    for (const code of COUNTRIES) {
      countryNames.set(code, code);
      for (const lang of ['de', 'en', 'fr', 'it']) {
        const name = new Intl.DisplayNames([lang], { type: 'region' }).of(code.toUpperCase());
        if (name) countryNames.set(normalizeHeader(name), code);
      }
    }
  }
  return countryNames.get(normalizeHeader(value)) ?? null;
}

/** YYYY-MM-DD from the ways people write dates (ISO, 31.12.1990, 31/12/1990, 1990/12/31), else null. */
export function importDate(value: string): string | null {
  const text = value.trim();
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ].*)?$/.exec(text);
  let year: number; let month: number; let day: number;
  if (m) {
    [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  } else {
    m = /^(\d{1,2})[./-](\d{1,2})[./-](\d{2}|\d{4})$/.exec(text);
    if (!m) return null;
    [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (m[3]!.length === 2) return null; // a two-digit year says neither 19.. nor 20..
  }
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

function latestToday(at: string): string {
  return new Date(Date.parse(at) + 14 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * Reads one row with a mapping. `at` is the time the import decides at (a birth date may not lie
 * after it). Problems name the column; an empty row has no problems and no name (the caller skips it).
 */
export function readImportRow(
  row: number, cells: readonly ImportCell[], mapping: ContactImportMapping, headers: readonly string[], at: string,
): ImportedRow {
  const details: ContactDetails = { ...EMPTY_CONTACT_DETAILS };
  let type: ContactType = 'contact';
  const problems: ContactImportProblem[] = [];
  const problem = (column: number, field: ContactImportField, code: ContactImportProblemCode, value: string) => {
    problems.push({ row, column, header: headers[column] ?? '', field, code, value: value.slice(0, 100) });
  };
  mapping.forEach((field, column) => {
    if (field === null) return;
    const cell = cells[column] ?? '';
    if (typeof cell !== 'string') {
      problem(column, field, 'formula', cell.formula);
      return;
    }
    const raw = cell.trim();
    if (raw === '') return;
    if (field === 'type') {
      const kind = TYPE_WORDS[normalizeHeader(raw)] ?? (CONTACT_TYPES as readonly string[]).find((t) => t === raw);
      if (kind === undefined) problem(column, field, 'invalid_type', raw);
      else type = kind;
      return;
    }
    let value = field === 'note' ? raw : raw.replace(/\s+/g, ' ');
    if (field === 'email') value = value.replace(/^mailto:/i, '');
    if (field === 'country') {
      const country = countryOf(value);
      if (country === null) problem(column, field, 'unknown_country', raw);
      else details.country = country;
      return;
    }
    if (field === 'birthDate') {
      const date = importDate(value);
      if (date === null || date < EARLIEST_BIRTH_DATE || date > latestToday(at)) problem(column, field, 'invalid_date', raw);
      else details.birthDate = date;
      return;
    }
    // Earlier columns mapped to the same text field are joined (Straße + Hausnummer).
    const joined = details[field] === '' ? value : `${details[field]} ${value}`;
    const checked = contactDetailsSchema.shape[field].safeParse(joined);
    if (checked.success) {
      details[field] = checked.data;
      return;
    }
    const tooLong = checked.error.issues.some((issue) => issue.code === 'too_big');
    const code: ContactImportProblemCode = tooLong ? 'too_long'
      : field === 'email' ? 'invalid_email'
        : field === 'phone' || field === 'mobile' ? 'invalid_phone'
          : field === 'postcode' ? 'invalid_postcode' : 'invalid_text';
    problem(column, field, code, raw);
  });
  const empty = cells.every((cell) => cell === '' || cell === undefined);
  const named = LINE_FIELDS.slice(0, 3).some((field) => details[field] !== '');
  const nameProblem = problems.some((p) => p.field === 'firstName' || p.field === 'lastName' || p.field === 'company');
  if (!empty && !named && !nameProblem) problems.push({ row, column: null, header: null, field: null, code: 'name_required', value: null });
  return { row, details, type, problems };
}

/** Whether a row has no cell at all (skipped everywhere, counted nowhere). */
export function isEmptyImportRow(cells: readonly ImportCell[]): boolean {
  return cells.every((cell) => cell === '' || cell === undefined);
}
