import { randomUUID } from 'node:crypto';
import { createEventCatalogue } from '@planwerk/events';
import { projectProjections, startProjector, type RunningProjector } from '@planwerk/projector';
import { describeWith } from '../../../scripts/testing/components';
import { startProjectsStack, auth, type ProjectsStack, type TestTeam } from '../projects/testing/projects-stack';

describeWith('postgres', 'templates: apply a template of the gallery (command service on PostgreSQL)', () => {
  let stack: ProjectsStack;
  let team: TestTeam;
  let projector: RunningProjector;

  beforeAll(async () => {
    stack = await startProjectsStack('cmd_templates');
    projector = startProjector({
      pool: stack.pool, store: stack.store, catalogue: createEventCatalogue(), notifier: stack.notifier,
      projections: projectProjections, tuning: { idleMs: 20, retryMs: 50 },
    });
    team = await stack.createTeam();
  }, 120_000);

  afterAll(async () => {
    await projector?.stop();
    await stack?.close();
  });

  const apply = (user: TestTeam['owner'] | null, teamId: string, templateId: string, payload: Record<string, unknown>) =>
    stack.send(user, 'POST', `/v5/team/${teamId}/template/${templateId}/project`, { link: `tpl-${randomUUID().slice(0, 8)}`, name: 'Schichten Sommerfest', ...payload });
  const streamTypes = async (streamId: string) =>
    (await stack.pool.query<{ type: string }>('SELECT type FROM events WHERE stream_id = $1 ORDER BY stream_position', [streamId])).rows.map((r) => r.type);
  const countAll = async () => Number((await stack.pool.query('SELECT count(*) FROM events')).rows[0].count);
  const tree = (teamId: string, projectId: string, checkpoint: string) => stack.query.inject({
    method: 'GET', url: `/v5/team/${teamId}/project/${projectId}?minCheckpoint=${encodeURIComponent(checkpoint)}`, headers: auth(team.owner),
  });

  it('appends the project the editor would (created, phase, lists, items) and the read model shows it with dated slots', async () => {
    const answer = await apply(team.admin, team.teamId, 'shifts', { startDate: '2027-05-01', startTime: '19:00', locale: 'en', utcOffset: '+02:00' });
    expect(answer.statusCode).toBe(201);
    const { projectId, link, status, checkpoint } = answer.json().body;
    expect(status).toBe(3);
    const types = await streamTypes(`project-${projectId}`);
    expect(types).toEqual(['ProjectCreated', 'PhaseAdded', 'ListAdded', ...Array(4).fill('ItemAdded'), 'ListAdded', ...Array(4).fill('ItemAdded')]);
    expect(await streamTypes(`project-link-${link}`)).toEqual(['ProjectLinkReserved']);

    const read = await tree(team.teamId, projectId, checkpoint);
    expect(read.statusCode).toBe(200);
    const body = read.json().body;
    expect(body.project).toMatchObject({ name: 'Schichten Sommerfest', status: 3, startDate: '2027-05-01' });
    const text = JSON.stringify(body);
    for (const name of ['Shifts', 'Entrance', 'Bar', 'Shift 1', 'Shift 4', '19:00', '21:00', '01:00', '2027-05-02']) expect(text).toContain(name);
  });

  it('answers bad input with the field and an unknown template with 400 templateId, creating nothing', async () => {
    const before = await countAll();
    const badDate = await apply(team.owner, team.teamId, 'potluck', { startDate: '2027-13-40' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().error.field).toBe('startDate');
    const badTime = await apply(team.owner, team.teamId, 'potluck', { startDate: '2027-01-01', startTime: '25:00' });
    expect(badTime.json().error.field).toBe('startTime');
    const unknown = await apply(team.owner, team.teamId, 'wedding', { startDate: '2027-01-01' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.field).toBe('templateId');
    expect(await countAll()).toBe(before);
  });

  it('needs login and manage_prj; releasing at once is the owner\'s and the free plan holds one active project (6201, nothing created)', async () => {
    const t = await stack.createTeam();
    expect((await apply(null, t.teamId, 'potluck', { startDate: '2027-01-01' })).statusCode).toBe(401);
    expect((await apply(t.member, t.teamId, 'potluck', { startDate: '2027-01-01' })).statusCode).toBe(403);
    expect((await apply(t.admin, t.teamId, 'potluck', { startDate: '2027-01-01', activate: true })).statusCode).toBe(403);

    const first = await apply(t.owner, t.teamId, 'helpers', { startDate: '2027-01-01', activate: true });
    expect(first.statusCode).toBe(201);
    expect(first.json().body.status).toBe(1);
    const firstId = first.json().body.projectId;
    expect(await streamTypes(`project-${firstId}`)).toContain('ProjectStatusChanged');

    const before = await countAll();
    const link = `tpl-second-${randomUUID().slice(0, 6)}`;
    const second = await apply(t.owner, t.teamId, 'tournament', { link, startDate: '2027-02-01', activate: true });
    expect(second.statusCode).toBeGreaterThanOrEqual(400);
    expect(second.json().error.intern).toBe(6201);
    expect(await countAll()).toBe(before);
    expect(await streamTypes(`project-link-${link}`)).toEqual([]);

    // In planning it needs no slot.
    expect((await apply(t.owner, t.teamId, 'tournament', { link, startDate: '2027-02-01' })).statusCode).toBe(201);
    // A taken link answers its field and gives the claimed slot back.
    const taken = await apply(t.owner, t.teamId, 'potluck', { link, startDate: '2027-02-01' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({ intern: 'project_link_taken', field: 'link' });
  });
});
