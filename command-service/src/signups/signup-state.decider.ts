import type { SignUpBy, SignUpEvent, SignUpStatus } from '@planwerk/events';

// The sign-ups of one list folded from `signups-<listId>` (ADR 0006). Pure: the decider, the
// per-stream cache and the property tests fold the same events with this function.

export interface SignUpEntry {
  signupId: string;
  itemId: string;
  /** The member the sign-up belongs to; null for a visitor or a name entered by an admin. */
  userId: string | null;
  by: SignUpBy;
  tokenHash: string | null;
  status: SignUpStatus;
  vote: string | null;
  /** Log sequence at which the sign-up joined its item (or its waitlist): the FIFO order. */
  queuedAt: number;
  /** Manual attendance: null until an admin confirms or withdraws it. */
  attended: boolean | null;
}

export interface SignUpsState {
  /** Active sign-ups by id (cancelled and cleared ones are gone). */
  entries: Readonly<Record<string, SignUpEntry>>;
  /** Number of events folded. */
  sequence: number;
}

// Votes that do not take a place (ADR 0006).
const NO_PLACE_VOTES: ReadonlySet<string> = new Set(['no', 'dislike']);

export function initialSignUpsState(): SignUpsState {
  return { entries: {}, sequence: 0 };
}

export function evolveSignUps(state: SignUpsState, event: SignUpEvent): SignUpsState {
  const sequence = state.sequence + 1;
  switch (event.type) {
    case 'SignUpAdded': {
      const d = event.data;
      const entry: SignUpEntry = {
        signupId: d.signupId, itemId: d.itemId, userId: d.userId, by: d.by, tokenHash: d.tokenHash,
        status: d.status, vote: d.vote, queuedAt: sequence, attended: null,
      };
      return { entries: { ...state.entries, [d.signupId]: entry }, sequence };
    }
    case 'SignUpChanged': {
      const d = event.data;
      const entry = state.entries[d.signupId];
      if (!entry) return { ...state, sequence };
      const moved = d.toItemId !== undefined && d.toItemId !== entry.itemId;
      const status = d.status ?? entry.status;
      const changed: SignUpEntry = {
        ...entry,
        itemId: d.toItemId ?? entry.itemId,
        vote: d.vote !== undefined ? d.vote : entry.vote,
        status,
        // A move or a newly waitlisted sign-up queues at the end of its (new) item.
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

export function foldSignUps(events: readonly SignUpEvent[], state: SignUpsState = initialSignUpsState()): SignUpsState {
  return events.reduce(evolveSignUps, state);
}

/** Whether a sign-up holds one of its item's places: placed, and not a no/dislike vote. */
export function takesPlace(entry: Pick<SignUpEntry, 'status' | 'vote'>): boolean {
  return entry.status === 'placed' && !isNoPlaceVote(entry.vote);
}

export function isNoPlaceVote(vote: string | null): boolean {
  return vote !== null && NO_PLACE_VOTES.has(vote);
}

export function entriesOf(state: SignUpsState, itemId: string): SignUpEntry[] {
  return Object.values(state.entries).filter((e) => e.itemId === itemId);
}

export function placesTaken(state: SignUpsState, itemId: string): number {
  return entriesOf(state, itemId).filter(takesPlace).length;
}

/** The item's waitlist, first in line first. */
export function waitlistOf(state: SignUpsState, itemId: string): SignUpEntry[] {
  return entriesOf(state, itemId)
    .filter((e) => e.status === 'waitlisted')
    .sort((a, b) => a.queuedAt - b.queuedAt || (a.signupId < b.signupId ? -1 : 1));
}

/** 1-based waitlist position of a sign-up, or null when it is placed (or gone). */
export function waitlistPosition(state: SignUpsState, signupId: string): number | null {
  const entry = state.entries[signupId];
  if (!entry || entry.status !== 'waitlisted') return null;
  return waitlistOf(state, entry.itemId).findIndex((e) => e.signupId === signupId) + 1;
}

function without(entries: Readonly<Record<string, SignUpEntry>>, ids: readonly string[]): Record<string, SignUpEntry> {
  const next = { ...entries };
  for (const id of ids) delete next[id];
  return next;
}

function assertNever(value: never): never {
  throw new Error(`Unexpected sign-up event ${JSON.stringify(value)}`);
}
