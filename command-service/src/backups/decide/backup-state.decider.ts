import {
  evolveProject,
  initialProjectState,
  isProjectEvent,
  isSignupEvent,
  type ProjectEvent,
  type ProjectState,
  type SignupBy,
  type SignupEvent,
  type SignupStatus,
  type SignupValues,
} from '@planwerk/events';

// The state of a project at a point in time (ADR 0008): the project stream folded with the
// shared `evolveProject`, and each list's sign-ups folded the way the sign-up feature folds
// `signups-<listId>` (same entries, same statuses, same FIFO sequence; the property spec checks
// this fold against the sign-up feature's own) plus what a restore needs to re-add a sign-up:
// its name and field values (personal data, as the store decrypted them), its time and whether
// its person was erased. Pure: the service reads the streams, this folds them.

export interface SignupRecord {
  signupId: string;
  itemId: string;
  userId: string | null;
  by: SignupBy;
  tokenHash: string | null;
  status: SignupStatus;
  vote: string | null;
  name: string | null;
  values: SignupValues;
  /** When the sign-up was made (SignUpAdded.at). */
  at: string;
  attended: boolean | null;
  /** The person's key was erased: name and values read as null and are never restored. */
  erased: boolean;
  /** Sequence at which it joined its item or waitlist (the sign-up feature's FIFO order). */
  queuedAt: number;
}

export interface ListSignups {
  entries: Readonly<Record<string, SignupRecord>>;
  sequence: number;
}

export interface Snapshot {
  project: ProjectState;
  /** Sign-ups by list id, for every list the project had at some point up to the snapshot. */
  lists: Readonly<Record<string, ListSignups>>;
}

/** A stored event as the snapshot folds it: type, data and whether its personal fields were erased. */
export interface SnapshotEvent {
  type: string;
  data: unknown;
  erased?: boolean;
}

export function initialListSignups(): ListSignups {
  return { entries: {}, sequence: 0 };
}

export function evolveListSignups(state: ListSignups, event: SignupEvent, erased = false): ListSignups {
  const sequence = state.sequence + 1;
  switch (event.type) {
    case 'SignUpAdded': {
      const d = event.data;
      const entry: SignupRecord = {
        signupId: d.signupId, itemId: d.itemId, userId: d.userId, by: d.by, tokenHash: d.tokenHash, status: d.status, vote: d.vote,
        name: erased ? null : d.name, values: erased ? {} : d.values, at: d.at, attended: null, erased, queuedAt: sequence,
      };
      return { entries: { ...state.entries, [d.signupId]: entry }, sequence };
    }
    case 'SignUpChanged': {
      const d = event.data;
      const entry = state.entries[d.signupId];
      if (!entry) return { ...state, sequence };
      const moved = d.toItemId !== undefined && d.toItemId !== entry.itemId;
      const status = d.status ?? entry.status;
      const personal = erased || entry.erased
        ? { name: null, values: {}, erased: true }
        : { name: d.name !== undefined ? d.name : entry.name, values: d.values ?? entry.values, erased: false };
      const changed: SignupRecord = {
        ...entry,
        ...personal,
        itemId: d.toItemId ?? entry.itemId,
        vote: d.vote !== undefined ? d.vote : entry.vote,
        status,
        queuedAt: moved || (d.status !== undefined && d.status !== entry.status) ? sequence : entry.queuedAt,
      };
      return { entries: { ...state.entries, [d.signupId]: changed }, sequence };
    }
    case 'SignUpCancelled':
      return { entries: without(state.entries, [event.data.signupId]), sequence };
    case 'SignUpPromoted': {
      const entry = state.entries[event.data.signupId];
      if (!entry) return { ...state, sequence };
      return { entries: { ...state.entries, [entry.signupId]: { ...entry, status: 'placed' } }, sequence };
    }
    case 'AttendanceConfirmed': {
      const entries = { ...state.entries };
      for (const id of event.data.signupIds) {
        const entry = entries[id];
        if (entry) entries[id] = { ...entry, attended: event.data.attended };
      }
      return { entries, sequence };
    }
    case 'ItemSignUpsCleared':
    case 'ListSignUpsCleared':
      return { entries: without(state.entries, event.data.signupIds), sequence };
    default:
      return assertNever(event);
  }
}

export function emptySnapshot(): Snapshot {
  return { project: initialProjectState(), lists: {} };
}

/** Folds the project stream; events of other types (none today) are skipped. */
export function foldProjectEvents(events: readonly SnapshotEvent[], state: ProjectState = initialProjectState()): ProjectState {
  let project = state;
  for (const event of events) if (isProjectEvent(event)) project = evolveProject(project, event);
  return project;
}

