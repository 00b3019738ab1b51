import type { AddressInfo } from 'node:net';
import type { RealtimeServerMessage } from '@planwerk/events';
import WebSocket from 'ws';
import { describeWith } from '../../../scripts/testing/components';
import { startQueryTestStack, type QueryTestStack } from '../testing/query-test-stack';
import { LiveTestClient } from './testing/live-test-client';
import { ProjectionGateway } from './projection.gateway';

// The gateway's test client: projection messages, 3 s to wait for the next one.
const connect = (url: string): Promise<LiveTestClient<RealtimeServerMessage>> =>
  LiveTestClient.connect<RealtimeServerMessage>(url, { timeoutMs: 3_000 });

describeWith('postgres', 'realtime gateway at /v5/ws (real PostgreSQL)', () => {
  let stack: QueryTestStack;
  let url: string;

  beforeAll(async () => {
    stack = await startQueryTestStack('qs_ws', { options: { heartbeatMs: 200 } });
    await stack.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = stack.app.getHttpServer().address() as AddressInfo;
    url = `ws://127.0.0.1:${port}/v5/ws`;
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('pushes projection changes to subscribed clients in the realtime event shape', async () => {
    const client = await connect(url);
    client.send({ action: 'subscribe', projection: 'activity-log' });
    expect(await client.next()).toEqual({
      event: 'subscribed', data: { projection: 'activity-log', checkpoint: null }, sub_type: 'projection', sub_id: 'activity-log',
    });
    const checkpoint = await stack.appendEvent();
    await stack.advanceProjection('activity-log', checkpoint, { keys: ['team:team-1'] });
    expect(await client.next()).toEqual({
      event: 'projection',
      data: { projection: 'activity-log', checkpoint, keys: ['team:team-1'] },
      sub_type: 'projection',
      sub_id: 'activity-log',
    });
    await client.close();
  });

  it('filters by keys and by projection', async () => {
    const client = await connect(url);
    client.send({ action: 'subscribe', projection: 'activity-log', keys: ['team:mine'] });
    expect((await client.next()).event).toBe('subscribed');
    await stack.notifier.publish({ projection: 'activity-log', checkpoint: await stack.appendEvent(), keys: ['team:other'] });
    await stack.notifier.publish({ projection: 'other-projection', checkpoint: await stack.appendEvent() });
    expect(await client.silentFor(300)).toBe(true);
    const mine = await stack.appendEvent('mine');
    await stack.notifier.publish({ projection: 'activity-log', checkpoint: mine, keys: ['team:other', 'team:mine'] });
    expect(await client.next()).toMatchObject({ event: 'projection', data: { checkpoint: mine, keys: ['team:mine'] } });
    await client.close();
  });

  it('gives a reconnecting client one catch-up message when it missed changes', async () => {
    const first = await connect(url);
    first.send({ action: 'subscribe', projection: 'activity-log' });
    await first.next();
    const seen = await stack.appendEvent();
    await stack.advanceProjection('activity-log', seen);
    expect((await first.next()).data).toMatchObject({ checkpoint: seen });
    await first.close();

    // While the client is away the projection moves on.
    const missed = await stack.appendEvent();
    await stack.advanceProjection('activity-log', missed);

    const again = await connect(url);
    again.send({ action: 'subscribe', projection: 'activity-log', since: seen });
    expect(await again.next()).toMatchObject({ event: 'subscribed', data: { checkpoint: missed } });
    expect(await again.next()).toEqual({
      event: 'projection',
      data: { projection: 'activity-log', checkpoint: missed, catchUp: true },
      sub_type: 'projection',
      sub_id: 'activity-log',
    });

    // Resuming from the current checkpoint needs no catch-up, and a repeat of it is not pushed.
    const current = await connect(url);
    current.send({ action: 'subscribe', projection: 'activity-log', since: missed });
    expect((await current.next()).event).toBe('subscribed');
    await stack.notifier.publish({ projection: 'activity-log', checkpoint: missed });
    expect(await current.silentFor(300)).toBe(true);
    await Promise.all([again.close(), current.close()]);
  });

  it('stops pushing after unsubscribe', async () => {
    const client = await connect(url);
    client.send({ action: 'subscribe', projection: 'activity-log' });
    await client.next();
    client.send({ action: 'unsubscribe', projection: 'activity-log' });
    expect(await client.next()).toMatchObject({ event: 'unsubscribed', sub_id: 'activity-log' });
    await stack.notifier.publish({ projection: 'activity-log', checkpoint: await stack.appendEvent() });
    expect(await client.silentFor(300)).toBe(true);
    await client.close();
  });

  it('answers bad messages with an error naming the field, and keeps the connection', async () => {
    const client = await connect(url);
    client.send('not json');
    expect(await client.next()).toMatchObject({ event: 'error', data: { status: 400, field: 'message' }, sub_id: null });
    client.send({ action: 'dance' });
    expect(await client.next()).toMatchObject({ event: 'error', data: { field: 'action' } });
    client.send({ action: 'subscribe', projection: 'Bad Name!' });
    expect(await client.next()).toMatchObject({ event: 'error', data: { field: 'projection' } });
    client.send({ action: 'subscribe', projection: 'activity-log', since: 'garbage' });
    expect(await client.next()).toMatchObject({ event: 'error', data: { field: 'since' } });
    client.send({ action: 'subscribe', projection: 'activity-log' });
    expect((await client.next()).event).toBe('subscribed');
    await client.close();
  });

  it('forgets closed sockets and drops clients that stop answering pings', async () => {
    const gateway = stack.app.get(ProjectionGateway);
    await waitUntil(() => gateway.connectionCount === 0);
    const client = await connect(url);
    await waitUntil(() => gateway.connectionCount === 1);
    await client.close();
    await waitUntil(() => gateway.connectionCount === 0);

    // A client that never answers pings (autoPong off) is terminated by the heartbeat.
    const silent = new WebSocket(url, { autoPong: false });
    const closed = new Promise<void>((resolve) => silent.once('close', () => resolve()));
    await new Promise<void>((resolve) => silent.once('open', () => resolve()));
    await closed;
    await waitUntil(() => gateway.connectionCount === 0);
  });

  it('refuses upgrades on other paths', async () => {
    const port = (stack.app.getHttpServer().address() as AddressInfo).port;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/v5/other`);
    await expect(new Promise((resolve, reject) => {
      socket.once('open', () => resolve('open'));
      socket.once('error', reject);
    })).rejects.toThrow();
  });
});

async function waitUntil(condition: () => boolean, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
