import {
  CONTACT_ACTIVITY_CODES,
  CONTACT_DETAIL_FIELDS,
  contactDisplayName,
  EMPTY_CONTACT_DETAILS,
  type Actor,
  type ContactDetailField,
  type ContactDetails,
  type ContactEvent,
  type ContactMergeEvent,
  type ContactSource,
  type ContactStatus,
  type ContactType,
} from '@planwerk/events';

// The `contacts` read model (ADR 0016): one row per live contact and one history row per
// contact event, field by field. Pure steps; the projection's batch does the I/O around them.

export interface ContactRow extends ContactDetails {
  contactId: string;
  teamId: string;
  type: ContactType;
  status: ContactStatus;
  blocked: boolean;
  source: ContactSource;
  /** Name, else company, else e-mail (`contactDisplayName`); null once the contact's key is erased. */
  displayName: string | null;
  /** Lower-cased "last first" (else company, else e-mail): the order of `sort=name`. */
  sortName: string;
  /** Lower-cased words search as you type looks in (`contactSearchText`). */
  searchText: string;
  /** Events in the contact's stream so far. */
  version: number;
  createdAt: string;
  /** Recorded time of the contact's last event. */
  updatedAt: string;
}

export const CONTACT_HISTORY_KINDS = ['created', 'edited', 'blocked', 'unblocked', 'removed', 'merged', 'mergedInto', 'mergeUndone', 'unmerged'] as const;
export type ContactHistoryKind = (typeof CONTACT_HISTORY_KINDS)[number];
export type ContactHistoryField = ContactDetailField | 'type' | 'status' | 'blocked';

export interface ContactFieldChange {
  field: ContactHistoryField;
  before: string | boolean | null;
  after: string | boolean | null;
}

export interface ContactHistoryRow {
  eventId: string;
  contactId: string;
  teamId: string;
  /** The contact's stream version after the event: the history's order. */
  version: number;
  at: string;
  kind: ContactHistoryKind;
  /** The contact activity code (spec section 3): 1 created, 2 removed, else null. */
  code: number | null;
  actorKind: Actor['kind'];
  actorId: string;
  changes: ContactFieldChange[];
}

/** A contact event as the projection reads it: the envelope fields it uses and the typed data. */
export type RecordedContactEvent = (ContactEvent | ContactMergeEvent) & {
  eventId: string;
  streamVersion: number;
  recordedAt: Date;
  metadata: { actor: Actor };
};

export interface ContactStep {
  /** The contact's row after the event; null when it does not exist (never created, or removed). */
  contact: ContactRow | null;
  history: ContactHistoryRow;
  /** The event removed the contact: its history is to be purged (`purgeHistoryRow`). */
  removed: boolean;
}

const DETAIL_FIELDS: ReadonlySet<string> = new Set(CONTACT_DETAIL_FIELDS);
const isDetailField = (field: string): field is ContactDetailField => DETAIL_FIELDS.has(field);

/** How search text and queries are compared: composed Unicode, lower case. */
export function normalizeContactSearch(text: string): string {
  return text.normalize('NFC').toLowerCase();
}

const digitsOf = (phone: string): string => phone.replace(/[^0-9]/g, '');

/**
 * The words search as you type looks in: display name, company, e-mail, phone, mobile and city,
 * plus the numbers' digits alone (so "0171234" finds "0171 234"). Starts with a space, so a
 * word's start is always " word" (the query side's prefix match and pg_trgm's word padding).
 */
export function contactSearchText(row: Pick<ContactRow, 'displayName' | 'company' | 'email' | 'phone' | 'mobile' | 'city'>): string {
  const parts = [row.displayName ?? '', row.company, row.email, row.phone, row.mobile, row.city, digitsOf(row.phone), digitsOf(row.mobile)];
  const words = parts.map((part) => normalizeContactSearch(part.trim())).filter((part) => part !== '');
  return words.length === 0 ? '' : ` ${[...new Set(words)].join(' ')}`;
}

