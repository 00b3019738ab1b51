import { describeWith } from '../../../scripts/testing/components';
import { PROJECT_FILL_DAILY, projectFillProjection } from './project-fill.projection';
import type { ProjectsFeedEvent } from './projects-feed';
import { projectCreated, projectIds, projectStructure, signupAdded } from './testing/project-fixtures';
import { startProjectionHarness, type ProjectionHarness } from './testing/projection-harness';

describeWith('postgres', 'project fill projection on PostgreSQL', () => {
  let h: ProjectionHarness;

  beforeEach(async () => {
    h = await startProjectionHarness('projector_project_fill', projectFillProjection);
  });
  afterEach(async () => {
    await h.close();
  });

  it('writes places, waitlist and capacity per item and recorded day', async () => {
    const ids = projectIds();
    const first = signupAdded(ids);
    await h.append(projectCreated(ids), ...projectStructure(ids), first, signupAdded(ids), signupAdded(ids, { status: 'waitlisted' }));
    h.start();
    await h.caughtUp();
    const today = (await h.kit.pool.query<{ day: string }>("SELECT to_char((now() AT TIME ZONE 'Europe/Berlin')::date, 'YYYY-MM-DD') AS day")).rows[0].day;
    const rows = await h.kit.pool.query(
      `SELECT item_id, to_char(day, 'YYYY-MM-DD') AS day, placed, waitlisted, capacity FROM ${await h.table(PROJECT_FILL_DAILY)} ORDER BY item_id`);
    expect(rows.rows).toEqual(expect.arrayContaining([
      { item_id: ids.itemA, day: today, placed: 2, waitlisted: 1, capacity: 2 },
      { item_id: ids.itemB, day: today, placed: 0, waitlisted: 0, capacity: null },
    ]));
    await h.append({ type: 'SignUpCancelled', data: { projectId: ids.projectId, listId: ids.listId, itemId: ids.itemA, signupId: first.data.signupId, by: 'self' } });
    await h.caughtUp();
    const after = await h.kit.pool.query(`SELECT placed, waitlisted FROM ${await h.table(PROJECT_FILL_DAILY)} WHERE item_id = $1`, [ids.itemA]);
    expect(after.rows).toEqual([{ placed: 1, waitlisted: 1 }]);
  });

  it('leaves the same rows in one batch as one event per transaction', async () => {
    const ids = projectIds();
    const signups = Array.from({ length: 9 }, (_, i) => signupAdded(ids, { itemId: i % 2 ? ids.itemA : ids.itemB, status: i > 5 ? 'waitlisted' : 'placed' }));
    const events: ProjectsFeedEvent[] = [projectCreated(ids), ...projectStructure(ids), ...signups,
      { type: 'SignUpChanged', data: { projectId: ids.projectId, listId: ids.listId, itemId: ids.itemB, signupId: signups[0].data.signupId, toItemId: ids.itemA, by: 'admin' } },
      { type: 'ListSignUpsCleared', data: { projectId: ids.projectId, listId: ids.listId, signupIds: [signups[2].data.signupId, signups[3].data.signupId] } },
      { type: 'ItemEdited', data: { projectId: ids.projectId, listId: ids.listId, itemId: ids.itemA, capacity: 10 } },
    ];
    await h.append(...events);
    h.start(1);
    await h.caughtUp();
    const oneByOne = await h.snapshot();
    await h.reset();
    h.start(1_000, { batchOnly: true });
    await h.caughtUp();
    expect(await h.snapshot()).toEqual(oneByOne);
    expect(h.errors()).toEqual([]);
  });
});
