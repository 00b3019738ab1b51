import { DomainError, evolveProject, findList, type ExistingProject, type ProjectEvent, type ProjectState } from '@planwerk/events';
import { decideCopyProject } from './create';
import { daysBetween, shiftInstant } from './project-copy.decider';
import { decideProject, type ProjectCommand } from './project.decider';
import { decidePresetColumns, evolvePresetColumns, initialPresetColumnsState } from './preset-column.decider';
import {
  admin, AT, created, FREE, given, id, itemAdded, listAdded, listContent, owner, phaseAdded, PRIME, PRO, PROJECT, PROJECT_2, SHARE,
  space, statusChanged, TEAM, textField, OWNER_ID, idsFrom,
} from '../testing/project-fixtures';

type Without<C> = C extends unknown ? Omit<C, 'projectId' | 'actor'> : never;

function when(state: ProjectState, command: Without<Exclude<ProjectCommand, { type: 'CreateProject' }>>, actor = owner): ProjectEvent[] {
  return decideProject({ ...command, projectId: PROJECT, actor } as ProjectCommand, state);
}

function codeOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  throw new Error('expected a rule error');
}

function fieldOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error.field;
    throw error;
  }
  throw new Error('expected a rule error');
}

const P1 = id('phase', 1);
const P2 = id('phase', 2);
const SUB = id('phase', 3);
const L1 = id('list', 1);
const L2 = id('list', 2);
const I1 = id('item', 1);
const I2 = id('item', 2);

/** A planning project: phase P1 (with sub-group SUB) and P2; list L1 in P1 with items I1, I2; L2 in SUB. */
const tree = (): ProjectEvent[] => [
  created(), phaseAdded(P1), phaseAdded(P2), phaseAdded(SUB, P1),
  listAdded(L1, P1, { fields: [textField(1)] }), itemAdded(I1, L1), itemAdded(I2, L1), listAdded(L2, SUB),
];
const existing = (state: ProjectState): ExistingProject => {
  if (!state.exists) throw new Error('no project');
  return state;
};
const after = (state: ProjectState, events: ProjectEvent[]) => existing(events.reduce(evolveProject, state));

