import { randomBytes } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createEventCatalogue, ProjectInvitationSent } from '@planwerk/events';
import { openPostgresEventStore, type PostgresEventStore } from '@planwerk/platform';
import { describeWith } from '../../../scripts/testing/components';
import type { TestUser } from '../accounts/testing/register-test-user';
import { createCommandService } from '../app/create-command-service';
import { mailRequestFor } from '../mail/mail-reactor';
import { createProjectInviteMailSources } from './project-invite-mail-sources';
import { auth, startProjectsStack, type ProjectsStack, type TestProjectTree, type TestTeam } from './testing/projects-stack';

jest.setTimeout(60_000);

// POST /v5/team/{teamId}/project/{projectId}/invite on a command service whose store has a
// master key, so the invited addresses are encrypted in `events` (personal field `email`).
describeWith('postgres', 'project invitations (command service on PostgreSQL)', () => {
  let stack: ProjectsStack;
  let encrypting: PostgresEventStore;
  let app: NestFastifyApplication;
  let team: TestTeam;
  let other: TestTeam;
  let tree: TestProjectTree;

  beforeAll(async () => {
    stack = await startProjectsStack('cmd_prj_invite');
    encrypting = await openPostgresEventStore({ pool: stack.pool, catalogue: createEventCatalogue(), masterKey: randomBytes(32).toString('base64') });
    app = await createCommandService({ pool: stack.pool, store: encrypting });
    team = await stack.createTeam();
    other = await stack.createTeam();
    tree = await stack.createProjectTree(team, { release: true, project: { name: 'Sommerfest' } });
  });

  afterAll(async () => {
    await app?.close();
    await encrypting?.close();
    await stack?.close();
  });

  const inviteUrl = (teamId: string, projectId: string) => `/v5/team/${teamId}/project/${projectId}/invite`;
  const invite = (user: TestUser, teamId: string, projectId: string, payload: object) =>
    app.inject({ method: 'POST', url: inviteUrl(teamId, projectId), headers: auth(user), payload });
  const countAll = async () => Number((await stack.pool.query('SELECT count(*) FROM events')).rows[0].count);
  const rawInvitations = async (projectId: string) =>
    (await stack.pool.query<{ data: Record<string, unknown>; text: string; metadata: Record<string, unknown> }>(
      'SELECT data, data::text AS text, metadata FROM events WHERE stream_id = $1 ORDER BY stream_position', [`project-invites-${projectId}`])).rows;

  it('appends one event per address (trimmed, lower-cased, deduplicated) with the address encrypted, and each becomes a mail', async () => {
    const answer = await invite(team.space, team.teamId, tree.projectId, {
      emails: [' Anna@Example.ORG', 'anna@example.org', 'bob@example.org'], message: '  Komm vorbei!  ',
    });
    expect(answer.statusCode).toBe(202);
    const body = answer.json().body;
    expect(body).toMatchObject({ projectId: tree.projectId, invited: 2 });
    expect(body.invitationIds).toHaveLength(2);

    const raw = await rawInvitations(tree.projectId);
    expect(raw).toHaveLength(2);
    for (const [index, row] of raw.entries()) {
      expect(row.text).not.toMatch(/anna@|bob@|Komm vorbei/i);
      expect(row.data.email).toHaveProperty('$encrypted');
      // The message is the inviter's words: encrypted with the inviter's key (issue 12).
      expect(row.data.message).toHaveProperty('$encrypted');
      expect(row.data).toMatchObject({ projectId: tree.projectId, invitationId: body.invitationIds[index], invitedBy: team.space.userId });
      expect(row.metadata).toMatchObject({ personId: `project-invite-${body.invitationIds[index]}`, authorPersonId: team.space.userId, teamId: team.teamId });
    }

    const events = (await encrypting.readStream(`project-invites-${tree.projectId}`)).events;
    expect(events.map((e) => (e.data as { email: string }).email)).toEqual(['anna@example.org', 'bob@example.org']);
    const mails = await Promise.all(events.map((e) => mailRequestFor(e, { sources: createProjectInviteMailSources(), store: encrypting, catalogue: createEventCatalogue() })));
    expect(mails.map((m) => m?.to)).toEqual(['anna@example.org', 'bob@example.org']);
    expect(mails[0]).toMatchObject({
      template: 'project-invite', language: 'de', linkPath: `/${tree.link}`,
      params: { inviterName: 'Test User', projectName: 'Sommerfest', message: 'Komm vorbei!' },
    });
    expect(events[0]?.type).toBe(ProjectInvitationSent.type);
  });

  it('answers 400 naming `emails` (or `message`) for bad input and appends nothing', async () => {
    const before = await countAll();
    const bad = await invite(team.owner, team.teamId, tree.projectId, { emails: ['ok@example.org', 'not-an-address'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toMatch(/^emails(\.|$)/);
    const none = await invite(team.owner, team.teamId, tree.projectId, { emails: [] });
    expect(none.json().error).toMatchObject({ status: 400, field: 'emails' });
    const many = await invite(team.owner, team.teamId, tree.projectId, { emails: Array.from({ length: 51 }, (_, i) => `p${i}@example.org`) });
    expect(many.json().error).toMatchObject({ status: 400, field: 'emails' });
    const long = await invite(team.owner, team.teamId, tree.projectId, { emails: ['ok@example.org'], message: 'x'.repeat(501) });
    expect(long.json().error).toMatchObject({ status: 400, field: 'message' });
    expect(await countAll()).toBe(before);
  });

  it('answers 404 for another team’s project and 403 without manage_prj, appending nothing', async () => {
    const foreign = await stack.createProjectTree(other);
    const before = await countAll();
    expect((await invite(team.owner, team.teamId, foreign.projectId, { emails: ['a@example.org'] })).statusCode).toBe(404);
    expect((await invite(team.owner, other.teamId, foreign.projectId, { emails: ['a@example.org'] })).statusCode).toBe(404);
    expect((await invite(team.member, team.teamId, tree.projectId, { emails: ['a@example.org'] })).statusCode).toBe(403);
    expect(await countAll()).toBe(before);
  });

  it('refuses a project in the trash, a preset and a purged project', async () => {
    const trashed = await stack.createProjectTree(team);
    const base = `/v5/team/${team.teamId}/project/${trashed.projectId}`;
    expect((await stack.send(team.owner, 'PUT', `${base}/status`, { status: 0 })).statusCode).toBe(200);
    const preset = await stack.send(team.owner, 'POST', `/v5/team/${team.teamId}/project/${tree.projectId}/copy`, { link: `preset-${Date.now().toString(36)}`, name: 'Vorlage', asPreset: true });
    expect(preset.statusCode).toBe(201);
    const presetId = preset.json().body.projectId as string;
    const before = await countAll();
    expect((await invite(team.owner, team.teamId, trashed.projectId, { emails: ['a@example.org'] })).json().error).toMatchObject({ status: 409, intern: 'project_in_trash' });
    expect((await invite(team.owner, team.teamId, presetId, { emails: ['a@example.org'] })).json().error).toMatchObject({ status: 409, intern: 'project_invite_preset' });
    expect(await countAll()).toBe(before);
    expect((await stack.send(team.owner, 'DELETE', base)).statusCode).toBe(200);
    expect((await invite(team.owner, team.teamId, trashed.projectId, { emails: ['a@example.org'] })).statusCode).toBe(404);
  });
});
