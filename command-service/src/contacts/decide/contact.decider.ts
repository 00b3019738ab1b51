import {
  CONTACT_DETAIL_FIELDS,
  DomainError,
  EMPTY_CONTACT_DETAILS,
  type ContactDetails,
  type ContactEvent,
  type ContactMergeEvent,
  type ContactSource,
  type ContactStatus,
  type ContactType,
} from '@planwerk/events';

// One contact of a team, stream `contact-<contactId>` (spec sections 2 and 6, manage_contact).
// The team of the request comes in on every command: a contact of another team is not found,
// as is a removed one. Ids and time come in on the command. Pure.

export interface ContactState {
  exists: boolean;
  contactId: string | null;
  teamId: string | null;
  type: ContactType;
  status: ContactStatus;
  blocked: boolean;
  /** null once the contact's key is erased (crypto-shredding on removal). */
  details: ContactDetails | null;
  removed: boolean;
  /** The contact this one was merged into (contact-merge.events.ts): gone from daily work until the merge is undone. */
  mergedInto: string | null;
  /** The stream version: the number of events folded. */
  version: number;
}

interface Target {
  teamId: string;
  contactId: string;
}

export type ContactCommand =
  | (Target & { type: 'CreateContact'; contactType: ContactType; status: ContactStatus; details: Partial<ContactDetails>; at: string; source?: ContactSource })
  | (Target & {
    type: 'EditContact';
    contactType?: ContactType;
    status?: ContactStatus;
    details?: Partial<ContactDetails>;
    /** The version the form read; another one means someone else edited in between. */
    version?: number;
    at: string;
  })
  | (Target & { type: 'BlockContact'; blocked: boolean })
  | (Target & { type: 'RemoveContact' });

// Spec section 3: nobody alive was born before 1900.
const EARLIEST_BIRTH_DATE = '1900-01-01';

export function initialContactState(): ContactState {
  return {
    exists: false, contactId: null, teamId: null, type: 'contact', status: 'active', blocked: false, details: null, removed: false, mergedInto: null, version: 0,
  };
}

export function evolveContact(state: ContactState, event: ContactEvent | ContactMergeEvent): ContactState {
  const version = state.version + 1;
  switch (event.type) {
    case 'ContactCreated': {
      const d = event.data;
      return { ...state, exists: true, contactId: d.contactId, teamId: d.teamId, type: d.type, status: d.status, details: d.details, version };
    }
    case 'ContactEdited': {
      const d = event.data;
      const details = state.details === null || d.details === null || d.details === undefined ? state.details : { ...state.details, ...d.details };
      return { ...state, type: d.type ?? state.type, status: d.status ?? state.status, details, version };
    }
    case 'ContactBlockChanged':
      return { ...state, blocked: event.data.blocked, version };
    case 'ContactRemoved':
      return { ...state, removed: true, version };
    // A merge and its undo (command-service/src/contacts/merge): the survivor's fields change as
    // by an edit; the other contact is gone until the merge is undone, then as it was.
    case 'ContactsMerged':
    case 'ContactMergeUndone': {
      const given = event.data.details;
      return { ...state, details: state.details === null || given === null ? state.details : { ...state.details, ...given }, version };
    }
    case 'ContactMergedInto':
      return { ...state, mergedInto: event.data.survivorId, version };
    case 'ContactUnmerged':
      return { ...state, mergedInto: null, version };
    default:
      return assertNever(event);
  }
}

export function decideContact(command: ContactCommand, state: ContactState): ContactEvent[] {
  switch (command.type) {
    case 'CreateContact':
      return decideCreate(command, state);
    case 'EditContact':
      return decideEdit(command, state);
    case 'BlockContact':
      return decideBlock(command, state);
    case 'RemoveContact':
      return decideRemove(command, state);
    default:
      return assertNever(command);
  }
}

