import { randomUUID } from 'node:crypto';
import { describeWith } from '../../../scripts/testing/components';
import { PRESET_COLUMNS, PROJECT_ACCESS, PROJECT_OVERVIEW, PROJECT_TREE, projectTreeProjection } from './project-tree.projection';
import type { ProjectTreeDoc } from './project-tree.evolve';
import type { ProjectsFeedEvent } from './projects-feed';
import { projectCreated, projectIds, projectStructure, signupAdded, TEAM } from './testing/project-fixtures';
import { startProjectionHarness, type ProjectionHarness } from './testing/projection-harness';

describeWith('postgres', 'project tree projection on PostgreSQL', () => {
  let h: ProjectionHarness;

  beforeEach(async () => {
    h = await startProjectionHarness('projector_project_tree', projectTreeProjection);
  });
  afterEach(async () => {
    await h.close();
  });

  const docOf = async (projectId: string): Promise<ProjectTreeDoc | undefined> =>
    (await h.kit.pool.query<{ doc: ProjectTreeDoc }>(`SELECT doc FROM ${await h.table(PROJECT_TREE)} WHERE project_id = $1`, [projectId])).rows[0]?.doc;

  it('keeps the tree, the overview and the public lookup of a project in step', async () => {
    const ids = projectIds();
    const anna = signupAdded(ids, { name: 'Anna' });
    await h.append(
      projectCreated(ids, { link: 'sommerfest' }), ...projectStructure(ids), anna, signupAdded(ids, { name: 'Ben', status: 'waitlisted' }),
      { type: 'ProjectStatusChanged', data: { projectId: ids.projectId, from: 3, to: 1 } },
      { type: 'ProjectVisibilityChanged', data: { projectId: ids.projectId, visibility: 'password', passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA' } },
    );
    h.start();
    await h.caughtUp();
    const doc = await docOf(ids.projectId);
    expect(doc?.signups.map((s) => [s.name, s.status])).toEqual([['Anna', 'placed'], ['Ben', 'waitlisted']]);
    expect(doc?.version).toBe(9);
    const overview = await h.kit.pool.query(`SELECT * FROM ${await h.table(PROJECT_OVERVIEW)}`);
    expect(overview.rows).toEqual([expect.objectContaining({
      project_id: ids.projectId, team_id: TEAM, link: 'sommerfest', name: 'Sommerfest', status: 1, locked: false, visibility: 'password',
      phases: 1, lists: 1, items: 2, placed: 1, waitlisted: 1, signups: 2, capacity: 2, unlimited_items: 1, created_by: expect.any(String),
    })]);
    const access = await h.kit.pool.query(`SELECT * FROM ${await h.table(PROJECT_ACCESS)} WHERE lower(link) = 'sommerfest'`);
    expect(access.rows).toEqual([expect.objectContaining({ project_id: ids.projectId, status: 1, visibility: 'password', password_hash: expect.stringMatching(/^\$argon2id/) })]);
  });

  it('folds preset columns of a team and removes them again', async () => {
    const [kept, removed] = [randomUUID(), randomUUID()];
    const field = { kind: 'text', label: 'Telefon', required: false } as const;
    await h.append(
      { type: 'PresetColumnSaved', data: { teamId: TEAM, columnId: kept, field } },
      { type: 'PresetColumnSaved', data: { teamId: TEAM, columnId: removed, field: { ...field, label: 'Alt' } } },
      { type: 'PresetColumnRemoved', data: { teamId: TEAM, columnId: removed } },
    );
    h.start();
    await h.caughtUp();
    const rows = await h.kit.pool.query(`SELECT column_id, team_id, field FROM ${await h.table(PRESET_COLUMNS)}`);
    expect(rows.rows).toEqual([{ column_id: kept, team_id: TEAM, field }]);
  });

  it('purges the derived plaintext of an erased person in every project, and drops purged projects', async () => {
    const [one, two] = [projectIds(), projectIds()];
    const user = randomUUID();
    await h.append(
      projectCreated(one), ...projectStructure(one), signupAdded(one, { userId: user, name: 'Dora' }), signupAdded(one, { name: 'Gast' }),
      projectCreated(two), ...projectStructure(two), signupAdded(two, { userId: user, name: 'Dora' }),
    );
    h.start();
    await h.caughtUp();
    await h.append({ type: 'AccountErased', data: { userId: user, erasedAt: '2026-05-03T00:00:00.000Z' } }, { type: 'ProjectPurged', data: { projectId: two.projectId } });
    await h.caughtUp();
    expect((await docOf(one.projectId))?.signups.map((s) => [s.userId, s.name])).toEqual([[null, null], [null, 'Gast']]);
    expect(await docOf(two.projectId)).toBeUndefined();
    const snapshot = await h.snapshot();
    expect(JSON.stringify(snapshot)).not.toContain('Dora');
    expect(JSON.stringify([snapshot.project_tree, snapshot.project_signup_users])).not.toContain(user);
    expect(snapshot.project_overview.map((r) => r.project_id)).toEqual([one.projectId]);
    expect(snapshot.project_access.map((r) => r.project_id)).toEqual([one.projectId]);
  });

  it('leaves the same rows in one batch as one event per transaction, and rebuilds to them', async () => {
    const ids = projectIds();
    const user = randomUUID();
    const events: ProjectsFeedEvent[] = [projectCreated(ids), ...projectStructure(ids)];
    const signups = Array.from({ length: 8 }, (_, i) => signupAdded(ids, { name: `P${i}`, userId: i % 3 === 0 ? user : null, status: i > 4 ? 'waitlisted' : 'placed' }));
    events.push(...signups);
    events.push({ type: 'SignUpCancelled', data: { projectId: ids.projectId, listId: ids.listId, itemId: ids.itemA, signupId: signups[1].data.signupId, by: 'admin' } });
    events.push({ type: 'AccountErased', data: { userId: user, erasedAt: '2026-05-03T00:00:00.000Z' } });
    events.push({ type: 'PresetColumnSaved', data: { teamId: TEAM, columnId: randomUUID(), field: { kind: 'number', label: 'Alter', required: true } } });
    events.push({ type: 'ItemRemoved', data: { projectId: ids.projectId, listId: ids.listId, itemId: ids.itemB } });
    await h.append(...events);
    h.start(1);
    await h.caughtUp();
    const oneByOne = await h.snapshot();
    expect(oneByOne[PROJECT_TREE]).toHaveLength(1);

    await h.reset();
    h.start(1_000, { batchOnly: true });
    await h.caughtUp();
    expect(await h.snapshot()).toEqual(oneByOne);
    expect(h.errors()).toEqual([]);
  });
});
