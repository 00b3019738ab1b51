import { createEventCatalogue } from '@planwerk/events';
import { type Queryable } from '@planwerk/platform';
import {
  activeTable,
  PROJECT_ACCESS,
  PROJECT_TREE,
  PROJECT_TREE_PROJECTION,
  projectProjections,
  projectTreeProjection,
  rebuildProjection,
  startProjector,
  type RunningProjector,
} from '@planwerk/projector';
import { describeWith } from '../../../../scripts/testing/components';
import {
  auth,
  startProjectsStack,
  type ProjectsStack,
  type TestProjectTree,
  type TestTeam,
} from '../../../../command-service/src/projects/testing/projects-stack';
import { openPublicProjectView, type PublicViewRequest } from '../../shared/projects/project-view.access';

// The public project view costs one SQL statement (ADR 0006): the live table version comes from
// memory and is checked in the same statement, which also reads the membership, the
// verification and the blocked facts. A blue-green rebuild swap between two views does not
// leave the second one on the old tables.

/** A database handle that records every statement sent through it. */
function counting(db: Queryable): { db: Queryable; statements: string[] } {
  const statements: string[] = [];
  const query = (...args: unknown[]): unknown => {
    const first = args[0];
    statements.push(typeof first === 'string' ? first : (first as { text: string }).text);
    return (db.query as (...a: unknown[]) => unknown)(...args);
  };
  return { db: { query } as unknown as Queryable, statements };
}

