import { findItem, findList, type ExistingProject, type SignupEvent } from '@planwerk/events';
import { evolveListSignups, initialListSignups, type ListSignups, type SignupRecord, type Snapshot } from './backup-state.decider';
import { same } from './compare';

// The sign-ups in scope back to the state then, list by list, after the project's events:
// by the admin, without the capacity check (items left above capacity are reported).

export interface OverCapacity {
  listId: string;
  itemId: string;
  capacity: number;
  placed: number;
}

export type SkipReason = 'erased' | 'item_missing' | 'list_missing';

export interface SignupRestore {
  signups: Array<{ listId: string; events: SignupEvent[] }>;
  overCapacity: OverCapacity[];
  skipped: Array<{ signupId: string; reason: SkipReason }>;
}

const NO_PLACE_VOTES: ReadonlySet<string> = new Set(['no', 'dislike']);

/** `project`: the project as the restore's project events leave it. */
export function restoreSignups(
  projectId: string, keys: ReadonlySet<string>, state: { now: Snapshot; target: Snapshot }, project: ExistingProject,
): SignupRestore {
  const byList = new Map<string, string[]>();
  for (const k of keys) {
    if (!k.startsWith('signup:')) continue;
    const [, listId, signupId] = k.split(':') as [string, string, string];
    byList.set(listId, [...(byList.get(listId) ?? []), signupId]);
  }
  const result: SignupRestore = { signups: [], overCapacity: [], skipped: [] };
  for (const [listId, ids] of [...byList].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const before: ListSignups = state.now.lists[listId] ?? initialListSignups();
    const then: ListSignups = state.target.lists[listId] ?? initialListSignups();
    const listThere = findList(project, listId) !== undefined;
    // Re-added sign-ups keep their old FIFO order: in the order they had joined.
    const ordered = [...ids].sort((a, b) => (then.entries[a]?.queuedAt ?? Infinity) - (then.entries[b]?.queuedAt ?? Infinity) || (a < b ? -1 : 1));
    const events: SignupEvent[] = [];
    const touchedItems = new Set<string>();
    for (const signupId of ordered) {
      const past = then.entries[signupId];
      const current = before.entries[signupId];
      if (!past && !current) continue;
      if (past && current && sameSignup(past, current)) continue;
      if (!listThere) {
        if (past) result.skipped.push({ signupId, reason: 'list_missing' });
        continue;
      }
      const itemThere = (itemId: string) => findItem(project, itemId, listId) !== undefined;
      if (!past) {
        if (current) {
          events.push({ type: 'SignUpCancelled', data: { projectId, listId, itemId: current.itemId, signupId, by: 'admin' } });
          touchedItems.add(current.itemId);
        }
        continue;
      }
      if (past.erased && (!current || past.attended === null && current.attended !== null)) {
        result.skipped.push({ signupId, reason: 'erased' });
        continue;
      }
      if (!itemThere(past.itemId)) {
        // Its item was removed before t, so nobody saw it then; one moved since onto an item
        // that is there is cancelled, so that it is not seen now either (an item restore from
        // before the removal brings it back).
        if (current && itemThere(current.itemId)) {
          events.push({ type: 'SignUpCancelled', data: { projectId, listId, itemId: current.itemId, signupId, by: 'admin' } });
          touchedItems.add(current.itemId);
        }
        result.skipped.push({ signupId, reason: 'item_missing' });
        continue;
      }
      touchedItems.add(past.itemId);
      // Attendance cannot be set back to "not confirmed" by an event: cancel and add again.
      const reset = current !== undefined && past.attended === null && current.attended !== null;
      if (current && !reset) {
        const changes: Omit<Extract<SignupEvent, { type: 'SignUpChanged' }>['data'], 'projectId' | 'listId' | 'itemId' | 'signupId' | 'by'> = {};
        if (current.itemId !== past.itemId) changes.toItemId = past.itemId;
        if (current.vote !== past.vote) changes.vote = past.vote;
        if (current.status !== past.status) changes.status = past.status;
        if (!past.erased && current.name !== past.name) changes.name = past.name;
        if (!past.erased && !same(current.values, past.values)) changes.values = past.values;
        touchedItems.add(current.itemId);
        if (Object.keys(changes).length > 0) events.push({ type: 'SignUpChanged', data: { projectId, listId, itemId: current.itemId, signupId, ...changes, by: 'admin' } });
        if (past.attended !== null && past.attended !== current.attended) {
          events.push({ type: 'AttendanceConfirmed', data: { projectId, listId, signupIds: [signupId], attended: past.attended } });
        }
        continue;
      }
      if (current) {
        events.push({ type: 'SignUpCancelled', data: { projectId, listId, itemId: current.itemId, signupId, by: 'admin' } });
        touchedItems.add(current.itemId);
      }
      events.push({
        type: 'SignUpAdded',
        data: {
          projectId, listId, itemId: past.itemId, signupId, userId: past.userId, name: past.name, values: past.values, vote: past.vote,
          status: past.status, by: past.by, tokenHash: past.tokenHash, at: past.at,
        },
      });
      if (past.attended !== null) events.push({ type: 'AttendanceConfirmed', data: { projectId, listId, signupIds: [signupId], attended: past.attended } });
    }
    if (events.length === 0) continue;
    result.signups.push({ listId, events });
    const after = events.reduce((s, e) => evolveListSignups(s, e), before);
    for (const itemId of [...touchedItems].sort()) {
      const item = findItem(project, itemId, listId);
      if (!item || item.capacity === null) continue;
      const placed = Object.values(after.entries).filter((e) => e.itemId === itemId && e.status === 'placed' && !(e.vote !== null && NO_PLACE_VOTES.has(e.vote))).length;
      if (placed > item.capacity) result.overCapacity.push({ listId, itemId, capacity: item.capacity, placed });
    }
  }
  return result;
}

function sameSignup(a: SignupRecord, b: SignupRecord): boolean {
  const { queuedAt: _a, ...left } = a;
  const { queuedAt: _b, ...right } = b;
  return same(left, right);
}
