import {
  DomainError,
  evolveProject,
  findItem,
  findList,
  findPhase,
  itemsOf,
  listsOf,
  phasesIn,
  type ExistingProject,
  type ItemState,
  type ListState,
  type PhaseState,
  type ProjectEvent,
  type ProjectState,
  type SignUpEvent,
} from '@planwerk/events';
import {
  evolveListSignUps,
  initialListSignUps,
  key,
  projectKeys,
  type ListSignUps,
  type SignUpRecord,
  type Snapshot,
} from './backup-state.decider';

// Compensation (ADR 0008): brings the objects named by `keys` from the state `now` back to the
// state `target` with new events of the public event types — history is never rewritten.
// Removed phases, lists, items and sign-ups come back with their old ids (the ids were never
// given to anything else: they are UUIDs, and the project decider only refuses ids that exist
// now). A restore is an admin action: plan limits and item capacity are not checked again
// (items left above capacity are reported), statuses are set as they were, nobody is promoted.
// Pure: the caller reads both snapshots and appends the result in one transaction.

export type RestoreTarget =
  | { scope: 'project' }
  | { scope: 'list'; listId: string }
  | { scope: 'item'; listId: string; itemId: string }
  | { scope: 'signups'; listId: string; signupIds: readonly string[] };

export interface RestoreCommand {
  type: 'Restore';
  projectId: string;
  /** The objects to bring back (see the key scheme in backup-state.decider.ts). */
  keys: readonly string[];
}

export interface RestoreState {
  now: Snapshot;
  target: Snapshot;
}

export interface OverCapacity {
  listId: string;
  itemId: string;
  capacity: number;
  placed: number;
}

export type SkipReason = 'erased' | 'item_missing' | 'list_missing';

export interface RestoreDecision {
  project: ProjectEvent[];
  signups: Array<{ listId: string; events: SignUpEvent[] }>;
  overCapacity: OverCapacity[];
  skipped: Array<{ signupId: string; reason: SkipReason }>;
}

/** The keys a restore scope covers, from both states (what is there now and what was there then). */
export function scopeKeys(target: RestoreTarget, state: RestoreState): string[] {
  const { now, target: past } = state;
  const signupsOf = (listId: string, keep: (entry: SignUpRecord) => boolean = () => true): string[] => {
    const ids = new Set<string>();
    for (const snapshot of [now, past]) {
      for (const entry of Object.values(snapshot.lists[listId]?.entries ?? {})) if (keep(entry)) ids.add(entry.signupId);
    }
    return [...ids].map((id) => key.signup(listId, id));
  };
  switch (target.scope) {
    case 'project': {
      const lists = new Set([...Object.keys(now.lists), ...Object.keys(past.lists)]);
      return unique([...projectKeys(now.project), ...projectKeys(past.project), ...[...lists].flatMap((listId) => signupsOf(listId))]);
    }
    case 'list': {
      const known = [now.project, past.project].some((p) => findList(p, target.listId) !== undefined);
      if (!known) throw new DomainError('not_found', { details: { listId: target.listId } });
      const items = [now.project, past.project].flatMap((p) => (p.exists ? itemsOf(p, target.listId) : [])).map((i) => key.item(i.itemId));
      return unique([key.list(target.listId), key.items(target.listId), ...items, ...signupsOf(target.listId)]);
    }
    case 'item': {
      const known = [now.project, past.project].some((p) => findItem(p, target.itemId, target.listId) !== undefined);
      if (!known) throw new DomainError('not_found', { details: { listId: target.listId, itemId: target.itemId } });
      return unique([key.item(target.itemId), ...signupsOf(target.listId, (e) => e.itemId === target.itemId)]);
    }
    case 'signups':
      return unique(target.signupIds.map((id) => key.signup(target.listId, id)));
    default:
      return assertNever(target);
  }
}

const NO_TREE = { phases: [] as PhaseState[], lists: [] as ListState[], items: [] as ItemState[] };

