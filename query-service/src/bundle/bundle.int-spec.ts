import { bundleAnswerSchema } from '@planwerk/events';
import type { TestUser } from '../../../command-service/src/accounts/testing/register-test-user';
import { describeWith } from '../../../scripts/testing/components';
import { startLinksStack, type LinksStack } from './testing/links-stack';

describeWith('postgres', 'POST /v5/bundle (query service on PostgreSQL)', () => {
  let stack: LinksStack;
  let owner: TestUser;
  let owner2: TestUser;
  let twoTeams: TestUser;
  let outsider: TestUser;
  let alpha: string;
  let beta: string;

  beforeAll(async () => {
    stack = await startLinksStack('bundle_http');
    [owner, owner2, twoTeams, outsider] = [await stack.register(), await stack.register(), await stack.register(), await stack.register()];
    alpha = await stack.createTeam(owner, 'alpha', 'Alpha');
    beta = await stack.createTeam(owner2, 'beta', 'Beta');
    await stack.addMember(alpha, twoTeams, 'item', { manage_file: ['f1'] });
    await stack.addMember(beta, twoTeams, 'member');
  }, 90_000);

  afterAll(async () => {
    await stack?.close();
  });

  const header = (h: Record<string, string | null>) => ({ cc_id: null, prj_id: null, cc_link: null, prj_link: null, ...h });

  it('answers each bundle with its own body and error, plus the resolved ids', async () => {
    const response = await stack.bundle(owner, { header: header({ cc_link: 'ALPHA', prj_link: 'mein-projekt' }), bundle: ['client', 'links', 'access', 'user', 'nope'] });
    expect(response.statusCode).toBe(200);
    const body = response.json().body;
    expect(body).toMatchObject({ cc_id: alpha, cc_link: 'alpha', prj_id: null, prj_link: 'mein-projekt', pick: null });
    expect(body.bundle.client).toEqual({
      body: expect.objectContaining({ cc_id: alpha, link: 'alpha', name: 'Alpha', pro: false, design: { logo_url: null }, set: { contactUser: false, contactGroup: false, featureTag: [] } }),
      error: null,
    });
    expect(body.bundle.links.body.links).toEqual([expect.objectContaining({ id: alpha, team: 2 })]);
    expect(body.bundle.access.body).toMatchObject({ cc_id: alpha, level: 'owner', team: 2, manage: true });
    expect(new Set(Object.values(body.bundle.access.body.areas))).toEqual(new Set([2]));
    expect(body.bundle.user.body).toMatchObject({ uid: owner.userId, login: true, type: 'password', status: 'active', client: alpha });
    expect(body.bundle.nope).toEqual({ body: null, error: expect.objectContaining({ status: 404, intern: 'bundle_unknown' }) });
  });

  it('answers each bundle as the contract declares its body (the console checks answers against it)', async () => {
    const body = (await stack.bundle(twoTeams, { header: header({ cc_id: alpha }), bundle: ['client', 'links', 'access', 'user'] })).json().body;
    expect(Object.values(body.bundle).map((part) => (part as { error: unknown }).error)).toEqual([null, null, null, null]);
    expect(bundleAnswerSchema.safeParse(body).error?.issues).toBeUndefined();
  });

  it('applies the access function for an item-level member', async () => {
    const body = (await stack.bundle(twoTeams, { header: header({ cc_id: alpha }), bundle: ['access'] })).json().body;
    expect(body.bundle.access.body).toMatchObject({ level: 'item', team: 1, manage: false, access: { manage_file: ['f1'] } });
    expect(body.bundle.access.body.areas).toMatchObject({ manage_file: 1, manage_prj: false });
  });

  it('a team link matches only if found; without a link record the team answers as unknown (ADR 0005: a link tells outsiders nothing)', async () => {
    const unknown = (await stack.bundle(owner, { header: header({ cc_link: 'gibt-es-nicht' }), bundle: ['client', 'user'] })).json().body;
    expect(unknown.bundle.client.error).toMatchObject({ status: 404, intern: 'not_found' });
    expect(unknown.bundle.user.error).toBeNull();
    const foreign = (await stack.bundle(outsider, { header: header({ cc_link: 'alpha' }), bundle: ['client', 'access'] })).json().body;
    const missing = (await stack.bundle(outsider, { header: header({ cc_link: 'gibt-es-nicht' }), bundle: ['client', 'access'] })).json().body;
    expect(foreign.cc_id).toBeNull();
    expect(foreign.bundle).toEqual(missing.bundle);
    expect(foreign.bundle.client.error).toMatchObject({ status: 404, intern: 'not_found' });
    expect(JSON.stringify(foreign)).not.toContain('Alpha');
  });

  it('a non-member cannot connect to a team to learn about it: the same 404 as an unknown link', async () => {
    const connect = await stack.connect(outsider, { obj: 'link_cc', id: 'beta' });
    expect(connect.statusCode).toBe(404);
    expect(connect.json().error).toMatchObject({ intern: 'not_found', field: 'id' });
    const body = (await stack.bundle(outsider, { header: header({ cc_link: 'beta' }), bundle: ['client', 'access'] })).json().body;
    expect(body.cc_id).toBeNull();
    expect(body.bundle.access.error).toMatchObject({ status: 404, intern: 'not_found' });
  });

  it('anonymous visitors get 6011 per bundle', async () => {
    const body = (await stack.bundle(null, { bundle: ['client', 'links'] })).json().body;
    expect(body.bundle.client.error).toMatchObject({ status: 401, intern: 6011 });
    expect(body.bundle.links.error).toMatchObject({ intern: 6011 });
  });

  it('link "0" with one team → that team', async () => {
    const body = (await stack.bundle(owner2, { header: header({ cc_link: '0' }), bundle: ['client'] })).json().body;
    expect(body).toMatchObject({ cc_id: beta, cc_link: 'beta', pick: null });
    expect(body.bundle.client.body.name).toBe('Beta');
  });

  it('link "0" with several teams → the picker, then the last chosen team', async () => {
    const picker = (await stack.bundle(twoTeams, { header: header({ cc_link: '0' }), bundle: ['client', 'links'] })).json().body;
    expect(picker.cc_id).toBeNull();
    expect(picker.bundle.client.error).toEqual({ status: 403, intern: 'team_choice_needed', text: 'Nicht ausreichende Berechtigung für das Team' });
    expect(picker.pick).toEqual([{ cc_id: alpha, link: 'alpha', name: 'Alpha' }, { cc_id: beta, link: 'beta', name: 'Beta' }]);
    expect(picker.bundle.links.error).toBeNull();

    const chose = await stack.connect(twoTeams, { obj: 'link_cc', id: beta });
    const chosen = (await stack.bundle(twoTeams, { bundle: ['client'] }, chose.json().body.checkpoint)).json().body;
    expect(chosen).toMatchObject({ cc_id: beta, pick: null });
  });

  it('caches an answer, and a membership change invalidates it', async () => {
    const request = { header: header({ cc_link: 'alpha' }), bundle: ['client', 'links'] };
    expect((await stack.bundle(owner, request)).json().body.bundle.client.body.name).toBe('Alpha');
    // Changed behind the events' back: only a recomputed answer can see it.
    await stack.pool.query("UPDATE teams SET name = 'Alpha (neu)' WHERE team_id = $1", [alpha]);
    expect((await stack.bundle(owner, request)).json().body.bundle.client.body.name).toBe('Alpha');

    const joined = await stack.register();
    const checkpoint = await stack.addMember(alpha, joined, 'member');
    expect((await stack.bundle(owner, request, checkpoint)).json().body.bundle.client.body.name).toBe('Alpha (neu)');
  });

  it('bad input → 400 naming the field; a foreign checkpoint → 400 naming minCheckpoint', async () => {
    const empty = await stack.bundle(owner, { bundle: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatchObject({ intern: 'validation_failed', field: 'bundle' });
    expect((await stack.bundle(owner, { bundle: ['client'], header: { cc_link: 5.5 } })).json().error).toMatchObject({ field: 'header.cc_link' });
    const checkpoint = await stack.bundle(owner, { bundle: ['user'] }, 'kein-checkpoint');
    expect(checkpoint.statusCode).toBe(400);
    expect(checkpoint.json().error).toMatchObject({ field: 'minCheckpoint' });
  });
});
