import type { fieldChangeSchema, objectDiffSchema, stateProjectSchema, stateSignupSchema } from '@planwerk/events';
import type { ExistingProject, ProjectState } from '@planwerk/events';
import type { z } from 'zod';
import type { SignupRecord, Snapshot } from './decide/backup-state.decider';
import { same } from './decide/compare';

// What the backup reads answer (ADR 0008): the state at a point and the diff to now, both
// from snapshots. No password hash and no visitor token hash ever leave the service.

/** A sign-up as the state answers it (events/src/backups/backup.endpoints.ts). */
export type SignupView = z.infer<typeof stateSignupSchema>;
/** The project tree as the state answers it: the declared fields, and the tree's others. */
export type ProjectView = z.infer<typeof stateProjectSchema>;

export function signupView(entry: SignupRecord): SignupView {
  return {
    signupId: entry.signupId, itemId: entry.itemId, userId: entry.userId, name: entry.name, values: entry.values, vote: entry.vote,
    status: entry.status, by: entry.by, at: entry.at, attended: entry.attended, erased: entry.erased,
  };
}

/** The project tree without secrets, optionally narrowed to one list (its phase, the list, its items). */
export function projectView(project: ProjectState, listId?: string): ProjectView | null {
  if (!project.exists) return null;
  const { passwordHash, ...rest } = project;
  const view: Omit<ExistingProject, 'passwordHash'> & { passwordSet: boolean } = { ...rest, passwordSet: passwordHash !== null };
  if (listId === undefined) return view;
  const list = project.lists.find((l) => l.listId === listId);
  return {
    ...view,
    phases: list ? project.phases.filter((p) => p.phaseId === list.phaseId) : [],
    lists: list ? [list] : [],
    items: project.items.filter((i) => i.listId === listId),
  };
}

export function stateView(snapshot: Snapshot, listId?: string): { project: ProjectView | null; signups: Record<string, SignupView[]> } {
  const lists = snapshot.project.exists ? snapshot.project.lists.map((l) => l.listId) : [];
  const wanted = listId === undefined ? lists : lists.filter((id) => id === listId);
  const signups: Record<string, SignupView[]> = {};
  for (const id of wanted) {
    // Sign-ups on items removed since are not part of the state (nobody sees them).
    signups[id] = Object.values(snapshot.lists[id]?.entries ?? {})
      .filter((e) => snapshot.project.exists && snapshot.project.items.some((i) => i.itemId === e.itemId))
      // By the time of the sign-up: a restored sign-up keeps its place in the list.
      .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.signupId < b.signupId ? -1 : 1))
      .map(signupView);
  }
  return { project: projectView(snapshot.project, listId), signups };
}

export type FieldChange = z.infer<typeof fieldChangeSchema>;
export type ObjectDiff = z.infer<typeof objectDiffSchema>;

export interface SnapshotDiff {
  project: FieldChange[];
  phases: ObjectDiff;
  lists: ObjectDiff;
  items: ObjectDiff;
  signups: ObjectDiff;
}

const PROJECT_DIFF_FIELDS = ['name', 'colour', 'startDate', 'settings', 'visibility', 'status', 'locked'] as const;

/**
 * What changed from `then` to `now`: added = there now, not then; removed = there then, not
 * now; changed = field by field, before (then) and after (now). `position` is the place among
 * siblings (phases of one folder, lists of one phase, items of one list).
 */
export function diffSnapshots(then: Snapshot, now: Snapshot, listId?: string): SnapshotDiff {
  const a = then.project;
  const b = now.project;
  const project: FieldChange[] = [];
  if (listId === undefined) {
    if (a.exists !== b.exists) project.push({ field: 'exists', before: a.exists, after: b.exists });
    if (a.exists && b.exists) {
      for (const field of PROJECT_DIFF_FIELDS) if (!same(a[field], b[field])) project.push({ field, before: a[field], after: b[field] });
      if (a.passwordHash !== b.passwordHash && a.visibility === 'password' && b.visibility === 'password') project.push({ field: 'password', before: 'set', after: 'changed' });
    }
  }
  const treeOf = (p: ProjectState) => (p.exists ? p : { phases: [], lists: [], items: [] });
  const ta = treeOf(a);
  const tb = treeOf(b);
  const listOk = (id: string) => listId === undefined || id === listId;
  const phases = listId === undefined
    ? diffObjects(withPosition(ta.phases, (p) => p.folderId ?? ''), withPosition(tb.phases, (p) => p.folderId ?? ''), 'phaseId', ['name', 'description', 'folderId', 'position'])
    : emptyDiff();
  const lists = diffObjects(
    withPosition(ta.lists, (l) => l.phaseId).filter((l) => listOk(l.listId)),
    withPosition(tb.lists, (l) => l.phaseId).filter((l) => listOk(l.listId)),
    'listId', ['phaseId', 'type', 'name', 'description', 'window', 'attendance', 'fields', 'settings', 'position'],
  );
  const items = diffObjects(
    withPosition(ta.items, (i) => i.listId).filter((i) => listOk(i.listId)),
    withPosition(tb.items, (i) => i.listId).filter((i) => listOk(i.listId)),
    'itemId', ['name', 'description', 'capacity', 'vote', 'date', 'time', 'position'],
  );
  const signupsOf = (s: Snapshot) => Object.entries(s.lists)
    .filter(([id]) => listOk(id))
    .flatMap(([id, list]) => Object.values(list.entries)
      .filter((e) => s.project.exists && s.project.items.some((i) => i.itemId === e.itemId))
      .map((e) => ({ listId: id, ...signupView(e) })));
  const signups = diffObjects(signupsOf(then), signupsOf(now), 'signupId', ['itemId', 'status', 'vote', 'name', 'values', 'attended']);
  return { project, phases, lists, items, signups };
}

function emptyDiff(): ObjectDiff {
  return { added: [], removed: [], changed: [] };
}

function withPosition<T extends object>(values: readonly T[], group: (value: T) => string): Array<T & { position: number }> {
  const seen = new Map<string, number>();
  return values.map((value) => {
    const g = group(value);
    const position = seen.get(g) ?? 0;
    seen.set(g, position + 1);
    return { ...value, position };
  });
}

function diffObjects<T extends object>(before: readonly T[], after: readonly T[], idField: keyof T, fields: ReadonlyArray<keyof T>): ObjectDiff {
  const id = (value: T) => String(value[idField]);
  const then = new Map(before.map((v) => [id(v), v]));
  const now = new Map(after.map((v) => [id(v), v]));
  const diff = emptyDiff();
  for (const [key, value] of now) if (!then.has(key)) diff.added.push({ ...value } as Record<string, unknown>);
  for (const [key, value] of then) {
    const current = now.get(key);
    if (!current) {
      diff.removed.push({ ...value } as Record<string, unknown>);
      continue;
    }
    const changes = fields.filter((f) => !same(value[f], current[f])).map((f) => ({ field: String(f), before: value[f], after: current[f] }));
    if (changes.length > 0) diff.changed.push({ id: key, changes });
  }
  return diff;
}