/** Folds one list's sign-up stream; list notices and unknown types are skipped. */
export function foldListSignups(events: readonly SnapshotEvent[], state: ListSignups = initialListSignups()): ListSignups {
  let list = state;
  for (const event of events) {
    const erased = event.erased === true;
    if (isSignupEvent(event)) list = evolveListSignups(list, event, erased);
  }
  return list;
}

/** The lists a project stream ever added (their sign-up streams belong to the project). */
export function listIdsEverAdded(events: readonly SnapshotEvent[]): string[] {
  const ids = new Set<string>();
  for (const event of events) if (event.type === 'ListAdded') ids.add((event.data as { listId: string }).listId);
  return [...ids];
}

// Object keys: what an event touches and what a restore scope covers. A change conflicts with
// another when their keys meet; a compensation brings exactly its keys back.
//   project:<field>          name, colour, startDate, settings, visibility, status, locked, exists
//   phase:<id>  phases:<folderId|root>   a phase (its content) and the order of a sibling group
//   list:<id>   lists:<phaseId>          a list (content and phase) and the order in a phase
//   item:<id>   items:<listId>           an item and the order in a list
//   signup:<listId>:<signupId>           one sign-up

export const PROJECT_FIELDS = ['exists', 'name', 'colour', 'startDate', 'settings', 'visibility', 'status', 'locked'] as const;
export type ProjectField = (typeof PROJECT_FIELDS)[number];

export const key = {
  project: (field: ProjectField) => `project:${field}`,
  phase: (id: string) => `phase:${id}`,
  phases: (folderId: string | null) => `phases:${folderId ?? 'root'}`,
  list: (id: string) => `list:${id}`,
  lists: (phaseId: string) => `lists:${phaseId}`,
  item: (id: string) => `item:${id}`,
  items: (listId: string) => `items:${listId}`,
  signup: (listId: string, signupId: string) => `signup:${listId}:${signupId}`,
};

/** Every key of a project state's tree and fields. */
export function projectKeys(state: ProjectState): string[] {
  const keys: string[] = PROJECT_FIELDS.map(key.project);
  if (!state.exists) return keys;
  keys.push(key.phases(null));
  for (const p of state.phases) keys.push(key.phase(p.phaseId), key.phases(p.phaseId), key.lists(p.phaseId));
  for (const l of state.lists) keys.push(key.list(l.listId), key.items(l.listId));
  for (const i of state.items) keys.push(key.item(i.itemId));
  return keys;
}

/**
 * What an event touches. `strong`: objects it changes (two changes of one object conflict);
 * `weak`: groups and containers it changes by adding or removing members (`phases:`/`lists:`/
 * `items:` orders, `in:<id>` = the content of a phase, list or item); `structural`: the weak
 * keys it changes as a whole (a sort, or creating/removing the container itself). Two events
 * conflict on a shared strong key, or on a shared weak key that one of them changes as a whole:
 * two additions to one list commute, removing a list someone added an item to does not.
 */
export interface EventKeys {
  strong: string[];
  weak: string[];
  structural: string[];
}

const inside = (id: string) => `in:${id}`;
const keys = (strong: string[], weak: string[] = [], structural: string[] = []): EventKeys => ({ strong, weak, structural });

