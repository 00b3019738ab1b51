import type { TestUser } from '../accounts/testing/register-test-user';
import { describeWith } from '../../../scripts/testing/components';
import { startLinksStack, type LinksStack } from '../../../query-service/src/bundle/testing/links-stack';

describeWith('postgres', 'GET/POST/DELETE /v5/user/link (both services on PostgreSQL)', () => {
  let stack: LinksStack;
  let owner: TestUser;
  let member: TestUser;
  let visitor: TestUser;
  let teamId: string;

  beforeAll(async () => {
    stack = await startLinksStack('links_http');
    owner = await stack.register();
    member = await stack.register();
    visitor = await stack.register();
    teamId = await stack.createTeam(owner, 'alpha-club', 'Alpha Club');
    await stack.addMember(teamId, member, 'space', { manage_file: ['f1'] });
  }, 60_000);

  afterAll(async () => {
    await stack?.close();
  });

  async function savedLinkEvents(userId: string): Promise<string[]> {
    const rows = await stack.pool.query('SELECT type FROM events WHERE stream_id = $1 ORDER BY stream_position', [`user-links-${userId}`]);
    return rows.rows.map((row: { type: string }) => row.type);
  }

  it('lists the owner’s team with flag 2, level owner and the manage entry', async () => {
    const response = await stack.links(owner);
    expect(response.statusCode).toBe(200);
    expect(response.json().body.links).toEqual([{
      id: teamId, link: 'alpha-club', hash: null, obj: 'link_cc', name: 'Alpha Club', team: 2,
      access: { level: 'owner', manage: true, access: {} }, item: [], cc_id: teamId,
    }]);
  });

  it('lists a space member with flag 1, their access map and no manage entry', async () => {
    const [entry] = (await stack.links(member)).json().body.links;
    expect(entry).toMatchObject({ id: teamId, team: 1, access: { level: 'space', manage: false, access: { manage_file: ['f1'] } } });
  });

  it('needs login: anonymous → 6011 on list, connect and disconnect', async () => {
    expect((await stack.links(null)).json().error).toMatchObject({ status: 401, intern: 6011 });
    expect((await stack.connect(null, { obj: 'link_cc', id: teamId })).json().error).toMatchObject({ intern: 6011 });
    expect((await stack.disconnect(null, { obj: 'link_cc', id: teamId, force: true })).json().error).toMatchObject({ intern: 6011 });
  });

  it('connects a member by team link (any case): team, link, add_link and "Du wurdest mit {name} verbunden"', async () => {
    const response = await stack.connect(member, { obj: 'link_cc', id: 'Alpha-Club' });
    expect(response.statusCode).toBe(200);
    expect(response.json().body).toEqual({
      team: { cc_id: teamId, link: 'alpha-club', name: 'Alpha Club' },
      link: 'alpha-club',
      add_link: {
        id: teamId, link: 'alpha-club', hash: null, obj: 'link_cc', name: 'Alpha Club', team: 1,
        access: { level: 'space', manage: false, access: { manage_file: ['f1'] } }, item: [], cc_id: teamId,
      },
      text: 'Du wurdest mit Alpha Club verbunden',
      checkpoint: expect.any(String),
    });
    expect((await stack.links(member)).json().body.links.map((e: { id: string }) => e.id)).toEqual([teamId]);
    expect(await savedLinkEvents(member.userId)).toEqual(['UserLinkConnected']);
  });

  it('an outsider gets the 404 of an unknown link for an existing team, by link or id: neither existence nor name leaks (ADR 0005)', async () => {
    const unknown = await stack.connect(visitor, { obj: 'link_cc', id: 'no-such-team' });
    for (const id of ['Alpha-Club', teamId]) {
      const response = await stack.connect(visitor, { obj: 'link_cc', id });
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toEqual(unknown.json().error);
      expect(response.body).not.toContain('Alpha Club');
    }
    expect(await savedLinkEvents(visitor.userId)).toEqual([]);
  });

  it('refuses unknown targets (404 naming id) and kinds without a target (400 naming obj), appending nothing', async () => {
    const before = await savedLinkEvents(member.userId);
    const unknown = await stack.connect(member, { obj: 'link_cc', id: 'no-such-team' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({ intern: 'not_found', field: 'id' });
    const kind = await stack.connect(member, { obj: 'link_prj', id: 'p1' });
    expect(kind.statusCode).toBe(400);
    expect(kind.json().error).toMatchObject({ intern: 'validation_failed', field: 'obj' });
    expect((await stack.connect(member, { obj: 'link_cc' })).json().error).toMatchObject({ field: 'id' });
    expect(await savedLinkEvents(member.userId)).toEqual(before);
  });

  it('disconnect asks for confirmation unless forced', async () => {
    const unconfirmed = await stack.disconnect(member, { obj: 'link_cc', id: teamId });
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().error).toEqual({ status: 409, intern: 'confirmation_required', field: 'force', text: 'Möchtest du die Verbindung wirklich trennen?' });
    expect(await savedLinkEvents(member.userId)).toEqual(['UserLinkConnected']);

    const forced = await stack.disconnect(member, { obj: 'link_cc', id: 'alpha-club', force: true });
    expect(forced.statusCode).toBe(200);
    expect(forced.json().body).toEqual({ disconnected: true, checkpoint: expect.any(String) });
    // The membership stays (it is left through the membership feature): the team is still listed.
    expect((await stack.links(member)).json().body.links.map((e: { id: string }) => e.id)).toEqual([teamId]);
    expect(await savedLinkEvents(member.userId)).toEqual(['UserLinkConnected', 'UserLinkDisconnected']);
    const row = await stack.pool.query('SELECT count(*)::int AS n FROM user_links WHERE user_id = $1', [member.userId]);
    expect(row.rows[0].n).toBe(0);
  });

  it('disconnecting a link that is not saved → 404, even when forced', async () => {
    const response = await stack.disconnect(visitor, { obj: 'link_cc', id: teamId, force: true });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatchObject({ intern: 'not_found', field: 'id' });
  });

  it('the events carry the team and describe no personal data', async () => {
    const rows = await stack.pool.query("SELECT data, metadata FROM events WHERE stream_id = $1 AND type = 'UserLinkConnected'", [`user-links-${member.userId}`]);
    expect(rows.rows[0].metadata).toMatchObject({ teamId, actor: { kind: 'user', id: member.userId } });
    expect(Object.keys(rows.rows[0].data).sort()).toEqual(['ccId', 'connectedAt', 'obj', 'targetId', 'userId']);
  });
});
