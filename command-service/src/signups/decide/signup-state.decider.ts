import type { SignupBy, SignupEvent, SignupStatus } from '@planwerk/events';
import { PersistentMap, PersistentQueue } from './persistent-collections.decider';

// The sign-ups of one list folded from `signups-<listId>` (ADR 0006). Pure: the decider, the
// per-stream cache and the property tests fold the same events with this function.
//
// A hot list is decided one command after another inside a serialized batch, so neither folding
// an event nor deciding a command may cost O(list): the state keeps, beside the entries, what
// the rules ask of an item (places held, the waitlist in FIFO order, the ids on it) and of a
// person (their sign-ups), all in persistent collections. An event updates the entries it names
// and their item and person, copying O(log n) small nodes; every older state stays intact (the
// stream cache, the batch's per-command answers and the decider's look-ahead keep them).

export interface SignupEntry {
  signupId: string;
  itemId: string;
  /** The member the sign-up belongs to; null for a visitor or a name entered by an admin. */
  userId: string | null;
  by: SignupBy;
  tokenHash: string | null;
  status: SignupStatus;
  vote: string | null;
  /** Log sequence at which the sign-up joined its item (or its waitlist): the FIFO order. */
  queuedAt: number;
  /** Manual attendance: null until an admin confirms or withdraws it. */
  attended: boolean | null;
}

/** What the rules ask of one item, kept along with the entries. */
export interface ItemSignups {
  /** Sign-ups holding one of its places (see `takesPlace`). */
  readonly placed: number;
  /** Waitlisted sign-up ids, first in line first (queuedAt, then id). */
  readonly waitlist: PersistentQueue;
  /** Every active sign-up on the item. */
  readonly ids: PersistentMap<true>;
}

export interface SignupsState {
  /** Active sign-ups by id (cancelled and cleared ones are gone). */
  readonly entries: PersistentMap<SignupEntry>;
  /** Items that have sign-ups. */
  readonly items: PersistentMap<ItemSignups>;
  /** Members (userId) that have sign-ups: their sign-up ids, sorted. */
  readonly people: PersistentMap<readonly string[]>;
  /** Number of events folded. */
  readonly sequence: number;
}

// Votes that do not take a place (ADR 0006).
const NO_PLACE_VOTES: ReadonlySet<string> = new Set(['no', 'dislike']);

const NO_ITEM: ItemSignups = { placed: 0, waitlist: PersistentQueue.empty(), ids: PersistentMap.empty() };

export function initialSignupsState(): SignupsState {
  return { entries: PersistentMap.empty(), items: PersistentMap.empty(), people: PersistentMap.empty(), sequence: 0 };
}

export function evolveSignups(state: SignupsState, event: SignupEvent): SignupsState {
  const sequence = state.sequence + 1;
  switch (event.type) {
    case 'SignUpAdded': {
      const d = event.data;
      return put(state, sequence, d.signupId, {
        signupId: d.signupId, itemId: d.itemId, userId: d.userId, by: d.by, tokenHash: d.tokenHash,
        status: d.status, vote: d.vote, queuedAt: sequence, attended: null,
      });
    }
    case 'SignUpChanged': {
      const d = event.data;
      const entry = state.entries.get(d.signupId);
      if (!entry) return { ...state, sequence };
      const moved = d.toItemId !== undefined && d.toItemId !== entry.itemId;
      return put(state, sequence, entry.signupId, {
        ...entry,
        itemId: d.toItemId ?? entry.itemId,
        vote: d.vote !== undefined ? d.vote : entry.vote,
        status: d.status ?? entry.status,
        // A move or a newly waitlisted sign-up queues at the end of its (new) item.
        queuedAt: moved || (d.status !== undefined && d.status !== entry.status) ? sequence : entry.queuedAt,
      });
    }
    case 'SignUpCancelled':
      return put(state, sequence, event.data.signupId, null);
    case 'SignUpPromoted': {
      const entry = state.entries.get(event.data.signupId);
      if (!entry) return { ...state, sequence };
      return put(state, sequence, entry.signupId, { ...entry, status: 'placed' });
    }
    case 'AttendanceConfirmed': {
      let next: SignupsState = { ...state, sequence };
      for (const id of event.data.signupIds) {
        const entry = next.entries.get(id);
        if (entry) next = put(next, sequence, id, { ...entry, attended: event.data.attended });
      }
      return next;
    }
    case 'ItemSignUpsCleared':
    case 'ListSignUpsCleared': {
      let next: SignupsState = { ...state, sequence };
      for (const id of event.data.signupIds) next = put(next, sequence, id, null);
      return next;
    }
    default:
      return assertNever(event);
  }
}

export function foldSignups(events: readonly SignupEvent[], state: SignupsState = initialSignupsState()): SignupsState {
  return events.reduce(evolveSignups, state);
}