export function decideRestore(command: RestoreCommand, state: RestoreState): RestoreDecision {
  const keys = new Set(command.keys);
  const has = (k: string): boolean => keys.has(k);
  const { projectId } = command;
  const past = state.target.project;
  const events: ProjectEvent[] = [];
  let cur: ProjectState = state.now.project;
  const emit = (event: ProjectEvent): void => {
    events.push(event);
    cur = evolveProject(cur, event);
  };
  const nothing: RestoreDecision = { project: [], signups: [], overCapacity: [], skipped: [] };

  if (has(key.project('exists'))) {
    if (past.exists && !cur.exists) emit(recreated(past));
    else if (!past.exists && cur.exists) {
      // Back to "not there": a project that never existed at that point goes to the trash; one
      // that was permanently deleted then is deleted permanently again (from the trash).
      if (cur.status !== 0) emit({ type: 'ProjectStatusChanged', data: { projectId, from: cur.status, to: 0 } });
      if (past.purged) emit({ type: 'ProjectPurged', data: { projectId } });
      return { ...nothing, project: events };
    }
  }
  if (!cur.exists) {
    if (!past.exists) return nothing;
    throw new DomainError('not_found', { details: { projectId, reason: 'the project is gone: restore the project first' } });
  }

  const then = past.exists ? past : NO_TREE;
  const now = (): ExistingProject => cur as ExistingProject;

  // Project fields.
  if (past.exists) {
    const edit: Extract<ProjectEvent, { type: 'ProjectEdited' }>['data'] = { projectId };
    if (has(key.project('name')) && past.name !== now().name) edit.name = past.name;
    if (has(key.project('colour')) && past.colour !== now().colour) edit.colour = past.colour;
    if (has(key.project('startDate')) && past.startDate !== now().startDate) edit.startDate = past.startDate;
    if (has(key.project('settings')) && !same(past.settings, now().settings)) edit.settings = past.settings;
    if (Object.keys(edit).length > 1) emit({ type: 'ProjectEdited', data: edit });
    const visibilityDiffers = past.visibility !== now().visibility || past.passwordHash !== now().passwordHash;
    if (has(key.project('visibility')) && visibilityDiffers && (past.visibility !== 'password' || past.passwordHash !== null)) {
      emit({ type: 'ProjectVisibilityChanged', data: { projectId, visibility: past.visibility, passwordHash: past.visibility === 'password' ? past.passwordHash : null } });
    }
    if (has(key.project('locked')) && past.locked !== now().locked) emit({ type: 'ProjectLockChanged', data: { projectId, locked: past.locked } });
  }

  const pastPhase = (id: string) => then.phases.find((p) => p.phaseId === id);
  const pastList = (id: string) => then.lists.find((l) => l.listId === id);
  const pastItem = (id: string) => then.items.find((i) => i.itemId === id);

  const ensurePhase = (phaseId: string): void => {
    if (findPhase(cur, phaseId)) return;
    const phase = pastPhase(phaseId);
    if (!phase) throw new DomainError('conflict', { field: 'phaseId', details: { phaseId, reason: 'the phase is gone' } });
    if (phase.folderId !== null) ensurePhase(phase.folderId);
    emit({ type: 'PhaseAdded', data: { projectId, phaseId, name: phase.name, description: phase.description, folderId: phase.folderId, copiedFrom: phase.copiedFrom } });
  };

  // Phases (top-level ones first, so sub-groups find their folder).
  for (const phase of [...then.phases].sort((a, b) => Number(a.folderId !== null) - Number(b.folderId !== null))) {
    if (!has(key.phase(phase.phaseId))) continue;
    ensurePhase(phase.phaseId);
    const current = findPhase(cur, phase.phaseId) as PhaseState;
    const changes = {
      ...(current.name !== phase.name ? { name: phase.name } : {}),
      ...(current.description !== phase.description ? { description: phase.description } : {}),
    };
    if (Object.keys(changes).length > 0) emit({ type: 'PhaseEdited', data: { projectId, phaseId: phase.phaseId, ...changes } });
  }

  // Lists: back, edited back, moved back.
  for (const list of then.lists) {
    if (!has(key.list(list.listId))) continue;
    const current = findList(cur, list.listId);
    ensurePhase(list.phaseId);
    if (!current) {
      const { copiedFrom, ...content } = list;
      emit({ type: 'ListAdded', data: { projectId, ...content, copiedFrom } });
      continue;
    }
    const changes = changedFields(current, list, LIST_FIELDS);
    if (Object.keys(changes).length > 0) emit({ type: 'ListEdited', data: { projectId, listId: list.listId, ...changes } });
    if (current.phaseId !== list.phaseId) emit({ type: 'ListMoved', data: { projectId, listId: list.listId, fromPhaseId: current.phaseId, toPhaseId: list.phaseId } });
  }

  // Items: back and edited back (an item of a list that is gone needs the list first).
  for (const item of then.items) {
    if (!has(key.item(item.itemId))) continue;
    if (!findList(cur, item.listId)) throw new DomainError('conflict', { field: 'listId', details: { listId: item.listId, reason: 'the list is gone: restore the list' } });
    const current = findItem(cur, item.itemId);
    if (!current) {
      const { copiedFrom, ...content } = item;
      emit({ type: 'ItemAdded', data: { projectId, ...content, copiedFrom } });
      continue;
    }
    const changes = changedFields(current, item, ITEM_FIELDS);
    if (Object.keys(changes).length > 0) emit({ type: 'ItemEdited', data: { projectId, listId: item.listId, itemId: item.itemId, ...changes } });
  }

  // What was not there then goes: items, lists, then phases (their remaining content first).
  for (const item of [...now().items]) {
    if (has(key.item(item.itemId)) && !pastItem(item.itemId) && findItem(cur, item.itemId)) {
      emit({ type: 'ItemRemoved', data: { projectId, listId: item.listId, itemId: item.itemId } });
    }
  }
  for (const list of [...now().lists]) {
    if (has(key.list(list.listId)) && !pastList(list.listId) && findList(cur, list.listId)) emit({ type: 'ListRemoved', data: { projectId, listId: list.listId } });
  }
  const removePhase = (phaseId: string): void => {
    for (const sub of phasesIn(now(), phaseId)) removePhase(sub.phaseId);
    for (const list of listsOf(now(), phaseId)) emit({ type: 'ListRemoved', data: { projectId, listId: list.listId } });
    emit({ type: 'PhaseRemoved', data: { projectId, phaseId } });
  };
  for (const phase of [...now().phases].sort((a, b) => Number(b.folderId !== null) - Number(a.folderId !== null))) {
    if (has(key.phase(phase.phaseId)) && !pastPhase(phase.phaseId) && findPhase(cur, phase.phaseId)) removePhase(phase.phaseId);
  }

  // Orders of the sibling groups in scope: the order then, members that joined since at the end.
  for (const k of keys) {
    const [kind, id] = splitKey(k);
    if (kind === 'phases') {
      const folderId = id === 'root' ? null : id;
      if (folderId !== null && !findPhase(cur, folderId)) continue;
      const order = desiredOrder(phasesIn(now(), folderId).map((p) => p.phaseId), then.phases.filter((p) => p.folderId === folderId).map((p) => p.phaseId));
      if (order) emit({ type: 'PhasesSorted', data: { projectId, folderId, order } });
    } else if (kind === 'lists') {
      if (!findPhase(cur, id)) continue;
      const order = desiredOrder(listsOf(now(), id).map((l) => l.listId), then.lists.filter((l) => l.phaseId === id).map((l) => l.listId));
      if (order) emit({ type: 'ListsSorted', data: { projectId, phaseId: id, order } });
    } else if (kind === 'items') {
      if (!findList(cur, id)) continue;
      const order = desiredOrder(itemsOf(now(), id).map((i) => i.itemId), then.items.filter((i) => i.listId === id).map((i) => i.itemId));
      if (order) emit({ type: 'ItemsSorted', data: { projectId, listId: id, order } });
    }
  }

  if (past.exists && has(key.project('status')) && past.status !== now().status) {
    emit({ type: 'ProjectStatusChanged', data: { projectId, from: now().status, to: past.status } });
  }

  const signups = restoreSignUps(projectId, keys, state, now());
  return { project: events, ...signups };
}

