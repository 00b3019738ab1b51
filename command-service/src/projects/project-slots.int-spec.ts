import { randomUUID } from 'node:crypto';
import { describeWith } from '../../../scripts/testing/components';
import { startProjectsStack, type ProjectsStack, type TestTeam } from './testing/projects-stack';

// Issue 12: the slot endpoints moved slots without the project, so a free team ended with three
// active projects. They now decide the project's status through the project decider.
describeWith('postgres', 'active-project slot endpoints (command service on PostgreSQL)', () => {
  let stack: ProjectsStack;

  beforeAll(async () => {
    stack = await startProjectsStack('cmd_project_slots');
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  });

  const status = (t: TestTeam, projectId: string, to: number) => stack.send(t.owner, 'PUT', `/v5/team/${t.teamId}/project/${projectId}/status`, { status: to });
  const claim = (t: TestTeam, projectId: string, user = t.owner) => stack.send(user, 'POST', `/v5/team/${t.teamId}/active-projects`, { projectId });
  const release = (t: TestTeam, projectId: string, user = t.owner) => stack.send(user, 'DELETE', `/v5/team/${t.teamId}/active-projects/${projectId}`);
  const activeSlots = async (teamId: string) =>
    (await stack.pool.query<{ project_id: string }>('SELECT project_id FROM team_active_projects WHERE team_id = $1', [teamId])).rows.map((r) => r.project_id);
  /** Projects whose stream says status 1, folded from the last status event (or creation). */
  const activeProjects = async (projectIds: string[]) => {
    const rows = await stack.pool.query<{ stream_id: string; status: number }>(
      `SELECT DISTINCT ON (stream_id) stream_id, (CASE WHEN type = 'ProjectCreated' THEN data->>'status' ELSE data->>'to' END)::int AS status
         FROM events WHERE stream_id = ANY($1) AND type IN ('ProjectCreated', 'ProjectStatusChanged')
        ORDER BY stream_id, stream_position DESC`,
      [projectIds.map((id) => `project-${id}`)],
    );
    return rows.rows.filter((r) => r.status === 1).map((r) => r.stream_id.slice('project-'.length));
  };
  const countAll = async () => Number((await stack.pool.query('SELECT count(*) FROM events')).rows[0].count);

  it('after a 6201, releasing the slot of the active project is refused and the next activation still answers 6201: at most one active project', async () => {
    const t = await stack.createTeam();
    const [a, b, c] = [await stack.createProjectTree(t), await stack.createProjectTree(t), await stack.createProjectTree(t)];
    expect((await status(t, a.projectId, 1)).statusCode).toBe(200);
    expect((await status(t, b.projectId, 1)).json().error).toMatchObject({ status: 402, intern: 6201 });

    const freed = await release(t, a.projectId);
    expect(freed.statusCode).toBe(409);
    expect(freed.json().error).toMatchObject({ status: 409, intern: 'project_still_active' });
    expect(await activeSlots(t.teamId)).toEqual([a.projectId]);

    expect((await status(t, b.projectId, 1)).json().error).toMatchObject({ status: 402, intern: 6201 });
    expect((await claim(t, c.projectId)).json().error).toMatchObject({ status: 402, intern: 6201 });
    expect((await status(t, c.projectId, 1)).json().error).toMatchObject({ status: 402, intern: 6201 });

    expect(await activeProjects([a.projectId, b.projectId, c.projectId])).toEqual([a.projectId]);
    expect(await activeSlots(t.teamId)).toEqual([a.projectId]);
  });

  it('claiming activates the project through the project decider (owner only from planning); leaving 1 frees the slot for the next', async () => {
    const t = await stack.createTeam();
    const [a, b] = [await stack.createProjectTree(t), await stack.createProjectTree(t)];
    expect((await claim(t, a.projectId, t.admin)).json().error).toMatchObject({ status: 403, intern: 'no_permission' });
    const claimed = await claim(t, a.projectId);
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json().body).toMatchObject({ teamId: t.teamId, projectId: a.projectId, activeProjects: [a.projectId] });
    expect(await activeProjects([a.projectId, b.projectId])).toEqual([a.projectId]);
    // Claiming again is idempotent.
    expect((await claim(t, a.projectId)).json().body.activeProjects).toEqual([a.projectId]);

    expect((await status(t, a.projectId, 4)).statusCode).toBe(200);
    expect(await activeSlots(t.teamId)).toEqual([]);
    // Releasing a project that is not active is allowed (and appends nothing more).
    const released = await release(t, a.projectId, t.admin);
    expect(released.statusCode).toBe(200);
    expect(released.json().body).toMatchObject({ projectId: a.projectId, activeProjects: [] });
    expect((await claim(t, b.projectId)).statusCode).toBe(200);
    expect(await activeProjects([a.projectId, b.projectId])).toEqual([b.projectId]);
  });

  it("answers 404 for another team's project and for an unknown id, moving no slot", async () => {
    const t = await stack.createTeam();
    const other = await stack.createTeam();
    const foreign = await stack.createProjectTree(other, { release: true });
    const before = await countAll();
    for (const projectId of [foreign.projectId, randomUUID()]) {
      expect((await claim(t, projectId)).json().error).toMatchObject({ status: 404, intern: 'not_found' });
      expect((await release(t, projectId)).json().error).toMatchObject({ status: 404, intern: 'not_found' });
    }
    expect(await countAll()).toBe(before);
    expect(await activeSlots(t.teamId)).toEqual([]);
    expect(await activeSlots(other.teamId)).toEqual([foreign.projectId]);
  });

  it('a plain member cannot claim or release', async () => {
    const t = await stack.createTeam();
    const a = await stack.createProjectTree(t);
    expect((await claim(t, a.projectId, t.member)).json().error).toMatchObject({ status: 403, intern: 'no_permission' });
    expect((await release(t, a.projectId, t.member)).json().error).toMatchObject({ status: 403, intern: 'no_permission' });
  });
});
