import { emptyFill, evolveFill, fillDayOf, type FillState } from './project-fill.evolve';
import type { ProjectsFeedEvent } from './projects-feed';
import { projectCreated, projectIds, projectStructure, signupAdded } from './testing/project-fixtures';

const fold = (steps: Array<[ProjectsFeedEvent, Date]>, state: FillState = emptyFill()): FillState => {
  for (const [event, recordedAt] of steps) evolveFill(state, event, recordedAt);
  return state;
};
const on = (day: string, events: ProjectsFeedEvent[]): Array<[ProjectsFeedEvent, Date]> => events.map((e) => [e, new Date(`${day}T12:00:00Z`)]);

describe('project fill evolve', () => {
  const ids = projectIds();

  it('takes the day in Germany from the recorded time, never the clock', () => {
    expect(fillDayOf(new Date('2026-05-01T21:30:00Z'))).toBe('2026-05-01');
    expect(fillDayOf(new Date('2026-05-01T22:30:00Z'))).toBe('2026-05-02');
    expect(fillDayOf(new Date('2026-01-01T23:30:00Z'))).toBe('2026-01-02');
  });

  it('writes each item\u2019s numbers at the end of every day on which they changed', () => {
    const waiting = signupAdded(ids, { status: 'waitlisted' });
    const first = signupAdded(ids);
    const state = fold([
      ...on('2026-05-01', [projectCreated(ids), ...projectStructure(ids)]),
      ...on('2026-05-02', [first, signupAdded(ids), waiting, signupAdded(ids, { itemId: ids.itemB, vote: 'dislike' })]),
      ...on('2026-05-03', [
        { type: 'SignUpCancelled', data: { projectId: ids.projectId, listId: ids.listId, itemId: ids.itemA, signupId: first.data.signupId, by: 'self' } },
        { type: 'SignUpPromoted', data: { projectId: ids.projectId, listId: ids.listId, itemId: ids.itemA, signupId: waiting.data.signupId, userId: null } },
        { type: 'ItemEdited', data: { projectId: ids.projectId, listId: ids.listId, itemId: ids.itemA, capacity: 3 } },
      ]),
    ]);
    const days = [...state.days.values()].map((d) => [d.itemId === ids.itemA ? 'A' : 'B', d.day, d.placed, d.waitlisted, d.capacity]);
    expect(days).toEqual([
      ['A', '2026-05-01', 0, 0, 2],
      ['B', '2026-05-01', 0, 0, null],
      ['A', '2026-05-02', 2, 1, 2],
      // A dislike does not hold a place.
      ['B', '2026-05-02', 0, 0, null],
      ['A', '2026-05-03', 2, 0, 3],
    ]);
    expect(state.items.get(ids.itemA)).toMatchObject({ placed: 2, waitlisted: 0, capacity: 3 });
  });

  it('moves a sign-up\u2019s share to its new item and counts a changed vote', () => {
    const s = signupAdded(ids);
    const state = fold(on('2026-05-02', [
      ...projectStructure(ids), s,
      { type: 'SignUpChanged', data: { projectId: ids.projectId, listId: ids.listId, itemId: ids.itemA, signupId: s.data.signupId, toItemId: ids.itemB, by: 'self' } },
      { type: 'SignUpChanged', data: { projectId: ids.projectId, listId: ids.listId, itemId: ids.itemB, signupId: s.data.signupId, vote: 'no', by: 'self' } },
    ]));
    expect(state.items.get(ids.itemA)).toMatchObject({ placed: 0 });
    expect(state.items.get(ids.itemB)).toMatchObject({ placed: 0 });
    evolveFill(state, { type: 'SignUpChanged', data: { projectId: ids.projectId, listId: ids.listId, itemId: ids.itemB, signupId: s.data.signupId, vote: 'yes', by: 'self' } }, new Date('2026-05-02T13:00:00Z'));
    expect(state.items.get(ids.itemB)).toMatchObject({ placed: 1 });
  });

  it('clears counts with cleared sign-ups and sweeps removed lists with their days', () => {
    const a = signupAdded(ids);
    const b = signupAdded(ids);
    const state = fold(on('2026-05-02', [
      ...projectStructure(ids), a, b,
      { type: 'ItemSignUpsCleared', data: { projectId: ids.projectId, listId: ids.listId, itemId: ids.itemA, signupIds: [a.data.signupId, b.data.signupId] } },
    ]));
    expect(state.items.get(ids.itemA)).toMatchObject({ placed: 0 });
    evolveFill(state, { type: 'ListRemoved', data: { projectId: ids.projectId, listId: ids.listId } }, new Date('2026-05-02T14:00:00Z'));
    expect(state.days.size).toBe(0);
    expect(state.items.get(ids.itemA)).toBeNull();
    expect(state.sweeps).toEqual([{ by: 'list', id: ids.listId }]);
  });
});
