import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serviceFor } from '@planwerk/events';
import { createGateway } from './gateway';
import { createStaticSite, decodedPath } from './static-files';

// Issue 12: `GET /%E0%A4%A` threw in the static site's request handler and `npm start` exited
// (leaving its PostgreSQL orphaned). `GET //` did the same through `new URL`.
describe('static files behind the gateway never throw', () => {
  let upstream: Server;
  let gateway: Server;
  let port: number;
  const listen = (server: Server) => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

  beforeAll(async () => {
    const root = mkdtempSync(join(tmpdir(), 'planwerk-site-'));
    writeFileSync(join(root, 'index.html'), '<html><head></head><body>console</body></html>');
    writeFileSync(join(root, 'robots.txt'), 'User-agent: *');
    upstream = createServer((req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"body":{},"error":null,"status":200}'));
    const target = new URL(`http://127.0.0.1:${await listen(upstream)}`);
    gateway = createGateway({ upstreams: { command: target, query: target }, route: serviceFor, site: createStaticSite(root, () => '') });
    port = await listen(gateway);
  });

  afterAll(async () => {
    await new Promise((resolve) => gateway.close(resolve));
    await new Promise((resolve) => upstream.close(resolve));
  });

  // A raw request line: fetch would normalise some of these paths before sending them.
  function get(path: string): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(Buffer.concat([
        Buffer.from('GET '), Buffer.from(path, 'latin1'), Buffer.from(' HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n'),
      ])));
      let text = '';
      socket.on('data', (chunk) => { text += chunk.toString('utf8'); });
      socket.on('error', reject);
      socket.on('end', () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), body: text.split('\r\n\r\n').slice(1).join('\r\n\r\n') }));
    });
  }

  it.each([
    ['a broken %-escape', '/%E0%A4%A'], ['a lone %', '/%'], ['an invalid escape', '/%zz'], ['overlong UTF-8', '/%C0%AF'],
    ['an encoded lone surrogate', '/%ED%A0%80'], ['NUL', '/a%00b'], ['an empty first segment', '//'], ['asterisk form', '*'],
    ['raw non-ASCII bytes', '/\u00C0\u00AF'],
  ])('answers %s with 400 and keeps serving', async (_, path) => {
    const answer = await get(path);
    expect(answer.status).toBe(400);
    expect((await get('/')).status).toBe(200);
  });

  it('still serves files and the console\'s routes, with escapes decoded', async () => {
    expect(await get('/robots.txt')).toEqual({ status: 200, body: 'User-agent: *' });
    expect((await get('/my%20team/projects')).body).toContain('console');
    expect((await get('/%2e%2e/%2e%2e/etc/passwd')).body).toContain('console');
  });

  it('passes /v5 paths with broken escapes on to the services, which answer them', async () => {
    expect((await get('/v5/team/%E0%A4%A/members')).status).toBe(200);
    expect((await get('/v5/team/%C0%AF/leave')).status).toBe(200);
  });

  it('decodes a path or says it is none', () => {
    expect(decodedPath('/a%20b?x=%zz')).toBe('/a b');
    expect(decodedPath(undefined)).toBe('/');
    expect(decodedPath('/%E0%A4%A')).toBeNull();
    expect(decodedPath('/%00')).toBeNull();
    expect(decodedPath('http://evil/x')).toBeNull();
  });
});
