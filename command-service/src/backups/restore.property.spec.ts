import fc from 'fast-check';
import { DomainError, evolveProject, initialProjectState, type ProjectEvent, type ProjectState, type SignupEvent } from '@planwerk/events';
import { evolveSignups, initialSignupsState } from '../signups/decide/signup-state.decider';
import { evolveListSignups, initialListSignups, type ListSignups, type Snapshot } from './decide/backup-state.decider';
import { decideRestore, scopeKeys, type RestoreTarget } from './decide/restore.decider';

// Property: for random histories of a project and its sign-ups, a cut t and a scope, restoring
// the scope to t and folding the compensating events onto now gives the state at t for that
// scope. And the backup fold of sign-ups agrees with the sign-up feature's own fold.

const P = '00000000-0000-4000-8000-000000000001';
const id = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

type Entry = { stream: 'project'; event: ProjectEvent } | { stream: string; event: SignupEvent };

const step = fc.oneof(
  { weight: 2, arbitrary: fc.record({ op: fc.constant('addPhase' as const), name: fc.constantFrom('A', 'B') }) },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('addList' as const), at: fc.nat(), name: fc.constantFrom('L', 'M') }) },
  { weight: 6, arbitrary: fc.record({ op: fc.constant('addItem' as const), at: fc.nat(), capacity: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('editItem' as const), at: fc.nat(), name: fc.constantFrom('x', 'y'), capacity: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('removeItem' as const), at: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('removeList' as const), at: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('removePhase' as const), at: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('editList' as const), at: fc.nat(), name: fc.constantFrom('N', 'O'), waitlist: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('sortItems' as const), at: fc.nat(), seed: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('moveList' as const), at: fc.nat(), to: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('editProject' as const), name: fc.constantFrom('P1', 'P2'), colour: fc.integer({ min: 1, max: 9 }) }) },
  { weight: 7, arbitrary: fc.record({ op: fc.constant('addSignup' as const), at: fc.nat(), name: fc.constantFrom('Anna', 'Ben'), waitlisted: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('changeSignup' as const), at: fc.nat(), to: fc.nat(), name: fc.constantFrom('Cleo', 'Dora') }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('cancelSignup' as const), at: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('attend' as const), at: fc.nat(), attended: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('clearList' as const), at: fc.nat() }) },
);

function pick<T>(values: readonly T[], at: number): T | undefined {
  return values.length === 0 ? undefined : values[at % values.length];
}