describe('project decider', () => {
  describe('CreateProject', () => {
    const create: ProjectCommand = {
      type: 'CreateProject', projectId: PROJECT, actor: owner, teamId: TEAM, link: 'sommerfest', name: 'Sommerfest', colour: 7,
      visibility: 'public', settings: { hideArchived: true }, startDate: null, shareHash: SHARE, createdBy: OWNER_ID, createdAt: AT,
    };

    it('creates a planning project (3) with default settings filled in', () => {
      const events = decideProject(create, given());
      expect(events).toEqual([created({ settings: { hideArchived: true, comments: true, description: '', place: '' } })]);
    });

    it('refuses an existing or purged project stream (conflict)', () => {
      expect(codeOf(() => decideProject(create, given(created())))).toBe('conflict');
      expect(codeOf(() => decideProject(create, given(created(), statusChanged(3, 0), { type: 'ProjectPurged', data: { projectId: PROJECT } })))).toBe('conflict');
    });
  });

  it('answers not_found for a project that does not exist or was purged', () => {
    expect(codeOf(() => when(given(), { type: 'EditProject', name: 'X' }))).toBe('not_found');
    const purged = given(created(), statusChanged(3, 0), { type: 'ProjectPurged', data: { projectId: PROJECT } });
    expect(codeOf(() => when(purged, { type: 'ChangeStatus', to: 'restore' }))).toBe('not_found');
  });

  describe('EditProject', () => {
    it('records only what changed; nothing changed → no events', () => {
      const state = given(created());
      expect(when(state, { type: 'EditProject', name: 'Sommerfest', colour: 2, settings: { comments: false } })).toEqual([{
        type: 'ProjectEdited', data: { projectId: PROJECT, colour: 2, settings: { hideArchived: false, comments: false, description: '', place: '' } },
      }]);
      expect(when(state, { type: 'EditProject', name: 'Sommerfest', colour: 7 })).toEqual([]);
    });

    it('sets the place and keeps the other settings', () => {
      const state = given(created({ settings: { hideArchived: false, comments: true, description: 'Am See', place: '' } }));
      expect(when(state, { type: 'EditProject', settings: { place: 'Sportplatz am Wald, Ulm' } })).toEqual([{
        type: 'ProjectEdited', data: { projectId: PROJECT, settings: { hideArchived: false, comments: true, description: 'Am See', place: 'Sportplatz am Wald, Ulm' } },
      }]);
    });
  });

  describe('ChangeVisibility', () => {
    const HASH = '$argon2id$v=19$m=19456,t=2,p=1$abc$def';
    it('needs a password for visibility password ("no password entered"), keeps an existing hash', () => {
      const state = given(created());
      expect(fieldOf(() => when(state, { type: 'ChangeVisibility', visibility: 'password' }))).toBe('password');
      const set = when(state, { type: 'ChangeVisibility', visibility: 'password', passwordHash: HASH });
      expect(set).toEqual([{ type: 'ProjectVisibilityChanged', data: { projectId: PROJECT, visibility: 'password', passwordHash: HASH } }]);
      const withPassword = given(created(), ...set);
      expect(when(withPassword, { type: 'ChangeVisibility', visibility: 'password' })).toEqual([]);
      expect(when(withPassword, { type: 'ChangeVisibility', visibility: 'team' })).toEqual([
        { type: 'ProjectVisibilityChanged', data: { projectId: PROJECT, visibility: 'team', passwordHash: null } },
      ]);
      expect(when(state, { type: 'ChangeVisibility', visibility: 'public' })).toEqual([]);
    });
  });

  describe('ChangeStatus', () => {
    const to = (state: ProjectState, target: Extract<ProjectCommand, { type: 'ChangeStatus' }>['to'], actor = owner) =>
      when(state, { type: 'ChangeStatus', to: target }, actor);

    it('releases 3 → 1 by the owner only', () => {
      const planning = given(created());
      expect(to(planning, 1)).toEqual([statusChanged(3, 1)]);
      expect(codeOf(() => to(planning, 1, admin))).toBe('no_permission');
      expect(codeOf(() => to(planning, 1, space))).toBe('no_permission');
    });

    it('moves 1 ↔ 4, 1 ↔ 5, 1/4/5 → 10 and 10 → 1 for owner and admin; space users may not', () => {
      const active = given(created(), statusChanged(3, 1));
      expect(to(active, 4, admin)).toEqual([statusChanged(1, 4)]);
      expect(to(active, 5, admin)).toEqual([statusChanged(1, 5)]);
      expect(to(active, 10, admin)).toEqual([statusChanged(1, 10)]);
      expect(to(given(created(), statusChanged(3, 1), statusChanged(1, 4)), 1, admin)).toEqual([statusChanged(4, 1)]);
      expect(to(given(created(), statusChanged(3, 1), statusChanged(1, 5)), 10, admin)).toEqual([statusChanged(5, 10)]);
      expect(to(given(created(), statusChanged(3, 1), statusChanged(1, 4)), 10, admin)).toEqual([statusChanged(4, 10)]);
      expect(to(given(created(), statusChanged(3, 1), statusChanged(1, 10)), 1, admin)).toEqual([statusChanged(10, 1)]);
      expect(codeOf(() => to(active, 4, space))).toBe('no_permission');
    });

    it('refuses transitions outside the machine (project_status_transition)', () => {
      expect(codeOf(() => to(given(created()), 4))).toBe('project_status_transition');
      expect(codeOf(() => to(given(created()), 10))).toBe('project_status_transition');
      expect(codeOf(() => to(given(created(), statusChanged(3, 1)), 3))).toBe('project_status_transition');
      expect(codeOf(() => to(given(created(), statusChanged(3, 1), statusChanged(1, 10)), 4))).toBe('project_status_transition');
      expect(codeOf(() => to(given(created(), statusChanged(3, 1), statusChanged(1, 4)), 5))).toBe('project_status_transition');
    });

    it('never releases a template (2); it may only go to the trash', () => {
      const template = given(created({ status: 2 }));
      expect(codeOf(() => to(template, 1))).toBe('project_status_transition');
      expect(codeOf(() => to(template, 3))).toBe('project_status_transition');
      expect(to(template, 0)).toEqual([statusChanged(2, 0)]);
    });

    it('soft-deletes any status to 0 keeping the previous one; restore goes back to it; 0 → x only by restore', () => {
      const active = given(created(), statusChanged(3, 1));
      const deleted = given(created(), statusChanged(3, 1), ...to(active, 0, space));
      expect(existing(deleted)).toMatchObject({ status: 0, previousStatus: 1 });
      expect(to(deleted, 'restore', space)).toEqual([statusChanged(0, 1)]);
      expect(codeOf(() => to(deleted, 1))).toBe('project_status_transition');
      expect(codeOf(() => to(active, 'restore'))).toBe('project_status_transition');
      expect(to(deleted, 0)).toEqual([]);
      expect(existing(given(created(), statusChanged(3, 1), statusChanged(1, 0), statusChanged(0, 1)))).toMatchObject({ status: 1, previousStatus: null });
    });

    it('same status → no events', () => {
      expect(to(given(created()), 3)).toEqual([]);
    });

    it('a locked project changes status only by owner or admin', () => {
      const locked = given(created(), statusChanged(3, 1), { type: 'ProjectLockChanged', data: { projectId: PROJECT, locked: true } });
      expect(codeOf(() => to(locked, 0, space))).toBe('project_locked');
      expect(to(locked, 0, admin)).toEqual([statusChanged(1, 0)]);
    });
  });

  describe('ChangeLock', () => {
    it('owner and admin lock and unlock; others no_permission; same value → nothing', () => {
      const state = given(created());
      expect(when(state, { type: 'ChangeLock', locked: true }, admin)).toEqual([{ type: 'ProjectLockChanged', data: { projectId: PROJECT, locked: true } }]);
      expect(codeOf(() => when(state, { type: 'ChangeLock', locked: true }, space))).toBe('no_permission');
      expect(when(state, { type: 'ChangeLock', locked: false })).toEqual([]);
    });
  });

  describe('PurgeProject', () => {
    it('deletes permanently only from 0, or in development mode; owner or admin', () => {
      const active = given(created(), statusChanged(3, 1));
      expect(codeOf(() => when(active, { type: 'PurgeProject', devMode: false }))).toBe('project_cannot_delete');
      expect(when(active, { type: 'PurgeProject', devMode: true })).toEqual([{ type: 'ProjectPurged', data: { projectId: PROJECT } }]);
      const trash = given(created(), statusChanged(3, 0));
      expect(when(trash, { type: 'PurgeProject', devMode: false }, admin)).toEqual([{ type: 'ProjectPurged', data: { projectId: PROJECT } }]);
      expect(codeOf(() => when(trash, { type: 'PurgeProject', devMode: false }, space))).toBe('no_permission');
    });
  });

  describe('edits of a locked or deleted project', () => {
    it('lock blocks edits by non-admins (project_locked); admins edit', () => {
      const locked = given(...tree(), { type: 'ProjectLockChanged', data: { projectId: PROJECT, locked: true } });
      expect(codeOf(() => when(locked, { type: 'EditPhase', phaseId: P1, name: 'Neu' }, space))).toBe('project_locked');
      expect(codeOf(() => when(locked, { type: 'AddItem', listId: L1, itemId: id('item', 9), content: { name: 'x', description: '', capacity: null, vote: null, date: null, time: null }, plan: FREE }, space))).toBe('project_locked');
      expect(when(locked, { type: 'EditPhase', phaseId: P1, name: 'Neu' }, admin)).toHaveLength(1);
    });

    it('a project in the trash is not edited (project_in_trash)', () => {
      const trash = given(...tree(), statusChanged(3, 0));
      expect(codeOf(() => when(trash, { type: 'AddPhase', phaseId: id('phase', 9), name: 'x', description: '', folderId: null }))).toBe('project_in_trash');
    });
  });

  describe('phases', () => {
    it('adds top-level phases and sub-groups one level deep only', () => {
      const state = given(...tree());
      expect(when(state, { type: 'AddPhase', phaseId: id('phase', 9), name: 'Neu', description: '', folderId: P1 })).toEqual([phaseAdded(id('phase', 9), P1)].map((e) => ({
        ...e, data: { ...e.data, name: 'Neu' },
      })));
      expect(fieldOf(() => when(state, { type: 'AddPhase', phaseId: id('phase', 9), name: 'x', description: '', folderId: SUB }))).toBe('folderId');
      expect(fieldOf(() => when(state, { type: 'AddPhase', phaseId: id('phase', 9), name: 'x', description: '', folderId: id('phase', 42) }))).toBe('folderId');
      expect(codeOf(() => when(state, { type: 'AddPhase', phaseId: P1, name: 'x', description: '', folderId: null }))).toBe('conflict');
    });

    it('edits a phase (only changes), answers not_found for an unknown one', () => {
      const state = given(...tree());
      expect(when(state, { type: 'EditPhase', phaseId: P1, name: 'Phase' })).toEqual([]);
      expect(when(state, { type: 'EditPhase', phaseId: P1, description: 'Text' })).toEqual([{ type: 'PhaseEdited', data: { projectId: PROJECT, phaseId: P1, description: 'Text' } }]);
      expect(codeOf(() => when(state, { type: 'EditPhase', phaseId: id('phase', 42), name: 'x' }))).toBe('not_found');
    });

    it('removes a phase after its sub-groups and lists', () => {
      const state = given(...tree());
      const events = when(state, { type: 'RemovePhase', phaseId: P1 });
      expect(events).toEqual([
        { type: 'ListRemoved', data: { projectId: PROJECT, listId: L2 } },
        { type: 'PhaseRemoved', data: { projectId: PROJECT, phaseId: SUB } },
        { type: 'ListRemoved', data: { projectId: PROJECT, listId: L1 } },
        { type: 'PhaseRemoved', data: { projectId: PROJECT, phaseId: P1 } },
      ]);
      const next = after(state, events);
      expect(next.phases.map((p) => p.phaseId)).toEqual([P2]);
      expect(next.lists).toEqual([]);
      expect(next.items).toEqual([]);
    });

    it('sorts siblings: the order must name exactly the group; the same order changes nothing', () => {
      const state = given(...tree());
      const events = when(state, { type: 'SortPhases', folderId: null, order: [P2, P1] });
      expect(events).toEqual([{ type: 'PhasesSorted', data: { projectId: PROJECT, folderId: null, order: [P2, P1] } }]);
      expect(after(state, events).phases.map((p) => p.phaseId)).toEqual([P2, P1, SUB]);
      expect(when(state, { type: 'SortPhases', folderId: null, order: [P1, P2] })).toEqual([]);
      expect(fieldOf(() => when(state, { type: 'SortPhases', folderId: null, order: [P1] }))).toBe('order');
      expect(fieldOf(() => when(state, { type: 'SortPhases', folderId: null, order: [P1, P2, SUB] }))).toBe('order');
      expect(fieldOf(() => when(state, { type: 'SortPhases', folderId: null, order: [P1, P1] }))).toBe('order');
      expect(fieldOf(() => when(state, { type: 'SortPhases', folderId: SUB, order: [] }))).toBe('folderId');
    });

    it('copies a phase with its sub-groups, lists and items under new ids', () => {
      const state = given(...tree());
      const ids = idsFrom(new Map([P1, SUB, L1, L2, I1, I2, id('field', 1)].map((old, n) => [old, id('copy', n + 1)])));
      const events = when(state, { type: 'CopyPhase', phaseId: P1, name: 'Kopie', ids });
      expect(events.map((e) => e.type)).toEqual(['PhaseAdded', 'ListAdded', 'ItemAdded', 'ItemAdded', 'PhaseAdded', 'ListAdded']);
      expect(events[0]?.data).toMatchObject({ phaseId: id('copy', 1), name: 'Kopie', folderId: null, copiedFrom: { projectId: PROJECT, id: P1 } });
      expect(events[1]?.data).toMatchObject({ listId: id('copy', 3), phaseId: id('copy', 1), fields: [{ ...textField(1), fieldId: id('copy', 7) }] });
      expect(events[4]?.data).toMatchObject({ phaseId: id('copy', 2), folderId: id('copy', 1) });
      const next = after(state, events);
      expect(next.phases).toHaveLength(5);
      expect(next.items).toHaveLength(4);
      // The same new ids again: a copy never reuses an id of the project.
      expect(codeOf(() => when(next, { type: 'CopyPhase', phaseId: P1, ids }))).toBe('conflict');
    });
  });

  describe('lists', () => {
    it('adds a list with default settings; checks the window order and unique field ids', () => {
      const state = given(...tree());
      const events = when(state, { type: 'AddList', phaseId: P2, listId: id('list', 9), content: listContent({ settings: { waitlist: true } }), plan: FREE });
      expect(events[0]?.data).toMatchObject({ phaseId: P2, settings: { waitlist: true, maxPerPerson: null, allowAnonymous: false, showNames: 'all' } });
      const window = { opensAt: '2026-06-02T10:00:00Z', closesAt: '2026-06-01T10:00:00Z', endsAt: null };
      expect(fieldOf(() => when(state, { type: 'AddList', phaseId: P2, listId: id('list', 9), content: listContent({ window }), plan: FREE }))).toBe('window');
      const late = { opensAt: null, closesAt: '2026-06-03T10:00:00Z', endsAt: '2026-06-02T10:00:00Z' };
      expect(fieldOf(() => when(state, { type: 'AddList', phaseId: P2, listId: id('list', 9), content: listContent({ window: late }), plan: FREE }))).toBe('window');
      expect(fieldOf(() => when(state, { type: 'AddList', phaseId: P2, listId: id('list', 9), content: listContent({ fields: [textField(1), textField(1)] }), plan: PRO }))).toBe('fields');
      expect(codeOf(() => when(state, { type: 'AddList', phaseId: id('phase', 42), listId: id('list', 9), content: listContent(), plan: FREE }))).toBe('not_found');
    });

    it('keeps the solo column limit: 2 columns (free 6205, prime 6206, pro none)', () => {
      const state = given(...tree());
      const three = listContent({ fields: [textField(1), textField(2), textField(3)] });
      expect(codeOf(() => when(state, { type: 'AddList', phaseId: P2, listId: id('list', 9), content: three, plan: FREE }))).toBe(6205);
      expect(codeOf(() => when(state, { type: 'AddList', phaseId: P2, listId: id('list', 9), content: three, plan: PRIME }))).toBe(6206);
      expect(when(state, { type: 'AddList', phaseId: P2, listId: id('list', 9), content: three, plan: PRO })).toHaveLength(1);
      const wide = given(...tree(), listAdded(id('list', 9), P2, { fields: [textField(1), textField(2), textField(3)] }));
      // Shrinking a list above the limit is allowed; growing is not.
      expect(when(wide, { type: 'EditList', listId: id('list', 9), changes: { fields: [textField(1), textField(2)] }, plan: FREE })).toHaveLength(1);
      expect(codeOf(() => when(state, { type: 'EditList', listId: L1, changes: { fields: [textField(1), textField(2), textField(3)] }, plan: FREE }))).toBe(6205);
    });

    it('edits only what changed and merges partial settings', () => {
      const state = given(...tree());
      expect(when(state, { type: 'EditList', listId: L1, changes: { name: 'Liste', settings: { waitlist: false } }, plan: FREE })).toEqual([]);
      expect(when(state, { type: 'EditList', listId: L1, changes: { attendance: 'manual', settings: { waitlist: true } }, plan: FREE })).toEqual([{
        type: 'ListEdited', data: { projectId: PROJECT, listId: L1, attendance: 'manual', settings: { ...existing(state).lists[0]?.settings, waitlist: true } },
      }]);
    });

    it('multi-edits several lists; an unknown or repeated list id → listIds', () => {
      const state = given(...tree());
      const events = when(state, { type: 'EditLists', listIds: [L1, L2], changes: { attendance: 'manual' } });
      expect(events.map((e) => e.type === 'ListEdited' && e.data.listId)).toEqual([L1, L2]);
      expect(fieldOf(() => when(state, { type: 'EditLists', listIds: [L1, id('list', 42)], changes: { attendance: 'manual' } }))).toBe('listIds');
      expect(fieldOf(() => when(state, { type: 'EditLists', listIds: [L1, L1], changes: { attendance: 'manual' } }))).toBe('listIds');
    });

    it('moves a list to the end of another phase; same phase → nothing; unknown phase → phaseId', () => {
      const state = given(...tree(), listAdded(id('list', 3), P2));
      const events = when(state, { type: 'MoveList', listId: L1, toPhaseId: P2 });
      expect(events).toEqual([{ type: 'ListMoved', data: { projectId: PROJECT, listId: L1, fromPhaseId: P1, toPhaseId: P2 } }]);
      expect(after(state, events).lists.filter((l) => l.phaseId === P2).map((l) => l.listId)).toEqual([id('list', 3), L1]);
      expect(when(state, { type: 'MoveList', listId: L1, toPhaseId: P1 })).toEqual([]);
      expect(fieldOf(() => when(state, { type: 'MoveList', listId: L1, toPhaseId: id('phase', 42) }))).toBe('phaseId');
    });

    it('sorts the lists of a phase', () => {
      const state = given(...tree(), listAdded(id('list', 3), P1));
      const events = when(state, { type: 'SortLists', phaseId: P1, order: [id('list', 3), L1] });
      expect(after(state, events).lists.filter((l) => l.phaseId === P1).map((l) => l.listId)).toEqual([id('list', 3), L1]);
      expect(fieldOf(() => when(state, { type: 'SortLists', phaseId: P1, order: [L1, L2] }))).toBe('order');
    });

    it('removes a list with its items', () => {
      const state = given(...tree());
      const events = when(state, { type: 'RemoveList', listId: L1 });
      expect(after(state, events).items).toEqual([]);
      expect(codeOf(() => when(state, { type: 'RemoveList', listId: id('list', 42) }))).toBe('not_found');
    });

    it('copies a list with items into another phase, within the item and column limits', () => {
      const state = given(...tree());
      const ids = idsFrom(new Map([L1, I1, I2, id('field', 1)].map((old, n) => [old, id('copy', n + 1)])));
      const events = when(state, { type: 'CopyList', listId: L1, toPhaseId: P2, ids, plan: FREE });
      expect(events.map((e) => e.type)).toEqual(['ListAdded', 'ItemAdded', 'ItemAdded']);
      expect(events[0]?.data).toMatchObject({ listId: id('copy', 1), phaseId: P2, copiedFrom: { projectId: PROJECT, id: L1 } });
      expect(fieldOf(() => when(state, { type: 'CopyList', listId: L1, toPhaseId: id('phase', 42), ids, plan: FREE }))).toBe('phaseId');
      const full = given(...tree(), listAdded(id('list', 5), P2), ...Array.from({ length: 26 }, (_, n) => itemAdded(id('item', 100 + n), id('list', 5))));
      expect(codeOf(() => when(full, { type: 'CopyList', listId: id('list', 5), ids: idsFrom(new Map()), plan: FREE }))).toBe(6205);
    });
  });

  describe('items', () => {
    const content = { name: 'Kuchen', description: '', capacity: 3, vote: null, date: '2026-07-01', time: { from: '14:00', to: '16:00' } };

    it('adds an item up to 25 per list (free 6205, prime 6206, pro unlimited)', () => {
      const state = given(...tree());
      expect(when(state, { type: 'AddItem', listId: L1, itemId: id('item', 9), content, plan: FREE })).toEqual([
        { type: 'ItemAdded', data: { projectId: PROJECT, listId: L1, itemId: id('item', 9), ...content, copiedFrom: null } },
      ]);
      const full = given(...tree(), ...Array.from({ length: 23 }, (_, n) => itemAdded(id('item', 100 + n), L1)));
      expect(existing(full).items.filter((i) => i.listId === L1)).toHaveLength(25);
      expect(codeOf(() => when(full, { type: 'AddItem', listId: L1, itemId: id('item', 9), content, plan: FREE }))).toBe(6205);
      expect(codeOf(() => when(full, { type: 'AddItem', listId: L1, itemId: id('item', 9), content, plan: PRIME }))).toBe(6206);
      expect(when(full, { type: 'AddItem', listId: L1, itemId: id('item', 9), content, plan: PRO })).toHaveLength(1);
      expect(codeOf(() => when(state, { type: 'AddItem', listId: id('list', 42), itemId: id('item', 9), content, plan: FREE }))).toBe('not_found');
      expect(codeOf(() => when(state, { type: 'AddItem', listId: L1, itemId: I1, content, plan: FREE }))).toBe('conflict');
    });

    it('edits only what changed; an item of another list is not_found', () => {
      const state = given(...tree());
      expect(when(state, { type: 'EditItem', listId: L1, itemId: I1, changes: { name: 'Item', capacity: 2 } })).toEqual([
        { type: 'ItemEdited', data: { projectId: PROJECT, listId: L1, itemId: I1, capacity: 2 } },
      ]);
      expect(when(state, { type: 'EditItem', listId: L1, itemId: I1, changes: { name: 'Item' } })).toEqual([]);
      expect(codeOf(() => when(state, { type: 'EditItem', listId: L2, itemId: I1, changes: { name: 'x' } }))).toBe('not_found');
    });

    it('sorts, removes and copies items', () => {
      const state = given(...tree());
      const sorted = when(state, { type: 'SortItems', listId: L1, order: [I2, I1] });
      expect(after(state, sorted).items.map((i) => i.itemId)).toEqual([I2, I1]);
      expect(after(state, when(state, { type: 'RemoveItem', listId: L1, itemId: I1 })).items.map((i) => i.itemId)).toEqual([I2]);
      const copy = when(state, { type: 'CopyItem', listId: L1, itemId: I1, toListId: L2, newItemId: id('copy', 1), plan: FREE });
      expect(copy).toEqual([itemAdded(id('copy', 1), L2, { copiedFrom: { projectId: PROJECT, id: I1 } })]);
      expect(fieldOf(() => when(state, { type: 'CopyItem', listId: L1, itemId: I1, toListId: id('list', 42), newItemId: id('copy', 1), plan: FREE }))).toBe('listId');
    });
  });

  describe('CopyProject', () => {
    const source = (...extra: ProjectEvent[]) => existing(given(...tree(), ...extra));
    const target = { projectId: PROJECT_2, teamId: TEAM, link: 'kopie', name: 'Kopie', shareHash: SHARE, createdBy: OWNER_ID, createdAt: AT, startDate: null };
    const allIds = (project: ExistingProject) => idsFrom(new Map([
      ...project.phases.map((p) => p.phaseId), ...project.lists.flatMap((l) => [l.listId, ...l.fields.map((f) => f.fieldId)]), ...project.items.map((i) => i.itemId),
    ].map((old, n) => [old, id('copy', n + 1)])));

    it('copies to planning, saves as preset to template (2), with the whole tree', () => {
      const project = source(statusChanged(3, 1));
      const copy = decideCopyProject({ type: 'CopyProject', source: project, target, mode: 'copy', ids: allIds(project), actor: owner, plan: FREE });
      expect(copy[0]).toMatchObject({ type: 'ProjectCreated', data: { projectId: PROJECT_2, status: 3, copiedFrom: { projectId: PROJECT, kind: 'copy' } } });
      const copied = existing(given(...copy));
      expect(copied.phases.map((p) => p.folderId)).toEqual([null, id('copy', 1), null]);
      expect(copied.lists).toHaveLength(2);
      expect(copied.items).toHaveLength(2);
      expect(copied.items.every((i) => findList(copied, i.listId) !== undefined)).toBe(true);
      const preset = decideCopyProject({ type: 'CopyProject', source: project, target, mode: 'preset', ids: allIds(project), actor: owner, plan: FREE });
      expect(preset[0]?.data).toMatchObject({ status: 2 });
    });

    it('makes a planning project of a template with every date shifted by the new start date', () => {
      const template = existing(given(
        created({ status: 2, startDate: '2026-07-01' }), phaseAdded(P1),
        listAdded(L1, P1, { window: { opensAt: '2026-06-20T08:00:00+02:00', closesAt: null, endsAt: '2026-07-01T23:00:00Z' } }),
        itemAdded(I1, L1, { date: '2026-07-02' }),
      ));
      const events = decideCopyProject({
        type: 'CopyProject', source: template, target: { ...target, startDate: '2026-08-15' }, mode: 'fromPreset', ids: allIds(template), actor: owner, plan: FREE,
      });
      const project = existing(given(...events));
      expect(project).toMatchObject({ status: 3, startDate: '2026-08-15', copiedFrom: { projectId: PROJECT, kind: 'preset' } });
      expect(project.lists[0]?.window).toEqual({ opensAt: '2026-08-04T08:00:00+02:00', closesAt: null, endsAt: '2026-08-15T23:00:00Z' });
      expect(project.items[0]?.date).toBe('2026-08-16');
    });

    it('refuses a project that is not a template as a preset (not_found), a project in the trash, a locked one for non-admins', () => {
      const plain = source();
      expect(codeOf(() => decideCopyProject({ type: 'CopyProject', source: plain, target, mode: 'fromPreset', ids: allIds(plain), actor: owner, plan: FREE }))).toBe('not_found');
      const trash = source(statusChanged(3, 0));
      expect(codeOf(() => decideCopyProject({ type: 'CopyProject', source: trash, target, mode: 'copy', ids: allIds(trash), actor: owner, plan: FREE }))).toBe('project_in_trash');
      const locked = source({ type: 'ProjectLockChanged', data: { projectId: PROJECT, locked: true } });
      expect(codeOf(() => decideCopyProject({ type: 'CopyProject', source: locked, target, mode: 'copy', ids: allIds(locked), actor: space, plan: FREE }))).toBe('project_locked');
    });

    it('copies a password project with its hash in a visibility event, never in ProjectCreated', () => {
      const HASH = '$argon2id$v=19$m=19456,t=2,p=1$abc$def';
      const project = source({ type: 'ProjectVisibilityChanged', data: { projectId: PROJECT, visibility: 'password', passwordHash: HASH } });
      const events = decideCopyProject({ type: 'CopyProject', source: project, target, mode: 'copy', ids: allIds(project), actor: owner, plan: FREE });
      expect(events[0]?.data).toMatchObject({ visibility: 'admins' });
      expect(events[1]).toEqual({ type: 'ProjectVisibilityChanged', data: { projectId: PROJECT_2, visibility: 'password', passwordHash: HASH } });
      expect(existing(given(...events))).toMatchObject({ visibility: 'password', passwordHash: HASH });
    });

    it('keeps the solo limits for every copied list', () => {
      const wide = source(listAdded(id('list', 9), P2, { fields: [textField(7), textField(8), textField(9)] }));
      expect(codeOf(() => decideCopyProject({ type: 'CopyProject', source: wide, target, mode: 'copy', ids: allIds(wide), actor: owner, plan: FREE }))).toBe(6205);
    });
  });

  describe('date shifting', () => {
    it('counts days between start dates and keeps clock time and offset', () => {
      expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
      expect(daysBetween(null, '2026-03-30')).toBe(0);
      expect(shiftInstant('2026-03-28T18:00:00.000+01:00', 2)).toBe('2026-03-30T18:00:00.000+01:00');
      expect(shiftInstant('2026-12-31T23:00:00Z', 1)).toBe('2027-01-01T23:00:00Z');
    });
  });
});

describe('preset column decider', () => {
  const C1 = id('copy', 1);
  const field = { kind: 'text' as const, label: 'T-Shirt', required: false };

  it('saves a column once and removes it; removing an unknown one is not_found', () => {
    const saved = decidePresetColumns({ type: 'SavePresetColumn', teamId: TEAM, columnId: C1, field }, initialPresetColumnsState());
    expect(saved).toEqual([{ type: 'PresetColumnSaved', data: { teamId: TEAM, columnId: C1, field } }]);
    const state = saved.reduce(evolvePresetColumns, initialPresetColumnsState());
    expect(codeOf(() => decidePresetColumns({ type: 'SavePresetColumn', teamId: TEAM, columnId: C1, field }, state))).toBe('conflict');
    expect(decidePresetColumns({ type: 'RemovePresetColumn', teamId: TEAM, columnId: C1 }, state)).toEqual([{ type: 'PresetColumnRemoved', data: { teamId: TEAM, columnId: C1 } }]);
    expect(codeOf(() => decidePresetColumns({ type: 'RemovePresetColumn', teamId: TEAM, columnId: id('copy', 2) }, state))).toBe('not_found');
  });
});
