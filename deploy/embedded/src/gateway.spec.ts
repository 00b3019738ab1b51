import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGateway } from './gateway';

// Found by the API fuzzer: a header block over Node's limit got a bare 431 without a body,
// and a body over a service's limit got a 502 or a reset connection, because the service
// refused it early and closed the socket while the gateway still streamed it.
describe('gateway edge answers', () => {
  let upstream: Server;
  let gateway: Server;
  let origin: string;
  let upstreamCalls = 0;

  const listen = (server: Server) => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      upstreamCalls += 1;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ body: { ok: true }, error: null, status: 200 }));
    });
    const port = await listen(upstream);
    const target = new URL(`http://127.0.0.1:${port}`);
    gateway = createGateway({ upstreams: { command: target, query: target }, route: (method) => (method === 'GET' ? 'query' : 'command'), site: null });
    origin = `http://127.0.0.1:${await listen(gateway)}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => gateway.close(resolve));
    await new Promise((resolve) => upstream.close(resolve));
  });

  it('passes ordinary calls on', async () => {
    const answer = await fetch(`${origin}/v5/feedback/vote`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ body: { ok: true }, error: null, status: 200 });
  });

  it('answers a body over the service limit with a wrapped 413 and never forwards it', async () => {
    const before = upstreamCalls;
    const answer = await fetch(`${origin}/v5/feedback/vote`, { method: 'POST', body: `"${'x'.repeat(1_200_000)}"`, headers: { 'content-type': 'application/json' } });
    expect(answer.status).toBe(413);
    expect(await answer.json()).toMatchObject({ body: null, status: 413, error: { status: 413, intern: 'payload_too_large' } });
    expect(upstreamCalls).toBe(before);
  });

  it('answers headers over the limit with a wrapped 431', async () => {
    const answer = await fetch(`${origin}/v5/update/version?x=${'y'.repeat(20_000)}`);
    expect(answer.status).toBe(431);
    expect(await answer.json()).toMatchObject({ body: null, status: 431, error: { status: 431, intern: 'request_failed' } });
  });
});
