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

// Who a live socket is (issue 12, ADR 0009), on the real stack: a socket's user comes only
// from a session token it presented itself; the page's session and device ids it names are
// client-chosen and carry no user and no subscription; access is checked when a subscription
// starts and again when the socket's login changes; a client-chosen `since` is bounded.

const pageId = (): string => Array.from({ length: 4 }, () => randomBytes(4).toString('hex')).join('-');
/** What this suite's catch-up may read before it answers resync. */
const SCAN_LIMIT = 5;

describeWith('postgres', 'live socket authentication and catch-up bounds (real stack)', () => {
  let stack: ProjectsStack;
  let projector: RunningProjector;
  let team: TestTeam;
  let outsider: TestUser;
  /** Released with visibility team: members of `team` only. */
  let teamOnly: TestProjectTree;
  /** Released and public, on another team. */
  let open: TestProjectTree;
  let openTeam: TestTeam;
  let port: number;

  beforeAll(async () => {
    stack = await startProjectsStack('qs_live_auth', { queryOptions: { catchUpScanLimit: SCAN_LIMIT } });
    projector = startProjector({
      pool: stack.pool, store: stack.store, catalogue: createEventCatalogue(), notifier: stack.notifier,
      projections: [...projectProjections, findProjection('comments')], tuning: { idleMs: 20, retryMs: 50 },
    });
    await stack.query.listen({ port: 0, host: '127.0.0.1' });
    port = (stack.query.getHttpServer().address() as AddressInfo).port;
    team = await stack.createTeam();
    outsider = await stack.register();
    teamOnly = await stack.createProjectTree(team, { release: true, project: { visibility: 'team' } });
    openTeam = await stack.createTeam();
    open = await stack.createProjectTree(openTeam, { release: true });
    await settle();
  }, 120_000);

  afterAll(async () => {
    await projector?.stop();
    await stack?.close();
  });

  const connect = (address: string): Promise<LiveTestClient> => LiveTestClient.connect(address, { timeoutMs: 10_000 });
  const url = (page: string, ident: string, channel: 'main' | 'second' = 'main'): string =>
    `ws://127.0.0.1:${port}/v5/ws?channel=${channel}&session=${page}&ident=${ident}`;

  async function command(user: TestUser, method: 'POST' | 'PUT', path: string, payload: object) {
    const response = await stack.command.inject({ method, url: path, headers: auth(user), payload });
    if (response.statusCode >= 300) throw new Error(`${method} ${path} → ${response.statusCode} ${response.body}`);
    return response.json().body as Record<string, unknown> & { checkpoint: string };
  }
  const editItem = (owner: TestUser, teamId: string, p: TestProjectTree, name: string) =>
    command(owner, 'PUT', `/v5/team/${teamId}/project/${p.projectId}/list/${p.listId}/item/${p.itemIds[0]}`, { name });

  async function settle(): Promise<void> {
    const { checkpoint } = await command(openTeam.owner, 'PUT', `/v5/team/${openTeam.teamId}/project/${open.projectId}`, { colour: 2 + Math.floor(Math.random() * 6) });
    const deadline = Date.now() + 10_000;
    for (;;) {
      const answer = await stack.query.inject({ method: 'GET', url: `/v5/team/${openTeam.teamId}/project/${open.projectId}?minCheckpoint=${encodeURIComponent(checkpoint)}`, headers: auth(openTeam.owner) });
      if (answer.statusCode === 200) return;
      if (Date.now() > deadline) throw new Error(`projector did not catch up: ${answer.statusCode}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async function logIn(client: LiveTestClient, user: TestUser): Promise<void> {
    client.send({ action: 'login', token: user.authorization });
    expect((await client.until('login')).message.data).toEqual({ state: 2, uid: user.userId });
  }

  it('gives a socket that presents another page\'s session and device id, without its token, neither the user nor the subscriptions', async () => {
    const victim = team.member;
    const page = pageId();
    const headers = { ...auth(victim), 'x-session-id': page };
    const mine = await connect(url(page, victim.deviceId));
    await logIn(mine, victim);
    // The victim's page binds its sockets over HTTP (spec section 7).
    const login = await stack.query.inject({ method: 'PUT', url: '/v5/wss/login', headers, payload: { uid: victim.userId } });
    expect(login.statusCode).toBe(200);
    const subscribe = await stack.query.inject({ method: 'POST', url: `/v5/wss/subscribe/${teamOnly.projectId}`, headers });
    expect(subscribe.statusCode).toBe(200);
    expect((await mine.until('subscribed')).message.sub_id).toBe(teamOnly.projectId);

    // Another socket names the same page and device, on both channels, but has no token.
    const thief = await connect(url(page, victim.deviceId));
    const thiefSecond = await connect(url(page, victim.deviceId, 'second'));
    // A later HTTP call of the page wakes every socket that names it.
    expect((await stack.query.inject({ method: 'PUT', url: '/v5/socket/login', headers, payload: {} })).statusCode).toBe(200);
    expect((await stack.query.inject({ method: 'POST', url: `/v5/wss/subscribe/${teamOnly.projectId}`, headers })).statusCode).toBe(200);
    const edited = await editItem(team.owner, team.teamId, teamOnly, `Geheim ${randomBytes(2).toString('hex')}`);
    expect(await mine.until('item-edit')).toMatchObject({ message: { data: { checkpoint: edited.checkpoint } } });
    expect(await thief.silentFor(500)).toBe(true);
    expect(await thiefSecond.silentFor(100)).toBe(true);
    // Asked directly, the thief is refused like any anonymous visitor.
    thief.send({ action: 'subscribe', project: teamOnly.projectId });
    expect(await thief.next()).toMatchObject({ event: 'error', data: { intern: 6011 }, sub_id: teamOnly.projectId });
    await Promise.all([mine.close(), thief.close(), thiefSecond.close()]);
  }, 30_000);

  it('never logs a socket in over HTTP: wss/login answers "under way" and the socket logs in with its own token', async () => {
    const page = pageId();
    const headers = { ...auth(team.admin), 'x-session-id': page };
    const client = await connect(url(page, team.admin.deviceId));
    const answer = await stack.query.inject({ method: 'PUT', url: '/v5/wss/login', headers, payload: { uid: team.admin.userId } });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().body).toMatchObject({ sessionId: page, channel: 'main', state: 1 });
    expect(await client.silentFor(300)).toBe(true);
    // What the signed-in page asked for over HTTP is bound to its login session: it follows
    // once the socket verified a token of that session.
    expect((await stack.query.inject({ method: 'POST', url: `/v5/wss/subscribe/${teamOnly.projectId}`, headers })).statusCode).toBe(200);
    expect(await client.silentFor(300)).toBe(true);
    await logIn(client, team.admin);
    expect((await client.until('subscribed')).message.sub_id).toBe(teamOnly.projectId);
    // Logging out of the socket ends it: the socket may no longer see the project.
    client.send({ action: 'logout' });
    expect((await client.until('unsubscribed')).message).toMatchObject({ sub_id: teamOnly.projectId });
    await client.close();
  }, 30_000);

  it('checks every subscription again when the socket logs in as someone else or out', async () => {
    const client = await connect(url(pageId(), team.member.deviceId));
    await logIn(client, team.member);
    client.send({ action: 'subscribe', project: teamOnly.projectId });
    await client.until('subscribed');
    client.send({ action: 'subscribe', project: open.projectId });
    await client.until('subscribed');
    // Another user's token on the same socket: the team project goes, the public one stays.
    await logIn(client, outsider);
    const { message } = await client.until('unsubscribed');
    expect(message).toMatchObject({ sub_id: teamOnly.projectId, data: { reason: 'no_permission' } });
    expect(await client.silentFor(300)).toBe(true);
    const edited = await editItem(openTeam.owner, openTeam.teamId, open, `Offen ${randomBytes(2).toString('hex')}`);
    expect(await client.until('item-edit')).toMatchObject({ message: { data: { checkpoint: edited.checkpoint } } });
    // A refused token leaves the socket anonymous, with what an anonymous visitor may see.
    client.send({ action: 'login', token: 'not-a-session-token.TestDev001' });
    expect((await client.until('login')).message.data).toEqual({ state: 3, uid: null });
    expect(await client.silentFor(300)).toBe(true);
    await client.close();
  }, 30_000);

  it('an anonymous page\'s HTTP subscription reaches a socket only where the socket itself may look', async () => {
    const page = pageId();
    const anonymous = { 'x-session-id': page, 'x-device-id': 'Anonym0042' };
    const client = await connect(url(page, 'Anonym0042'));
    expect((await stack.query.inject({ method: 'POST', url: `/v5/wss/subscribe/${open.projectId}`, headers: anonymous })).statusCode).toBe(200);
    expect((await client.until('subscribed')).message.sub_id).toBe(open.projectId);
    const refused = await stack.query.inject({ method: 'POST', url: `/v5/wss/subscribe/${teamOnly.projectId}`, headers: anonymous });
    expect(refused.statusCode).toBe(401);
    expect(await client.silentFor(300)).toBe(true);
    expect((await stack.query.inject({ method: 'DELETE', url: `/v5/wss/subscribe/${open.projectId}`, headers: anonymous })).statusCode).toBe(200);
    expect((await client.until('unsubscribed')).message).toMatchObject({ sub_id: open.projectId, data: { reason: 'client' } });
    await client.close();
  }, 30_000);

  it('logs a socket out over HTTP only as the named user, and a later token login stays', async () => {
    const page = pageId();
    const client = await connect(url(page, team.space.deviceId));
    await logIn(client, team.space);
    const logout = (uid: string) => stack.query.inject({ method: 'PUT', url: '/v5/wss/logout', headers: { 'x-session-id': page }, payload: { uid } });
    expect((await logout(outsider.userId)).statusCode).toBe(200);
    expect(await client.silentFor(300)).toBe(true);
    expect((await logout(team.space.userId)).statusCode).toBe(200);
    expect((await client.until('login')).message.data).toEqual({ state: 0, uid: null });
    await logIn(client, team.space);
    // The page's next HTTP call re-reads what is stored: the earlier logout does not apply again.
    expect((await stack.query.inject({ method: 'POST', url: `/v5/wss/subscribe/${open.projectId}`, headers: { 'x-session-id': page } })).statusCode).toBe(200);
    const { message, skipped } = await client.until('subscribed');
    expect({ skipped, project: message.sub_id }).toEqual({ skipped: [], project: open.projectId });
    expect(await client.next(300).catch(() => 'silent')).toBe('silent');
    await client.close();
  }, 30_000);

  it('refuses a since beyond the head of the log', async () => {
    const client = await connect(url(pageId(), 'Anonym0043'));
    const head = (await stack.store.head()) as string;
    const beyond = head.replace(/^\d{20}/, (digits) => (BigInt(digits) + 1_000_000n).toString().padStart(20, '0'));
    client.send({ action: 'subscribe', project: open.projectId, since: beyond });
    expect(await client.next()).toMatchObject({ event: 'error', data: { status: 400, field: 'since' } });
    client.send({ action: 'subscribe', project: open.projectId, since: '99999999999999999999-99999999999999999999' });
    expect(await client.next()).toMatchObject({ event: 'error', data: { status: 400, field: 'since' } });
    // The head itself is fine.
    client.send({ action: 'subscribe', project: open.projectId, since: head });
    expect((await client.next()).event).toBe('subscribed');
    await client.close();
  }, 30_000);

  it('answers resync instead of reading more than the catch-up limit of log events', async () => {
    const client = await connect(url(pageId(), 'Anonym0044'));
    client.send({ action: 'subscribe', project: open.projectId });
    const start = ((await client.until('subscribed')).message.data as { checkpoint: string }).checkpoint;
    await client.close();
    // More events than the limit, in another project than the one followed; a member's socket
    // hears the last one, so the feed has passed them all before the client resumes.
    const watcher = await connect(url(pageId(), team.owner.deviceId));
    await logIn(watcher, team.owner);
    watcher.send({ action: 'subscribe', project: teamOnly.projectId });
    await watcher.until('subscribed');
    let last = '';
    for (let i = 0; i <= SCAN_LIMIT; i += 1) last = (await editItem(team.owner, team.teamId, teamOnly, `Viel ${i}`)).checkpoint;
    for (;;) {
      const { message } = await watcher.until('item-edit');
      if ((message.data as { checkpoint: string }).checkpoint === last) break;
    }
    await watcher.close();
    const again = await connect(url(pageId(), 'Anonym0044'));
    again.send({ action: 'subscribe', project: open.projectId, since: start });
    const subscribed = await again.next();
    expect(subscribed).toMatchObject({ event: 'subscribed', sub_id: open.projectId });
    const resync: LiveMessage = await again.next();
    expect(resync).toMatchObject({ event: 'resync', sub_id: open.projectId, data: { projectId: open.projectId, checkpoint: (subscribed.data as { checkpoint: string }).checkpoint } });
    await again.close();
  }, 30_000);
});
