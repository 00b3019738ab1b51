import { randomUUID } from 'node:crypto';
import { emptyMySignups, evolveMySignups, type MySignupsState } from './my-signups.evolve';
import type { ProjectsFeedEvent } from './projects-feed';
import { projectCreated, projectIds, signupAdded, TEAM } from './testing/project-fixtures';

// Each event is recorded a minute after the one before, from 10:00.
const recordedAt = (i: number) => new Date(Date.UTC(2026, 4, 3, 10, i)).toISOString();
const fold = (events: ProjectsFeedEvent[], state: MySignupsState = emptyMySignups(), teamId: string | null = null): MySignupsState => {
  events.forEach((event, i) => evolveMySignups(state, event, { teamId, recordedAt: recordedAt(i) }));
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

  it('follows moves, promotions and cancellations, with the time of each as a receipt', () => {
    const a = signupAdded(ids, { userId: user, status: 'waitlisted' });
    const b = signupAdded(ids, { userId: user });
    const state = fold([
      projectCreated(ids), a, b,
      { type: 'SignUpPromoted', data: { projectId: ids.projectId, listId: ids.listId, itemId: ids.itemA, signupId: a.data.signupId, userId: user } },
      { type: 'SignUpChanged', data: { projectId: ids.projectId, listId: ids.listId, itemId: ids.itemA, signupId: a.data.signupId, toItemId: ids.itemB, by: 'self' } },
      { type: 'SignUpCancelled', data: { projectId: ids.projectId, listId: ids.listId, itemId: ids.itemA, signupId: b.data.signupId, by: 'self' } },
    ]);
    expect(rowsOf(state).map((r) => [r.signupId, r.itemId, r.status, r.promotedAt, r.changedAt, r.cancelledAt, r.cancelledBy])).toEqual([
      [a.data.signupId, ids.itemB, 'placed', recordedAt(3), recordedAt(4), null, null],
      [b.data.signupId, ids.itemA, 'placed', null, null, recordedAt(5), 'self'],
    ]);
  });

  it('records the organiser as the one who ended a sign-up cancelled by an admin or cleared with its item, and keeps the first end', () => {
    const a = signupAdded(ids, { userId: user });
    const b = signupAdded(ids, { userId: user });
    const state = fold([
      projectCreated(ids), a, b,
      { type: 'SignUpCancelled', data: { projectId: ids.projectId, listId: ids.listId, itemId: ids.itemA, signupId: a.data.signupId, by: 'admin' } },
      { type: 'ItemSignUpsCleared', data: { projectId: ids.projectId, listId: ids.listId, itemId: ids.itemA, signupIds: [a.data.signupId, b.data.signupId] } },
    ]);
    expect(rowsOf(state).map((r) => [r.signupId, r.cancelledAt, r.cancelledBy])).toEqual([
      [a.data.signupId, recordedAt(3), 'organiser'],
      [b.data.signupId, recordedAt(4), 'organiser'],
    ]);
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