/** Valid events for the steps, in log order (the project's and the lists' streams interleaved). */
function interpret(steps: ReadonlyArray<typeof step extends fc.Arbitrary<infer S> ? S : never>): Entry[] {
  let n = 100;
  const entries: Entry[] = [];
  let project: ProjectState = initialProjectState();
  const lists = new Map<string, ListSignups>();
  const pushProject = (event: ProjectEvent) => {
    entries.push({ stream: 'project', event });
    project = evolveProject(project, event);
  };
  const pushSignup = (event: SignupEvent) => {
    entries.push({ stream: event.data.listId, event });
    lists.set(event.data.listId, evolveListSignups(lists.get(event.data.listId) ?? initialListSignups(), event));
  };
  pushProject({
    type: 'ProjectCreated',
    data: {
      projectId: P, teamId: id(1), link: 'fest', name: 'P0', colour: 1, status: 3, visibility: 'public', settings: { hideArchived: false, comments: true, description: '', place: '' },
      shareHash: 'abcdefghijklmnopqrstuv', startDate: null, createdBy: id(2), createdAt: '2026-01-01T00:00:00.000Z', copiedFrom: null,
    },
  });
  // A small tree to start from, so random steps have phases, lists and items to work on.
  for (const phaseId of [id(10), id(11)]) pushProject({ type: 'PhaseAdded', data: { projectId: P, phaseId, name: 'Start', description: '', folderId: null, copiedFrom: null } });
  for (const [listId, phaseId] of [[id(20), id(10)], [id(21), id(11)]] as const) {
    pushProject({
      type: 'ListAdded',
      data: {
        projectId: P, listId, phaseId, type: 1, name: 'Start', description: '', window: { opensAt: null, closesAt: null, endsAt: null },
        attendance: 'manual', fields: [], settings: { waitlist: true, maxPerPerson: null, allowAnonymous: true, showNames: 'all' }, copiedFrom: null,
      },
    });
    for (let i = 0; i < 3; i += 1) {
      pushProject({ type: 'ItemAdded', data: { projectId: P, listId, itemId: id((n += 1)), name: `i${i}`, description: '', capacity: 2, vote: null, date: null, time: null, copiedFrom: null } });
    }
  }
  for (const s of steps) {
    if (!project.exists) break;
    const p = project;
    switch (s.op) {
      case 'addPhase':
        pushProject({ type: 'PhaseAdded', data: { projectId: P, phaseId: id((n += 1)), name: s.name, description: '', folderId: null, copiedFrom: null } });
        break;
      case 'addList': {
        const phase = pick(p.phases, s.at);
        if (!phase) break;
        pushProject({
          type: 'ListAdded',
          data: {
            projectId: P, listId: id((n += 1)), phaseId: phase.phaseId, type: 1, name: s.name, description: '', window: { opensAt: null, closesAt: null, endsAt: null },
            attendance: 'manual', fields: [], settings: { waitlist: false, maxPerPerson: null, allowAnonymous: true, showNames: 'all' }, copiedFrom: null,
          },
        });
        break;
      }
      case 'addItem': {
        const list = pick(p.lists, s.at);
        if (!list) break;
        pushProject({ type: 'ItemAdded', data: { projectId: P, listId: list.listId, itemId: id((n += 1)), name: 'i', description: '', capacity: s.capacity, vote: null, date: null, time: null, copiedFrom: null } });
        break;
      }
      case 'editItem': {
        const item = pick(p.items, s.at);
        if (item) pushProject({ type: 'ItemEdited', data: { projectId: P, listId: item.listId, itemId: item.itemId, name: s.name, capacity: s.capacity } });
        break;
      }
      case 'removeItem': {
        const item = pick(p.items, s.at);
        if (item) pushProject({ type: 'ItemRemoved', data: { projectId: P, listId: item.listId, itemId: item.itemId } });
        break;
      }
      case 'removeList': {
        const list = pick(p.lists, s.at);
        if (list) pushProject({ type: 'ListRemoved', data: { projectId: P, listId: list.listId } });
        break;
      }
      case 'removePhase': {
        const phase = pick(p.phases, s.at);
        if (!phase) break;
        for (const list of p.lists.filter((l) => l.phaseId === phase.phaseId)) pushProject({ type: 'ListRemoved', data: { projectId: P, listId: list.listId } });
        pushProject({ type: 'PhaseRemoved', data: { projectId: P, phaseId: phase.phaseId } });
        break;
      }
      case 'editList': {
        const list = pick(p.lists, s.at);
        if (list) pushProject({ type: 'ListEdited', data: { projectId: P, listId: list.listId, name: s.name, settings: { ...list.settings, waitlist: s.waitlist } } });
        break;
      }
      case 'sortItems': {
        const list = pick(p.lists, s.at);
        if (!list) break;
        const items = p.items.filter((i) => i.listId === list.listId).map((i) => i.itemId);
        if (items.length < 2) break;
        const rotated = [...items.slice(s.seed % items.length), ...items.slice(0, s.seed % items.length)];
        pushProject({ type: 'ItemsSorted', data: { projectId: P, listId: list.listId, order: rotated.reverse() } });
        break;
      }
      case 'moveList': {
        const list = pick(p.lists, s.at);
        const phase = pick(p.phases, s.to);
        if (list && phase && phase.phaseId !== list.phaseId) pushProject({ type: 'ListMoved', data: { projectId: P, listId: list.listId, fromPhaseId: list.phaseId, toPhaseId: phase.phaseId } });
        break;
      }
      case 'editProject':
        pushProject({ type: 'ProjectEdited', data: { projectId: P, name: s.name, colour: s.colour } });
        break;
      case 'addSignup': {
        const item = pick(p.items, s.at);
        if (!item) break;
        const signupId = id((n += 1));
        pushSignup({
          type: 'SignUpAdded',
          data: {
            projectId: P, listId: item.listId, itemId: item.itemId, signupId, userId: null, name: s.name, values: { [id(9)]: s.name }, vote: null,
            status: s.waitlisted ? 'waitlisted' : 'placed', by: 'anonymous', tokenHash: 'b'.repeat(64), at: '2026-01-02T00:00:00.000Z',
          },
        });
        break;
      }
      case 'changeSignup': {
        const entry = pick(signupsOn(p, lists), s.at);
        if (!entry) break;
        const to = pick(p.items.filter((i) => i.listId === entry.listId), s.to);
        pushSignup({
          type: 'SignUpChanged',
          data: { projectId: P, listId: entry.listId, itemId: entry.itemId, signupId: entry.signupId, ...(to && to.itemId !== entry.itemId ? { toItemId: to.itemId } : {}), name: s.name, by: 'admin' },
        });
        break;
      }
      case 'cancelSignup': {
        const entry = pick(signupsOn(p, lists), s.at);
        if (entry) pushSignup({ type: 'SignUpCancelled', data: { projectId: P, listId: entry.listId, itemId: entry.itemId, signupId: entry.signupId, by: 'admin' } });
        break;
      }
      case 'attend': {
        const entry = pick(signupsOn(p, lists), s.at);
        if (entry) pushSignup({ type: 'AttendanceConfirmed', data: { projectId: P, listId: entry.listId, signupIds: [entry.signupId], attended: s.attended } });
        break;
      }
      case 'clearList': {
        const list = pick(p.lists, s.at);
        if (!list) break;
        const ids = Object.keys(lists.get(list.listId)?.entries ?? {});
        if (ids.length > 0) pushSignup({ type: 'ListSignUpsCleared', data: { projectId: P, listId: list.listId, signupIds: ids } });
        break;
      }
      default:
        break;
    }
  }
  return entries;
}

