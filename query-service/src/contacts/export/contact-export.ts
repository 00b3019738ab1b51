import type * as WriteExcelFile from 'write-excel-file/node' with { 'resolution-mode': 'import' };
import type { ContactExportLanguage } from '@planwerk/events';
import type { ContactRow } from '@planwerk/projector';

// The contact list's view as a file (issue 15: "Export CSV and XLSX of any filtered view"): one
// row per contact, every field, the headers and the words for type, status and blocked in the
// reader's language. The CSV is what German Excel opens by a double click: UTF-8 with a byte
// order mark (else umlauts break), `;` between cells (Excel in Germany splits on the list
// separator of its locale, which is `;`), CRLF line ends. The approach is the project export's
// (query-service/src/projects/export-project).

export type ExportCell = string | null;

export interface ContactExportTable {
  header: string[];
  rows: ExportCell[][];
}

const COLUMNS = [
  'type', 'status', 'blocked', 'firstName', 'lastName', 'company', 'email', 'phone', 'mobile', 'street', 'postcode', 'city', 'country',
  'birthDate', 'note', 'createdAt', 'updatedAt',
] as const;
type Column = (typeof COLUMNS)[number];

interface Words {
  header: Record<Column, string>;
  type: Record<ContactRow['type'], string>;
  status: Record<ContactRow['status'], string>;
  yes: string;
  no: string;
  locale: string;
}

const WORDS: Record<ContactExportLanguage, Words> = {
  de: {
    header: {
      type: 'Art', status: 'Status', blocked: 'Gesperrt', firstName: 'Vorname', lastName: 'Nachname', company: 'Firma', email: 'E-Mail',
      phone: 'Telefon', mobile: 'Mobil', street: 'Straße', postcode: 'PLZ', city: 'Ort', country: 'Land', birthDate: 'Geburtsdatum',
      note: 'Notiz', createdAt: 'Angelegt am', updatedAt: 'Geändert am',
    },
    type: { contact: 'Kontakt', member: 'Mitglied', employee: 'Mitarbeiter/in' },
    status: { active: 'aktiv', inactive: 'inaktiv' },
    yes: 'ja', no: 'nein', locale: 'de-DE',
  },
  en: {
    header: {
      type: 'Type', status: 'Status', blocked: 'Blocked', firstName: 'First name', lastName: 'Last name', company: 'Company', email: 'Email',
      phone: 'Phone', mobile: 'Mobile', street: 'Street', postcode: 'Postcode', city: 'City', country: 'Country', birthDate: 'Date of birth',
      note: 'Note', createdAt: 'Created', updatedAt: 'Changed',
    },
    type: { contact: 'Contact', member: 'Member', employee: 'Employee' },
    status: { active: 'active', inactive: 'inactive' },
    yes: 'yes', no: 'no', locale: 'en-GB',
  },
  fr: {
    header: {
      type: 'Type', status: 'Statut', blocked: 'Bloqué', firstName: 'Prénom', lastName: 'Nom', company: 'Entreprise', email: 'E-mail',
      phone: 'Téléphone', mobile: 'Mobile', street: 'Rue', postcode: 'Code postal', city: 'Ville', country: 'Pays', birthDate: 'Date de naissance',
      note: 'Note', createdAt: 'Créé le', updatedAt: 'Modifié le',
    },
    type: { contact: 'Contact', member: 'Membre', employee: 'Employé(e)' },
    status: { active: 'actif', inactive: 'inactif' },
    yes: 'oui', no: 'non', locale: 'fr-FR',
  },
  it: {
    header: {
      type: 'Tipo', status: 'Stato', blocked: 'Bloccato', firstName: 'Nome', lastName: 'Cognome', company: 'Azienda', email: 'E-mail',
      phone: 'Telefono', mobile: 'Cellulare', street: 'Via', postcode: 'CAP', city: 'Città', country: 'Paese', birthDate: 'Data di nascita',
      note: 'Nota', createdAt: 'Creato il', updatedAt: 'Modificato il',
    },
    type: { contact: 'Contatto', member: 'Membro', employee: 'Dipendente' },
    status: { active: 'attivo', inactive: 'inattivo' },
    yes: 'sì', no: 'no', locale: 'it-IT',
  },
};

/** The file's name: the team's contacts and the day (Berlin). */
export const contactExportName = (now: Date, format: 'csv' | 'xlsx'): string =>
  `kontakte-${new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(now)}.${format}`;

export function contactExportTable(rows: readonly ContactRow[], lang: ContactExportLanguage): ContactExportTable {
  const words = WORDS[lang];
  // Times as the team's clock shows them (Europe/Berlin, the product's time zone), in the reader's notation.
  const instant = new Intl.DateTimeFormat(words.locale, { timeZone: 'Europe/Berlin', dateStyle: 'medium', timeStyle: 'short' });
  const text = (value: string): ExportCell => (value === '' ? null : value);
  const cell = (row: ContactRow, column: Column): ExportCell => {
    switch (column) {
      case 'type': return words.type[row.type];
      case 'status': return words.status[row.status];
      case 'blocked': return row.blocked ? words.yes : words.no;
      case 'createdAt': return instant.format(new Date(row.createdAt));
      case 'updatedAt': return instant.format(new Date(row.updatedAt));
      default: return text(row[column]);
    }
  };
  return { header: COLUMNS.map((column) => words.header[column]), rows: rows.map((row) => COLUMNS.map((column) => cell(row, column))) };
}

/**
 * A cell as German Excel reads `;`-separated CSV. A value that starts with =, +, -, @ (or a tab
 * or carriage return) would be run as a formula by Excel (CSV injection, OWASP): it gets a
 * leading apostrophe, which Excel shows as text — a phone number +49… included.
 */
export function csvCell(value: ExportCell): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** UTF-8 with a BOM, `;` between cells, CRLF line ends. */
export function contactsCsv(table: ContactExportTable): string {
  return `\uFEFF${[table.header, ...table.rows].map((row) => `${row.map(csvCell).join(';')}\r\n`).join('')}`;
}

let writer: Promise<typeof WriteExcelFile> | null = null;

// write-excel-file writes every cell here as a typed text cell (`t="s"`/inline string), never a
// formula: `=1+1` in a note stays the text "=1+1" in Excel, so the XLSX needs no apostrophe.
// Loaded with import() as in the project export (its types are ESM only).
export async function contactsXlsx(table: ContactExportTable, sheet: string): Promise<Buffer> {
  writer ??= import('write-excel-file/node');
  const { default: writeXlsxFile } = await writer;
  const header = table.header.map((title) => ({ value: title, fontWeight: 'bold' as const }));
  const rows = table.rows.map((row) => row.map((cell) => (cell === null ? null : { type: String, value: cell })));
  return writeXlsxFile([header, ...rows], { sheet, stickyRowsCount: 1 }).toBuffer();
}
