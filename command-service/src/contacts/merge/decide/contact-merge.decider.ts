import {
  CONTACT_DETAIL_FIELDS,
  DomainError,
  type ContactDetailField,
  type ContactDetails,
  type ContactEvent,
  type ContactMergeEvent,
  type ContactSource,
} from '@planwerk/events';
import { evolveContact, initialContactState, type ContactState } from '../../decide/contact.decider';

// Merging two contacts of a team and undoing it (issue 15; ADR 0016, "Merge"). The decision
// reads both contacts' streams and gives each its events: ContactsMerged / ContactMergeUndone on
// the survivor's, ContactMergedInto / ContactUnmerged on the other's. Pure: ids and choices come
// in on the command.

export type MergeChoice = 'survivor' | 'merged';

/** A merge as a contact's stream remembers it. */
export interface MergeRecord {
  role: 'survivor' | 'merged';
  otherId: string;
  /** Survivor: its values of the changed fields before the merge (null when its key is erased). */
  before: Partial<ContactDetails> | null;
  changed: ContactDetailField[];
  undone: boolean;
}

export interface MergeContactState {
  contact: ContactState;
  source: ContactSource;
  createdAt: string | null;
  merges: Record<string, MergeRecord>;
}

export interface MergeContacts {
  type: 'MergeContacts';
  teamId: string;
  mergeId: string;
  survivorId: string;
  mergedId: string;
  fields: Partial<Record<ContactDetailField, MergeChoice>>;
  survivorVersion?: number;
  mergedVersion?: number;
}

export interface UndoContactMerge {
  type: 'UndoContactMerge';
  teamId: string;
  mergeId: string;
  survivorId: string;
}

export interface MergeDecision {
  survivor: ContactMergeEvent[];
  merged: ContactMergeEvent[];
  /** The survivor's fields that took the other's value. */
  changed: ContactDetailField[];
}

export function initialMergeContactState(): MergeContactState {
  return { contact: initialContactState(), source: 'manual', createdAt: null, merges: {} };
}

const pick = (details: ContactDetails | null, fields: readonly ContactDetailField[]): Partial<ContactDetails> | null =>
  (details === null ? null : Object.fromEntries(fields.map((field) => [field, details[field]])));

export function evolveMergeContact(state: MergeContactState, event: ContactEvent | ContactMergeEvent): MergeContactState {
  const contact = evolveContact(state.contact, event);
  switch (event.type) {
    case 'ContactCreated':
      return { ...state, contact, source: event.data.source, createdAt: event.data.createdAt };
    case 'ContactsMerged': {
      const d = event.data;
      const record: MergeRecord = { role: 'survivor', otherId: d.mergedContactId, before: pick(state.contact.details, d.changed), changed: d.changed, undone: false };
      return { ...state, contact, merges: { ...state.merges, [d.mergeId]: record } };
    }
    case 'ContactMergedInto': {
      const d = event.data;
      return { ...state, contact, merges: { ...state.merges, [d.mergeId]: { role: 'merged', otherId: d.survivorId, before: null, changed: [], undone: false } } };
    }
    case 'ContactMergeUndone':
    case 'ContactUnmerged': {
      const earlier = state.merges[event.data.mergeId];
      return { ...state, contact, merges: earlier ? { ...state.merges, [event.data.mergeId]: { ...earlier, undone: true } } : state.merges };
    }
    default:
      return { ...state, contact };
  }
}

const isLive = (state: MergeContactState, teamId: string): boolean =>
  state.contact.exists && state.contact.teamId === teamId && !state.contact.removed && state.contact.mergedInto === null && state.contact.details !== null;

/** Whose value each field keeps: the choice, else the survivor's unless it is empty and the other's is not. */
export function mergedDetails(survivor: ContactDetails, merged: ContactDetails, fields: MergeContacts['fields']): { details: ContactDetails; changed: ContactDetailField[] } {
  const details = { ...survivor };
  const changed: ContactDetailField[] = [];
  for (const field of CONTACT_DETAIL_FIELDS) {
    const choice = fields[field] ?? (survivor[field] === '' && merged[field] !== '' ? 'merged' : 'survivor');
    if (choice === 'merged' && merged[field] !== survivor[field]) {
      (details as Record<ContactDetailField, string>)[field] = merged[field];
      changed.push(field);
    }
  }
  return { details, changed };
}

