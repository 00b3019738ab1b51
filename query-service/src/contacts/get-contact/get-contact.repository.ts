import { CONTACT_DETAIL_FIELDS, type ContactDetails, type ContactHistoryEntry, type ContactView } from '@planwerk/events';
import {
  CONTACT_COLUMNS, CONTACT_HISTORY, CONTACT_HISTORY_COLUMNS, CONTACTS, CONTACTS_PROJECTION, type ContactHistoryRow, type ContactRow,
} from '@planwerk/projector';
import type { Pool } from 'pg';
import { liveTable } from '../../shared/projections/live-table';

// One contact and its history from the projector's `contacts` read model. Only the team's own
// live contacts are found: a removed contact has no row (its history stays, without values).

/** The contact's row, or null: unknown, another team's, removed, or no projector run yet. */
export async function findContact(pool: Pool, teamId: string, contactId: string): Promise<ContactRow | null> {
  const table = await liveTable(pool, CONTACTS_PROJECTION, CONTACTS);
  if (table === null) return null;
  const result = await pool.query<ContactRow>(`SELECT ${CONTACT_COLUMNS} FROM ${table} WHERE contact_id = $1 AND team_id = $2`, [contactId, teamId]);
  return result.rows[0] ?? null;
}

export function contactView(row: ContactRow): ContactView {
  const details = Object.fromEntries(CONTACT_DETAIL_FIELDS.map((field) => [field, row[field]])) as ContactDetails;
  return {
    contactId: row.contactId, teamId: row.teamId, type: row.type, status: row.status, blocked: row.blocked,
    displayName: row.displayName ?? '', details, source: row.source, version: row.version, createdAt: row.createdAt, updatedAt: row.updatedAt,
  };
}

/** The contact's history, newest first (its stream's order). */
export async function findContactHistory(pool: Pool, teamId: string, contactId: string): Promise<ContactHistoryRow[]> {
  const table = await liveTable(pool, CONTACTS_PROJECTION, CONTACT_HISTORY);
  if (table === null) return [];
  const result = await pool.query<ContactHistoryRow>(
    `SELECT ${CONTACT_HISTORY_COLUMNS} FROM ${table} WHERE contact_id = $1 AND team_id = $2 ORDER BY version DESC`, [contactId, teamId]);
  return result.rows;
}

export function historyEntryView(row: ContactHistoryRow, names: ReadonlyMap<string, string | null>): ContactHistoryEntry {
  return {
    eventId: row.eventId, at: row.at, kind: row.kind, code: row.code,
    actor: { id: row.actorId, name: row.actorKind === 'user' ? names.get(row.actorId) ?? null : null },
    changes: row.changes,
  };
}
