import { contactGroupEvents, type ContactGroupEvent, type RecordedEvent } from '@planwerk/events';
import type { PoolClient } from 'pg';
import type { Projection, ProjectionContext, TableNames } from '../../runtime/projection';
import { contactsNamedBy, evolveContactGroupDoc, type ContactGroupDoc, type ContactGroupRow } from './contact-groups.evolve';

export const CONTACT_GROUPS_PROJECTION = 'contact-groups';
export const CONTACT_GROUPS = 'contact_groups';
export const CONTACT_GROUP_MEMBERS = 'contact_group_members';
/** Contacts removed (erased) so far: a member change that names one after its removal does not add it. */
export const CONTACT_GROUP_GONE_CONTACTS = 'contact_group_gone_contacts';

const GROUP_TYPES: ReadonlySet<string> = new Set(contactGroupEvents.map((definition) => definition.type));

/** The columns of `contact_groups` under the names of `ContactGroupRow` (the time as ISO text, to the millisecond). */
export const CONTACT_GROUP_COLUMNS = `group_id::text AS "groupId", team_id::text AS "teamId", name, kind, policy, description,
  member_count AS "memberCount", version, to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt"`;

/** The columns of `contact_group_members`. */
export const CONTACT_GROUP_MEMBER_COLUMNS = `group_id::text AS "groupId", contact_id::text AS "contactId", team_id::text AS "teamId",
  to_char(added_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "addedAt"`;