/**
 * Merges `mergedId` into `survivorId`. Refused: the same contact twice (validation_failed,
 * mergedId); an unknown, removed, already merged or other team's contact (not_found, naming
 * survivorId or mergedId); a version that is not the stream's (conflict); a result without a
 * name or company (contact_name_required, lastName). A stream that already holds this merge
 * gets nothing again (a retry after a crash between the two appends completes the other one).
 */
export function decideMerge(command: MergeContacts, survivor: MergeContactState, merged: MergeContactState): MergeDecision {
  if (command.survivorId === command.mergedId) throw new DomainError('validation_failed', { field: 'mergedId' });
  const survivorDone = survivor.merges[command.mergeId];
  const mergedDone = merged.merges[command.mergeId];
  if (survivorDone && mergedDone) return { survivor: [], merged: [], changed: survivorDone.changed };
  if (!survivorDone && !isLive(survivor, command.teamId)) throw new DomainError('not_found', { field: 'survivorId' });
  if (!mergedDone && !isLive(merged, command.teamId)) throw new DomainError('not_found', { field: 'mergedId' });
  const mergedEvents: ContactMergeEvent[] = mergedDone ? [] : [{
    type: 'ContactMergedInto', data: { contactId: command.mergedId, teamId: command.teamId, mergeId: command.mergeId, survivorId: command.survivorId },
  }];
  if (survivorDone) return { survivor: [], merged: mergedEvents, changed: survivorDone.changed };
  if (command.survivorVersion !== undefined && command.survivorVersion !== survivor.contact.version) {
    throw new DomainError('conflict', { field: 'survivorVersion', details: { expected: command.survivorVersion, actual: survivor.contact.version } });
  }
  if (command.mergedVersion !== undefined && command.mergedVersion !== merged.contact.version) {
    throw new DomainError('conflict', { field: 'mergedVersion', details: { expected: command.mergedVersion, actual: merged.contact.version } });
  }
  const { details, changed } = mergedDetails(survivor.contact.details as ContactDetails, merged.contact.details as ContactDetails, command.fields);
  if (details.firstName.trim() === '' && details.lastName.trim() === '' && details.company.trim() === '') {
    throw new DomainError('contact_name_required', { field: 'lastName' });
  }
  return {
    survivor: [{
      type: 'ContactsMerged',
      data: {
        contactId: command.survivorId, teamId: command.teamId, mergeId: command.mergeId, mergedContactId: command.mergedId,
        details: pick(details, changed), changed,
      },
    }],
    merged: mergedEvents,
    changed,
  };
}

/**
 * Undoes a merge: the survivor's changed fields get their values from before the merge back and
 * the other contact returns exactly as it was. A merge the survivor does not hold is not found
 * (mergeId); an undone merge is not undone twice (nothing appended).
 */
export function decideUndoMerge(command: UndoContactMerge, survivor: MergeContactState, merged: MergeContactState): MergeDecision {
  const record = survivor.merges[command.mergeId];
  if (!record || record.role !== 'survivor' || survivor.contact.teamId !== command.teamId) throw new DomainError('not_found', { field: 'mergeId' });
  const other = merged.merges[command.mergeId];
  const survivorEvents: ContactMergeEvent[] = record.undone || survivor.contact.removed ? [] : [{
    type: 'ContactMergeUndone',
    data: {
      contactId: command.survivorId, teamId: command.teamId, mergeId: command.mergeId, mergedContactId: record.otherId,
      details: record.before, changed: record.changed,
    },
  }];
  const c = merged.contact;
  const mergedEvents: ContactMergeEvent[] = !other || other.undone || c.removed || c.teamId === null ? [] : [{
    type: 'ContactUnmerged',
    data: {
      contactId: record.otherId, teamId: c.teamId, mergeId: command.mergeId, survivorId: command.survivorId,
      type: c.type, status: c.status, blocked: c.blocked, source: merged.source, createdAt: merged.createdAt ?? new Date(0).toISOString(), details: c.details,
    },
  }];
  return { survivor: survivorEvents, merged: mergedEvents, changed: record.changed };
}
