import { randomUUID } from 'node:crypto';
import { describeWith } from '../../../scripts/testing/components';
import { MY_SIGNUPS, mySignupsProjection } from './my-signups.projection';
import type { ProjectsFeedEvent } from './projects-feed';
import { projectCreated, projectIds, projectStructure, signupAdded } from './testing/project-fixtures';
import { startProjectionHarness, type ProjectionHarness } from './testing/projection-harness';

describeWith('postgres', 'my sign-ups projection on PostgreSQL', () => {
  let h: ProjectionHarness;

  beforeEach(async () => {
    h = await startProjectionHarness('projector_my_signups', mySignupsProjection);
  });
  afterEach(async () => {
    await h.close();
  });

  const rowsOf = async (userId: string) => (await h.kit.pool.query(
    `SELECT team_id, project_id, item_id, status FROM ${await h.table(MY_SIGNUPS)} WHERE user_id = $1 ORDER BY at, signup_id`, [userId])).rows;

  it('lists a person\u2019s sign-ups across teams and follows their changes', async () => {
    const user = randomUUID();
    const [teamA, teamB] = [randomUUID(), randomUUID()];
    const [one, two] = [projectIds(), projectIds()];
    const waiting = signupAdded(two, { userId: user, status: 'waitlisted', at: '2026-05-03T10:00:00.000Z' });
    await h.append(
      projectCreated(one, { teamId: teamA }), ...projectStructure(one), signupAdded(one, { userId: user }),
      projectCreated(two, { teamId: teamB }), ...projectStructure(two), waiting, signupAdded(two, { name: 'Gast' }),
    );
    h.start();
    await h.caughtUp();
    expect(await rowsOf(user)).toEqual([
      { team_id: teamA, project_id: one.projectId, item_id: one.itemA, status: 'placed' },
      { team_id: teamB, project_id: two.projectId, item_id: two.itemA, status: 'waitlisted' },
    ]);
    await h.append({ type: 'SignUpPromoted', data: { projectId: two.projectId, listId: two.listId, itemId: two.itemA, signupId: waiting.data.signupId, userId: user } });
    await h.append({ type: 'ListRemoved', data: { projectId: one.projectId, listId: one.listId } });
    await h.caughtUp();
    expect(await rowsOf(user)).toEqual([{ team_id: teamB, project_id: two.projectId, item_id: two.itemA, status: 'placed' }]);
    await h.append({ type: 'SignUpCancelled', data: { projectId: two.projectId, listId: two.listId, itemId: two.itemA, signupId: waiting.data.signupId, by: 'self' } });
    await h.caughtUp();
    // The cancelled sign-up stays with its receipts, each the time the log recorded its event.
    const receipts = await h.kit.pool.query(
      `SELECT promoted_at <= cancelled_at AS "promotedFirst", changed_at AS "changedAt", cancelled_by AS "cancelledBy"
         FROM ${await h.table(MY_SIGNUPS)} WHERE user_id = $1`, [user]);
    expect(receipts.rows).toEqual([{ promotedFirst: true, changedAt: null, cancelledBy: 'self' }]);
    await h.append({ type: 'AccountErased', data: { userId: user, erasedAt: '2026-05-04T00:00:00.000Z' } });
    await h.caughtUp();
    expect(await rowsOf(user)).toEqual([]);
  });

  it('leaves the same rows, receipts included, in one batch as one event per transaction', async () => {
    const users = [randomUUID(), randomUUID()];
    const ids = projectIds();
    const signups = Array.from({ length: 10 }, (_, i) => signupAdded(ids, { userId: users[i % 2], itemId: i % 3 === 0 ? ids.itemB : ids.itemA }));
    const events: ProjectsFeedEvent[] = [projectCreated(ids), ...projectStructure(ids), ...signups,
      { type: 'SignUpCancelled', data: { projectId: ids.projectId, listId: ids.listId, itemId: ids.itemA, signupId: signups[1].data.signupId, by: 'self' } },
      { type: 'SignUpCancelled', data: { projectId: ids.projectId, listId: ids.listId, itemId: ids.itemA, signupId: signups[2].data.signupId, by: 'admin' } },
      { type: 'SignUpChanged', data: { projectId: ids.projectId, listId: ids.listId, itemId: ids.itemA, signupId: signups[4].data.signupId, name: 'Anna', by: 'self' } },
      { type: 'ItemRemoved', data: { projectId: ids.projectId, listId: ids.listId, itemId: ids.itemB } },
      { type: 'AccountErased', data: { userId: users[1], erasedAt: '2026-05-04T00:00:00.000Z' } },
      signupAdded(ids, { userId: users[0] }),
    ];
    await h.append(...events);
    h.start(1);
    await h.caughtUp();
    const oneByOne = await h.snapshot();
    expect(oneByOne[MY_SIGNUPS]).toHaveLength(4);
    await h.reset();
    h.start(1_000, { batchOnly: true });
    await h.caughtUp();
    expect(await h.snapshot()).toEqual(oneByOne);
    expect(h.errors()).toEqual([]);
  });
});
