import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createEventCatalogue } from '@planwerk/events';
import { createRedisNotifier, type ProjectionNotifier } from '@planwerk/platform';
import { findProjection, projectProjections, startProjector, type RunningProjector } from '@planwerk/projector';
import { componentUrl, describeWith } from '../../../scripts/testing/components';
import { auth, startProjectsStack, type ProjectsStack, type TestProjectTree, type TestTeam } from '../../../command-service/src/projects/testing/projects-stack';
import { createQueryService } from '../app/create-query-service';
import { LiveTestClient } from './testing/live-test-client';

// Two query-service instances on one database; the projector and the instances meet only
// through Redis pub/sub (the ProjectionNotifier port). Needs DATABASE_URL and REDIS_URL.

const sessionId = (): string => Array.from({ length: 4 }, () => randomBytes(4).toString('hex')).join('-');

describeWith('redis', 'live updates across two query-service instances (Redis wake-ups)', () => {
  let stack: ProjectsStack;
  let projector: RunningProjector;
  const notifiers: ProjectionNotifier[] = [];
  const instances: NestFastifyApplication[] = [];
  const ports: number[] = [];
  let team: TestTeam;
  let tree: TestProjectTree;

  beforeAll(async () => {
    const url = componentUrl('redis') ?? '';
    const channel = `planwerk:test:live:${randomBytes(4).toString('hex')}`;
    stack = await startProjectsStack('qs_live_redis');
    for (let i = 0; i < 3; i += 1) notifiers.push(createRedisNotifier({ url, channel }));
    await Promise.all(notifiers.map((n) => n.ready()));
    projector = startProjector({
      pool: stack.pool, store: stack.store, catalogue: createEventCatalogue(), notifier: notifiers[0],
      projections: [...projectProjections, findProjection('comments')], tuning: { idleMs: 20, retryMs: 50 },
    });
    for (const notifier of notifiers.slice(1)) {
      const app = await createQueryService({ pool: stack.pool, store: stack.store, notifier });
      await app.listen({ port: 0, host: '127.0.0.1' });
      instances.push(app);
      ports.push((app.getHttpServer().address() as AddressInfo).port);
    }
    team = await stack.createTeam();
    tree = await stack.createProjectTree(team, { release: true });
    // The project read model has the tree before the first socket asks for it.
    const edited = await stack.command.inject({ method: 'PUT', url: `/v5/team/${team.teamId}/project/${tree.projectId}`, headers: auth(team.owner), payload: { colour: 3 } });
    const checkpoint = encodeURIComponent(edited.json().body.checkpoint as string);
    const read = await instances[0]!.inject({ method: 'GET', url: `/v5/team/${team.teamId}/project/${tree.projectId}?minCheckpoint=${checkpoint}`, headers: auth(team.owner) });
    expect(read.statusCode).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await projector?.stop();
    for (const app of instances) await app.close();
    for (const notifier of notifiers) await notifier.close();
    await stack?.close();
  });

  const wsUrl = (instance: number, session = sessionId()) => `ws://127.0.0.1:${ports[instance]}/v5/ws?channel=main&session=${session}&ident=TestDev001`;
  const editItem = async (name: string): Promise<string> => {
    const response = await stack.command.inject({
      method: 'PUT', url: `/v5/team/${team.teamId}/project/${tree.projectId}/list/${tree.listId}/item/${tree.itemIds[0]}`, headers: auth(team.owner), payload: { name },
    });
    expect(response.statusCode).toBe(200);
    return response.json().body.checkpoint as string;
  };

  it('wakes the instance that holds the socket when the projector applied a change', async () => {
    const clients = await Promise.all([0, 1].map((i) => LiveTestClient.connect(wsUrl(i))));
    for (const client of clients) {
      client.send({ action: 'subscribe', project: tree.projectId });
      await client.until('subscribed');
    }
    const checkpoint = await editItem('Über Redis');
    for (const client of clients) expect(await client.next()).toMatchObject({ event: 'item-edit', data: { checkpoint } });
    await Promise.all(clients.map((c) => c.close()));
  });

  it('applies an HTTP subscription made on one instance to the socket on the other', async () => {
    const session = sessionId();
    const client = await LiveTestClient.connect(wsUrl(1, session));
    // A page's HTTP subscription reaches only its sockets logged in with a token of that session.
    client.send({ action: 'login', token: team.owner.authorization });
    expect((await client.until('login', 5_000)).message.data).toEqual({ state: 2, uid: team.owner.userId });
    const answer = await instances[0]!.inject({ method: 'POST', url: `/v5/wss/subscribe/${tree.projectId}`, headers: { ...auth(team.owner), 'x-session-id': session } });
    expect(answer.statusCode).toBe(200);
    expect((await client.until('subscribed', 5_000)).message.sub_id).toBe(tree.projectId);
    const checkpoint = await editItem('Über Redis 2');
    expect(await client.next()).toMatchObject({ event: 'item-edit', data: { checkpoint } });
    await client.close();
  });

  it('resumes on the other instance from the last checkpoint without a gap or a repeat', async () => {
    const first = await LiveTestClient.connect(wsUrl(0));
    first.send({ action: 'subscribe', project: tree.projectId });
    await first.until('subscribed');
    const seen = await editItem('A');
    expect((await first.next()).data).toMatchObject({ checkpoint: seen });
    await first.close();
    const missed = [await editItem('B'), await editItem('C')];
    const again = await LiveTestClient.connect(wsUrl(1));
    again.send({ action: 'subscribe', project: tree.projectId, since: seen });
    await again.until('subscribed');
    const live = editItem('D');
    const received: string[] = [];
    for (let i = 0; i < 3; i += 1) received.push(((await again.next()).data as { checkpoint: string }).checkpoint);
    expect(received).toEqual([...missed, await live]);
    expect(await again.silentFor(300)).toBe(true);
    await again.close();
  });
});
