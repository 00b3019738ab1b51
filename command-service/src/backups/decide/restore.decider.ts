import { DomainError, findItem, findList, itemsOf, type ExistingProject, type ProjectEvent } from '@planwerk/events';
import { key, projectKeys, type SignupRecord, type Snapshot } from './backup-state.decider';
import { same } from './compare';
import { replayFrom, type Replay } from './replay';
import { restoreSignups, type SignupRestore } from './signups';
import { NO_TREE, restoreTree } from './tree';

// Compensation (ADR 0008): brings the objects named by `keys` from the state `now` back to the
// state `target` with new events of the public event types — history is never rewritten.
// Removed phases, lists, items and sign-ups come back with their old ids (the ids were never
// given to anything else: they are UUIDs, and the project decider only refuses ids that exist
// now). A restore is an admin action: plan limits and item capacity are not checked again
// (items left above capacity are reported), statuses are set as they were, nobody is promoted.
// Pure: the caller reads both snapshots and appends the result in one transaction. The steps
// (tree, sign-ups) are in decide/.

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

export interface RestoreDecision extends SignupRestore {
  project: ProjectEvent[];
}

/** The keys a restore scope covers, from both states (what is there now and what was there then). */
export function scopeKeys(target: RestoreTarget, state: RestoreState): string[] {
  const { now, target: past } = state;
  const signupsOf = (listId: string, keep: (entry: SignupRecord) => boolean = () => true): string[] => {
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

export function decideRestore(command: RestoreCommand, state: RestoreState): RestoreDecision {
  const keys = new Set(command.keys);
  const has = (k: string): boolean => keys.has(k);
  const { projectId } = command;
  const past = state.target.project;
  const replay = replayFrom(state.now.project);
  const nothing: RestoreDecision = { project: [], signups: [], overCapacity: [], skipped: [] };

  if (has(key.project('exists'))) {
    const cur = replay.state();
    if (past.exists && !cur.exists) replay.emit(recreated(past));
    else if (!past.exists && cur.exists) {
      // Back to "not there": a project that never existed at that point goes to the trash; one
      // that was permanently deleted then is deleted permanently again (from the trash).
      if (cur.status !== 0) replay.emit({ type: 'ProjectStatusChanged', data: { projectId, from: cur.status, to: 0 } });
      if (past.purged) replay.emit({ type: 'ProjectPurged', data: { projectId } });
      return { ...nothing, project: replay.events };
    }
  }
  if (!replay.state().exists) {
    if (!past.exists) return nothing;
    throw new DomainError('not_found', { details: { projectId, reason: 'the project is gone: restore the project first' } });
  }

  if (past.exists) restoreFields(projectId, past, has, replay);
  restoreTree({ projectId, keys, then: past.exists ? past : NO_TREE, replay });
  if (past.exists && has(key.project('status')) && past.status !== replay.project().status) {
    replay.emit({ type: 'ProjectStatusChanged', data: { projectId, from: replay.project().status, to: past.status } });
  }

  const signups = restoreSignups(projectId, keys, state, replay.project());
  return { project: replay.events, ...signups };
}

/** The project's own fields in scope: name, colour, start date, settings, visibility, lock. */
function restoreFields(projectId: string, past: ExistingProject, has: (k: string) => boolean, replay: Replay): void {
  const now = replay.project;
  const edit: Extract<ProjectEvent, { type: 'ProjectEdited' }>['data'] = { projectId };
  if (has(key.project('name')) && past.name !== now().name) edit.name = past.name;
  if (has(key.project('colour')) && past.colour !== now().colour) edit.colour = past.colour;
  if (has(key.project('startDate')) && past.startDate !== now().startDate) edit.startDate = past.startDate;
  if (has(key.project('settings')) && !same(past.settings, now().settings)) edit.settings = past.settings;
  if (Object.keys(edit).length > 1) replay.emit({ type: 'ProjectEdited', data: edit });
  const visibilityDiffers = past.visibility !== now().visibility || past.passwordHash !== now().passwordHash;
  if (has(key.project('visibility')) && visibilityDiffers && (past.visibility !== 'password' || past.passwordHash !== null)) {
    replay.emit({ type: 'ProjectVisibilityChanged', data: { projectId, visibility: past.visibility, passwordHash: past.visibility === 'password' ? past.passwordHash : null } });
  }
  if (has(key.project('locked')) && past.locked !== now().locked) replay.emit({ type: 'ProjectLockChanged', data: { projectId, locked: past.locked } });
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

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

function assertNever(value: never): never {
  throw new Error(`Unexpected restore target ${JSON.stringify(value)}`);
}
