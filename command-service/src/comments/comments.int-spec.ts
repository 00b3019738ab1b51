import { describeWith } from '../../../scripts/testing/components';
import type { TestUser } from '../accounts/testing/register-test-user';
import { auth, startCommentsStack, type CommentsStack, type TestProject } from './testing/comments-stack';

describeWith('postgres', 'comments over HTTP (real PostgreSQL)', () => {
  let stack: CommentsStack;
  let owner: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  let project: TestProject;

  beforeAll(async () => {
    stack = await startCommentsStack('cs_comments');
    [owner, member, stranger] = [await stack.register(), await stack.register(), await stack.register()];
    const teamId = await stack.createTeam(owner, 'kommentare');
    await stack.addMember(teamId, owner, member, 'member');
    project = await stack.givenProject(teamId, owner);
  }, 60_000);

  afterAll(async () => {
    await stack?.close();
  });

  const paths = () => ({
    project: `prj.${project.projectId}`,
    list: `list.${project.projectId}.${project.listId}`,
    item: `list_item.${project.projectId}.${project.listId}.${project.itemId}`,
  });
  const add = (user: TestUser | null, payload: object) => stack.command.inject({ method: 'POST', url: '/v5/comment', headers: auth(user), payload });
  const remove = (user: TestUser | null, commentId: string, path: string) =>
    stack.command.inject({ method: 'DELETE', url: `/v5/comment/${commentId}?path=${encodeURIComponent(path)}`, headers: auth(user) });
  const get = (user: TestUser | null, path: string, checkpoint?: string, details = false) => stack.query.inject({
    method: 'GET',
    url: `/v5/comment${details ? '/details' : ''}?path=${encodeURIComponent(path)}${checkpoint ? `&minCheckpoint=${encodeURIComponent(checkpoint)}` : ''}`,
    headers: auth(user),
  });
  const eventCount = async (): Promise<number> =>
    (await stack.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM events WHERE type LIKE 'Comment%'")).rows[0].n;

  it('adds, lists newest first and removes comments, with the index numbers of spec section 5', async () => {
    const { item } = paths();
    const first = await add(member, { path: item, text: 'Ich backe ihn!' });
    expect(first.statusCode).toBe(201);
    expect(first.json().body).toMatchObject({ path: item, commentId: expect.any(String), checkpoint: expect.any(String) });
    const second = await add(owner, { path: item, text: '  Danke dir  ' });
    expect(second.statusCode).toBe(201);

    const index = await get(member, item, second.json().body.checkpoint);
    expect(index.json()).toEqual({ status: 200, error: null, body: { count: 2, latest: { text: 'Danke dir' } } });

    const details = (await get(member, item, second.json().body.checkpoint, true)).json().body;
    expect(details).toMatchObject({ count: 2, latest: { text: 'Danke dir' } });
    expect(details.items.map((c: { text: string }) => c.text)).toEqual(['Danke dir', 'Ich backe ihn!']);
    expect(details.items[1]).toMatchObject({
      id: first.json().body.commentId, path: item, authorId: member.userId, authorName: null, authorRemoved: false, at: expect.any(String),
    });

    // The member removes their own comment: count down, latest cleared.
    const removed = await remove(member, first.json().body.commentId, item);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().body).toMatchObject({ removed: true });
    const after = await get(member, item, removed.json().body.checkpoint, true);
    expect(after.json().body).toMatchObject({ count: 1, latest: null });
    expect(after.json().body.items).toHaveLength(1);

    // Removing again changes nothing.
    const again = await remove(member, first.json().body.commentId, item);
    expect(again.json().body).toMatchObject({ removed: false });
    expect((await get(member, item, again.json().body.checkpoint)).json().body).toEqual({ count: 1, latest: null });
  });

  it('lets the project admin remove anyone\u2019s comment, but not another member', async () => {
    const { list } = paths();
    const byOwner = (await add(owner, { path: list, text: 'Bitte eintragen' })).json().body.commentId as string;
    const refused = await remove(member, byOwner, list);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ intern: 'no_permission', field: 'commentId' });
    const byMember = (await add(member, { path: list, text: 'Mach ich' })).json().body.commentId as string;
    expect((await remove(owner, byMember, list)).statusCode).toBe(200);
  });

  it('refuses a non-viewer, and shows them nothing', async () => {
    const before = await eventCount();
    const refused = await add(stranger, { path: paths().project, text: 'Hallo?' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ intern: 'no_permission' });
    expect((await get(stranger, paths().item, undefined, true)).json().error).toMatchObject({ intern: 'no_permission' });
    expect((await get(null, paths().item)).json().error).toMatchObject({ intern: 6011 });
    expect((await add(null, { path: paths().project, text: 'anonym' })).json().error).toMatchObject({ intern: 6011 });
    expect(await eventCount()).toBe(before);
  });

  it('answers 400 naming path or text for bad input, and appends nothing', async () => {
    const before = await eventCount();
    for (const path of ['prj.1', `form.${project.projectId}`, `list.${project.projectId}`, '']) {
      const res = await add(member, { path, text: 'Hallo' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ intern: 'validation_failed', field: 'path' });
    }
    const long = await add(member, { path: paths().project, text: 'x'.repeat(5001) });
    expect(long.json().error).toMatchObject({ status: 400, field: 'text' });
    expect((await get(member, 'list_item.x')).json().error).toMatchObject({ status: 400, field: 'path' });
    expect((await remove(member, project.itemId, 'prj.nope')).json().error).toMatchObject({ status: 400, field: 'path' });
    // A well-formed path whose list is not in the project.
    const missing = await add(member, { path: `list.${project.projectId}.${project.itemId}`, text: 'Hallo' });
    expect(missing.json().error).toMatchObject({ status: 404, field: 'path' });
    expect(await eventCount()).toBe(before);
  });

  it('answers 404 for an unknown project, like the view (issue 12); an unknown list of a visible project reads empty', async () => {
    const unknown = `prj.${owner.userId}`;
    expect((await get(member, unknown)).json().error).toMatchObject({ status: 404, intern: 'not_found', field: 'path' });
    expect((await get(member, unknown, undefined, true)).json().error).toMatchObject({ status: 404, intern: 'not_found' });
    const list = `list.${project.projectId}.${owner.userId}`;
    expect((await get(member, list)).json().body).toEqual({ count: 0, latest: null });
  });

  it('answers a project hidden from the viewer like the view does: 404, never an empty index (issue 12)', async () => {
    // Back in planning (3): only the owner sees it; a member gets the 404 of an unknown project.
    const hidden = await stack.givenProject(project.teamId, owner);
    await stack.givenProjectEvents(hidden, [{ type: 'ProjectStatusChanged', data: { projectId: hidden.projectId, from: 1, to: 3 } }]);
    const path = `prj.${hidden.projectId}`;
    for (const details of [false, true]) {
      const refused = await get(member, path, undefined, details);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error).toMatchObject({ intern: 'not_found', field: 'path' });
      expect(refused.json().body).toBeNull();
    }
    expect((await get(owner, path)).json().body).toEqual({ count: 0, latest: null });
  });

  it('refuses members once the project is locked; its admin still comments', async () => {
    await stack.givenProjectEvents(project, [{ type: 'ProjectLockChanged', data: { projectId: project.projectId, locked: true } }]);
    const refused = await add(member, { path: paths().project, text: 'Noch offen?' });
    expect(refused.json().error).toMatchObject({ intern: 'comment_project_closed' });
    expect((await add(owner, { path: paths().project, text: 'Gesperrt.' })).statusCode).toBe(201);
    await stack.givenProjectEvents(project, [{ type: 'ProjectLockChanged', data: { projectId: project.projectId, locked: false } }]);
  });
});
