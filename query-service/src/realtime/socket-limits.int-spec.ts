import type { AddressInfo } from 'node:net';
import { LIVE_MAX_FRAME_BYTES } from '@planwerk/events';
import { describeWith } from '../../../scripts/testing/components';
import { startQueryTestStack, type QueryTestStack } from '../testing/query-test-stack';
import { ProjectionGateway } from './projection.gateway';
import { LiveTestClient } from './testing/live-test-client';

// Limits of /v5/ws (issue 12): the largest frame, and open sockets per client address and
// overall. The test client connects from loopback, a trusted proxy, so X-Forwarded-For names
// the client address as nginx or the embedded gateway would.

describeWith('postgres', 'socket limits at /v5/ws (real PostgreSQL)', () => {
  let stack: QueryTestStack;
  let url: string;
  const open: LiveTestClient[] = [];

  const connect = async (address: string, channel = 'main'): Promise<LiveTestClient> => {
    const client = await LiveTestClient.connect(`${url}?channel=${channel}`, { headers: { 'x-forwarded-for': address }, timeoutMs: 3_000 });
    open.push(client);
    return client;
  };
  const closeAll = async (): Promise<void> => {
    await Promise.all(open.splice(0).map((client) => client.close()));
    const gateway = stack.app.get(ProjectionGateway);
    const deadline = Date.now() + 3_000;
    while (gateway.connectionCount > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  };

  beforeAll(async () => {
    stack = await startQueryTestStack('qs_ws_limits', { options: { wsMaxConnections: 5, wsMaxConnectionsPerAddress: 2 } });
    await stack.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = stack.app.getHttpServer().address() as AddressInfo;
    url = `ws://127.0.0.1:${port}/v5/ws`;
  });

  afterEach(closeAll);

  afterAll(async () => {
    await stack?.close();
  });

  it('closes a socket that sends a frame above 64 KiB (1009) instead of buffering it', async () => {
    const client = await connect('203.0.113.1', 'log');
    const closed = client.closed();
    client.send(JSON.stringify({ token: 'planwerk-console', type: 'big', meta: { extras: { text: 'x'.repeat(LIVE_MAX_FRAME_BYTES) } }, date: '2025-03-01T10:00:00.000Z' }));
    expect(await closed).toBe(1009);
  });

  it('still takes a frame just below the limit and answers it', async () => {
    const client = await connect('203.0.113.1');
    client.send(JSON.stringify({ action: 'dance', pad: 'x'.repeat(LIVE_MAX_FRAME_BYTES - 100) }));
    expect(await client.next()).toMatchObject({ event: 'error', data: { status: 400, field: 'action' } });
  });

  it('refuses sockets beyond the cap per client address, whatever the client adds to X-Forwarded-For', async () => {
    const first = await connect('203.0.113.7');
    await connect('203.0.113.7');
    // A client-sent entry left of what the proxy appended changes nothing.
    const third = await connect('198.51.100.99, 203.0.113.7');
    expect(await third.closed()).toBe(1013);
    // Another address still gets in; a place freed by a close is given again.
    const other = await connect('203.0.113.8');
    other.send({ action: 'subscribe', projection: 'activity-log' });
    expect((await other.next()).event).toBe('subscribed');
    await first.close();
    const gateway = stack.app.get(ProjectionGateway);
    const deadline = Date.now() + 3_000;
    while (gateway.connectionCount > 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const again = await connect('203.0.113.7');
    again.send({ action: 'subscribe', projection: 'activity-log' });
    expect((await again.next()).event).toBe('subscribed');
  });

  it('refuses sockets beyond the cap overall', async () => {
    for (const address of ['203.0.113.21', '203.0.113.22', '203.0.113.23', '203.0.113.24', '203.0.113.25']) {
      const client = await connect(address);
      client.send({ action: 'subscribe', projection: 'activity-log' });
      expect((await client.next()).event).toBe('subscribed');
    }
    const sixth = await connect('203.0.113.26');
    expect(await sixth.closed()).toBe(1013);
  });
});
