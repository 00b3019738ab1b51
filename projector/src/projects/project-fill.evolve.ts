import type { SignupStatus } from '@planwerk/events';
import { holdsPlace, type ProjectsFeedEvent } from './projects-feed';

// Fill of every item over time, for the analysis (fill rate per list and item): each change of
// an item's places, waitlist or capacity writes the item's numbers for the day the event was
// recorded (calendar day in Germany), so a day's row holds the numbers at the end of that day.

export interface FillItem {
  itemId: string;
  projectId: string;
  listId: string;
  capacity: number | null;
  placed: number;
  waitlisted: number;
}

export interface FillSignup {
  signupId: string;
  projectId: string;
  listId: string;
  itemId: string;
  status: SignupStatus;
  vote: string | null;
}

export interface FillDay {
  projectId: string;
  listId: string;
  itemId: string;
  /** YYYY-MM-DD */
  day: string;
  placed: number;
  waitlisted: number;
  capacity: number | null;
}

export type FillSweep = { by: 'list' | 'item' | 'project'; id: string };

export interface FillState {
  items: Map<string, FillItem | null>;
  signups: Map<string, FillSignup | null>;
  /** Day rows written by the events folded so far, by `itemId/day`. */
  days: Map<string, FillDay>;
  sweeps: FillSweep[];
}

export function emptyFill(): FillState {
  return { items: new Map(), signups: new Map(), days: new Map(), sweeps: [] };
}

const BERLIN_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day in Germany of a recorded time (YYYY-MM-DD). */
export function fillDayOf(recordedAt: Date): string {
  return BERLIN_DAY.format(recordedAt);
}

function matches(sweep: FillSweep, row: { projectId: string; listId: string; itemId: string }): boolean {
  switch (sweep.by) {
    case 'list': return row.listId === sweep.id;
    case 'item': return row.itemId === sweep.id;
    case 'project': return row.projectId === sweep.id;
    default: return assertNever(sweep.by);
  }
}

function sweep(state: FillState, s: FillSweep): void {
  state.sweeps.push(s);
  for (const [id, item] of state.items) if (item && matches(s, item)) state.items.set(id, null);
  for (const [id, signup] of state.signups) if (signup && matches(s, signup)) state.signups.set(id, null);
  for (const [key, day] of state.days) if (matches(s, day)) state.days.delete(key);
}

function record(state: FillState, item: FillItem, day: string): void {
  state.days.set(`${item.itemId}/${day}`, {
    projectId: item.projectId, listId: item.listId, itemId: item.itemId, day, placed: item.placed, waitlisted: item.waitlisted, capacity: item.capacity,
  });
}

/** Adds (+1) or takes away (-1) a sign-up's share of its item's numbers and records the item's day. */
function count(state: FillState, signup: FillSignup, sign: 1 | -1, day: string): void {
  const item = state.items.get(signup.itemId);
  if (!item) return;
  const next = {
    ...item,
    placed: item.placed + (holdsPlace(signup) ? sign : 0),
    waitlisted: item.waitlisted + (signup.status === 'waitlisted' ? sign : 0),
  };
  state.items.set(item.itemId, next);
  record(state, next, day);
}

function replace(state: FillState, signupId: string, day: string, update: (s: FillSignup) => FillSignup | null): void {
  const current = state.signups.get(signupId);
  if (!current) return;
  const next = update(current);
  count(state, current, -1, day);
  if (next) count(state, next, 1, day);
  state.signups.set(signupId, next);
}

/** Folds one event into the state in place. */
export function evolveFill(state: FillState, event: ProjectsFeedEvent, recordedAt: Date): void {
  const day = fillDayOf(recordedAt);
  switch (event.type) {
    case 'ItemAdded': {
      const d = event.data;
      if (state.items.get(d.itemId)) return;
      const item: FillItem = { itemId: d.itemId, projectId: d.projectId, listId: d.listId, capacity: d.capacity, placed: 0, waitlisted: 0 };
      state.items.set(d.itemId, item);
      record(state, item, day);
      return;
    }
    case 'ItemEdited': {
      const item = state.items.get(event.data.itemId);
      if (!item || event.data.capacity === undefined || event.data.capacity === item.capacity) return;
      const next = { ...item, capacity: event.data.capacity };
      state.items.set(item.itemId, next);
      record(state, next, day);
      return;
    }
    case 'ItemRemoved':
      sweep(state, { by: 'item', id: event.data.itemId });
      return;
    case 'ListRemoved':
      sweep(state, { by: 'list', id: event.data.listId });
      return;
    case 'ProjectPurged':
      sweep(state, { by: 'project', id: event.data.projectId });
      return;
    case 'SignUpAdded': {
      const d = event.data;
      if (state.signups.get(d.signupId)) return;
      const signup: FillSignup = { signupId: d.signupId, projectId: d.projectId, listId: d.listId, itemId: d.itemId, status: d.status, vote: d.vote };
      state.signups.set(d.signupId, signup);
      count(state, signup, 1, day);
      return;
    }
    case 'SignUpChanged': {
      const d = event.data;
      replace(state, d.signupId, day, (s) => ({
        ...s, itemId: d.toItemId ?? s.itemId, status: d.status ?? s.status, vote: d.vote !== undefined ? d.vote : s.vote,
      }));
      return;
    }
    case 'SignUpPromoted':
      replace(state, event.data.signupId, day, (s) => ({ ...s, status: 'placed' }));
      return;
    case 'SignUpCancelled':
      replace(state, event.data.signupId, day, () => null);
      return;
    case 'ItemSignUpsCleared':
    case 'ListSignUpsCleared':
      for (const id of event.data.signupIds) replace(state, id, day, () => null);
      return;
    case 'ProjectCreated':
    case 'ProjectEdited':
    case 'ProjectVisibilityChanged':
    case 'ProjectStatusChanged':
    case 'ProjectLockChanged':
    case 'PhaseAdded':
    case 'PhaseEdited':
    case 'PhasesSorted':
    case 'PhaseRemoved':
    case 'ListAdded':
    case 'ListEdited':
    case 'ListMoved':
    case 'ListsSorted':
    case 'ItemsSorted':
    case 'AttendanceConfirmed':
    case 'PresetColumnSaved':
    case 'PresetColumnRemoved':
    case 'AccountErased':
      return;
    default:
      assertNever(event);
  }
}

export const PROJECT_FILL_TYPES: ReadonlySet<string> = new Set([
  'ItemAdded', 'ItemEdited', 'ItemRemoved', 'ListRemoved', 'ProjectPurged', 'SignUpAdded', 'SignUpChanged', 'SignUpPromoted',
  'SignUpCancelled', 'ItemSignUpsCleared', 'ListSignUpsCleared',
]);

function assertNever(value: never): never {
  throw new Error(`Unexpected project fill value ${JSON.stringify(value)}`);
}