function decideCreate(command: Extract<ContactCommand, { type: 'CreateContact' }>, state: ContactState): ContactEvent[] {
  // The id is new for every request: a stream that holds it already is this create again.
  if (state.exists) {
    if (state.teamId !== command.teamId) throw new DomainError('not_found', { field: 'contactId' });
    return [];
  }
  const details: ContactDetails = { ...EMPTY_CONTACT_DETAILS, ...command.details };
  assertValidDetails(details, command.at);
  return [{
    type: 'ContactCreated',
    data: {
      contactId: command.contactId, teamId: command.teamId, type: command.contactType, status: command.status, details,
      source: command.source ?? 'manual', createdAt: command.at,
    },
  }];
}

function decideEdit(command: Extract<ContactCommand, { type: 'EditContact' }>, state: ContactState): ContactEvent[] {
  const current = liveContact(command, state);
  if (command.version !== undefined && command.version !== state.version) {
    throw new DomainError('conflict', { field: 'version', details: { expected: command.version, actual: state.version } });
  }
  const given = command.details ?? {};
  // Only what really changes, in the order of the contact's fields.
  const changed = CONTACT_DETAIL_FIELDS.filter((field) => given[field] !== undefined && given[field] !== current[field]);
  const type = command.contactType !== undefined && command.contactType !== state.type ? command.contactType : undefined;
  const status = command.status !== undefined && command.status !== state.status ? command.status : undefined;
  if (changed.length === 0 && type === undefined && status === undefined) return [];
  const details: Partial<ContactDetails> = Object.fromEntries(changed.map((field) => [field, given[field]]));
  // The rules hold for the contact as the edit leaves it.
  assertValidDetails({ ...current, ...details }, command.at);
  return [{
    type: 'ContactEdited',
    data: {
      contactId: command.contactId, teamId: command.teamId,
      ...(type !== undefined ? { type } : {}),
      ...(status !== undefined ? { status } : {}),
      ...(changed.length > 0 ? { details } : {}),
      changed,
    },
  }];
}

function decideBlock(command: Extract<ContactCommand, { type: 'BlockContact' }>, state: ContactState): ContactEvent[] {
  liveContact(command, state);
  if (state.blocked === command.blocked) return [];
  return [{ type: 'ContactBlockChanged', data: { contactId: command.contactId, teamId: command.teamId, blocked: command.blocked } }];
}

function decideRemove(command: Extract<ContactCommand, { type: 'RemoveContact' }>, state: ContactState): ContactEvent[] {
  // Removing again changes nothing (as removing a comment again); the service erases the key again.
  if (state.exists && state.teamId === command.teamId && state.removed) return [];
  liveContact(command, state);
  return [{ type: 'ContactRemoved', data: { contactId: command.contactId, teamId: command.teamId } }];
}

/** The contact's details; not_found for an unknown, another team's, a removed or an erased contact. */
function liveContact(command: Target, state: ContactState): ContactDetails {
  if (!state.exists || state.teamId !== command.teamId || state.removed || state.mergedInto !== null || state.details === null) {
    throw new DomainError('not_found', { field: 'contactId' });
  }
  return state.details;
}

/**
 * A contact needs a name or a company; a birth date lies between 1900 and the day of the command
 * where that day is furthest ahead (UTC+14), so a child born today in Berlin is taken at 00:30.
 */
function assertValidDetails(details: ContactDetails, at: string): void {
  if (details.firstName.trim() === '' && details.lastName.trim() === '' && details.company.trim() === '') {
    throw new DomainError('contact_name_required', { field: 'lastName' });
  }
  if (details.birthDate !== '' && (details.birthDate < EARLIEST_BIRTH_DATE || details.birthDate > latestToday(at))) {
    throw new DomainError('validation_failed', { field: 'birthDate', details: { birthDate: details.birthDate } });
  }
}

export const contactDecider = {
  initialState: initialContactState,
  evolve: evolveContact,
  decide: decideContact,
};

function assertNever(value: never): never {
  throw new Error(`Unexpected contact value ${JSON.stringify(value)}`);
}

/** The calendar day of `at` in the timezone furthest ahead (UTC+14). */
function latestToday(at: string): string {
  return new Date(Date.parse(at) + 14 * 3_600_000).toISOString().slice(0, 10);
}