/** The keys one project event touches, given the state before it. */
export function keysOfProjectEvent(event: ProjectEvent, before: ProjectState): EventKeys {
  switch (event.type) {
    case 'ProjectCreated':
      return keys(PROJECT_FIELDS.map(key.project));
    case 'ProjectEdited': {
      const e = event.data;
      return keys((['name', 'colour', 'startDate', 'settings'] as const).filter((f) => e[f] !== undefined).map(key.project));
    }
    case 'ProjectVisibilityChanged':
      return keys([key.project('visibility')]);
    case 'ProjectStatusChanged':
      return keys([key.project('status')]);
    case 'ProjectLockChanged':
      return keys([key.project('locked')]);
    case 'ProjectPurged':
      return keys(projectKeys(before));
    case 'PhaseAdded': {
      const e = event.data;
      const folder = e.folderId !== null ? [inside(e.folderId)] : [];
      return keys([key.phase(e.phaseId)], [key.phases(e.folderId), inside(e.phaseId), key.lists(e.phaseId), key.phases(e.phaseId), ...folder], [inside(e.phaseId)]);
    }
    case 'PhaseEdited':
      return keys([key.phase(event.data.phaseId)]);
    case 'PhasesSorted':
      return keys([], [key.phases(event.data.folderId)], [key.phases(event.data.folderId)]);
    case 'PhaseRemoved': {
      const id = event.data.phaseId;
      const folderId = before.exists ? (before.phases.find((p) => p.phaseId === id)?.folderId ?? null) : null;
      const folder = folderId !== null ? [inside(folderId)] : [];
      return keys([key.phase(id)], [key.phases(folderId), inside(id), key.lists(id), key.phases(id), ...folder], [inside(id)]);
    }
    case 'ListAdded': {
      const e = event.data;
      return keys([key.list(e.listId)], [key.lists(e.phaseId), inside(e.phaseId), inside(e.listId), key.items(e.listId)], [inside(e.listId)]);
    }
    case 'ListEdited':
      return keys([key.list(event.data.listId)]);
    case 'ListMoved': {
      const e = event.data;
      return keys([key.list(e.listId)], [key.lists(e.fromPhaseId), key.lists(e.toPhaseId), inside(e.fromPhaseId), inside(e.toPhaseId)]);
    }
    case 'ListsSorted':
      return keys([], [key.lists(event.data.phaseId)], [key.lists(event.data.phaseId)]);
    case 'ListRemoved': {
      const id = event.data.listId;
      const list = before.exists ? before.lists.find((l) => l.listId === id) : undefined;
      const items = before.exists ? before.items.filter((i) => i.listId === id).map((i) => key.item(i.itemId)) : [];
      return keys([key.list(id), ...items], [...(list ? [key.lists(list.phaseId), inside(list.phaseId)] : []), inside(id), key.items(id)], [inside(id)]);
    }
    case 'ItemAdded':
    case 'ItemRemoved': {
      const e = event.data;
      return keys([key.item(e.itemId)], [key.items(e.listId), inside(e.listId), inside(e.itemId)], [inside(e.itemId)]);
    }
    case 'ItemEdited':
      return keys([key.item(event.data.itemId)]);
    case 'ItemsSorted':
      return keys([], [key.items(event.data.listId)], [key.items(event.data.listId)]);
    default:
      return assertNever(event);
  }
}

/** The keys one sign-up event touches. */
export function keysOfSignupEvent(event: SignupEvent, before: ListSignups = initialListSignups()): EventKeys {
  const listId = event.data.listId;
  const containers = (itemIds: Array<string | undefined>) => [inside(listId), ...unique(itemIds.filter((id): id is string => id !== undefined)).map(inside)];
  switch (event.type) {
    case 'SignUpAdded':
    case 'SignUpCancelled':
    case 'SignUpPromoted':
      return keys([key.signup(listId, event.data.signupId)], containers([event.data.itemId]));
    case 'SignUpChanged':
      return keys([key.signup(listId, event.data.signupId)], containers([event.data.itemId, event.data.toItemId]));
    case 'AttendanceConfirmed':
    case 'ItemSignUpsCleared':
    case 'ListSignUpsCleared':
      return keys(
        event.data.signupIds.map((id) => key.signup(listId, id)),
        containers(event.data.signupIds.map((id) => before.entries[id]?.itemId)),
      );
    default:
      return assertNever(event);
  }
}

/** The keys two events share in a way that makes them conflict (empty: they commute). */
export function conflictingKeys(a: EventKeys, b: EventKeys): string[] {
  const strong = new Set(a.strong);
  const shared = b.strong.filter((k) => strong.has(k));
  const structural = new Set([...a.structural, ...b.structural]);
  const weak = new Set(a.weak);
  return unique([...shared, ...b.weak.filter((k) => weak.has(k) && structural.has(k))]);
}

/** Keys of each event of a project stream (folded along, since some depend on the state before). */
export function keysAlongProjectStream(events: readonly SnapshotEvent[]): EventKeys[] {
  let state = initialProjectState();
  const result: EventKeys[] = [];
  for (const event of events) {
    if (!isProjectEvent(event)) {
      result.push(keys([]));
      continue;
    }
    result.push(keysOfProjectEvent(event, state));
    state = evolveProject(state, event);
  }
  return result;
}

/** Keys of each event of a list's sign-up stream. */
export function keysAlongSignupStream(events: readonly SnapshotEvent[]): EventKeys[] {
  let state = initialListSignups();
  const result: EventKeys[] = [];
  for (const event of events) {
    const erased = event.erased === true;
    if (!isSignupEvent(event)) {
      result.push(keys([]));
      continue;
    }
    result.push(keysOfSignupEvent(event, state));
    state = evolveListSignups(state, event, erased);
  }
  return result;
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

function without(entries: Readonly<Record<string, SignupRecord>>, ids: readonly string[]): Record<string, SignupRecord> {
  const next = { ...entries };
  for (const id of ids) delete next[id];
  return next;
}

function assertNever(value: never): never {
  throw new Error(`Unexpected event ${JSON.stringify(value)}`);
}
