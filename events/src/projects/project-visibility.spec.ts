import type { ProjectEvent } from './project.events';
import { DEFAULT_PROJECT_SETTINGS, OPEN_WINDOW, DEFAULT_LIST_SETTINGS } from './project.events';
import { evolveProject, findItem, findList, initialProjectState, itemsOf, listsOf, phasesIn, type ProjectState } from './project-state';
import { canViewProject, isProjectAdmin, type ProjectViewer } from './project-visibility';
import type { ProjectVisibility } from './project.events';

const PROJECT = '33333333-3333-4333-8333-333333333331';
const TEAM = '11111111-1111-4111-8111-111111111111';
const USER = '22222222-2222-4222-8222-222222222222';

const created = (visibility: ProjectVisibility = 'public', status: 2 | 3 = 3): ProjectEvent => ({
  type: 'ProjectCreated',
  data: {
    projectId: PROJECT, teamId: TEAM, link: 'fest', name: 'Fest', colour: 1, status, visibility, settings: DEFAULT_PROJECT_SETTINGS,
    shareHash: 'AAAAAAAAAAAAAAAAAAAAAA', startDate: null, createdBy: USER, createdAt: '2026-11-23T10:00:00Z', copiedFrom: null,
  },
});
const status = (from: 0 | 1 | 2 | 3 | 4 | 5 | 10, to: 0 | 1 | 2 | 3 | 4 | 5 | 10): ProjectEvent => ({ type: 'ProjectStatusChanged', data: { projectId: PROJECT, from, to } });
const given = (...events: ProjectEvent[]): ProjectState => events.reduce(evolveProject, initialProjectState());
const active = (visibility: ProjectVisibility = 'public', ...more: ProjectEvent[]) => given(created(visibility), status(3, 1), ...more);

const anonymous: ProjectViewer = { userId: null, verified: false, membership: null, passwordOk: false };
const user: ProjectViewer = { userId: USER, verified: false, membership: null, passwordOk: false };
const verified: ProjectViewer = { ...user, verified: true };
const as = (level: 'owner' | 'admin' | 'space' | 'item' | 'member'): ProjectViewer => ({ ...verified, membership: { level } });

describe('canViewProject', () => {
  it('answers not_found for a missing or purged project', () => {
    expect(canViewProject(given(), as('owner'))).toBe('not_found');
    expect(canViewProject(given(created(), status(3, 0), { type: 'ProjectPurged', data: { projectId: PROJECT } }), as('owner'))).toBe('not_found');
  });

  it('shows planning and template projects to owner, admin and space only', () => {
    for (const project of [given(created()), given(created('public', 2))]) {
      expect(canViewProject(project, as('owner'))).toBe('ok');
      expect(canViewProject(project, as('admin'))).toBe('ok');
      expect(canViewProject(project, as('space'))).toBe('ok');
      expect(canViewProject(project, as('item'))).toBe('not_found');
      expect(canViewProject(project, as('member'))).toBe('not_found');
      expect(canViewProject(project, anonymous)).toBe('not_found');
    }
  });

  it('shows a deleted or hidden project to team members only; archived with hideArchived too', () => {
    const deleted = active('public', status(1, 0));
    expect(canViewProject(deleted, as('member'))).toBe('ok');
    expect(canViewProject(deleted, verified)).toBe('not_found');
    const hidden = active('public', status(1, 5));
    expect(canViewProject(hidden, as('item'))).toBe('ok');
    expect(canViewProject(hidden, anonymous)).toBe('not_found');
    const archived = active('public', status(1, 10));
    expect(canViewProject(archived, anonymous)).toBe('ok');
    const hiddenArchive = active('public', status(1, 10), { type: 'ProjectEdited', data: { projectId: PROJECT, settings: { ...DEFAULT_PROJECT_SETTINGS, hideArchived: true } } });
    expect(canViewProject(hiddenArchive, anonymous)).toBe('not_found');
    expect(canViewProject(hiddenArchive, as('member'))).toBe('ok');
  });

  it('decides active and successful projects by visibility', () => {
    expect(canViewProject(active('public'), anonymous)).toBe('ok');
    expect(canViewProject(active('login'), anonymous)).toBe('login_required');
    expect(canViewProject(active('login'), user)).toBe('ok');
    expect(canViewProject(active('verified'), anonymous)).toBe('login_required');
    expect(canViewProject(active('verified'), user)).toBe('no_permission');
    expect(canViewProject(active('verified'), verified)).toBe('ok');
    expect(canViewProject(active('team'), verified)).toBe('no_permission');
    expect(canViewProject(active('team'), as('member'))).toBe('ok');
    expect(canViewProject(active('admins'), as('space'))).toBe('no_permission');
    expect(canViewProject(active('admins'), as('admin'))).toBe('ok');
    expect(canViewProject(active('owner'), as('admin'))).toBe('no_permission');
    expect(canViewProject(active('owner'), as('owner'))).toBe('ok');
    expect(canViewProject(active('owner'), anonymous)).toBe('login_required');
    expect(canViewProject(given(created('team'), status(3, 1), status(1, 4)), as('member'))).toBe('ok');
  });

  it('asks for the project password; managers need none', () => {
    const project = active('public', { type: 'ProjectVisibilityChanged', data: { projectId: PROJECT, visibility: 'password', passwordHash: '$argon2id$x' } });
    expect(canViewProject(project, anonymous)).toBe('password_required');
    expect(canViewProject(project, as('member'))).toBe('password_required');
    expect(canViewProject(project, { ...anonymous, passwordOk: true })).toBe('ok');
    expect(canViewProject(project, as('space'))).toBe('ok');
  });

  it('isProjectAdmin: owner and admin', () => {
    expect([as('owner'), as('admin'), as('space'), as('member'), anonymous].map((v) => isProjectAdmin(v.membership))).toEqual([true, true, false, false, false]);
  });
});