/**
 * The order of `sort=name`: last name, first name; a contact without names by company, else
 * e-mail. Accents are folded here ("Müller" as "muller", "ß" as "ss"), so the order is the
 * phone book's whatever collation the database was created with.
 */
export function contactSortName(details: Pick<ContactDetails, 'firstName' | 'lastName' | 'company' | 'email'>): string {
  const name = [details.lastName, details.firstName].filter((part) => part !== '').join(' ');
  const key = normalizeContactSearch(name !== '' ? name : details.company !== '' ? details.company : details.email);
  return key.normalize('NFD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss');
}

function withDerived(row: Omit<ContactRow, 'displayName' | 'sortName' | 'searchText'>, erased: boolean): ContactRow {
  const displayName = erased ? null : contactDisplayName(row);
  return { ...row, displayName, sortName: contactSortName(row), searchText: contactSearchText({ ...row, displayName }) };
}

function historyOf(event: RecordedContactEvent, kind: ContactHistoryKind, changes: ContactFieldChange[]): ContactHistoryRow {
  const code = kind === 'created' ? CONTACT_ACTIVITY_CODES.created : kind === 'removed' ? CONTACT_ACTIVITY_CODES.removed : null;
  return {
    eventId: event.eventId, contactId: event.data.contactId, teamId: event.data.teamId, version: event.streamVersion,
    at: event.recordedAt.toISOString(), kind, code, actorKind: event.metadata.actor.kind, actorId: event.metadata.actor.id, changes,
  };
}

/**
 * The contact's row and the history entry after one of its events. `details: null` means the
 * contact's key is erased (the event was read after its removal, in a rebuild, say): nothing of
 * the personal values is known then, so the row holds empty fields and the history null values.
 * Events of a contact that has no row only write history.
 */
export function evolveContact(contact: ContactRow | null, event: RecordedContactEvent): ContactStep {
  const touched = { version: event.streamVersion, updatedAt: event.recordedAt.toISOString() };
  switch (event.type) {
    case 'ContactCreated': {
      const d = event.data;
      const details = d.details ?? EMPTY_CONTACT_DETAILS;
      const row = withDerived({
        contactId: d.contactId, teamId: d.teamId, type: d.type, status: d.status, blocked: false, source: d.source,
        ...details, createdAt: new Date(d.createdAt).toISOString(), ...touched,
      }, d.details === null);
      // A created contact's detail fields are listed as set only while they are known: read
      // with an erased key, the event does not tell which ones were (see purgeHistoryRow).
      const changes: ContactFieldChange[] = [
        { field: 'type', before: null, after: d.type },
        { field: 'status', before: null, after: d.status },
        ...CONTACT_DETAIL_FIELDS.filter((field) => details[field] !== '').map((field) => ({ field, before: null, after: details[field] })),
      ];
      return { contact: row, history: historyOf(event, 'created', changes), removed: false };
    }
    case 'ContactEdited': {
      const d = event.data;
      const erased = d.details === null;
      const given = d.details ?? {};
      const fields = [...new Set<ContactDetailField>([...d.changed, ...(Object.keys(given) as ContactDetailField[])])]
        .filter(isDetailField)
        .sort((a, b) => CONTACT_DETAIL_FIELDS.indexOf(a) - CONTACT_DETAIL_FIELDS.indexOf(b));
      const changes: ContactFieldChange[] = [];
      if (d.type !== undefined) changes.push({ field: 'type', before: contact?.type ?? null, after: d.type });
      if (d.status !== undefined) changes.push({ field: 'status', before: contact?.status ?? null, after: d.status });
      // Every detail field is a string ('' for empty); the contract narrows some (country).
      const next: Partial<Record<ContactDetailField, string>> = {};
      for (const field of fields) {
        const after: string = erased ? '' : given[field] ?? '';
        next[field] = after;
        changes.push({ field, before: erased ? null : contact?.[field] ?? null, after: erased ? null : after });
      }
      const row = contact === null ? null : withDerived({
        ...contact, ...(next as Partial<ContactDetails>), ...(d.type !== undefined ? { type: d.type } : {}), ...(d.status !== undefined ? { status: d.status } : {}), ...touched,
      }, erased);
      return { contact: row, history: historyOf(event, 'edited', changes), removed: false };
    }
    case 'ContactBlockChanged': {
      const { blocked } = event.data;
      const changes: ContactFieldChange[] = [{ field: 'blocked', before: contact?.blocked ?? null, after: blocked }];
      const row = contact === null ? null : { ...contact, blocked, ...touched };
      return { contact: row, history: historyOf(event, blocked ? 'blocked' : 'unblocked', changes), removed: false };
    }
    case 'ContactRemoved':
      // Removal erases the contact (ADR 0016): the row goes, the history keeps what happened.
      return { contact: null, history: historyOf(event, 'removed', []), removed: true };
    // A merge (contact-merge.events.ts): the survivor's fields change as by an edit; the other
    // contact's row goes (out of the list and the search) and comes back from the undo's snapshot.
    case 'ContactsMerged':
    case 'ContactMergeUndone':
      return mergedFieldsStep(contact, event, event.type === 'ContactsMerged' ? 'merged' : 'mergeUndone', touched);
    case 'ContactMergedInto':
      return { contact: null, history: historyOf(event, 'mergedInto', []), removed: false };
    case 'ContactUnmerged': {
      const d = event.data;
      const row = withDerived({
        contactId: d.contactId, teamId: d.teamId, type: d.type, status: d.status, blocked: d.blocked, source: d.source,
        ...(d.details ?? EMPTY_CONTACT_DETAILS), createdAt: new Date(d.createdAt).toISOString(), ...touched,
      }, d.details === null);
      return { contact: row, history: historyOf(event, 'unmerged', []), removed: false };
    }
    default:
      return assertNever(event);
  }
}

