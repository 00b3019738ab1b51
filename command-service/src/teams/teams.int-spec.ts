import { randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { describeWith } from '../../../scripts/testing/components';
import type { TestUser } from '../accounts/testing/register-test-user';
import { auth, startTeamsStack, type TeamsStack } from './testing/teams-stack';

describeWith('postgres', 'teams and plans (command service on PostgreSQL)', () => {
  let stack: TeamsStack;
  let owner: TestUser;
  let admin: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let operator: TestUser;
  let support: NestFastifyApplication;
  let teamId: string;

  beforeAll(async () => {
    stack = await startTeamsStack('cmd_teams');
    [owner, admin, member, outsider, operator] = [
      await stack.register(), await stack.register(), await stack.register(), await stack.register(), await stack.register(),
    ];
    support = await stack.commandWithOperators([operator.userId]);
    const created = await stack.createTeam(owner, { name: 'TSV Nord', link: 'TSV-Nord', type: 'club' });
    expect(created.statusCode).toBe(201);
    teamId = created.json().body.teamId;
    await stack.addMember(teamId, admin, 'admin');
    await stack.addMember(teamId, member, 'member');
  });

  afterAll(async () => {
    await stack?.close();
  });

  const put = (app: NestFastifyApplication, user: TestUser | null, url: string, payload: object) =>
    app.inject({ method: 'PUT', url, headers: auth(user), payload });
  const claim = (user: TestUser, team: string, projectId: string) =>
    stack.command.inject({ method: 'POST', url: `/v5/team/${team}/active-projects`, headers: auth(user), payload: { projectId } });
  const release = (user: TestUser, team: string, projectId: string) =>
    stack.command.inject({ method: 'DELETE', url: `/v5/team/${team}/active-projects/${projectId}`, headers: auth(user) });
  // The slot endpoints decide the project too (issue 12): they need a real project of the team.
  const newProject = async (team: string): Promise<string> => {
    const created = await stack.command.inject({
      method: 'POST', url: `/v5/team/${team}/project`, headers: auth(owner), payload: { link: `slot-${randomUUID().slice(0, 8)}`, name: 'Slot' },
    });
    expect(created.statusCode).toBe(201);
    return created.json().body.projectId as string;
  };
  const leaveActive = (team: string, projectId: string) =>
    put(stack.command, owner, `/v5/team/${team}/project/${projectId}/status`, { status: 4 });
  const countEvents = async (streamPrefix: string) =>
    Number((await stack.pool.query('SELECT count(*) FROM events WHERE stream_id LIKE $1', [`${streamPrefix}%`])).rows[0].count);

  describe('POST /v5/team', () => {
    it('creates the team on the free plan with the creator as owner (level owner, flag 2), in the same transaction', async () => {
      const team = await stack.pool.query('SELECT link, name, type, plan, plan_lapsed, pro, blocked, owner_id, settings FROM teams WHERE team_id = $1', [teamId]);
      expect(team.rows).toEqual([{
        link: 'tsv-nord', name: 'TSV Nord', type: 'club', plan: 'free', plan_lapsed: false, pro: false, blocked: false,
        owner_id: owner.userId, settings: { contactUser: false, contactGroup: false, featureTag: [] },
      }]);
      const members = await stack.pool.query("SELECT level, flag, status FROM team_members WHERE team_id = $1 AND user_id = $2", [teamId, owner.userId]);
      expect(members.rows).toEqual([{ level: 'owner', flag: 2, status: 'active' }]);
      const streams = await stack.pool.query(
        'SELECT stream_id, type, metadata FROM events WHERE stream_id = ANY($1) ORDER BY global_position',
        [[`team-link-tsv-nord`, `team-owner-${owner.userId}`, `team-${teamId}`]],
      );
      expect(streams.rows.map((r: { type: string }) => r.type)).toEqual(['TeamLinkReserved', 'TeamOwnershipRecorded', 'TeamCreated']);
      expect(streams.rows[2].metadata).toMatchObject({ teamId, actor: { kind: 'user', id: owner.userId } });
    });

    it('answers team_link_taken for a link another team holds (in any case), appending nothing', async () => {
      const before = await countEvents('team');
      const response = await stack.createTeam(outsider, { name: 'Andere', link: 'tsv-NORD', type: 'company' });
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toMatchObject({ status: 409, intern: 'team_link_taken', field: 'link' });
      expect(await countEvents('team')).toBe(before);
    });

    it('answers 6010 when an owner on the free plan creates a second team; a paid plan allows it', async () => {
      const refused = await stack.createTeam(owner, { name: 'Zweites Team', link: 'zweites-team', type: 'company' });
      expect(refused.statusCode).toBe(402);
      expect(refused.json().error).toMatchObject({ status: 402, intern: 6010 });
      expect((await stack.pool.query('SELECT 1 FROM teams WHERE link = $1', ['zweites-team'])).rowCount).toBe(0);

      const upgraded = await put(support, operator, `/v5/team/${teamId}/plan`, { action: 'change', plan: 'prime' });
      expect(upgraded.json().body).toMatchObject({ plan: 'prime', planLapsed: false, blocked: false });
      const allowed = await stack.createTeam(owner, { name: 'Zweites Team', link: 'zweites-team', type: 'company' });
      expect(allowed.statusCode).toBe(201);
      // Back to free for the tests below: the owner may downgrade.
      expect((await put(stack.command, owner, `/v5/team/${teamId}/plan`, { action: 'change', plan: 'free' })).statusCode).toBe(200);
    });

    it('names the failing field, never creates a team for bad input, and needs a login (6011)', async () => {
      const long = await stack.createTeam(outsider, { name: 'x'.repeat(101), link: 'langer-name', type: 'club' });
      expect(long.json().error).toMatchObject({ status: 400, field: 'name' });
      const badLink = await stack.createTeam(outsider, { name: 'Team', link: 'mit leerzeichen', type: 'club' });
      expect(badLink.json().error).toMatchObject({ status: 400, field: 'link' });
      const massAssignment = await stack.createTeam(outsider, { name: 'Team', link: 'gratis-pro', type: 'club', plan: 'pro' });
      expect(massAssignment.statusCode).toBe(400);
      const anonymous = await stack.createTeam(null, { name: 'Team', link: 'anonym', type: 'club' });
      expect(anonymous.json().error).toMatchObject({ status: 401, intern: 6011 });
      expect((await stack.pool.query('SELECT 1 FROM teams WHERE link = ANY($1)', [['langer-name', 'gratis-pro', 'anonym']])).rowCount).toBe(0);
    });
  });

  describe('PUT /v5/team/{teamId} (owner or admin)', () => {
    it('the owner and an admin change name, logo, design and set.*; the table follows at once', async () => {
      const byOwner = await put(stack.command, owner, `/v5/team/${teamId}`, { name: 'TSV Nord e.V.', logoUrl: 'https://cdn.planwerk.test/tsv.png' });
      expect(byOwner.json()).toMatchObject({ body: { teamId, changed: true }, error: null, status: 200 });
      const byAdmin = await put(stack.command, admin, `/v5/team/${teamId}`, { design: { color: 7 }, set: { contactUser: true, featureTag: ['pay'] } });
      expect(byAdmin.json().body).toMatchObject({ changed: true });
      const row = await stack.pool.query('SELECT name, logo_url, design, settings FROM teams WHERE team_id = $1', [teamId]);
      expect(row.rows[0]).toEqual({
        name: 'TSV Nord e.V.', logo_url: 'https://cdn.planwerk.test/tsv.png', design: { color: 7 },
        settings: { contactUser: true, contactGroup: false, featureTag: ['pay'] },
      });
    });

    it('a plain member gets no_permission, an outsider the 404 of an unknown team; nothing changes', async () => {
      const before = await countEvents(`team-${teamId}`);
      expect((await put(stack.command, member, `/v5/team/${teamId}`, { name: 'Gekapert' })).json().error).toMatchObject({ status: 403, intern: 'no_permission' });
      expect((await put(stack.command, outsider, `/v5/team/${teamId}`, { name: 'Gekapert' })).json().error).toMatchObject({ status: 404 });
      expect((await put(stack.command, owner, `/v5/team/${teamId}`, { plan: 'pro' })).statusCode).toBe(400);
      expect(await countEvents(`team-${teamId}`)).toBe(before);
    });
  });

  describe('PUT /v5/team/{teamId}/plan', () => {
    it('the owner cannot upgrade; an admin and outsiders cannot change the plan at all', async () => {
      expect((await put(stack.command, owner, `/v5/team/${teamId}/plan`, { action: 'change', plan: 'pro' })).json().error)
        .toMatchObject({ status: 403, intern: 'no_permission' });
      expect((await put(stack.command, admin, `/v5/team/${teamId}/plan`, { action: 'change', plan: 'free' })).statusCode).toBe(403);
      expect((await put(stack.command, outsider, `/v5/team/${teamId}/plan`, { action: 'lapse' })).statusCode).toBe(404);
      expect((await put(stack.command, owner, `/v5/team/${teamId}/plan`, { action: 'change', plan: 'gold' })).json().error).toMatchObject({ field: 'plan' });
    });
  });

  describe('active-project slots', () => {
    it('two parallel claims on the free plan: exactly one succeeds, the other answers 6201 (10 rounds)', async () => {
      for (let round = 0; round < 10; round += 1) {
        const [a, b] = [await newProject(teamId), await newProject(teamId)];
        const answers = await Promise.all([claim(owner, teamId, a), claim(owner, teamId, b)]);
        const statuses = answers.map((r) => r.statusCode).sort();
        expect(statuses).toEqual([200, 402]);
        const refused = answers.find((r) => r.statusCode === 402);
        // Spec section 8: the dialog's button leads to the projects to change a status.
        expect(refused?.json().error).toMatchObject({ status: 402, intern: 6201, button: { target: 'manage-project', label: 'change_status' } });
        const winner = answers.find((r) => r.statusCode === 200)?.json().body;
        expect(winner.activeProjects).toEqual([winner.projectId]);
        const rows = await stack.pool.query('SELECT project_id FROM team_active_projects WHERE team_id = $1', [teamId]);
        expect(rows.rows).toEqual([{ project_id: winner.projectId }]);
        // The slot of a project that is still active is not released on its own (issue 12).
        expect((await release(owner, teamId, winner.projectId)).json().error).toMatchObject({ status: 409, intern: 'project_still_active' });
        expect((await leaveActive(teamId, winner.projectId)).statusCode).toBe(200);
        expect((await release(owner, teamId, winner.projectId)).json().body.activeProjects).toEqual([]);
      }
    });

    it('a plain member cannot claim', async () => {
      expect((await claim(member, teamId, await newProject(teamId))).json().error).toMatchObject({ status: 403, intern: 'no_permission' });
    });
  });

  describe('the blocked state: Prime lapses with more than one active project', () => {
    it('blocks the team until the owner keeps one project; the others are released', async () => {
      const projects = [await newProject(teamId), await newProject(teamId), await newProject(teamId)];
      expect((await put(support, operator, `/v5/team/${teamId}/plan`, { action: 'change', plan: 'prime' })).statusCode).toBe(200);
      for (const projectId of projects) expect((await claim(owner, teamId, projectId)).statusCode).toBe(200);

      const lapsed = await put(stack.command, owner, `/v5/team/${teamId}/plan`, { action: 'lapse' });
      expect(lapsed.json().body).toMatchObject({ plan: 'prime', planLapsed: true, blocked: true });
      expect((await stack.pool.query('SELECT blocked, pro FROM teams WHERE team_id = $1', [teamId])).rows[0]).toEqual({ blocked: true, pro: false });
      expect((await claim(owner, teamId, await newProject(teamId))).json().error).toMatchObject({ intern: 6201 });

      expect((await put(stack.command, admin, `/v5/team/${teamId}/unlock`, { projectId: projects[1] })).json().error).toMatchObject({ status: 403 });
      const unlocked = await put(stack.command, owner, `/v5/team/${teamId}/unlock`, { projectId: projects[1] });
      expect(unlocked.json().body).toMatchObject({ activeProjects: [projects[1]], released: [projects[0], projects[2]] });
      const row = await stack.pool.query('SELECT blocked FROM teams WHERE team_id = $1', [teamId]);
      expect(row.rows[0].blocked).toBe(false);
      const active = await stack.pool.query('SELECT project_id FROM team_active_projects WHERE team_id = $1', [teamId]);
      expect(active.rows).toEqual([{ project_id: projects[1] }]);
      expect((await put(stack.command, owner, `/v5/team/${teamId}/unlock`, { projectId: projects[1] })).json().error).toMatchObject({ intern: 'team_not_blocked' });
    });
  });
});