function signupsOn(project: ProjectState, lists: Map<string, ListSignups>) {
  if (!project.exists) return [];
  return project.lists.flatMap((l) => Object.values(lists.get(l.listId)?.entries ?? {}).map((e) => ({ ...e, listId: l.listId })));
}

function fold(entries: readonly Entry[]): Snapshot {
  let project = initialProjectState();
  const lists: Record<string, ListSignups> = {};
  for (const entry of entries) {
    if (entry.stream === 'project') project = evolveProject(project, entry.event as ProjectEvent);
    else lists[entry.stream] = evolveListSignups(lists[entry.stream] ?? initialListSignups(), entry.event as SignupEvent);
  }
  for (const entry of entries) if (entry.event.type === 'ListAdded') lists[(entry.event.data as { listId: string }).listId] ??= initialListSignups();
  return { project, lists };
}

function apply(now: Snapshot, decision: ReturnType<typeof decideRestore>): Snapshot {
  const lists = { ...now.lists };
  for (const { listId, events } of decision.signups) lists[listId] = events.reduce((s, e) => evolveListSignups(s, e), lists[listId] ?? initialListSignups());
  return { project: decision.project.reduce(evolveProject, now.project), lists };
}

const signupsView = (snapshot: Snapshot, listId: string, keep: (e: { itemId: string; signupId: string }) => boolean = () => true) =>
  Object.values(snapshot.lists[listId]?.entries ?? {}).filter(keep).map(({ queuedAt: _q, ...rest }) => rest).sort((a, b) => (a.signupId < b.signupId ? -1 : 1));

function treeView(project: ProjectState) {
  if (!project.exists) return { exists: false };
  const { previousStatus: _p, phases, lists, items, ...fields } = project;
  const group = <T>(values: T[], by: (v: T) => string) => {
    const groups: Record<string, T[]> = {};
    for (const v of values) (groups[by(v)] ??= []).push(v);
    return groups;
  };
  return { ...fields, phases: group(phases, (p) => p.folderId ?? 'root'), lists: group(lists, (l) => l.phaseId), items: group(items, (i) => i.listId) };
}

const scenario = fc.record({ steps: fc.array(step, { minLength: 1, maxLength: 60 }), cut: fc.nat(), choice: fc.nat(), subset: fc.array(fc.boolean(), { maxLength: 12 }) });

