import type { PoolClient } from 'pg';
import { CONTACT_DETAIL_FIELDS, contactEvents, contactMergeEvents, type RecordedEvent } from '@planwerk/events';
import type { ProjectionContext } from '../runtime/projection';
import { evolveContact, purgeHistoryRow, type ContactHistoryRow, type ContactRow, type RecordedContactEvent } from './contacts.evolve';

export const CONTACTS = 'contacts';
export const CONTACT_HISTORY = 'contact_history';

export const CONTACTS_HANDLED_TYPES: ReadonlySet<string> = new Set([...contactEvents, ...contactMergeEvents].map((definition) => definition.type));

const snake = (field: string): string => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const iso = (column: string): string => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The columns of `contacts` under the names of `ContactRow` (times as ISO text, to the millisecond). */
export const CONTACT_COLUMNS = [
  'contact_id::text AS "contactId"', 'team_id::text AS "teamId"', 'type', 'status', 'blocked', 'source',
  ...CONTACT_DETAIL_FIELDS.map((field) => (field === 'birthDate'
    ? `coalesce(to_char(birth_date, 'YYYY-MM-DD'), '') AS "birthDate"` : `${snake(field)} AS "${field}"`)),
  'display_name AS "displayName"', 'sort_name AS "sortName"', 'search_text AS "searchText"', 'version',
  `${iso('created_at')} AS "createdAt"`, `${iso('updated_at')} AS "updatedAt"`,
].join(', ');

/** The columns of `contact_history` under the names of `ContactHistoryRow`. */
export const CONTACT_HISTORY_COLUMNS = `event_id::text AS "eventId", contact_id::text AS "contactId", team_id::text AS "teamId", version,
  ${iso('at')} AS at, kind, code, actor_kind AS "actorKind", actor_id AS "actorId", changes`;

const DETAIL_COLUMNS = CONTACT_DETAIL_FIELDS.map(snake);
const ROW_COLUMNS = ['contact_id', 'team_id', 'type', 'status', 'blocked', 'source', ...DETAIL_COLUMNS, 'display_name', 'sort_name', 'search_text', 'version', 'created_at', 'updated_at'];
const ROW_TYPES: Record<string, string> = { contact_id: 'uuid', team_id: 'uuid', blocked: 'boolean', birth_date: 'date', version: 'integer', created_at: 'timestamptz', updated_at: 'timestamptz' };

/** The row as json_to_recordset reads it: column names, an empty birth date as NULL. */
function recordOf(row: ContactRow): Record<string, unknown> {
  const record: Record<string, unknown> = {
    contact_id: row.contactId, team_id: row.teamId, type: row.type, status: row.status, blocked: row.blocked, source: row.source,
    display_name: row.displayName, sort_name: row.sortName, search_text: row.searchText, version: row.version,
    created_at: row.createdAt, updated_at: row.updatedAt,
  };
  for (const field of CONTACT_DETAIL_FIELDS) record[snake(field)] = field === 'birthDate' && row.birthDate === '' ? null : row[field];
  return record;
}

const asContactEvent = (event: RecordedEvent): RecordedContactEvent => event as unknown as RecordedContactEvent;

/** One contact event (the runtime's event-by-event path). */
export async function applyContactEvent(client: PoolClient, event: RecordedEvent, ctx: ProjectionContext): Promise<void> {
  await applyContactsBatch(client, [event], ctx);
}

/**
 * A batch of contact events, the same rows as one by one: the touched contacts are read once,
 * folded in memory in log order, and written with one statement per table. An event whose id
 * the history already holds was applied before and changes nothing (idempotent re-delivery).
 */
