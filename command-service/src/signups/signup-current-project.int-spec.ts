import { randomUUID } from 'node:crypto';
import type { ProjectState } from '@planwerk/events';
import { describeWith } from '../../../scripts/testing/components';
import type { CommandMetadata } from '../shared/commands/decide-and-append';
import { randomIds } from '../shared/idempotency/deterministic-ids';
import { startProjectsStack, type ProjectsStack, type TestProjectTree, type TestTeam } from '../projects/testing/projects-stack';
import { SignupCommandHandler } from './signup-command-handler';

// Issue 12: a sign-up was decided on the project its caller had loaded, which on a hot list can
// be ~10 s old (the wait for the list's lock); a close or lock committed meanwhile was not
// enforced. The batch now decides on the project as it is when the batch starts.
describeWith('postgres', 'sign-ups decide on the current project (PostgreSQL)', () => {
  let stack: ProjectsStack;
  let team: TestTeam;

  beforeAll(async () => {
    stack = await startProjectsStack('cmd_signups_current');
    team = await stack.createTeam();
  }, 60_000);

  afterAll(async () => {
    await stack?.close();
  });

  const metadata = (): CommandMetadata => ({ commandId: randomUUID(), correlationId: randomUUID(), causationId: null, actor: { kind: 'anonymous', id: 'v' }, teamId: null });
  const addSignup = (handler: SignupCommandHandler, project: ProjectState, tree: TestProjectTree) => handler.execute(project, {
    type: 'AddSignup', listId: tree.listId, signupId: randomUUID(), itemId: tree.itemIds[0] as string, actor: { kind: 'visitor', userId: null, tokenHash: null },
    userId: null, name: 'Gast', values: {}, vote: null, newTokenHash: 'c'.repeat(64), at: new Date().toISOString(),
  }, metadata(), randomIds());
  const manage = (tree: TestProjectTree) => `/v5/team/${team.teamId}/project/${tree.projectId}`;

  it('refuses a sign-up whose caller loaded the project before it was locked or closed', async () => {
    const tree = await stack.createProjectTree(team, { release: true, list: { settings: { allowAnonymous: true } }, items: [{ name: 'Kuchen', capacity: null }] });
    const handler = new SignupCommandHandler(stack.pool, stack.store);
    // The caller's load while the project was open (what it authorized against).
    const open = await handler.loadProject(tree.projectId);
    await expect(addSignup(handler, open, tree)).resolves.toMatchObject({ events: [expect.objectContaining({ type: 'SignUpAdded' })] });

    // Locked by an admin (through another instance) while the next caller waits with its old load.
    expect((await stack.send(team.owner, 'PUT', `${manage(tree)}/lock`, { locked: true })).statusCode).toBe(200);
    await expect(addSignup(handler, open, tree)).rejects.toMatchObject({ code: 'signup_project_locked' });

    // Unlocked, then closed (status 4, successful): refused alike.
    expect((await stack.send(team.owner, 'PUT', `${manage(tree)}/lock`, { locked: false })).statusCode).toBe(200);
    expect((await stack.send(team.owner, 'PUT', `${manage(tree)}/status`, { status: 4 })).statusCode).toBe(200);
    await expect(addSignup(handler, open, tree)).rejects.toMatchObject({ code: 'signup_project_closed' });
    const added = await stack.pool.query("SELECT count(*)::int AS n FROM events WHERE stream_id = $1 AND type = 'SignUpAdded'", [`signups-${tree.listId}`]);
    expect(added.rows[0].n).toBe(1);
  });
});