/** The entry of `signupId` becomes `after` (null: gone), with its item(s) and person updated. */
function put(state: SignupsState, sequence: number, signupId: string, after: SignupEntry | null): SignupsState {
  const before = state.entries.get(signupId) ?? null;
  const entries = after === null ? state.entries.delete(signupId) : state.entries.set(signupId, after);
  let items = state.items;
  if (before !== null && after !== null && before.itemId === after.itemId) {
    items = settleItem(items, signupId, before.itemId, before, after);
  } else {
    if (before !== null) items = settleItem(items, signupId, before.itemId, before, null);
    if (after !== null) items = settleItem(items, signupId, after.itemId, null, after);
  }
  let people = state.people;
  const from = before?.userId ?? null;
  const to = after?.userId ?? null;
  if (from !== null && from !== to) people = withoutId(people, from, signupId);
  if (to !== null && to !== from) people = withId(people, to, signupId);
  return { entries, items, people, sequence };
}

/** One sign-up leaves (`before`) and/or joins (`after`) the item `itemId`. */
function settleItem(
  items: PersistentMap<ItemSignups>, signupId: string, itemId: string, before: SignupEntry | null, after: SignupEntry | null,
): PersistentMap<ItemSignups> {
  const item = items.get(itemId) ?? NO_ITEM;
  const placed = item.placed - (before !== null && takesPlace(before) ? 1 : 0) + (after !== null && takesPlace(after) ? 1 : 0);
  const queuedBefore = before !== null && before.status === 'waitlisted' ? before.queuedAt : null;
  const queuedAfter = after !== null && after.status === 'waitlisted' ? after.queuedAt : null;
  let waitlist = item.waitlist;
  if (queuedBefore !== queuedAfter) {
    if (queuedBefore !== null) waitlist = waitlist.remove(signupId, queuedBefore);
    if (queuedAfter !== null) waitlist = waitlist.add(signupId, queuedAfter);
  }
  const ids = after === null ? item.ids.delete(signupId) : item.ids.set(signupId, true);
  if (ids.size === 0) return items.delete(itemId);
  if (placed === item.placed && waitlist === item.waitlist && ids === item.ids) return items;
  return items.set(itemId, { placed, waitlist, ids });
}

function withId(people: PersistentMap<readonly string[]>, userId: string, signupId: string): PersistentMap<readonly string[]> {
  const ids = people.get(userId) ?? [];
  if (ids.includes(signupId)) return people;
  return people.set(userId, [...ids, signupId].sort());
}

function withoutId(people: PersistentMap<readonly string[]>, userId: string, signupId: string): PersistentMap<readonly string[]> {
  const ids = (people.get(userId) ?? []).filter((id) => id !== signupId);
  return ids.length === 0 ? people.delete(userId) : people.set(userId, ids);
}

/** Whether a sign-up holds one of its item's places: placed, and not a no/dislike vote. */
export function takesPlace(entry: Pick<SignupEntry, 'status' | 'vote'>): boolean {
  return entry.status === 'placed' && !isNoPlaceVote(entry.vote);
}

export function isNoPlaceVote(vote: string | null): boolean {
  return vote !== null && NO_PLACE_VOTES.has(vote);
}

export function placesTaken(state: SignupsState, itemId: string): number {
  return state.items.get(itemId)?.placed ?? 0;
}

/** The ids of the item's sign-ups, sorted. */
export function signupIdsOn(state: SignupsState, itemId: string): string[] {
  return (state.items.get(itemId)?.ids.keys() ?? []).sort();
}

/** A member's sign-ups on the list. */
export function signupsOf(state: SignupsState, userId: string): SignupEntry[] {
  return (state.people.get(userId) ?? []).map((id) => entryOf(state, id));
}

/** Visits the item's waitlist first in line first, until `visit` returns false. */
export function forEachWaiting(state: SignupsState, itemId: string, visit: (entry: SignupEntry) => boolean): void {
  state.items.get(itemId)?.waitlist.forEach((id) => visit(entryOf(state, id)));
}

/** The item's waitlist, first in line first. */
export function waitlistOf(state: SignupsState, itemId: string): SignupEntry[] {
  return (state.items.get(itemId)?.waitlist.ids() ?? []).map((id) => entryOf(state, id));
}

/** 1-based waitlist position of a sign-up, or null when it is placed (or gone). */
export function waitlistPosition(state: SignupsState, signupId: string): number | null {
  const entry = state.entries.get(signupId);
  if (!entry || entry.status !== 'waitlisted') return null;
  const rank = state.items.get(entry.itemId)?.waitlist.rank(signupId, entry.queuedAt) ?? null;
  return rank === null ? null : rank + 1;
}

function entryOf(state: SignupsState, signupId: string): SignupEntry {
  const entry = state.entries.get(signupId);
  // The indexes are updated with the entries in `put`; a miss is a bug, not a state.
  if (!entry) throw new Error(`Sign-up index names ${signupId}, which has no entry`);
  return entry;
}

function assertNever(value: never): never {
  throw new Error(`Unexpected sign-up event ${JSON.stringify(value)}`);
}
