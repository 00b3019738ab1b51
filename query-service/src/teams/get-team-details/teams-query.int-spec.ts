import { randomUUID } from 'node:crypto';
import { describeWith } from '../../../../scripts/testing/components';
import type { TestUser } from '../../../../command-service/src/accounts/testing/register-test-user';
import { auth, startTeamsStack, type TeamsStack } from '../../../../command-service/src/teams/testing/teams-stack';

describeWith('postgres', 'GET /v5/team/{link} and GET /v5/team/setup/{teamId} (query service on PostgreSQL)', () => {
  let stack: TeamsStack;
  let owner: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let teamId: string;

  beforeAll(async () => {
    stack = await startTeamsStack('qry_teams');
    [owner, member, outsider] = [await stack.register(), await stack.register(), await stack.register()];
    const created = await stack.createTeam(owner, { name: 'Schule Süd', link: 'schule-sued', type: 'school', design: { color: 3 }, set: { featureTag: ['news'] } });
    teamId = created.json().body.teamId;
    await stack.addMember(teamId, member, 'member');
  });

  afterAll(async () => {
    await stack?.close();
  });

  const get = (user: TestUser | null, url: string) => stack.query.inject({ method: 'GET', url, headers: auth(user) });

  it('answers the team details (spec section 3) to a member, the link matched in any case', async () => {
    // The slot endpoint activates a real project of the team (issue 12).
    const created = await stack.command.inject({ method: 'POST', url: `/v5/team/${teamId}/project`, headers: auth(owner), payload: { link: `aktiv-${randomUUID().slice(0, 8)}`, name: 'Aktiv' } });
    const projectId = created.json().body.projectId as string;
    const claimed = await stack.command.inject({ method: 'POST', url: `/v5/team/${teamId}/active-projects`, headers: auth(owner), payload: { projectId } });
    expect(claimed.statusCode).toBe(200);
    const response = await get(member, '/v5/team/Schule-Sued');
    expect(response.statusCode).toBe(200);
    expect(response.json().body).toEqual({
      id: teamId, link: 'schule-sued', name: 'Schule Süd', type: 'school', design: { color: 3, logo_url: null },
      pro: false, plan: 'free', planLapsed: false, blocked: false, activeProjects: [projectId],
      set: { contactUser: false, contactGroup: false, featureTag: ['news'] }, team: 1, level: 'member',
    });
    expect((await get(owner, '/v5/team/schule-sued')).json().body).toMatchObject({ team: 2, level: 'owner' });
  });

  it('a link matches only if found: unknown links and outsiders get the same 404; anonymous 6011', async () => {
    const unknown = await get(member, '/v5/team/gibt-es-nicht');
    const foreign = await get(outsider, '/v5/team/schule-sued');
    expect(unknown.statusCode).toBe(404);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(unknown.json());
    expect((await get(null, '/v5/team/schule-sued')).json().error).toMatchObject({ status: 401, intern: 6011 });
  });

  it('the team-setup status tells the owner what is missing and where the console goes next', async () => {
    const response = await get(owner, `/v5/team/setup/${teamId}`);
    expect(response.json().body).toEqual({
      teamId, link: 'schule-sued', plan: 'free', planLapsed: false, pro: false, blocked: false,
      missing: ['logo', 'contactUser', 'paid_plan'], next: 'payment',
    });
    expect((await get(member, `/v5/team/setup/${teamId}`)).json().error).toMatchObject({ status: 403, intern: 'no_permission' });
    expect((await get(outsider, `/v5/team/setup/${teamId}`)).statusCode).toBe(404);
  });
});