export async function applyContactsBatch(client: PoolClient, events: readonly RecordedEvent[], ctx: ProjectionContext): Promise<void> {
  const run = events.filter((event) => CONTACTS_HANDLED_TYPES.has(event.type)).map(asContactEvent);
  if (run.length === 0) return;
  const contactsTable = ctx.tables(CONTACTS);
  const historyTable = ctx.tables(CONTACT_HISTORY);
  const seen = new Set((await client.query<{ id: string }>(
    `SELECT event_id::text AS id FROM ${historyTable} WHERE event_id = ANY($1::uuid[])`, [run.map((e) => e.eventId)])).rows.map((r) => r.id));
  const ids = [...new Set(run.map((e) => e.data.contactId))];
  const loaded = await client.query<ContactRow>(`SELECT ${CONTACT_COLUMNS} FROM ${contactsTable} WHERE contact_id = ANY($1::uuid[])`, [ids]);
  const contacts = new Map<string, ContactRow | null>(loaded.rows.map((row) => [row.contactId, row]));

  const touched = new Set<string>();
  const removed = new Set<string>();
  let history: ContactHistoryRow[] = [];
  for (const event of run) {
    if (seen.has(event.eventId)) continue;
    seen.add(event.eventId);
    const id = event.data.contactId;
    const step = evolveContact(contacts.get(id) ?? null, event);
    contacts.set(id, step.contact);
    touched.add(id);
    history.push(step.history);
    if (step.removed) {
      removed.add(id);
      history = history.map((row) => (row.contactId === id ? purgeHistoryRow(row) : row));
    }
  }
  if (touched.size === 0) return;

  const live = [...touched].flatMap((id) => contacts.get(id) ?? []);
  const gone = [...touched].filter((id) => contacts.get(id) === null);
  if (gone.length > 0) await client.query(`DELETE FROM ${contactsTable} WHERE contact_id = ANY($1::uuid[])`, [gone]);
  if (live.length > 0) {
    const definitions = ROW_COLUMNS.map((column) => `${column} ${ROW_TYPES[column] ?? 'text'}`).join(', ');
    await client.query(
      `INSERT INTO ${contactsTable} (${ROW_COLUMNS.join(', ')})
       SELECT ${ROW_COLUMNS.join(', ')} FROM json_to_recordset($1::json) AS r(${definitions})
       ON CONFLICT (contact_id) DO UPDATE SET ${ROW_COLUMNS.filter((c) => c !== 'contact_id').map((c) => `${c} = EXCLUDED.${c}`).join(', ')}`,
      [JSON.stringify(live.map(recordOf))]);
  }
  if (removed.size > 0) await purgeStoredHistory(client, historyTable, [...removed]);
  await client.query(
    `INSERT INTO ${historyTable} (event_id, contact_id, team_id, version, at, kind, code, actor_kind, actor_id, changes)
     SELECT r."eventId", r."contactId", r."teamId", r.version, r.at, r.kind, r.code, r."actorKind", r."actorId", r.changes
       FROM json_to_recordset($1::json) AS r("eventId" uuid, "contactId" uuid, "teamId" uuid, version integer, at timestamptz,
         kind text, code integer, "actorKind" text, "actorId" text, changes jsonb)
     ON CONFLICT (event_id) DO NOTHING`,
    [JSON.stringify(history)]);
}

/** Empties the personal values of the stored history of removed contacts (rule 8). */
async function purgeStoredHistory(client: PoolClient, historyTable: string, contactIds: readonly string[]): Promise<void> {
  const stored = await client.query<ContactHistoryRow>(`SELECT ${CONTACT_HISTORY_COLUMNS} FROM ${historyTable} WHERE contact_id = ANY($1::uuid[])`, [contactIds]);
  const purged = stored.rows.flatMap((row) => {
    const next = purgeHistoryRow(row);
    return next === row ? [] : [{ eventId: next.eventId, changes: next.changes }];
  });
  if (purged.length === 0) return;
  await client.query(
    `UPDATE ${historyTable} h SET changes = r.changes
       FROM json_to_recordset($1::json) AS r("eventId" uuid, changes jsonb) WHERE h.event_id = r."eventId"`,
    [JSON.stringify(purged)]);
}
