import { DEFAULT_LIST_SETTINGS, DEFAULT_PROJECT_SETTINGS, OPEN_WINDOW, type ExistingProject } from '@planwerk/events';
import type { ProjectTreeDoc, SignupEntry } from '@planwerk/projector';
import { analyseProject, fillRate, type FillDayRow } from './project-analysis';

const project: ExistingProject = {
  exists: true, projectId: 'p', teamId: 't', link: 'fest', name: 'Fest', colour: 1, status: 1, previousStatus: null, locked: false,
  visibility: 'public', passwordHash: null, settings: DEFAULT_PROJECT_SETTINGS, shareHash: 'h', startDate: null, createdBy: 'u',
  createdAt: '2026-05-01T00:00:00.000Z', copiedFrom: null,
  phases: [{ phaseId: 'ph', name: 'Phase', description: '', folderId: null, copiedFrom: null }],
  lists: [{ listId: 'l', phaseId: 'ph', type: 1, name: 'Liste', description: '', window: OPEN_WINDOW, attendance: 'manual', fields: [], settings: DEFAULT_LIST_SETTINGS, copiedFrom: null }],
  items: [
    { itemId: 'a', listId: 'l', name: 'A', description: '', capacity: 4, vote: null, date: null, time: null, copiedFrom: null },
    { itemId: 'b', listId: 'l', name: 'B', description: '', capacity: null, vote: null, date: null, time: null, copiedFrom: null },
  ],
};
const signup = (id: string, itemId: string, status: 'placed' | 'waitlisted', vote: string | null = null): SignupEntry => ({
  signupId: id, listId: 'l', itemId, userId: null, name: id, values: {}, vote, status, by: 'anonymous', at: '2026-05-02T00:00:00.000Z', attended: null, erased: false,
});
const doc: ProjectTreeDoc = {
  project, version: 9, updatedAt: '2026-05-03T00:00:00.000Z',
  signups: [signup('1', 'a', 'placed'), signup('2', 'a', 'placed', 'no'), signup('3', 'a', 'placed'), signup('4', 'b', 'placed'), signup('5', 'a', 'waitlisted')],
};

describe('project analysis', () => {
  it('rates places against limited capacity only', () => {
    expect(fillRate(1, 3)).toBe(0.3333);
    expect(fillRate(5, null)).toBeNull();
    expect(fillRate(0, 0)).toBeNull();
  });

  it('answers the fill now per item, list and project', () => {
    const analysis = analyseProject(doc, []);
    expect(analysis.lists[0].items.map((i) => [i.itemId, i.capacity, i.placed, i.waitlisted, i.fillRate])).toEqual([
      ['a', 4, 2, 1, 0.5],
      ['b', null, 1, 0, null],
    ]);
    expect(analysis.lists[0]).toMatchObject({ capacity: 4, placed: 3, waitlisted: 1, fillRate: 0.5 });
    expect(analysis.totals).toEqual({ capacity: 4, placed: 3, waitlisted: 1, fillRate: 0.5 });
  });

  it('carries each item\u2019s last day forward into the list\u2019s days', () => {
    const rows: FillDayRow[] = [
      { listId: 'l', itemId: 'a', day: '2026-05-01', placed: 0, waitlisted: 0, capacity: 4 },
      { listId: 'l', itemId: 'b', day: '2026-05-02', placed: 2, waitlisted: 0, capacity: null },
      { listId: 'l', itemId: 'a', day: '2026-05-03', placed: 2, waitlisted: 1, capacity: 4 },
    ];
    const [list] = analyseProject(doc, rows).lists;
    expect(list.days).toEqual([
      { day: '2026-05-01', capacity: 4, placed: 0, waitlisted: 0, fillRate: 0 },
      { day: '2026-05-02', capacity: 4, placed: 2, waitlisted: 0, fillRate: 0 },
      { day: '2026-05-03', capacity: 4, placed: 4, waitlisted: 1, fillRate: 0.5 },
    ]);
    expect(list.items[0].days.map((d) => d.day)).toEqual(['2026-05-01', '2026-05-03']);
  });
});
