import type { ContactGroupMember, ContactGroupSummary, ContactGroupView } from '@planwerk/events';
import {
  CONTACT_GROUP_COLUMNS, CONTACT_GROUP_MEMBERS, CONTACT_GROUPS, CONTACT_GROUPS_PROJECTION, CONTACTS, CONTACTS_PROJECTION, type ContactGroupRow,
} from '@planwerk/projector';
import type { Pool } from 'pg';
import { liveTable } from '../../shared/projections/live-table';

// Reads of the projector's `contact-groups` read model (projector/src/contacts/groups), with the
// members' names and addresses from the `contacts` read model (projector/src/contacts). Access
// control sits in the handler; the repository only reads.

const summaryOf = (row: ContactGroupRow): ContactGroupSummary => ({
  groupId: row.groupId, name: row.name, kind: row.kind, policy: row.policy, description: row.description, memberCount: row.memberCount, updatedAt: row.updatedAt,
});

/** The team's groups by name (case-insensitive), with their member counts. */
export async function listContactGroups(pool: Pool, teamId: string): Promise<ContactGroupSummary[]> {
  const groups = await liveTable(pool, CONTACT_GROUPS_PROJECTION, CONTACT_GROUPS);
  if (groups === null) return [];
  const rows = await pool.query<ContactGroupRow>(`SELECT ${CONTACT_GROUP_COLUMNS} FROM ${groups} WHERE team_id = $1 ORDER BY lower(name), name, group_id`, [teamId]);
  return rows.rows.map(summaryOf);
}

/** One group of the team with its members by display name; null for an unknown, removed or other team's group. */
export async function findContactGroup(pool: Pool, teamId: string, groupId: string): Promise<ContactGroupView | null> {
  const groups = await liveTable(pool, CONTACT_GROUPS_PROJECTION, CONTACT_GROUPS);
  const members = groups === null ? null : await liveTable(pool, CONTACT_GROUPS_PROJECTION, CONTACT_GROUP_MEMBERS);
  if (groups === null || members === null) return null;
  const row = (await pool.query<ContactGroupRow>(`SELECT ${CONTACT_GROUP_COLUMNS} FROM ${groups} WHERE group_id = $1 AND team_id = $2`, [groupId, teamId])).rows[0];
  if (!row) return null;
  const contacts = await liveTable(pool, CONTACTS_PROJECTION, CONTACTS);
  // A member whose contact row the contacts projection has not written yet shows without a name.
  const named = contacts === null
    ? await pool.query<ContactGroupMember>(
      `SELECT contact_id::text AS "contactId", '' AS "displayName", '' AS email,
              to_char(added_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "addedAt"
         FROM ${members} WHERE group_id = $1 ORDER BY contact_id`, [groupId])
    : await pool.query<ContactGroupMember>(
      `SELECT m.contact_id::text AS "contactId", coalesce(c.display_name, '') AS "displayName", coalesce(c.email, '') AS email,
              to_char(m.added_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "addedAt"
         FROM ${members} m LEFT JOIN ${contacts} c ON c.contact_id = m.contact_id AND c.team_id = m.team_id
        WHERE m.group_id = $1
        ORDER BY lower(c.display_name) NULLS LAST, c.display_name, m.contact_id`, [groupId]);
  return { ...summaryOf(row), members: named.rows, version: row.version };
}
