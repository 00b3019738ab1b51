import type { MySignupCancelledBy, SignupStatus } from '@planwerk/events';
import type { ProjectsFeedEvent } from './projects-feed';

// "My sign-ups": every sign-up of a signed-in person across all teams, one row each, with its
// receipts (signed up, moved from the waitlist, changed, cancelled). A cancelled sign-up keeps its
// row; removed lists, items, projects and erased people take theirs along. Sign-ups of visitors
// without an account (userId null) have no row.

export interface MySignupRow {
  signupId: string;
  userId: string;
  teamId: string;
  projectId: string;
  listId: string;
  itemId: string;
  status: SignupStatus;
  /** When the person signed up (the sign-up's own time). */
  at: string;
  /** The receipts below are the times the log recorded the events. */
  promotedAt: string | null;
  changedAt: string | null;
  cancelledAt: string | null;
  cancelledBy: MySignupCancelledBy | null;
}

/** Removes every row of a scope at once (a list, an item, a project, a person). */
export type MySignupsSweep =
  | { by: 'list'; id: string }
  | { by: 'item'; id: string }
  | { by: 'project'; id: string }
  | { by: 'user'; id: string };

/** What the evolve sees and changes: the rows it was given (null = none) and the projects' teams. */
export interface MySignupsState {
  rows: Map<string, MySignupRow | null>;
  /** projectId → teamId, from ProjectCreated; null once purged. */
  projects: Map<string, string | null>;
  sweeps: MySignupsSweep[];
}

export function emptyMySignups(): MySignupsState {
  return { rows: new Map(), projects: new Map(), sweeps: [] };
}

export function sweepMatches(sweep: MySignupsSweep, row: MySignupRow): boolean {
  switch (sweep.by) {
    case 'list': return row.listId === sweep.id;
    case 'item': return row.itemId === sweep.id;
    case 'project': return row.projectId === sweep.id;
    case 'user': return row.userId === sweep.id;
    default: return assertNever(sweep);
  }
}

function sweep(state: MySignupsState, s: MySignupsSweep): void {
  state.sweeps.push(s);
  for (const [id, row] of state.rows) if (row !== null && sweepMatches(s, row)) state.rows.set(id, null);
}

function change(state: MySignupsState, signupId: string, update: (row: MySignupRow) => MySignupRow | null): void {
  const row = state.rows.get(signupId);
  if (row) state.rows.set(signupId, update(row));
}

/** What the log knows about an event besides its data. */
export interface MySignupsEventMeta {
  /** The team the event was recorded for, used when the project's creation is not known (never for a purged project). */
  teamId: string | null;
  recordedAt: string;
}

/** Folds one event into the state in place. */
export function evolveMySignups(state: MySignupsState, event: ProjectsFeedEvent, meta: MySignupsEventMeta): void {
  const cancel = (by: MySignupCancelledBy) => (row: MySignupRow): MySignupRow =>
    (row.cancelledAt === null ? { ...row, cancelledAt: meta.recordedAt, cancelledBy: by } : row);
  switch (event.type) {
    case 'ProjectCreated':
      state.projects.set(event.data.projectId, event.data.teamId);
      return;
    case 'ProjectPurged':
      state.projects.set(event.data.projectId, null);
      sweep(state, { by: 'project', id: event.data.projectId });
      return;
    case 'ListRemoved':
      sweep(state, { by: 'list', id: event.data.listId });
      return;
    case 'ItemRemoved':
      sweep(state, { by: 'item', id: event.data.itemId });
      return;
    case 'AccountErased':
      sweep(state, { by: 'user', id: event.data.userId });
      return;
    case 'SignUpAdded': {
      const d = event.data;
      if (d.userId === null || state.rows.get(d.signupId)) return;
      const known = state.projects.get(d.projectId);
      const teamId = known === undefined ? meta.teamId : known;
      if (teamId === null) return;
      state.rows.set(d.signupId, {
        signupId: d.signupId, userId: d.userId, teamId, projectId: d.projectId, listId: d.listId, itemId: d.itemId, status: d.status, at: d.at,
        promotedAt: null, changedAt: null, cancelledAt: null, cancelledBy: null,
      });
      return;
    }
    case 'SignUpChanged': {
      const d = event.data;
      change(state, d.signupId, (row) => ({
        ...row, itemId: d.toItemId ?? row.itemId, status: d.status ?? row.status, changedAt: meta.recordedAt,
      }));
      return;
    }
    case 'SignUpPromoted':
      change(state, event.data.signupId, (row) => ({ ...row, status: 'placed', promotedAt: meta.recordedAt }));
      return;
    case 'SignUpCancelled':
      // An owner or admin cancelling for someone counts as the organiser (spec section 5).
      change(state, event.data.signupId, cancel(event.data.by === 'admin' ? 'organiser' : 'self'));
      return;
    case 'ItemSignUpsCleared':
    case 'ListSignUpsCleared':
      for (const id of event.data.signupIds) change(state, id, cancel('organiser'));
      return;
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
    case 'ItemAdded':
    case 'ItemEdited':
    case 'ItemsSorted':
    case 'AttendanceConfirmed':
    case 'PresetColumnSaved':
    case 'PresetColumnRemoved':
      return;
    default:
      assertNever(event);
  }
}

/** The event types that change this read model. */
export const MY_SIGNUPS_TYPES: ReadonlySet<string> = new Set([
  'ProjectCreated', 'ProjectPurged', 'ListRemoved', 'ItemRemoved', 'AccountErased', 'SignUpAdded', 'SignUpChanged', 'SignUpPromoted',
  'SignUpCancelled', 'ItemSignUpsCleared', 'ListSignUpsCleared',
]);

function assertNever(value: never): never {
  throw new Error(`Unexpected my-signups value ${JSON.stringify(value)}`);
}
