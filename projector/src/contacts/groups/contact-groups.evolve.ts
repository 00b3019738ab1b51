import type { ContactGroupEvent, ContactGroupKind, ContactGroupPolicy } from '@planwerk/events';

// The `contact-groups` read model: one row per live group with its member count, and one row
// per member. Pure steps over the group's row and the membership of the contacts an event names
// (not the whole member list, so a large group costs what its change costs); the projection does
// the I/O around them.

export interface ContactGroupRow {
  groupId: string;
  teamId: string;
  name: string;
  kind: ContactGroupKind;
  policy: ContactGroupPolicy;
  description: string;
  memberCount: number;
  /** The group stream's version: an event at or below it was folded already. */
  version: number;
  updatedAt: string;
}

export interface ContactGroupDoc {
  /** null before the group is created and after it is removed. */
  row: ContactGroupRow | null;
  /** The contacts the event names that are members now, with the time each was added. */
  members: Readonly<Record<string, string>>;
}

export interface GroupEnvelope {
  streamVersion: number;
  recordedAt: string;
  /** The contacts the event names that are removed (erased) already: they never join. */
  goneContacts: ReadonlySet<string>;
}

/** The contacts whose membership an event changes (what the projection loads before `evolve`). */
export function contactsNamedBy(event: ContactGroupEvent): string[] {
  return event.type === 'ContactGroupMembersChanged' ? [...new Set([...event.data.added, ...event.data.removed])] : [];
}

/**
 * The group after one of its events. A removed group has no row and no members; an event the
 * row's version has seen already returns the doc unchanged (idempotent on re-delivery).
 */
export function evolveContactGroupDoc(doc: ContactGroupDoc, event: ContactGroupEvent, envelope: GroupEnvelope): ContactGroupDoc {
  const { row } = doc;
  if (row !== null && envelope.streamVersion <= row.version) return doc;
  const stamp = { version: envelope.streamVersion, updatedAt: envelope.recordedAt };
  switch (event.type) {
    case 'ContactGroupCreated': {
      if (row !== null) return doc;
      const d = event.data;
      return { row: { groupId: d.groupId, teamId: d.teamId, name: d.name, kind: d.kind, policy: d.policy, description: d.description, memberCount: 0, ...stamp }, members: {} };
    }
    case 'ContactGroupEdited': {
      if (row === null) return doc;
      const d = event.data;
      return {
        ...doc,
        row: { ...row, name: d.name ?? row.name, kind: d.kind ?? row.kind, policy: d.policy ?? row.policy, description: d.description ?? row.description, ...stamp },
      };
    }
    case 'ContactGroupRemoved':
      return row === null ? doc : { row: null, members: {} };
    case 'ContactGroupMembersChanged': {
      if (row === null) return doc;
      const members: Record<string, string> = { ...doc.members };
      for (const id of event.data.removed) delete members[id];
      for (const id of event.data.added) {
        if (members[id] === undefined && !envelope.goneContacts.has(id)) members[id] = envelope.recordedAt;
      }
      const before = Object.keys(doc.members).length;
      const after = Object.keys(members).length;
      return { row: { ...row, memberCount: row.memberCount + after - before, ...stamp }, members };
    }
    default:
      return assertNever(event);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unexpected contact group event ${JSON.stringify(value)}`);
}
