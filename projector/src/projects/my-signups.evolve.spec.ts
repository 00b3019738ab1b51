import { randomUUID } from 'node:crypto';
import { emptyMySignups, evolveMySignups, type MySignupsState } from './my-signups.evolve';
import type { ProjectsFeedEvent } from './projects-feed';
import { projectCreated, projectIds, signupAdded, TEAM } from './testing/project-fixtures';

const fold = (events: ProjectsFeedEvent[], state: MySignupsState = emptyMySignups(), teamId: string | null = null): MySignupsState => {
  for (const event of events) evolveMySignups(state, event, teamId);
  return state;
};
const rowsOf = (state: MySignupsState) => [...state.rows.values()].filter((r) => r !== null);

describe('my sign-ups evolve', () => {
  const ids = projectIds();
  const user = randomUUID();

  it('keeps a row per sign-up of a signed-in person, with the team of the project', () => {
    const state = fold([projectCreated(ids), signupAdded(ids, { userId: user }), signupAdded(ids, { userId: null, name: 'Gast' })]);
    expect(rowsOf(state)).toEqual([expect.objectContaining({ userId: user, teamId: TEAM, projectId: ids.projectId, itemId: ids.itemA, status: 'placed' })]);
  });

  it('takes the team from the event when the project was created in an earlier batch, and skips purged projects', () => {
    const other = randomUUID();
    expect(rowsOf(fold([signupAdded(ids, { userId: user })], emptyMySignups(), other))[0]?.teamId).toBe(other);
    const purged = fold([projectCreated(ids), { type: 'ProjectPurged', data: { projectId: ids.projectId } }, signupAdded(ids, { userId: user })], emptyMySignups(), other);
    expect(rowsOf(purged)).toEqual([]);
  });

  it('follows moves, promotions and cancellations', () => {
    const a = signupAdded(ids, { userId: user, status: 'waitlisted' });
    const b = signupAdded(ids, { userId: user });
    const state = fold([
      projectCreated(ids), a, b,
      { type: 'SignUpPromoted', data: { projectId: ids.projectId, listId: ids.listId, itemId: ids.itemA, signupId: a.data.signupId, userId: user } },
      { type: 'SignUpChanged', data: { projectId: ids.projectId, listId: ids.listId, itemId: ids.itemA, signupId: a.data.signupId, toItemId: ids.itemB, by: 'self' } },
      { type: 'SignUpCancelled', data: { projectId: ids.projectId, listId: ids.listId, itemId: ids.itemA, signupId: b.data.signupId, by: 'self' } },
    ]);
    expect(rowsOf(state).map((r) => [r.signupId, r.itemId, r.status])).toEqual([[a.data.signupId, ids.itemB, 'placed']]);
    expect(state.rows.get(b.data.signupId)).toBeNull();
  });

  it('sweeps a removed list or item, a purged project and an erased person, and remembers the sweep', () => {
    const base = [projectCreated(ids), signupAdded(ids, { userId: user }), signupAdded(ids, { userId: user, itemId: ids.itemB })];
    const item = fold([...base, { type: 'ItemRemoved', data: { projectId: ids.projectId, listId: ids.listId, itemId: ids.itemA } }]);
    expect(rowsOf(item).map((r) => r.itemId)).toEqual([ids.itemB]);
    expect(item.sweeps).toEqual([{ by: 'item', id: ids.itemA }]);
    expect(rowsOf(fold([...base, { type: 'ListRemoved', data: { projectId: ids.projectId, listId: ids.listId } }]))).toEqual([]);
    expect(rowsOf(fold([...base, { type: 'AccountErased', data: { userId: user, erasedAt: '2026-05-03T00:00:00.000Z' } }]))).toEqual([]);
    const purged = fold([...base, { type: 'ProjectPurged', data: { projectId: ids.projectId } }]);
    expect(rowsOf(purged)).toEqual([]);
    expect(purged.projects.get(ids.projectId)).toBeNull();
  });
});
