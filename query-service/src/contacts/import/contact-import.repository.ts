import {
  isEmptyImportRow,
  readImportRow,
  type ContactImportDuplicate,
  type ContactImportFormat,
  type ContactImportMapping,
  type ContactImportStatus,
  type ImportCell,
} from '@planwerk/events';
import { CONTACTS, CONTACTS_PROJECTION } from '@planwerk/projector';
import type { Pool } from 'pg';
import { liveTable } from '../../shared/projections/live-table';

// The import's read side (issue 15): its progress from the staging table the command side's job
// updates after each committed batch, and the duplicates of its rows among the team's contacts.
// Until the command side made the staging tables there is nothing to find.
const UNDEFINED_TABLE = '42P01';

interface ImportRow {
  import_id: string; file_name: string; format: ContactImportFormat; state: ContactImportStatus['state']; headers: string[];
  total: number; processed: number; imported: number; skipped: number; failed: number; row_count: number;
}

async function findImport(pool: Pool, teamId: string, importId: string): Promise<ImportRow | null> {
  try {
    const { rows } = await pool.query<ImportRow>(
      `SELECT import_id, file_name, format, state, headers, total, processed, imported, skipped, failed, row_count
       FROM contact_imports WHERE import_id = $1 AND team_id = $2 AND expires_at >= now()`,
      [importId, teamId],
    );
    return rows[0] ?? null;
  } catch (error) {
    if ((error as { code?: string }).code === UNDEFINED_TABLE) return null;
    throw error;
  }
}

export async function findImportStatus(pool: Pool, teamId: string, importId: string): Promise<ContactImportStatus | null> {
  const row = await findImport(pool, teamId, importId);
  if (row === null) return null;
  return {
    importId: row.import_id, fileName: row.file_name, format: row.format, state: row.state,
    total: row.state === 'uploaded' ? row.row_count : row.total,
    processed: row.processed, imported: row.imported, skipped: row.skipped, failed: row.failed,
  };
}

const nameKey = (first: string, last: string, birthDate: string) =>
  (first === '' && last === '') || birthDate === '' ? null : `${first.toLowerCase()}\n${last.toLowerCase()}\n${birthDate}`;

/** Rows that match a contact of the team or an earlier row: same e-mail, or same first and last name and birth date. */
export async function findImportDuplicates(pool: Pool, teamId: string, importId: string, mapping: ContactImportMapping): Promise<ContactImportDuplicate[] | null> {
  const staged = await findImport(pool, teamId, importId);
  if (staged === null) return null;
  const { rows } = await pool.query<{ row_number: number; cells: ImportCell[] }>(
    'SELECT row_number, cells FROM contact_import_rows WHERE import_id = $1 ORDER BY row_number', [importId],
  );
  const at = new Date().toISOString();
  const byEmail = new Map<string, { contactId: string | null; displayName: string | null; row: number | null }>();
  const byName = new Map<string, { contactId: string | null; displayName: string | null; row: number | null }>();
  const table = await liveTable(pool, CONTACTS_PROJECTION, CONTACTS);
  if (table !== null) {
    const existing = await pool.query<{ contact_id: string; display_name: string | null; email: string; first_name: string; last_name: string; birth_date: string | null }>(
      `SELECT contact_id, display_name, email, first_name, last_name, to_char(birth_date, 'YYYY-MM-DD') AS birth_date FROM ${table} WHERE team_id = $1`,
      [teamId],
    );
    for (const c of existing.rows) {
      const match = { contactId: c.contact_id, displayName: c.display_name, row: null };
      if (c.email !== '') byEmail.set(c.email.toLowerCase(), match);
      const key = nameKey(c.first_name, c.last_name, c.birth_date ?? '');
      if (key !== null) byName.set(key, match);
    }
  }
  const duplicates: ContactImportDuplicate[] = [];
  for (const { row_number: row, cells } of rows) {
    if (isEmptyImportRow(cells)) continue;
    const { details } = readImportRow(row, cells, mapping, staged.headers, at);
    const email = details.email.toLowerCase();
    const key = nameKey(details.firstName, details.lastName, details.birthDate);
    const sameEmail = email === '' ? undefined : byEmail.get(email);
    const sameName = key === null ? undefined : byName.get(key);
    const match = sameEmail ?? sameName;
    if (match !== undefined) {
      duplicates.push({ row, kind: sameEmail ? 'email' : 'nameAndBirthDate', contactId: match.contactId, displayName: match.displayName, ofRow: match.row });
    }
    const self = { contactId: null, displayName: null, row };
    if (email !== '' && !byEmail.has(email)) byEmail.set(email, self);
    if (key !== null && !byName.has(key)) byName.set(key, self);
  }
  return duplicates;
}
