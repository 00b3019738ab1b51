import { randomUUID } from 'node:crypto';
import { createEventCatalogue } from '@planwerk/events';
import { projectProjections, startProjector, type RunningProjector } from '@planwerk/projector';
import { describeWith } from '../../../../scripts/testing/components';
import type { TestUser } from '../../../../command-service/src/accounts/testing/register-test-user';
import { REPORTS_ALLOWED } from '../../../../command-service/src/projects/project-invitation-report.service';
import { auth, startProjectsStack, type ProjectsStack, type TestProjectTree, type TestTeam } from '../../../../command-service/src/projects/testing/projects-stack';

// The invitation overview on the real stack (issue 14): the command service sends invitations
// and takes the visitor page's reports, the projector keeps project_invitations, the query
// service answers who was invited, who opened and who signed up.

describeWith('postgres', 'project invitation responses (real stack)', () => {
  let stack: ProjectsStack;
  let projector: RunningProjector;
  let team: TestTeam;
  let tree: TestProjectTree;
  let other: TestProjectTree;
  let invitationIds: string[];

  beforeAll(async () => {
    stack = await startProjectsStack('qs_project_invitations');
    projector = startProjector({
      pool: stack.pool, store: stack.store, catalogue: createEventCatalogue(), notifier: stack.notifier,
      projections: projectProjections, tuning: { idleMs: 20, retryMs: 50 },
    });
    team = await stack.createTeam();
    tree = await stack.createProjectTree(team, { release: true, list: { settings: { allowAnonymous: true } }, items: [{ name: 'Grill', capacity: 5 }] });
    // A released project of another team (the free plan keeps one active project per team).
    other = await stack.createProjectTree(await stack.createTeam(), { release: true, list: { settings: { allowAnonymous: true } }, items: [{ name: 'Kuchen', capacity: 5 }] });
    const invited = await stack.send(team.space, 'POST', `/v5/team/${team.teamId}/project/${tree.projectId}/invite`, { emails: ['anna@example.org', 'ben@example.org'] });
    expect(invited.statusCode).toBe(202);
    invitationIds = invited.json().body.invitationIds as string[];
  }, 120_000);

  afterAll(async () => {
    await projector?.stop();
    await stack?.close();
  });

  const report = (projectId: string, invitationId: string, payload: object, ip = '203.0.113.7') => stack.command.inject({
    method: 'POST', url: `/v5/project/${projectId}/invitation/${invitationId}/report`, headers: auth(null), payload, remoteAddress: ip,
  });
  const overview = (user: TestUser, checkpoint?: string) => stack.query.inject({
    method: 'GET',
    url: `/v5/team/${team.teamId}/project/${tree.projectId}/invitations${checkpoint ? `?minCheckpoint=${encodeURIComponent(checkpoint)}` : ''}`,
    headers: auth(user),
  });
  const signUp = async (p: TestProjectTree, name: string): Promise<{ signupId: string; checkpoint: string }> => {
    const answer = await stack.send(null, 'POST', `/v5/project/${p.projectId}/list/${p.listId}/signup`, { itemId: p.itemIds[0], name });
    if (answer.statusCode !== 201) throw new Error(`sign-up ${answer.statusCode} ${answer.body}`);
    return answer.json().body as { signupId: string; checkpoint: string };
  };
  const reportEvents = async () => (await stack.pool.query<{ type: string; data: Record<string, unknown>; metadata: Record<string, unknown> }>(
    "SELECT type, data, metadata FROM events WHERE stream_id = $1 AND type <> 'ProjectInvitationSent' ORDER BY stream_position", [`project-invites-${tree.projectId}`])).rows;

  it('records the first opening only, answers the same for unknown invitations, and keeps no personal data in the report', async () => {
    const [anna] = invitationIds;
    for (const payload of [{ step: 'opened' }, { step: 'opened' }]) {
      const answer = await report(tree.projectId, anna!, payload);
      expect(answer.statusCode).toBe(202);
      expect(answer.json().body).toEqual({ accepted: true });
    }
    const unknown = await report(tree.projectId, randomUUID(), { step: 'opened' });
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json().body).toEqual({ accepted: true });
    // Another project's id with this invitation: nothing either.
    expect((await report(other.projectId, anna!, { step: 'opened' })).statusCode).toBe(202);
    const events = await reportEvents();
    expect(events.map((e) => e.type)).toEqual(['ProjectInvitationOpened']);
    expect(Object.keys(events[0]!.data).sort()).toEqual(['at', 'invitationId', 'projectId']);
    expect(events[0]!.metadata).toMatchObject({ actor: { kind: 'system', id: 'invitation-report' }, teamId: team.teamId });
    expect(JSON.stringify(events[0]!.metadata)).not.toContain('203.0.113.7');
  });

  it('answers 400 naming the field for a bad report and records nothing', async () => {
    const before = (await reportEvents()).length;
    const badStep = await report(tree.projectId, invitationIds[1]!, { step: 'clicked' });
    expect(badStep.statusCode).toBe(400);
    expect(JSON.stringify(badStep.json().error)).toContain('step');
    const badSignup = await report(tree.projectId, invitationIds[1]!, { step: 'signedUp', listId: tree.listId, signupId: 'nope' });
    expect(badSignup.statusCode).toBe(400);
    expect(JSON.stringify(badSignup.json().error)).toContain('signupId');
    expect((await report(tree.projectId, 'not-a-uuid', { step: 'opened' })).statusCode).toBe(400);
    expect((await reportEvents()).length).toBe(before);
  });

  it('records a sign-up of the project made after the opening, once; not one of another project or without an opening', async () => {
    const [anna, ben] = invitationIds;
    const foreign = await signUp(other, 'Fremd');
    expect((await report(tree.projectId, anna!, { step: 'signedUp', listId: other.listId, signupId: foreign.signupId })).statusCode).toBe(202);
    const own = await signUp(tree, 'Anna');
    // Ben never opened his invitation: his report of Anna's sign-up counts for nothing.
    expect((await report(tree.projectId, ben!, { step: 'signedUp', listId: tree.listId, signupId: own.signupId })).statusCode).toBe(202);
    expect((await report(tree.projectId, anna!, { step: 'signedUp', listId: tree.listId, signupId: own.signupId })).statusCode).toBe(202);
    expect((await report(tree.projectId, anna!, { step: 'signedUp', listId: tree.listId, signupId: own.signupId })).statusCode).toBe(202);
    const events = await reportEvents();
    expect(events.map((e) => [e.type, e.data.invitationId])).toEqual([['ProjectInvitationOpened', anna], ['ProjectInvitationSignedUp', anna]]);
    expect(events[1]!.data).toMatchObject({ listId: tree.listId, signupId: own.signupId });
  });

  it('shows the inviter the addresses in full and other organisers masked, with opened and signed up', async () => {
    const [anna, ben] = invitationIds;
    const settled = await stack.send(team.owner, 'PUT', `/v5/team/${team.teamId}/project/${tree.projectId}`, { colour: 3 });
    const checkpoint = settled.json().body.checkpoint as string;
    const mine = await overview(team.space, checkpoint);
    expect(mine.statusCode).toBe(200);
    const body = mine.json().body;
    expect(body.counts).toEqual({ sent: 2, opened: 1, signedUp: 1 });
    const byId = new Map((body.invitations as Array<Record<string, unknown>>).map((i) => [i.invitationId, i]));
    expect(byId.get(anna)).toMatchObject({ email: 'anna@example.org', mine: true, invitedBy: 'Test User' });
    expect(byId.get(anna)?.openedAt).toEqual(expect.any(String));
    expect(byId.get(anna)?.signedUpAt).toEqual(expect.any(String));
    expect(byId.get(ben)).toMatchObject({ email: 'ben@example.org', mine: true, openedAt: null, signedUpAt: null });

    const owners = (await overview(team.owner, checkpoint)).json().body;
    expect((owners.invitations as Array<{ email: string; mine: boolean }>).map((i) => [i.email, i.mine]).sort()).toEqual([['a•••@example.org', false], ['b•••@example.org', false]]);
  });

  it('is a management read: a plain member gets 403, another team 404, and another team’s project id 404', async () => {
    expect((await overview(team.member)).statusCode).toBe(403);
    const stranger = await stack.createTeam();
    const foreign = await stack.query.inject({ method: 'GET', url: `/v5/team/${stranger.teamId}/project/${tree.projectId}/invitations`, headers: auth(stranger.owner) });
    expect(foreign.statusCode).toBe(404);
  });

  it('limits reports per client address: over the limit nothing is read or recorded, the answer stays the same', async () => {
    const [, ben] = invitationIds;
    const ip = '198.51.100.23';
    for (let i = 0; i < REPORTS_ALLOWED; i += 1) await report(tree.projectId, randomUUID(), { step: 'opened' }, ip);
    const over = await report(tree.projectId, ben!, { step: 'opened' }, ip);
    expect(over.statusCode).toBe(202);
    expect(over.json().body).toEqual({ accepted: true });
    expect((await reportEvents()).filter((e) => e.data.invitationId === ben)).toEqual([]);
    // Another address still counts.
    await report(tree.projectId, ben!, { step: 'opened' }, '198.51.100.24');
    expect((await reportEvents()).filter((e) => e.data.invitationId === ben).map((e) => e.type)).toEqual(['ProjectInvitationOpened']);
  });
});