describe('evolveProject', () => {
  const P1 = '44444444-0000-4000-8000-000000000001';
  const P2 = '44444444-0000-4000-8000-000000000002';
  const SUB = '44444444-0000-4000-8000-000000000003';
  const L1 = '55555555-0000-4000-8000-000000000001';
  const L2 = '55555555-0000-4000-8000-000000000002';
  const I1 = '66666666-0000-4000-8000-000000000001';
  const phase = (phaseId: string, folderId: string | null = null): ProjectEvent => ({ type: 'PhaseAdded', data: { projectId: PROJECT, phaseId, name: 'P', description: '', folderId, copiedFrom: null } });
  const list = (listId: string, phaseId: string): ProjectEvent => ({
    type: 'ListAdded',
    data: { projectId: PROJECT, listId, phaseId, type: 1, name: 'L', description: '', window: OPEN_WINDOW, attendance: 'automatic', fields: [], settings: DEFAULT_LIST_SETTINGS, copiedFrom: null },
  });
  const item: ProjectEvent = { type: 'ItemAdded', data: { projectId: PROJECT, listId: L1, itemId: I1, name: 'I', description: '', capacity: 1, vote: null, date: null, time: null, copiedFrom: null } };

  it('keeps sibling order within a group when sorting, moves lists to the end of their new phase, removes items with their list', () => {
    const state = given(created(), phase(P1), phase(SUB, P1), phase(P2), list(L1, P1), list(L2, P2), item);
    if (!state.exists) throw new Error('no project');
    const sorted = evolveProject(state, { type: 'PhasesSorted', data: { projectId: PROJECT, folderId: null, order: [P2, P1] } });
    if (!sorted.exists) throw new Error('no project');
    expect(sorted.phases.map((p) => p.phaseId)).toEqual([P2, SUB, P1]);
    expect(phasesIn(sorted, null).map((p) => p.phaseId)).toEqual([P2, P1]);
    const moved = evolveProject(state, { type: 'ListMoved', data: { projectId: PROJECT, listId: L1, fromPhaseId: P1, toPhaseId: P2 } });
    if (!moved.exists) throw new Error('no project');
    expect(listsOf(moved, P2).map((l) => l.listId)).toEqual([L2, L1]);
    expect(findItem(state, I1, L1)?.capacity).toBe(1);
    expect(findItem(state, I1, L2)).toBeUndefined();
    const removed = evolveProject(state, { type: 'ListRemoved', data: { projectId: PROJECT, listId: L1 } });
    if (!removed.exists) throw new Error('no project');
    expect(findList(removed, L1)).toBeUndefined();
    expect(itemsOf(removed, L1)).toEqual([]);
  });

  it('edits only the given fields and keeps the previous status while deleted', () => {
    const state = given(created(), phase(P1), list(L1, P1), item,
      { type: 'ItemEdited', data: { projectId: PROJECT, listId: L1, itemId: I1, capacity: null } },
      { type: 'ListEdited', data: { projectId: PROJECT, listId: L1, attendance: 'manual' } },
      status(3, 1), status(1, 0));
    expect(findItem(state, I1)).toMatchObject({ name: 'I', capacity: null });
    expect(findList(state, L1)).toMatchObject({ name: 'L', attendance: 'manual' });
    expect(state).toMatchObject({ status: 0, previousStatus: 1 });
  });
});
