import { randomUUID } from 'node:crypto';
import { contactGroupSummarySchema, contactGroupViewSchema } from '@planwerk/events';
import { describeWith } from '../../../../scripts/testing/components';
import type { TestUser } from '../../../../command-service/src/accounts/testing/register-test-user';
import { startContactGroupsStack, type ContactGroupsStack } from './testing/contact-groups-stack';

jest.setTimeout(60_000);

describeWith('postgres', 'contact group queries over HTTP (real stack: commands, projector, queries)', () => {
  let stack: ContactGroupsStack;
  let owner: TestUser;
  let manager: TestUser;
  let member: TestUser;
  let otherOwner: TestUser;
  let teamId: string;
  let otherTeamId: string;

  beforeAll(async () => {
    stack = await startContactGroupsStack('qs_contact_groups');
    [owner, manager, member, otherOwner] = [await stack.register(), await stack.register(), await stack.register(), await stack.register()];
    teamId = await stack.createTeam(owner);
    otherTeamId = await stack.createTeam(otherOwner);
    await stack.addMember(owner, teamId, manager, 'space', { manage_contact: [] });
    await stack.addMember(owner, teamId, member, 'member');
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  });

  const groupsUrl = (team = teamId) => `/v5/team/${team}/contact/group`;
  const createGroup = (payload: object, user = owner, team = teamId) => stack.send(user, 'POST', groupsUrl(team), payload);
  const withCheckpoint = (url: string, checkpoint: unknown) => `${url}?minCheckpoint=${encodeURIComponent(String(checkpoint))}`;

  it('lists the team\u2019s groups by name with their member counts, read-your-writes', async () => {
    const zoe = await stack.createContact(owner, teamId, { firstName: 'Zoë', lastName: 'Adler' });
    const ben = await stack.createContact(owner, teamId, { firstName: 'Ben', lastName: 'Brandt' });
    const chor = await createGroup({ name: 'chor', kind: 'group' });
    const vorstand = await createGroup({ name: 'Vorstand', kind: 'department', policy: 'request', description: 'Die Gewählten' });
    await createGroup({ name: 'Fremde Gruppe' }, otherOwner, otherTeamId);
    const changed = await stack.send(owner, 'PUT', `${groupsUrl()}/${vorstand.groupId}/members`, { add: [zoe, ben] });

    const listed = await stack.get(manager, withCheckpoint(groupsUrl(), changed.checkpoint));
    expect(listed.statusCode).toBe(200);
    const items = listed.json().body.items;
    for (const item of items) expect(() => contactGroupSummarySchema.parse(item)).not.toThrow();
    expect(items.map((g: { name: string; memberCount: number }) => [g.name, g.memberCount])).toEqual([['chor', 0], ['Vorstand', 2]]);
    expect(items[1]).toMatchObject({ groupId: vorstand.groupId, kind: 'department', policy: 'request', description: 'Die Gewählten' });
    expect(items[0].groupId).toBe(chor.groupId);
  });

  it('shows one group with its members by display name and address; a removed contact leaves it', async () => {
    const anna = await stack.createContact(owner, teamId, { firstName: 'Anna', lastName: 'Zeller', email: 'anna@example.org' });
    const firma = await stack.createContact(owner, teamId, { company: 'Bäckerei Lang' });
    const carl = await stack.createContact(owner, teamId, { firstName: 'Carl', lastName: 'Adam' });
    const group = await createGroup({ name: 'Klasse 5b', kind: 'class' });
    await stack.send(owner, 'PUT', `${groupsUrl()}/${group.groupId}/members`, { add: [anna, firma, carl] });
    const removed = await stack.send(owner, 'DELETE', `/v5/team/${teamId}/contact/${carl}`);

    const shown = await stack.get(owner, withCheckpoint(`${groupsUrl()}/${group.groupId}`, removed.checkpoint));
    expect(shown.statusCode).toBe(200);
    const view = contactGroupViewSchema.parse(shown.json().body);
    expect(view).toMatchObject({ groupId: group.groupId, name: 'Klasse 5b', kind: 'class', policy: 'admins', memberCount: 2, version: 2 });
    expect(view.members.map((m) => [m.displayName, m.email])).toEqual([['Anna Zeller', 'anna@example.org'], ['Bäckerei Lang', '']]);
    expect(view.members[0]?.contactId).toBe(anna);
  });

  it('answers 404 for an unknown, a removed and another team\u2019s group, and 400 for a malformed id', async () => {
    const gone = await createGroup({ name: 'Alt' });
    const removed = await stack.send(owner, 'DELETE', `${groupsUrl()}/${gone.groupId}`);
    const foreign = await createGroup({ name: 'Riege' }, otherOwner, otherTeamId);
    // The other team's group is in the read model (its owner sees it), yet not for us.
    expect((await stack.get(otherOwner, withCheckpoint(`${groupsUrl(otherTeamId)}/${foreign.groupId}`, foreign.checkpoint))).statusCode).toBe(200);
    for (const id of [randomUUID(), gone.groupId, foreign.groupId]) {
      const answer = await stack.get(owner, withCheckpoint(`${groupsUrl()}/${id}`, foreign.checkpoint));
      expect(answer.statusCode).toBe(404);
      expect(answer.json().error).toMatchObject({ intern: 'not_found', field: 'groupId' });
    }
    expect((await stack.get(owner, `${groupsUrl()}/kein-uuid`)).statusCode).toBe(400);
    const list = await stack.get(owner, withCheckpoint(groupsUrl(), removed.checkpoint));
    expect(list.json().body.items.map((g: { name: string }) => g.name)).not.toContain('Alt');
  });

  it('lets contact managers read; a plain member gets 403, a stranger 404, nobody signed in 401', async () => {
    const group = await createGroup({ name: 'Intern' });
    expect((await stack.get(manager, withCheckpoint(`${groupsUrl()}/${group.groupId}`, group.checkpoint))).statusCode).toBe(200);
    expect((await stack.get(member, groupsUrl())).statusCode).toBe(403);
    expect((await stack.get(member, `${groupsUrl()}/${group.groupId}`)).statusCode).toBe(403);
    expect((await stack.get(otherOwner, groupsUrl())).statusCode).toBe(404);
    const anonymous = await stack.get(null, groupsUrl());
    expect(anonymous.statusCode).toBe(401);
    expect((await stack.get(owner, `${groupsUrl()}?extra=1`)).statusCode).toBe(400);
  });
});