function createTables(t: TableNames): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS ${t(CONTACT_GROUPS)} (
       group_id uuid PRIMARY KEY,
       team_id uuid NOT NULL,
       name text NOT NULL,
       kind text NOT NULL,
       policy text NOT NULL,
       description text NOT NULL,
       member_count integer NOT NULL CHECK (member_count >= 0),
       version integer NOT NULL,
       updated_at timestamptz NOT NULL)`,
    `CREATE TABLE IF NOT EXISTS ${t(CONTACT_GROUP_MEMBERS)} (
       group_id uuid NOT NULL,
       contact_id uuid NOT NULL,
       team_id uuid NOT NULL,
       added_at timestamptz NOT NULL,
       PRIMARY KEY (group_id, contact_id))`,
    `CREATE TABLE IF NOT EXISTS ${t(CONTACT_GROUP_GONE_CONTACTS)} (contact_id uuid PRIMARY KEY)`,
  ];
}

function createIndexes(t: TableNames): string[] {
  const groups = t(CONTACT_GROUPS);
  const members = t(CONTACT_GROUP_MEMBERS);
  return [
    // The team's groups by name.
    `CREATE INDEX IF NOT EXISTS ${groups}_team_idx ON ${groups} (team_id, lower(name), group_id)`,
    // A removed contact leaves every group.
    `CREATE INDEX IF NOT EXISTS ${members}_contact_idx ON ${members} (contact_id)`,
  ];
}

async function applyContactGroupEvent(client: PoolClient, recorded: RecordedEvent, ctx: ProjectionContext): Promise<void> {
  if (recorded.type === 'ContactRemoved') {
    await applyContactRemoved(client, (recorded.data as { contactId: string }).contactId, ctx);
    return;
  }
  if (!GROUP_TYPES.has(recorded.type)) return;
  const event = { type: recorded.type, data: recorded.data } as ContactGroupEvent;
  const groups = ctx.tables(CONTACT_GROUPS);
  const members = ctx.tables(CONTACT_GROUP_MEMBERS);
  const { groupId } = event.data;
  const named = contactsNamedBy(event);
  const doc = await loadDoc(client, ctx, groupId, named);
  const gone = named.length === 0 ? [] : (await client.query<{ id: string }>(
    `SELECT contact_id::text AS id FROM ${ctx.tables(CONTACT_GROUP_GONE_CONTACTS)} WHERE contact_id = ANY($1::uuid[])`, [named])).rows.map((r) => r.id);
  const next = evolveContactGroupDoc(doc, event, { streamVersion: recorded.streamVersion, recordedAt: recorded.recordedAt.toISOString(), goneContacts: new Set(gone) });
  if (next === doc) return;
  if (next.row === null) {
    // A removed group leaves no rows; its contacts stay.
    await client.query(`DELETE FROM ${members} WHERE group_id = $1`, [groupId]);
    await client.query(`DELETE FROM ${groups} WHERE group_id = $1`, [groupId]);
    return;
  }
  await upsertRow(client, groups, next.row);
  const leaving = named.filter((id) => doc.members[id] !== undefined && next.members[id] === undefined);
  const joining = named.filter((id) => doc.members[id] === undefined && next.members[id] !== undefined);
  if (leaving.length > 0) await client.query(`DELETE FROM ${members} WHERE group_id = $1 AND contact_id = ANY($2::uuid[])`, [groupId, leaving]);
  if (joining.length > 0) {
    await client.query(
      `INSERT INTO ${members} (group_id, contact_id, team_id, added_at) SELECT $1, id, $2, $3 FROM unnest($4::uuid[]) AS id`,
      [groupId, next.row.teamId, next.members[joining[0] as string], joining]);
  }
}

/** The group's row and which of the named contacts are its members. */
async function loadDoc(client: PoolClient, ctx: ProjectionContext, groupId: string, named: readonly string[]): Promise<ContactGroupDoc> {
  const row = (await client.query<ContactGroupRow>(`SELECT ${CONTACT_GROUP_COLUMNS} FROM ${ctx.tables(CONTACT_GROUPS)} WHERE group_id = $1`, [groupId])).rows[0] ?? null;
  if (row === null || named.length === 0) return { row, members: {} };
  const found = await client.query<{ contactId: string; addedAt: string }>(
    `SELECT ${CONTACT_GROUP_MEMBER_COLUMNS} FROM ${ctx.tables(CONTACT_GROUP_MEMBERS)} WHERE group_id = $1 AND contact_id = ANY($2::uuid[])`, [groupId, named]);
  return { row, members: Object.fromEntries(found.rows.map((r) => [r.contactId, r.addedAt])) };
}

async function upsertRow(client: PoolClient, table: string, row: ContactGroupRow): Promise<void> {
  await client.query(
    `INSERT INTO ${table} (group_id, team_id, name, kind, policy, description, member_count, version, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (group_id) DO UPDATE SET name = EXCLUDED.name, kind = EXCLUDED.kind, policy = EXCLUDED.policy,
       description = EXCLUDED.description, member_count = EXCLUDED.member_count, version = EXCLUDED.version, updated_at = EXCLUDED.updated_at`,
    [row.groupId, row.teamId, row.name, row.kind, row.policy, row.description, row.memberCount, row.version, row.updatedAt]);
}

// A removed contact is erased (ADR 0016): it leaves every group, and each of those counts one less.
async function applyContactRemoved(client: PoolClient, contactId: string, ctx: ProjectionContext): Promise<void> {
  const inserted = await client.query(`INSERT INTO ${ctx.tables(CONTACT_GROUP_GONE_CONTACTS)} (contact_id) VALUES ($1) ON CONFLICT DO NOTHING`, [contactId]);
  if (inserted.rowCount === 0) return;
  await client.query(
    `WITH left_groups AS (DELETE FROM ${ctx.tables(CONTACT_GROUP_MEMBERS)} WHERE contact_id = $1 RETURNING group_id)
     UPDATE ${ctx.tables(CONTACT_GROUPS)} g SET member_count = g.member_count - 1 FROM left_groups l WHERE g.group_id = l.group_id`,
    [contactId]);
}

/** The team's contact groups with their members (spec section 3: group, department, class). */
export const contactGroupsProjection: Projection = {
  name: CONTACT_GROUPS_PROJECTION,
  baseTables: [CONTACT_GROUPS, CONTACT_GROUP_MEMBERS, CONTACT_GROUP_GONE_CONTACTS],
  createTables,
  createIndexes,
  handles: (type) => GROUP_TYPES.has(type) || type === 'ContactRemoved',
  keys: (event) => {
    const data = event.data as { groupId?: unknown; teamId?: unknown };
    const keys: string[] = [];
    if (typeof data.teamId === 'string') keys.push(`team:${data.teamId}`);
    if (typeof data.groupId === 'string') keys.push(`contactGroup:${data.groupId}`);
    return keys;
  },
  apply: applyContactGroupEvent,
};