const LIST_FIELDS = ['type', 'name', 'description', 'window', 'attendance', 'fields', 'settings'] as const;
const ITEM_FIELDS = ['name', 'description', 'capacity', 'vote', 'date', 'time'] as const;
const NO_PLACE_VOTES: ReadonlySet<string> = new Set(['no', 'dislike']);

function restoreSignUps(projectId: string, keys: ReadonlySet<string>, state: RestoreState, project: ExistingProject): Omit<RestoreDecision, 'project'> {
  const byList = new Map<string, string[]>();
  for (const k of keys) {
    if (!k.startsWith('signup:')) continue;
    const [, listId, signupId] = k.split(':') as [string, string, string];
    byList.set(listId, [...(byList.get(listId) ?? []), signupId]);
  }
  const result: Omit<RestoreDecision, 'project'> = { signups: [], overCapacity: [], skipped: [] };
  for (const [listId, ids] of [...byList].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const before: ListSignUps = state.now.lists[listId] ?? initialListSignUps();
    const then: ListSignUps = state.target.lists[listId] ?? initialListSignUps();
    const listThere = findList(project, listId) !== undefined;
    // Re-added sign-ups keep their old FIFO order: in the order they had joined.
    const ordered = [...ids].sort((a, b) => (then.entries[a]?.queuedAt ?? Infinity) - (then.entries[b]?.queuedAt ?? Infinity) || (a < b ? -1 : 1));
    const events: SignUpEvent[] = [];
    const touchedItems = new Set<string>();
    for (const signupId of ordered) {
      const past = then.entries[signupId];
      const current = before.entries[signupId];
      if (!past && !current) continue;
      if (past && current && sameSignUp(past, current)) continue;
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
        result.skipped.push({ signupId, reason: 'item_missing' });
        continue;
      }
      touchedItems.add(past.itemId);
      // Attendance cannot be set back to "not confirmed" by an event: cancel and add again.
      const reset = current !== undefined && past.attended === null && current.attended !== null;
      if (current && !reset) {
        const changes: Omit<Extract<SignUpEvent, { type: 'SignUpChanged' }>['data'], 'projectId' | 'listId' | 'itemId' | 'signupId' | 'by'> = {};
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
    const after = events.reduce((s, e) => evolveListSignUps(s, e), before);
    for (const itemId of [...touchedItems].sort()) {
      const item = findItem(project, itemId, listId);
      if (!item || item.capacity === null) continue;
      const placed = Object.values(after.entries).filter((e) => e.itemId === itemId && e.status === 'placed' && !(e.vote !== null && NO_PLACE_VOTES.has(e.vote))).length;
      if (placed > item.capacity) result.overCapacity.push({ listId, itemId, capacity: item.capacity, placed });
    }
  }
  return result;
}

function sameSignUp(a: SignUpRecord, b: SignUpRecord): boolean {
  const { queuedAt: _a, ...left } = a;
  const { queuedAt: _b, ...right } = b;
  return same(left, right);
}

/** ProjectCreated that brings a permanently deleted project back with its old id, link and data. */
function recreated(past: ExistingProject): ProjectEvent {
  return {
    type: 'ProjectCreated',
    data: {
      projectId: past.projectId, teamId: past.teamId, link: past.link, name: past.name, colour: past.colour,
      status: past.status === 2 ? 2 : 3,
      // A password project gets its hash by the visibility event that follows.
      visibility: past.visibility === 'password' ? 'admins' : past.visibility,
      settings: past.settings, shareHash: past.shareHash, startDate: past.startDate, createdBy: past.createdBy,
      createdAt: past.createdAt, copiedFrom: past.copiedFrom,
    },
  };
}

/** The group's wanted order (members then in their order, newer members after), or null when it already is. */
function desiredOrder(current: string[], then: string[]): string[] | null {
  const members = new Set(current);
  const kept = then.filter((id) => members.has(id));
  const keptSet = new Set(kept);
  const order = [...kept, ...current.filter((id) => !keptSet.has(id))];
  return order.every((id, index) => current[index] === id) ? null : order;
}

function splitKey(k: string): [string, string] {
  const at = k.indexOf(':');
  return [k.slice(0, at), k.slice(at + 1)];
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

/** The fields of `then` that differ from `now` (deep, key order ignored). */
function changedFields<T extends object, K extends keyof T>(now: T, then: T, fields: readonly K[]): Partial<Pick<T, K>> {
  const changes: Partial<Pick<T, K>> = {};
  for (const field of fields) if (!same(now[field], then[field])) changes[field] = then[field];
  return changes;
}

/** Deep equality of JSON values; object key order does not count (jsonb reorders keys). */
export function same(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

function assertNever(value: never): never {
  throw new Error(`Unexpected restore target ${JSON.stringify(value)}`);
}