describe('restore to t, then the restored scope equals the state at t', () => {
  it('holds for the project, a list, an item and sets of sign-ups', () => {
    fc.assert(fc.property(scenario, fc.constantFrom('project', 'list', 'item', 'signups'), ({ steps, cut, choice, subset }, scope) => {
      const entries = interpret(steps);
      const t = cut % (entries.length + 1);
      const state = { now: fold(entries), target: fold(entries.slice(0, t)) };
      const listIds = Object.keys(state.now.lists);
      const itemIds = entries.filter((e) => e.event.type === 'ItemAdded').map((e) => e.event.data as { itemId: string; listId: string });
      let target: RestoreTarget;
      if (scope === 'project') target = { scope: 'project' };
      else if (scope === 'list') {
        const listId = pick(listIds, choice);
        if (!listId) return;
        target = { scope: 'list', listId };
      } else if (scope === 'item') {
        const item = pick(itemIds, choice);
        if (!item) return;
        target = { scope: 'item', listId: item.listId, itemId: item.itemId };
      } else {
        const listId = pick(listIds, choice);
        if (!listId) return;
        const ids = [...new Set([...Object.keys(state.now.lists[listId]?.entries ?? {}), ...Object.keys(state.target.lists[listId]?.entries ?? {})])].filter((_, i) => subset[i] ?? true);
        if (ids.length === 0) return;
        target = { scope: 'signups', listId, signupIds: ids };
      }
      let decision;
      try {
        decision = decideRestore({ type: 'Restore', projectId: P, keys: scopeKeys(target, state) }, state);
      } catch (error) {
        // A list or item that existed neither then nor now, or an item whose list is gone.
        expect(error).toBeInstanceOf(DomainError);
        expect(['not_found', 'conflict']).toContain((error as DomainError).code);
        return;
      }
      const after = apply(state.now, decision);
      const skipped = new Set(decision.skipped.map((s) => s.signupId));
      const past = state.target;
      if (target.scope === 'project') {
        if (!past.project.exists) {
          expect(after.project.exists && after.project.status).toBe(0);
          return;
        }
        expect(treeView(after.project)).toEqual(treeView(past.project));
        // Sign-ups on items removed before t are not part of the state at t (nobody sees them).
        const visible = (e: { itemId: string }) => past.project.exists && past.project.items.some((i) => i.itemId === e.itemId);
        for (const list of past.project.lists) expect(signupsView(after, list.listId, visible)).toEqual(signupsView(past, list.listId, visible));
      } else if (target.scope === 'list') {
        const listOf = (s: Snapshot) => (s.project.exists ? s.project.lists.find((l) => l.listId === target.listId) ?? null : null);
        const itemsOf = (s: Snapshot) => (s.project.exists ? s.project.items.filter((i) => i.listId === target.listId) : []);
        expect(listOf(after)).toEqual(listOf(past));
        expect(itemsOf(after)).toEqual(itemsOf(past));
        const visible = (e: { itemId: string }) => itemsOf(past).some((i) => i.itemId === e.itemId);
        if (listOf(past)) expect(signupsView(after, target.listId, visible)).toEqual(signupsView(past, target.listId, visible));
      } else if (target.scope === 'item') {
        const itemOf = (s: Snapshot) => (s.project.exists ? s.project.items.find((i) => i.itemId === target.itemId) ?? null : null);
        expect(itemOf(after)).toEqual(itemOf(past));
        if (itemOf(past)) {
          const onItem = (e: { itemId: string; signupId: string }) => e.itemId === target.itemId && !skipped.has(e.signupId);
          expect(signupsView(after, target.listId, onItem)).toEqual(signupsView(past, target.listId, onItem));
        }
      } else if (target.scope === 'signups') {
        const chosen = new Set(target.signupIds.filter((s) => !skipped.has(s)));
        const listThere = after.project.exists && after.project.lists.some((l) => l.listId === target.listId);
        if (listThere) expect(signupsView(after, target.listId, (e) => chosen.has(e.signupId))).toEqual(signupsView(past, target.listId, (e) => chosen.has(e.signupId)));
        for (const s of decision.skipped) expect(s.reason === 'item_missing' || s.reason === 'list_missing').toBe(true);
      }
    }), { numRuns: 400 });
  });

  it('restoring to now changes nothing', () => {
    fc.assert(fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
      const now = fold(interpret(steps));
      expect(decideRestore({ type: 'Restore', projectId: P, keys: scopeKeys({ scope: 'project' }, { now, target: now }) }, { now, target: now }))
        .toEqual({ project: [], signups: [], overCapacity: [], skipped: [] });
    }), { numRuns: 200 });
  });
});

describe('the backup fold of sign-ups', () => {
  it("agrees with the sign-up feature's fold on every field it shares", () => {
    fc.assert(fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
      const entries = interpret(steps);
      const ours = fold(entries);
      for (const listId of Object.keys(ours.lists)) {
        const theirs = entries.filter((e) => e.stream === listId).reduce((s, e) => evolveSignups(s, e.event as SignupEvent), initialSignupsState());
        const core = Object.fromEntries(Object.entries(ours.lists[listId]?.entries ?? {}).map(([k, e]) => [k, {
          signupId: e.signupId, itemId: e.itemId, userId: e.userId, by: e.by, tokenHash: e.tokenHash, status: e.status, vote: e.vote, queuedAt: e.queuedAt, attended: e.attended,
        }]));
        expect(core).toEqual(Object.fromEntries(theirs.entries.entries()));
      }
    }), { numRuns: 200 });
  });
});