describeWith('postgres', 'the public project view in one statement (real stack)', () => {
  let stack: ProjectsStack;
  let projector: RunningProjector;
  let team: TestTeam;
  let tree: TestProjectTree;

  beforeAll(async () => {
    stack = await startProjectsStack('qs_project_view_one');
    projector = startProjector({
      pool: stack.pool, store: stack.store, catalogue: createEventCatalogue(), notifier: stack.notifier,
      projections: projectProjections, tuning: { idleMs: 20, retryMs: 50 },
    });
    team = await stack.createTeam();
    tree = await stack.createProjectTree(team, { release: true, list: { settings: { showNames: 'team' } } });
    await rename('Sommerfest');
    await openForVisitors();
  }, 120_000);

  afterAll(async () => {
    await projector?.stop();
    await stack?.close();
  });

  /** Renames the project and waits until the query service's view shows it. */
  async function rename(name: string): Promise<void> {
    const changed = await stack.send(team.owner, 'PUT', `/v5/team/${team.teamId}/project/${tree.projectId}`, { name });
    expect(changed.statusCode).toBe(200);
    const checkpoint = encodeURIComponent(changed.json().body.checkpoint as string);
    // minCheckpoint holds the read until the projection has the rename, for a bounded time: on
    // a loaded machine the answer can be "not yet" (another cluster transaction holding the
    // global-log visibility bound), so ask again until the deadline.
    const deadline = Date.now() + 20_000;
    for (;;) {
      const view = await stack.query.inject({ method: 'GET', url: `/v5/project/view/${tree.link}?minCheckpoint=${checkpoint}`, headers: auth(team.owner) });
      if (view.statusCode === 200) {
        expect(view.json().body.project.name).toBe(name);
        return;
      }
      if (Date.now() > deadline) throw new Error(`the owner's view after the rename answered ${view.statusCode} ${view.body}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /**
   * The released project opens for an anonymous visitor through the query service (the
   * precondition of the statement counts below); names the status the view shows if it never does.
   */
  async function openForVisitors(): Promise<void> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const anonymous = await stack.query.inject({ method: 'GET', url: `/v5/project/view/${tree.link}` });
      if (anonymous.statusCode === 200) return;
      if (Date.now() > deadline) {
        const owner = await stack.query.inject({ method: 'GET', url: `/v5/project/view/${tree.link}`, headers: auth(team.owner) });
        throw new Error(`the released project does not open for visitors: ${anonymous.statusCode} ${anonymous.body}; the owner's view: ${owner.body.slice(0, 400)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const request = (overrides: Partial<PublicViewRequest> = {}): PublicViewRequest => ({
    ref: { by: 'link', link: tree.link }, userId: null, password: null, clientIp: '203.0.113.7', now: new Date(), ...overrides,
  });

  it('answers anonymous visitors, members and outsiders by link, share hash and id with one statement each', async () => {
    const { db, statements } = counting(stack.pool);
    // The first view of a handle also reads the live version.
    expect((await openPublicProjectView(db, request())).view.project.name).toBe('Sommerfest');
    expect(statements).toHaveLength(2);

    const hash = (await stack.query.inject({ method: 'GET', url: `/v5/team/${team.teamId}/project/${tree.projectId}`, headers: auth(team.owner) }))
      .json().body.management.shareHash as string;
    const outsider = await stack.register();
    const cases: Array<[PublicViewRequest, { member: boolean; admin: boolean }]> = [
      [request(), { member: false, admin: false }],
      [request({ userId: team.member.userId }), { member: true, admin: false }],
      [request({ userId: team.admin.userId, ref: { by: 'hash', hash } }), { member: true, admin: true }],
      [request({ userId: outsider.userId, ref: { by: 'id', projectId: tree.projectId } }), { member: false, admin: false }],
    ];
    for (const [viewRequest, viewer] of cases) {
      statements.length = 0;
      const opened = await openPublicProjectView(db, viewRequest);
      expect(opened.view.viewer).toEqual(viewer);
      expect(opened.view.project).toMatchObject({ projectId: tree.projectId, status: 1, blocked: false });
      // showNames team: members see the names, others counts only.
      expect(opened.view.lists[0].namesVisible).toBe(viewer.member);
      expect(statements).toHaveLength(1);
    }
  });

  it("names the project's team with its logo for the visitor's page, from the same statement", async () => {
    const { db, statements } = counting(stack.pool);
    await openPublicProjectView(db, request());
    statements.length = 0;
    const before = await openPublicProjectView(db, request());
    expect(before.view.team).toEqual({ name: expect.stringMatching(/^Team /), logoUrl: null });
    expect(statements).toHaveLength(1);

    const logoUrl = 'https://example.org/logo.png';
    const changed = await stack.send(team.owner, 'PUT', `/v5/team/${team.teamId}`, { logoUrl });
    expect(changed.statusCode).toBe(200);
    // The team row is written in the team's append transaction: the next view has the logo.
    expect((await openPublicProjectView(db, request())).view.team).toEqual({ name: before.view.team?.name, logoUrl });
    const answer = await stack.query.inject({ method: 'GET', url: `/v5/project/view/${tree.link}` });
    expect(answer.json().body.team).toEqual({ name: before.view.team?.name, logoUrl });
  });

  it('decides "verified" visibility from the same statement', async () => {
    const changed = await stack.send(team.owner, 'PUT', `/v5/team/${team.teamId}/project/${tree.projectId}/visibility`, { visibility: 'verified' });
    expect(changed.statusCode).toBe(200);
    const checkpoint = encodeURIComponent(changed.json().body.checkpoint as string);
    expect((await stack.query.inject({ method: 'GET', url: `/v5/project/view/${tree.link}?minCheckpoint=${checkpoint}`, headers: auth(team.owner) })).statusCode).toBe(200);
    try {
      const { db, statements } = counting(stack.pool);
      await openPublicProjectView(db, request({ userId: team.owner.userId }));
      const [verified, unverified] = [await stack.register(), await stack.register()];
      await stack.pool.query('UPDATE account_logins SET activated = false WHERE user_id = $1', [unverified.userId]);
      statements.length = 0;
      expect((await openPublicProjectView(db, request({ userId: verified.userId }))).view.viewer).toEqual({ member: false, admin: false });
      await expect(openPublicProjectView(db, request({ userId: unverified.userId }))).rejects.toMatchObject({ code: 'no_permission' });
      await expect(openPublicProjectView(db, request())).rejects.toMatchObject({ code: 6011 });
      expect(statements).toHaveLength(3);
    } finally {
      const back = await stack.send(team.owner, 'PUT', `/v5/team/${team.teamId}/project/${tree.projectId}/visibility`, { visibility: 'public' });
      expect(back.statusCode).toBe(200);
    }
  });

  it('answers from the new tables after a rebuild swap, also while the old ones still exist', async () => {
    const { db, statements } = counting(stack.pool);
    await rename('Vor dem Umbau');
    expect((await openPublicProjectView(db, request())).view.project.name).toBe('Vor dem Umbau');
    const before = await activeTable(stack.pool, PROJECT_TREE_PROJECTION, PROJECT_TREE);

    // A swap that dropped the remembered tables: the statement fails, the pointer is read again.
    const first = await rebuildProjection({ pool: stack.pool, store: stack.store, catalogue: createEventCatalogue(), projection: projectTreeProjection });
    expect(await activeTable(stack.pool, PROJECT_TREE_PROJECTION, PROJECT_TREE)).not.toBe(before);
    await rename('Nach dem Umbau');
    statements.length = 0;
    expect((await openPublicProjectView(db, request())).view.project.name).toBe('Nach dem Umbau');
    expect(statements).toHaveLength(3);
    statements.length = 0;
    await openPublicProjectView(db, request());
    expect(statements).toHaveLength(1);

    // The moment between the swap and the drop: the remembered version's tables still exist but
    // are no longer written. Put them back with a stale name to tell them apart.
    const second = await rebuildProjection({ pool: stack.pool, store: stack.store, catalogue: createEventCatalogue(), projection: projectTreeProjection });
    expect(second.fromVersion).toBe(first.toVersion);
    const [staleAccess, staleTree] = [`${PROJECT_ACCESS}_v${second.fromVersion}`, `${PROJECT_TREE}_v${second.fromVersion}`];
    const [liveAccess, liveTree] = [`${PROJECT_ACCESS}_v${second.toVersion}`, `${PROJECT_TREE}_v${second.toVersion}`];
    await stack.pool.query(`CREATE TABLE ${staleAccess} AS SELECT * FROM ${liveAccess}`);
    await stack.pool.query(`CREATE TABLE ${staleTree} AS SELECT project_id, team_id, jsonb_set(doc, '{project,name}', '"Veraltet"') AS doc, version, updated_at FROM ${liveTree}`);
    try {
      statements.length = 0;
      expect((await openPublicProjectView(db, request())).view.project.name).toBe('Nach dem Umbau');
      // The stale statement saw the new pointer and the read ran again on the new tables.
      expect(statements).toHaveLength(2);
      expect(statements[0]).toContain(staleTree);
      expect(statements[1]).toContain(liveTree);
    } finally {
      await stack.pool.query(`DROP TABLE IF EXISTS ${staleAccess}, ${staleTree}`);
    }
    // The service's own pool went through the same swaps.
    const view = await stack.query.inject({ method: 'GET', url: `/v5/project/view/${tree.link}`, headers: auth(null) });
    expect([view.statusCode, view.json().body?.project?.name]).toEqual([200, 'Nach dem Umbau']);
  });
});
