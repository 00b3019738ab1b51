import { randomUUID } from 'node:crypto';
import { accessOf, evolveProjectTree, overviewOf, type ProjectTreeDoc } from './project-tree.evolve';
import type { ProjectsFeedEvent } from './projects-feed';
import { projectCreated, projectIds, projectStructure, signupAdded } from './testing/project-fixtures';

const at = (minute: number) => new Date(Date.UTC(2026, 4, 2, 10, minute));
const fold = (events: ProjectsFeedEvent[], doc: ProjectTreeDoc | null = null): ProjectTreeDoc | null =>
  events.reduce<ProjectTreeDoc | null>((d, event, i) => evolveProjectTree(d, { event, recordedAt: at(i) }), doc);

describe('project tree evolve', () => {
  const ids = projectIds();
  const base = [projectCreated(ids), ...projectStructure(ids)];

  it('builds the tree from the project stream with the shared project fold', () => {
    const doc = fold(base);
    expect(doc?.project).toMatchObject({ projectId: ids.projectId, name: 'Sommerfest', status: 3 });
    expect(doc?.project.lists.map((l) => l.name)).toEqual(['Helfer']);
    expect(doc?.project.items.map((i) => i.itemId)).toEqual([ids.itemA, ids.itemB]);
    expect(doc?.version).toBe(5);
    expect(doc?.updatedAt).toBe(at(4).toISOString());
  });

  it('ignores events of a project it never saw and a second creation', () => {
    expect(fold(projectStructure(ids))).toBeNull();
    const doc = fold(base);
    expect(evolveProjectTree(doc, { event: projectCreated(ids, { name: 'Anders' }), recordedAt: at(9) })).toBe(doc);
  });

  it('keeps sign-ups in order, moves a changed item to the end, promotes, confirms attendance and cancels', () => {
    const first = signupAdded(ids, { name: 'Anna' });
    const second = signupAdded(ids, { name: 'Ben', status: 'waitlisted' });
    const third = signupAdded(ids, { name: 'Cleo', itemId: ids.itemB });
    const doc = fold([
      ...base, first, second, third,
      { type: 'SignUpChanged', data: { projectId: ids.projectId, listId: ids.listId, itemId: ids.itemA, signupId: first.data.signupId, toItemId: ids.itemB, name: 'Anna B.', by: 'self' } },
      { type: 'SignUpPromoted', data: { projectId: ids.projectId, listId: ids.listId, itemId: ids.itemA, signupId: second.data.signupId, userId: null } },
      { type: 'AttendanceConfirmed', data: { projectId: ids.projectId, listId: ids.listId, signupIds: [third.data.signupId], attended: true } },
    ]);
    expect(doc?.signups.map((s) => [s.name, s.itemId, s.status, s.attended])).toEqual([
      ['Ben', ids.itemA, 'placed', null],
      ['Cleo', ids.itemB, 'placed', true],
      ['Anna B.', ids.itemB, 'placed', null],
    ]);
    const cancelled = fold([{ type: 'SignUpCancelled', data: { projectId: ids.projectId, listId: ids.listId, itemId: ids.itemB, signupId: third.data.signupId, by: 'admin' } }], doc);
    expect(cancelled?.signups.map((s) => s.name)).toEqual(['Ben', 'Anna B.']);
  });

  it('drops the sign-ups of a cleared item, a cleared list, a removed item and a removed list', () => {
    const a = signupAdded(ids);
    const b = signupAdded(ids, { itemId: ids.itemB });
    const doc = fold([...base, a, b]);
    const clearedItem = fold([{ type: 'ItemSignUpsCleared', data: { projectId: ids.projectId, listId: ids.listId, itemId: ids.itemA, signupIds: [a.data.signupId] } }], doc);
    expect(clearedItem?.signups.map((s) => s.signupId)).toEqual([b.data.signupId]);
    const removedItem = fold([{ type: 'ItemRemoved', data: { projectId: ids.projectId, listId: ids.listId, itemId: ids.itemB } }], doc);
    expect(removedItem?.signups.map((s) => s.signupId)).toEqual([a.data.signupId]);
    expect(removedItem?.project.items.map((i) => i.itemId)).toEqual([ids.itemA]);
    const removedList = fold([{ type: 'ListRemoved', data: { projectId: ids.projectId, listId: ids.listId } }], doc);
    expect(removedList?.signups).toEqual([]);
    expect(removedList?.project.items).toEqual([]);
  });

  it('forgets an erased person but keeps the place counted', () => {
    const userId = randomUUID();
    const mine = signupAdded(ids, { userId, name: 'Dora' });
    const other = signupAdded(ids, { name: 'Emil' });
    const doc = fold([...base, mine, other, { type: 'AccountErased', data: { userId, erasedAt: '2026-05-03T00:00:00.000Z' } }]);
    expect(doc?.signups.map((s) => [s.userId, s.name, s.erased])).toEqual([[null, null, true], [null, 'Emil', false]]);
    expect(doc && overviewOf(doc).placed).toBe(2);
    // A change read after the erasure (its personal fields decrypt to null) brings nothing back.
    const later = fold([{ type: 'SignUpChanged', data: { projectId: ids.projectId, listId: ids.listId, itemId: ids.itemA, signupId: mine.data.signupId, name: null, vote: null, by: 'admin' } }], doc);
    expect(later?.signups[0]).toMatchObject({ name: null, values: {}, erased: true });
  });

  it('deletes the document when the project is purged', () => {
    expect(fold([...base, { type: 'ProjectPurged', data: { projectId: ids.projectId } }])).toBeNull();
  });

  it('counts the overview: structure, places held (no and dislike hold none), waitlist and capacity', () => {
    const doc = fold([
      ...base,
      signupAdded(ids),
      signupAdded(ids, { vote: 'no' }),
      signupAdded(ids, { status: 'waitlisted' }),
      signupAdded(ids, { itemId: ids.itemB }),
      { type: 'ProjectStatusChanged', data: { projectId: ids.projectId, from: 3, to: 1 } },
      { type: 'ProjectVisibilityChanged', data: { projectId: ids.projectId, visibility: 'password', passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$abc$def' } },
    ]);
    if (!doc) throw new Error('no document');
    expect(overviewOf(doc)).toMatchObject({
      status: 1, visibility: 'password', phases: 1, lists: 1, items: 2, placed: 2, waitlisted: 1, signups: 4, capacity: 2, unlimitedItems: 1,
    });
    expect(accessOf(doc)).toEqual({
      projectId: ids.projectId, teamId: doc.project.teamId, link: doc.project.link, shareHash: doc.project.shareHash,
      visibility: 'password', passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$abc$def', status: 1,
    });
  });
});
