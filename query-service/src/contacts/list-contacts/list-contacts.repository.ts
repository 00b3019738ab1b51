import type { ContactPage, ContactSort, ListContactsQuery } from '@planwerk/events';
import { CONTACT_COLUMNS, CONTACTS, CONTACTS_PROJECTION, normalizeContactSearch, type ContactRow } from '@planwerk/projector';
import type { Pool } from 'pg';
import { liveTable } from '../../shared/projections/live-table';

// Reads of the projector's `contacts` read model (projector/src/contacts) for the list. Access
// sits in the handler; the repository only reads.

export type ContactListFilter = Omit<ListContactsQuery, 'minCheckpoint'> & { teamId: string };

/** Terms shorter than this match the start of a word only; longer ones anywhere (a trigram needs three). */
export const FRAGMENT_MIN_LENGTH = 3;
/** A query's words beyond this are ignored: each is one more condition on the trigram index. */
const MAX_TERMS = 6;

export const ORDER: Record<ContactSort, string> = {
  name: 'sort_name ASC, contact_id ASC',
  '-name': 'sort_name DESC, contact_id DESC',
  created: 'created_at ASC, contact_id ASC',
  '-created': 'created_at DESC, contact_id DESC',
  updated: 'updated_at ASC, contact_id ASC',
  '-updated': 'updated_at DESC, contact_id DESC',
};

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Search as you type: every word of `q` must match (ADR 0016). A short word ("m", "mü") matches
 * where a word starts — `search_text` begins each word with a space, so " mü" finds "Müller" and
 * not "Hamüller"; from three letters on it matches anywhere ("üll"). Both are LIKE patterns the
 * trigram index answers.
 */
export function searchPatterns(q: string | undefined): string[] {
  if (q === undefined) return [];
  const terms = normalizeContactSearch(q).split(/\s+/).filter((term) => term !== '').slice(0, MAX_TERMS);
  return terms.map((term) => (term.length < FRAGMENT_MIN_LENGTH ? `% ${escapeLike(term)}%` : `%${escapeLike(term)}%`));
}

export function conditions(filter: ContactListFilter): { where: string[]; params: unknown[] } {
  const params: unknown[] = [filter.teamId];
  const where = ['team_id = $1'];
  const add = (sql: (p: string) => string, value: unknown): void => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  if (filter.type !== undefined) add((p) => `type = ${p}`, filter.type);
  if (filter.status !== undefined) add((p) => `status = ${p}`, filter.status);
  if (filter.blocked !== undefined) add((p) => `blocked = ${p}`, filter.blocked);
  for (const pattern of searchPatterns(filter.q)) add((p) => `search_text LIKE ${p}`, pattern);
  return { where, params };
}

export const summaryOf = (row: ContactRow): ContactPage['items'][number] => ({
  contactId: row.contactId, type: row.type, status: row.status, blocked: row.blocked, displayName: row.displayName ?? '',
  firstName: row.firstName, lastName: row.lastName, company: row.company, email: row.email, phone: row.phone, city: row.city,
  updatedAt: row.updatedAt,
});

/** One page of the team's contacts and how many match in all; nothing before the projector ran. */
export async function listContacts(pool: Pool, filter: ContactListFilter): Promise<ContactPage> {
  const table = await liveTable(pool, CONTACTS_PROJECTION, CONTACTS);
  if (table === null) return { items: [], total: 0 };
  const { where, params } = conditions(filter);
  const n = params.length;
  // The page along the order's index and the count beside it (a window count would read and
  // sort every match of a 50,000-contact team for each page).
  // A search of three letters or more takes its few matches from the trigram index and sorts
  // them (OFFSET 0 keeps the planner from walking the order's index instead, which reads every
  // contact before the first match: all names before "Sch…" for "sch"). Shorter input matches a
  // large share of the team, so walking the order's index finds a page soonest.
  const selective = (filter.q ?? '').split(/\s+/).some((term) => term.length >= FRAGMENT_MIN_LENGTH);
  const from = selective
    ? `(SELECT * FROM ${table} WHERE ${where.join(' AND ')} OFFSET 0) AS matches`
    : `${table} WHERE ${where.join(' AND ')}`;
  const [page, counted] = await Promise.all([
    pool.query<ContactRow>(
      `SELECT ${CONTACT_COLUMNS} FROM ${from} ORDER BY ${ORDER[filter.sort]} LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...params, filter.limit, filter.offset]),
    pool.query<{ total: string }>(`SELECT count(*) AS total FROM ${table} WHERE ${where.join(' AND ')}`, params),
  ]);
  return { items: page.rows.map(summaryOf), total: Number(counted.rows[0].total) };
}
