import { ACTIVITY_OBJECT_FIELDS, activityLogProjection, CONTACTS, CONTACTS_PROJECTION } from '@planwerk/projector';
import type { Pool } from 'pg';
import { liveTable } from '../shared/projections/live-table';
import { liveActivityTable, type ActivityEntry } from './list-activity.repository';

export type EntryNames = { object: string | null; project: string | null; list: string | null; item: string | null };
export const NO_NAMES: EntryNames = { object: null, project: null, list: null, item: null };

// Fields that name an object in the log (projects, phases, lists, items, backups: `name`;
// template columns: `label`). Sign-ups carry no name (a person's name is never in the log).
const NAME_FIELDS = ['name', 'label'];
const ITEM_FIELDS = ['itemId'];

type Ref = { kind: string; id: string };
const keyOf = (kind: string, id: string): string => `${kind}\u0000${id}`;

/**
 * The newest value of one of `fields` per object, as the log knew it: the object's remembered
 * fields while it exists, else the last change that set one (the object index serves both).
 * Read from the projector's tables only, so a rebuild gives the same names; only objects the
 * team's own log mentions (the remembered fields have no team column).
 */
async function latestValues(
  pool: Pool, log: string, fields: string | null, teamId: string, refs: readonly Ref[], names: readonly string[],
): Promise<Map<string, string>> {
  const unique = new Map(refs.map((ref) => [keyOf(ref.kind, ref.id), ref]));
  if (unique.size === 0) return new Map();
  const list = [...unique.values()];
  const remembered = fields === null ? '' : `
       SELECT f.fields ->> n.field AS value, 0 AS rank, NULL::timestamptz AS at
         FROM ${fields} f CROSS JOIN unnest($3::text[]) AS n(field)
        WHERE f.object_kind = o.kind AND f.object_id = o.id AND jsonb_typeof(f.fields -> n.field) = 'string'
          AND EXISTS (SELECT 1 FROM ${log} t WHERE t.object_kind = o.kind AND t.object_id = o.id AND t.team_id = $4)
       UNION ALL`;
  const result = await pool.query<{ kind: string; id: string; value: string | null }>(
    `SELECT o.kind, o.id, (
       SELECT v.value FROM (${remembered}
         SELECT c.value ->> 'after', 1, l.recorded_at
           FROM ${log} l CROSS JOIN LATERAL jsonb_array_elements(l.changes) c
          WHERE l.object_kind = o.kind AND l.object_id = o.id AND l.team_id = $4
            AND c.value ->> 'field' = ANY($3::text[]) AND jsonb_typeof(c.value -> 'after') = 'string'
       ) v ORDER BY v.rank, v.at DESC NULLS LAST LIMIT 1) AS value
       FROM unnest($1::text[], $2::text[]) AS o(kind, id)`,
    [list.map((ref) => ref.kind), list.map((ref) => ref.id), names, teamId]);
  const values = new Map<string, string>();
  for (const row of result.rows) if (row.value !== null) values.set(keyOf(row.kind, row.id), row.value);
  return values;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A contact is named by its current display name in the contacts read model, never by the log
 * (which keeps nothing personal, ADR 0016): a removed contact has no row, so no name.
 */
async function contactNames(pool: Pool, teamId: string, ids: readonly string[]): Promise<Map<string, string>> {
  const table = ids.length === 0 ? null : await liveTable(pool, CONTACTS_PROJECTION, CONTACTS);
  if (table === null) return new Map();
  const result = await pool.query<{ id: string; name: string }>(
    `SELECT contact_id::text AS id, display_name AS name FROM ${table}
      WHERE contact_id = ANY($1::uuid[]) AND team_id::text = $2 AND display_name IS NOT NULL`, [ids.filter((id) => UUID.test(id)), teamId]);
  return new Map(result.rows.map((row) => [keyOf('contact', row.id), row.name]));
}

function changedItem(entry: ActivityEntry): string | null {
  const change = entry.changes.find((c) => c.field === 'itemId');
  return typeof change?.after === 'string' ? change.after : null;
}

/**
 * Names for a page of entries (issue 14: the log shows names, not ids): the object, its
 * project and list and, for a sign-up, the item it is for.
 */
export async function namesOf(pool: Pool, teamId: string, entries: readonly ActivityEntry[]): Promise<Map<string, EntryNames>> {
  const log = entries.length === 0 ? null : await liveActivityTable(pool);
  if (log === null) return new Map();
  const fields = await liveTable(pool, activityLogProjection.name, ACTIVITY_OBJECT_FIELDS);
  // A sign-up names its item in the event that made or moved it; later ones are looked up.
  const signupsWithoutItem = entries.filter((e) => e.objectKind === 'signup' && changedItem(e) === null).map((e) => ({ kind: e.objectKind, id: e.objectId }));
  const itemOfSignup = await latestValues(pool, log, fields, teamId, signupsWithoutItem, ITEM_FIELDS);
  const itemOf = (entry: ActivityEntry): string | null => {
    if (entry.objectKind === 'list-item') return entry.objectId;
    if (entry.objectKind !== 'signup') return null;
    return changedItem(entry) ?? itemOfSignup.get(keyOf(entry.objectKind, entry.objectId)) ?? null;
  };
  const refs: Ref[] = [];
  for (const entry of entries) {
    refs.push({ kind: entry.objectKind, id: entry.objectId });
    if (entry.projectId !== null) refs.push({ kind: 'project', id: entry.projectId });
    if (entry.listId !== null) refs.push({ kind: 'list', id: entry.listId });
    const item = itemOf(entry);
    if (item !== null) refs.push({ kind: 'list-item', id: item });
  }
  const values = await latestValues(pool, log, fields, teamId, refs, NAME_FIELDS);
  const contacts = entries.filter((e) => e.objectKind === 'contact').map((e) => e.objectId);
  for (const [key, name] of await contactNames(pool, teamId, [...new Set(contacts)])) values.set(key, name);
  const name = (kind: string, id: string | null): string | null => (id === null ? null : values.get(keyOf(kind, id)) ?? null);
  const names = new Map<string, EntryNames>();
  for (const entry of entries) {
    names.set(entry.eventId, {
      object: name(entry.objectKind, entry.objectId),
      project: name('project', entry.projectId),
      list: name('list', entry.listId),
      item: name('list-item', itemOf(entry)),
    });
  }
  return names;
}
