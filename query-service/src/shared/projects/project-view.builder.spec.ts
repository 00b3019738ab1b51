import { DEFAULT_LIST_SETTINGS, DEFAULT_PROJECT_SETTINGS, type ExistingProject, type ListState } from '@planwerk/events';
import type { ProjectTreeDoc, SignupEntry } from '@planwerk/projector';
import { buildProjectTree, buildProjectView, windowStateOf } from './project-view.builder';

const window = { opensAt: '2026-05-01T08:00:00Z', closesAt: '2026-05-10T08:00:00Z', endsAt: '2026-05-20T08:00:00Z' };
const list = (overrides: Partial<ListState> = {}): ListState => ({
  listId: 'l', phaseId: 'ph', type: 1, name: 'Liste', description: '', window, attendance: 'automatic', fields: [],
  settings: { ...DEFAULT_LIST_SETTINGS, showNames: 'team' }, copiedFrom: null, ...overrides,
});
const project = (lists: ListState[]): ExistingProject => ({
  exists: true, projectId: 'p', teamId: 't', link: 'fest', name: 'Fest', colour: 1, status: 1, previousStatus: null, locked: false,
  visibility: 'password', passwordHash: '$argon2id$secret', settings: DEFAULT_PROJECT_SETTINGS, shareHash: 'share', startDate: null,
  createdBy: 'u', createdAt: '2026-05-01T00:00:00.000Z', copiedFrom: null,
  phases: [{ phaseId: 'ph', name: 'Phase', description: '', folderId: null, copiedFrom: null }],
  lists, items: [{ itemId: 'a', listId: 'l', name: 'A', description: '', capacity: 1, vote: null, date: null, time: null, copiedFrom: null }],
});
const signup = (id: string, status: 'placed' | 'waitlisted', userId: string | null = null): SignupEntry => ({
  signupId: id, listId: 'l', itemId: 'a', userId, name: `Name ${id}`, values: { f: id }, vote: null, status, by: 'self', at: '2026-05-02T00:00:00.000Z', attended: null, erased: false,
});
const doc = (lists: ListState[] = [list()]): ProjectTreeDoc => ({
  project: project(lists), version: 3, updatedAt: '2026-05-02T00:00:00.000Z',
  signups: [signup('1', 'placed', 'me'), signup('2', 'waitlisted'), signup('3', 'waitlisted')],
});

describe('project view builder', () => {
  it('tells where the sign-up window stands', () => {
    expect(windowStateOf(window, new Date('2026-04-30T00:00:00Z'))).toBe('before');
    expect(windowStateOf(window, new Date('2026-05-05T00:00:00Z'))).toBe('open');
    expect(windowStateOf(window, new Date('2026-05-15T00:00:00Z'))).toBe('closed');
    expect(windowStateOf(window, new Date('2026-05-20T08:00:00Z'))).toBe('ended');
    expect(windowStateOf({ opensAt: null, closesAt: null, endsAt: null }, new Date())).toBe('open');
  });

  it("answers the project's place, and an empty place for a read model folded before places existed", () => {
    const placed = doc();
    placed.project = { ...placed.project, settings: { ...DEFAULT_PROJECT_SETTINGS, place: 'Sportplatz am Wald' } };
    expect(buildProjectView(placed, { userId: null, membership: null }, new Date()).project.place).toBe('Sportplatz am Wald');
    const older = doc();
    const { place: _dropped, ...settingsBefore } = DEFAULT_PROJECT_SETTINGS;
    older.project = { ...older.project, settings: settingsBefore as typeof DEFAULT_PROJECT_SETTINGS };
    expect(buildProjectView(older, { userId: null, membership: null }, new Date()).project.place).toBe('');
  });

  it('shows outsiders counts only on a team list, with their own entry apart', () => {
    const view = buildProjectView(doc(), { userId: 'me', membership: null }, new Date('2026-05-05T00:00:00Z'));
    const [item] = view.lists[0].items;
    expect(item).toMatchObject({ placed: 1, waitlisted: 2, free: 0, signups: null });
    expect(item.mine).toEqual([expect.objectContaining({ signupId: '1', name: 'Name 1', values: { f: '1' }, userId: 'me', mine: true })]);
    expect(JSON.stringify(view)).not.toMatch(/argon2|share/);
  });

  it('shows members the names with waitlist positions, but not other people\u2019s values', () => {
    const view = buildProjectView(doc(), { userId: 'other', membership: { level: 'member' } }, new Date('2026-05-05T00:00:00Z'));
    expect(view.lists[0].items[0].signups?.map((s) => [s.name, s.position, s.values, s.userId, s.by])).toEqual([
      ['Name 1', null, null, null, undefined], ['Name 2', 1, null, null, undefined], ['Name 3', 2, null, null, undefined],
    ]);
  });

  it('counts automatic attendance once the list has ended, and gives managers everything', () => {
    const before = buildProjectTree(doc(), { userId: 'admin', membership: { level: 'admin' } }, new Date('2026-05-19T00:00:00Z'));
    expect(before.lists[0].items[0].signups?.map((s) => s.attended)).toEqual([null, null, null]);
    const after = buildProjectTree(doc(), { userId: 'admin', membership: { level: 'admin' } }, new Date('2026-05-21T00:00:00Z'));
    expect(after.lists[0].items[0].signups?.map((s) => [s.attended, s.values, s.by])).toEqual([[true, { f: '1' }, 'self'], [null, { f: '2' }, 'self'], [null, { f: '3' }, 'self']]);
    expect(after.management).toMatchObject({ hasPassword: true, shareHash: 'share' });
    expect(JSON.stringify(after)).not.toContain('argon2');
  });

  it('keeps each list\u2019s items and each item\u2019s sign-ups in document order when they interleave', () => {
    const item = (itemId: string, listId: string) => ({ itemId, listId, name: itemId, description: '', capacity: null, vote: null, date: null, time: null, copiedFrom: null });
    const entry = (id: string, itemId: string, status: 'placed' | 'waitlisted') => ({ ...signup(id, status), itemId });
    const tree = doc([list({ listId: 'l1', settings: { ...DEFAULT_LIST_SETTINGS, showNames: 'all' } }), list({ listId: 'l2', settings: { ...DEFAULT_LIST_SETTINGS, showNames: 'all' } })]);
    tree.project.items = [item('a', 'l2'), item('b', 'l1'), item('c', 'l2'), item('d', 'l1')];
    tree.signups = [entry('1', 'c', 'placed'), entry('2', 'b', 'waitlisted'), entry('3', 'c', 'waitlisted'), entry('4', 'c', 'waitlisted'), entry('5', 'b', 'placed')];
    const view = buildProjectView(tree, { userId: null, membership: null }, new Date('2026-05-05T00:00:00Z'));
    const shape = view.lists.map((l) => [l.listId, l.items.map((i) => [i.itemId, i.signups?.map((s) => [s.signupId, s.position])])]);
    expect(shape).toEqual([
      ['l1', [['b', [['2', 1], ['5', null]]], ['d', []]]],
      ['l2', [['a', []], ['c', [['1', null], ['3', 1], ['4', 2]]]]],
    ]);
  });
});