/** The survivor's row and history after a merge or its undo: the given fields, before and after. */
function mergedFieldsStep(
  contact: ContactRow | null, event: RecordedContactEvent & { type: 'ContactsMerged' | 'ContactMergeUndone' }, kind: ContactHistoryKind,
  touched: { version: number; updatedAt: string },
): ContactStep {
  const d = event.data;
  const erased = d.details === null;
  const given = d.details ?? {};
  const changes: ContactFieldChange[] = [];
  const next: Partial<Record<ContactDetailField, string>> = {};
  for (const field of CONTACT_DETAIL_FIELDS.filter((f) => d.changed.includes(f))) {
    const after: string = erased ? '' : given[field] ?? '';
    next[field] = after;
    changes.push({ field, before: erased ? null : contact?.[field] ?? null, after: erased ? null : after });
  }
  const row = contact === null ? null : withDerived({ ...contact, ...(next as Partial<ContactDetails>), ...touched }, erased);
  return { contact: row, history: historyOf(event, kind, changes), removed: false };
}

/**
 * A history entry of a removed contact: no personal value stays (rule 8). Edits keep the names
 * of their changed fields with null values (the event names them in plaintext, so a rebuild
 * writes the same); the creation keeps only type and status, as a rebuild reading it with the
 * erased key does. Kind, code, actor and time stay. Returns the same row when nothing changes.
 */
export function purgeHistoryRow(row: ContactHistoryRow): ContactHistoryRow {
  const personal = row.changes.filter((change) => isDetailField(change.field));
  if (personal.every((change) => row.kind !== 'created' && change.before === null && change.after === null)) return row;
  const changes = row.changes
    .filter((change) => !(row.kind === 'created' && isDetailField(change.field)))
    .map((change) => (isDetailField(change.field) ? { field: change.field, before: null, after: null } : change));
  return { ...row, changes };
}

function assertNever(value: never): never {
  throw new Error(`Unexpected contact event ${JSON.stringify(value)}`);
}
