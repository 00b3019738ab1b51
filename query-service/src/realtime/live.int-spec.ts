import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createEventCatalogue, type LiveMessage } from '@planwerk/events';
import { findProjection, projectProjections, startProjector, type RunningProjector } from '@planwerk/projector';
import { describeWith } from '../../../scripts/testing/components';
import type { TestUser } from '../../../command-service/src/accounts/testing/register-test-user';
import {
  auth,
  startProjectsStack,
  type ProjectsStack,
  type TestProjectTree,
  type TestTeam,
} from '../../../command-service/src/projects/testing/projects-stack';
import { LiveTestClient } from './testing/live-test-client';

// Live updates on the real stack (ADR 0009): command service, projector (project read models
// and comments), query service listening on a port; sockets are real `ws` clients.

const sessionId = (): string => Array.from({ length: 4 }, () => randomBytes(4).toString('hex')).join('-');

describeWith('postgres', 'live updates over /v5/ws (real stack)', () => {
  let stack: ProjectsStack;
  let projector: RunningProjector;
  let team: TestTeam;
  let outsider: TestUser;
  let tree: TestProjectTree;
  let other: TestProjectTree;
  /** Released with visibility team, on a third team (the free plan has one active project per team). */
  let hidden: TestProjectTree;
  let port: number;
  const teamOf = new Map<string, TestTeam>();

  beforeAll(async () => {
    stack = await startProjectsStack('qs_live');
    projector = startProjector({
      pool: stack.pool, store: stack.store, catalogue: createEventCatalogue(), notifier: stack.notifier,
      projections: [...projectProjections, findProjection('comments')], tuning: { idleMs: 20, retryMs: 50 },
    });
    await stack.query.listen({ port: 0, host: '127.0.0.1' });
    port = (stack.query.getHttpServer().address() as AddressInfo).port;
    team = await stack.createTeam();
    outsider = await stack.register();
    tree = await stack.createProjectTree(team, { release: true, items: [{ name: 'Kuchen', capacity: 5 }, { name: 'Grill', capacity: 5 }] });
    const second = await stack.createTeam();
    other = await stack.createProjectTree(second, { release: true });
    const third = await stack.createTeam();
    hidden = await stack.createProjectTree(third, { release: true, project: { visibility: 'team' } });
    teamOf.set(tree.projectId, team).set(other.projectId, second).set(hidden.projectId, third);
    // The projector has caught up with the setup before the first socket subscribes.
    await settle();
  }, 120_000);

  afterAll(async () => {
    await projector?.stop();
    await stack?.close();
  });

  const url = (channel: 'main' | 'second' | 'log' = 'main', session = sessionId(), ident = 'TestDev001'): string =>
    `ws://127.0.0.1:${port}/v5/ws?channel=${channel}&session=${session}&ident=${ident}`;

  async function command(user: TestUser | null, method: 'POST' | 'PUT' | 'DELETE', path: string, payload?: object, headers: Record<string, string> = {}) {
    const response = await stack.command.inject({ method, url: path, headers: { ...auth(user), ...headers }, ...(payload ? { payload } : {}) });
    if (response.statusCode >= 300) throw new Error(`${method} ${path} → ${response.statusCode} ${response.body}`);
    return response.json().body as Record<string, unknown> & { checkpoint: string };
  }
  const ownerOf = (p: TestProjectTree): TestTeam => teamOf.get(p.projectId) ?? team;
  const manage = (p: TestProjectTree) => `/v5/team/${ownerOf(p).teamId}/project/${p.projectId}`;
  const addSignup = (user: TestUser, p: TestProjectTree, itemId = p.itemIds[0]) =>
    command(user, 'POST', `/v5/project/${p.projectId}/list/${p.listId}/signup`, { itemId, userId: user.userId }) as Promise<{ signupId: string; checkpoint: string }>;
  const editItem = (p: TestProjectTree, itemId: string, name: string) => command(ownerOf(p).owner, 'PUT', `${manage(p)}/list/${p.listId}/item/${itemId}`, { name });

  // A change whose read-your-writes answer proves the projector is past everything before it.
  async function settle(): Promise<void> {
    const { checkpoint } = await command(ownerOf(other).owner, 'PUT', manage(other), { colour: 2 + Math.floor(Math.random() * 6) });
    const deadline = Date.now() + 10_000;
    for (;;) {
      const answer = await stack.query.inject({ method: 'GET', url: `${manage(other)}?minCheckpoint=${encodeURIComponent(checkpoint)}`, headers: auth(ownerOf(other).owner) });
      if (answer.statusCode === 200) return;
      if (Date.now() > deadline) throw new Error(`projector did not catch up: ${answer.statusCode}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async function loggedIn(user: TestUser | null, channel: 'main' | 'second' = 'main', session = sessionId()): Promise<LiveTestClient> {
    const client = await LiveTestClient.connect(url(channel, session, user?.deviceId ?? 'Anonym0001'));
    if (user) {
      client.send({ action: 'login', token: user.authorization });
      expect((await client.until('login')).message.data).toEqual({ state: 2, uid: user.userId });
    }
    return client;
  }

  async function subscribed(client: LiveTestClient, projectId: string, extra: Record<string, unknown> = {}): Promise<LiveMessage> {
    client.send({ action: 'subscribe', project: projectId, ...extra });
    const { message } = await client.until('subscribed');
    expect(message).toMatchObject({ sub_type: 'project', sub_id: projectId, data: { projectId } });
    return message;
  }

  it('delivers a sign-up by another client as signup-add with its checkpoint, after the read model has it', async () => {
    const watcher = await loggedIn(team.owner);
    await subscribed(watcher, tree.projectId);
    const added = await addSignup(team.member, tree);
    const message = await watcher.next();
    expect(message).toEqual({
      event: 'signup-add',
      data: { checkpoint: added.checkpoint, projectId: tree.projectId, listId: tree.listId, itemId: tree.itemIds[0], signupId: added.signupId, mine: false },
      sub_type: 'project',
      sub_id: tree.projectId,
    });
    // Pushed after the projector applied it: a reload now shows the sign-up.
    const view = await stack.query.inject({ method: 'GET', url: `${manage(tree)}`, headers: auth(team.owner) });
    expect(view.body).toContain(added.signupId);
    await watcher.close();
  });

  it('marks the change of the socket\'s own user as mine (an open editor stays open), others\' not', async () => {
    const own = await loggedIn(team.owner);
    const someoneElse = await loggedIn(team.admin);
    await subscribed(own, tree.projectId);
    await subscribed(someoneElse, tree.projectId);
    const edited = await editItem(tree, tree.itemIds[1], 'Grill und Salate');
    for (const [client, mine] of [[own, true], [someoneElse, false]] as const) {
      expect(await client.next()).toMatchObject({
        event: 'item-edit', data: { checkpoint: edited.checkpoint, itemId: tree.itemIds[1], fields: ['name'], mine },
      });
    }
    await Promise.all([own.close(), someoneElse.close()]);
  });

  it('gives a reconnecting client exactly the changes it missed, in order, then live ones once', async () => {
    const first = await loggedIn(team.owner);
    await subscribed(first, tree.projectId);
    const seen = await editItem(tree, tree.itemIds[0], 'Kuchen 1');
    expect((await first.next()).data).toMatchObject({ checkpoint: seen.checkpoint });
    await first.close();

    // While away: three changes of this project, and changes of another project in between.
    const missed: string[] = [];
    missed.push((await editItem(tree, tree.itemIds[0], 'Kuchen 2')).checkpoint);
    await editItem(other, other.itemIds[0], 'Anderes');
    missed.push((await addSignup(team.space, tree, tree.itemIds[1])).checkpoint);
    missed.push((await command(team.owner, 'POST', `${manage(tree)}/list/${tree.listId}/item`, { name: 'Salat', capacity: 3 })).checkpoint);
    await settle();

    const again = await loggedIn(team.owner);
    const upTo = (await subscribed(again, tree.projectId, { since: seen.checkpoint })).data as { checkpoint: string };
    const replayed: LiveMessage[] = [];
    for (let i = 0; i < missed.length; i += 1) replayed.push(await again.next());
    expect(replayed.map((m) => m.event)).toEqual(['item-edit', 'signup-add', 'item-add']);
    expect(replayed.map((m) => (m.data as { checkpoint: string }).checkpoint)).toEqual(missed);
    // Read back from the log: every change up to the position the subscription started at. A
    // change the live feed had not yet released then (its read of the log can trail the
    // projection while another transaction holds the global-log visibility bound) follows live.
    for (const message of replayed) {
      const { checkpoint, catchUp } = message.data as { checkpoint: string; catchUp?: boolean };
      expect({ checkpoint, catchUp: catchUp === true }).toEqual({ checkpoint, catchUp: stack.store.compareCheckpoints(checkpoint, upTo.checkpoint) <= 0 });
    }
    expect(await again.silentFor(300)).toBe(true);

    // Live from here, each change once.
    const live = await editItem(tree, tree.itemIds[0], 'Kuchen 3');
    expect(await again.next()).toMatchObject({ event: 'item-edit', data: { checkpoint: live.checkpoint } });
    expect(await again.silentFor(300)).toBe(true);

    // Resuming from the newest checkpoint replays nothing.
    const current = await loggedIn(team.owner);
    await subscribed(current, tree.projectId, { since: live.checkpoint });
    expect(await current.silentFor(300)).toBe(true);
    await Promise.all([again.close(), current.close()]);
  });

  it('refuses a subscriber who may not view the project, with the public view\'s answer', async () => {
    const planning = await stack.createProjectTree(team);
    await settle();
    const members = ownerOf(hidden);
    const stranger = await loggedIn(outsider);
    stranger.send({ action: 'subscribe', project: hidden.projectId });
    expect(await stranger.next()).toMatchObject({ event: 'error', data: { status: 403, intern: 'no_permission' }, sub_type: 'project', sub_id: hidden.projectId });
    stranger.send({ action: 'subscribe', project: planning.projectId });
    expect(await stranger.next()).toMatchObject({ event: 'error', data: { status: 404 }, sub_id: planning.projectId });
    const anonymous = await loggedIn(null);
    anonymous.send({ action: 'subscribe', project: hidden.projectId });
    expect(await anonymous.next()).toMatchObject({ event: 'error', data: { intern: 6011 } });
    // A refused socket hears nothing of the project, while the owner's socket hears the edit
    // (so the feed has passed it before the member below subscribes).
    const owner = await loggedIn(members.owner);
    await subscribed(owner, hidden.projectId);
    const secret = await editItem(hidden, hidden.itemIds[0], 'Geheim');
    expect(await owner.until('item-edit')).toMatchObject({ message: { data: { checkpoint: secret.checkpoint } } });
    expect(await stranger.silentFor(300)).toBe(true);
    await owner.close();
    // The member sees it, by link too.
    const member = await loggedIn(members.member);
    member.send({ action: 'subscribe', link: hidden.link });
    expect((await member.until('subscribed')).message.sub_id).toBe(hidden.projectId);
    // Taking the project to visibility admins lets the member go.
    await command(members.owner, 'PUT', `${manage(hidden)}/visibility`, { visibility: 'admins' });
    expect((await member.next()).event).toBe('project-edit');
    expect(await member.next()).toMatchObject({ event: 'unsubscribed', data: { projectId: hidden.projectId, reason: 'no_permission' } });
    await Promise.all([stranger.close(), anonymous.close(), member.close()]);
  });

  it('answers bad live messages with an error naming the field', async () => {
    const client = await loggedIn(null);
    client.send({ action: 'subscribe', project: tree.projectId, link: 'x' });
    expect(await client.next()).toMatchObject({ event: 'error', data: { status: 400, field: 'project' } });
    client.send({ action: 'subscribe', project: tree.projectId, since: 'garbage' });
    expect(await client.next()).toMatchObject({ event: 'error', data: { field: 'since' } });
    client.send({ action: 'login', token: 'short' });
    expect(await client.next()).toMatchObject({ event: 'error', data: { field: 'token' } });
    client.send({ action: 'login', token: 'not-a-session-token.TestDev001' });
    expect(await client.next()).toMatchObject({ event: 'login', data: { state: 3, uid: null } });
    await client.close();
  });

  it('binds the page\'s token-authenticated sockets over HTTP: wss/login, wss/subscribe, wss/logout', async () => {
    const session = sessionId();
    const client = await LiveTestClient.connect(url('main', session));
    const headers = { ...auth(team.admin), 'x-session-id': session };
    const put = (path: string, payload: object) => stack.query.inject({ method: 'PUT', url: path, headers, payload });
    // The socket logs in with its own token; wss/login checks the caller and answers "under way".
    expect((await put('/v5/wss/login', { uid: team.admin.userId })).json().body).toMatchObject({ state: 1 });
    client.send({ action: 'login', token: team.admin.authorization });
    expect((await client.until('login')).message.data).toEqual({ state: 2, uid: team.admin.userId });
    expect((await put('/v5/wss/login', { uid: team.owner.userId })).statusCode).toBe(403);

    const subscribe = await stack.query.inject({ method: 'POST', url: `/v5/wss/subscribe/${tree.projectId}`, headers });
    expect(subscribe.statusCode).toBe(200);
    expect((await client.until('subscribed')).message.sub_id).toBe(tree.projectId);
    const edited = await editItem(tree, tree.itemIds[0], 'Kuchen HTTP');
    expect(await client.next()).toMatchObject({ event: 'item-edit', data: { checkpoint: edited.checkpoint } });

    const refused = await stack.query.inject({ method: 'POST', url: `/v5/wss/subscribe/${hidden.projectId}`, headers: { ...auth(outsider), 'x-session-id': session } });
    expect(refused.statusCode).toBe(403);

    const unsubscribe = await stack.query.inject({ method: 'DELETE', url: `/v5/wss/subscribe/${tree.projectId}`, headers });
    expect(unsubscribe.statusCode).toBe(200);
    expect(await client.next()).toMatchObject({ event: 'unsubscribed', data: { reason: 'client' } });
    expect((await put('/v5/wss/logout', { uid: team.admin.userId })).statusCode).toBe(200);
    expect((await client.until('login')).message.data).toEqual({ state: 0, uid: null });

    // A socket that connects later with the same session, and logs in with a token of the same
    // login session, gets what was asked for before.
    await stack.query.inject({ method: 'POST', url: `/v5/wss/subscribe/${tree.projectId}`, headers });
    const later = await LiveTestClient.connect(url('main', session));
    later.send({ action: 'login', token: team.admin.authorization });
    expect((await later.until('subscribed')).message.sub_id).toBe(tree.projectId);
    await Promise.all([client.close(), later.close()]);
  });

  it('sends logout on the second socket when the session ends', async () => {
    const user = await stack.register();
    const second = await loggedIn(user, 'second');
    const ended = await stack.command.inject({ method: 'POST', url: '/v5/auth/logout', headers: auth(user), payload: { token: user.authorization } });
    expect(ended.statusCode).toBe(200);
    const { message } = await second.until('logout');
    expect(message).toEqual({ event: 'logout', data: {}, sub_type: 'service', sub_id: null });
    await second.close();
  });

  it('stores valid client log messages from the log channel and refuses bad ones naming the field', async () => {
    const log = await LiveTestClient.connect(url('log'));
    const type = `test-${randomBytes(4).toString('hex')}`;
    const message = { token: 'planwerk-console', type, meta: { app_platform: 'web', app_version: '2025.4.0', device_id: 'TestDev001' }, date: '2025-03-01T10:00:00.000Z' };
    log.send(message);
    log.send([{ ...message, date: '2025-03-01T10:00:01.000Z' }, { ...message, date: '2025-03-01T10:00:02.000Z' }]);
    log.send({ ...message, token: 'wrong' });
    expect(await log.next()).toMatchObject({ event: 'error', data: { status: 400, field: 'token' } });
    log.send([message, { ...message, date: 'gestern' }]);
    expect(await log.next()).toMatchObject({ event: 'error', data: { field: '1.date' } });
    const stored = async () => (await stack.pool.query<{ logged_at: Date }>('SELECT logged_at FROM client_log WHERE type = $1 ORDER BY logged_at', [type])).rows;
    const deadline = Date.now() + 3_000;
    while ((await stored()).length < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const rows = { rows: await stored() };
    expect(rows.rows.map((r) => r.logged_at.toISOString())).toEqual(['2025-03-01T10:00:00.000Z', '2025-03-01T10:00:01.000Z', '2025-03-01T10:00:02.000Z']);
    // Log messages do not belong on the main channel.
    const main = await LiveTestClient.connect(url('main'));
    main.send(message);
    expect(await main.next()).toMatchObject({ event: 'error', data: { field: 'action' } });
    await Promise.all([log.close(), main.close()]);
  });

  it('refuses an unknown channel', async () => {
    const client = await LiveTestClient.connect(`ws://127.0.0.1:${port}/v5/ws?channel=nope`);
    await new Promise<void>((resolve) => client.socket.once('close', () => resolve()));
  });
});
