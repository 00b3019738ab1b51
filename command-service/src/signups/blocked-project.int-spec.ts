import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createEventCatalogue } from '@planwerk/events';
import { projectProjections, startProjector, type RunningProjector } from '@planwerk/projector';
import { describeWith } from '../../../scripts/testing/components';
import type { TestUser } from '../accounts/testing/register-test-user';
import { createCommandService } from '../app/create-command-service';
import { auth, startProjectsStack, type ProjectsStack, type TestProjectTree, type TestTeam } from '../projects/testing/projects-stack';

jest.setTimeout(60_000);

// Blocked projects (ADR 0005/0006): a free team got Prime, released two projects, the plan
// lapsed and the owner kept one (`PUT …/unlock`). The other stays at status 1 without an
// active-project slot: sign-ups by anyone but the team's owner and admins answer
// `project_blocked` and append nothing; the kept project takes sign-ups as before.
describeWith('postgres', 'sign-ups on a blocked project (command service on PostgreSQL)', () => {
  let stack: ProjectsStack;
  let support: NestFastifyApplication;
  let projector: RunningProjector;
  let operator: TestUser;
  let team: TestTeam;
  let kept: TestProjectTree;
  let blocked: TestProjectTree;

  const put = (app: NestFastifyApplication, user: TestUser, url: string, payload: object) => app.inject({ method: 'PUT', url, headers: auth(user), payload });
  const addSignup = (user: TestUser | null, tree: TestProjectTree, payload: Record<string, unknown>) =>
    stack.command.inject({ method: 'POST', url: `/v5/project/${tree.projectId}/list/${tree.listId}/signup`, headers: auth(user), payload });
  const signupCount = async (tree: TestProjectTree) =>
    Number((await stack.pool.query('SELECT count(*) FROM events WHERE stream_id = $1', [`signups-${tree.listId}`])).rows[0].count);

  beforeAll(async () => {
    stack = await startProjectsStack('cmd_signups_blocked');
    projector = startProjector({
      pool: stack.pool, store: stack.store, catalogue: createEventCatalogue(), notifier: stack.notifier,
      projections: projectProjections, tuning: { idleMs: 20, retryMs: 50 },
    });
    operator = await stack.register();
    const before = process.env.SUPPORT_OPERATORS;
    process.env.SUPPORT_OPERATORS = operator.userId;
    try {
      support = await createCommandService({ pool: stack.pool, store: stack.store });
    } finally {
      if (before === undefined) delete process.env.SUPPORT_OPERATORS;
      else process.env.SUPPORT_OPERATORS = before;
    }
    team = await stack.createTeam();
    expect((await put(support, operator, `/v5/team/${team.teamId}/plan`, { action: 'change', plan: 'prime' })).statusCode).toBe(200);
    const options = { release: true, list: { settings: { allowAnonymous: true } }, items: [{ name: 'Kuchen', capacity: 10 }] };
    kept = await stack.createProjectTree(team, options);
    blocked = await stack.createProjectTree(team, options);
    const lapsed = await put(stack.command, team.owner, `/v5/team/${team.teamId}/plan`, { action: 'lapse' });
    expect(lapsed.json().body).toMatchObject({ planLapsed: true, blocked: true });
  });

  afterAll(async () => {
    await projector?.stop();
    await support?.close();
    await stack?.close();
  });

  it('takes sign-ups on both projects while each still holds its slot, then refuses them on the project the owner did not keep', async () => {
    expect((await addSignup(team.member, blocked, { itemId: blocked.itemIds[0] })).statusCode).toBe(201);

    const unlocked = await put(stack.command, team.owner, `/v5/team/${team.teamId}/unlock`, { projectId: kept.projectId });
    expect(unlocked.json().body).toMatchObject({ activeProjects: [kept.projectId], released: [blocked.projectId] });
    const status = await stack.pool.query<{ data: { to: number } }>("SELECT data FROM events WHERE stream_id = $1 AND type = 'ProjectStatusChanged'", [`project-${blocked.projectId}`]);
    expect(status.rows.map((r) => r.data.to)).toEqual([1]);

    const before = await signupCount(blocked);
    const member = await addSignup(team.space, blocked, { itemId: blocked.itemIds[0] });
    expect(member.statusCode).toBe(423);
    expect(member.json().error).toMatchObject({ intern: 'project_blocked' });
    const visitor = await addSignup(null, blocked, { itemId: blocked.itemIds[0], name: 'Gast' });
    expect(visitor.json().error).toMatchObject({ status: 423, intern: 'project_blocked' });
    expect(await signupCount(blocked)).toBe(before);

    // The public view says so (read from the same inline slot table).
    const view = (tree: TestProjectTree) => stack.query.inject({
      method: 'GET', url: `/v5/project/view/${tree.link}?minCheckpoint=${encodeURIComponent(unlocked.json().body.checkpoint as string)}`, headers: auth(null),
    });
    expect((await view(blocked)).json().body.project).toMatchObject({ status: 1, blocked: true });
    expect((await view(kept)).json().body.project).toMatchObject({ status: 1, blocked: false });

    expect((await addSignup(team.space, kept, { itemId: kept.itemIds[0] })).statusCode).toBe(201);
    expect((await addSignup(null, kept, { itemId: kept.itemIds[0], name: 'Gast' })).statusCode).toBe(201);
  });

  it('takes no comments from non-admins on a blocked project; admins still comment', async () => {
    const comment = (user: TestUser, tree: TestProjectTree) =>
      stack.command.inject({ method: 'POST', url: '/v5/comment', headers: auth(user), payload: { path: `prj.${tree.projectId}`, text: 'Wer bringt Kaffee?' } });
    const refused = await comment(team.member, blocked);
    expect(refused.json().error).toMatchObject({ status: 423, intern: 'project_blocked' });
    expect((await stack.pool.query('SELECT count(*)::int AS n FROM events WHERE stream_id = $1', [`comments-${blocked.projectId}`])).rows[0].n).toBe(0);
    expect((await comment(team.admin, blocked)).statusCode).toBe(201);
    expect((await comment(team.member, kept)).statusCode).toBe(201);
  });

  it('still lets the owner and admins sign someone up on a blocked project', async () => {
    const onBehalf = await addSignup(team.admin, blocked, { itemId: blocked.itemIds[0], name: 'Eingetragen vom Admin' });
    expect(onBehalf.statusCode).toBe(201);
  });

  it('unblocks the project once the team has a paid plan again', async () => {
    expect((await put(support, operator, `/v5/team/${team.teamId}/plan`, { action: 'change', plan: 'prime' })).statusCode).toBe(200);
    expect((await addSignup(team.space, blocked, { itemId: blocked.itemIds[0] })).statusCode).toBe(201);
  });
});
