import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseTrustedProxies } from '@planwerk/platform';
import { createGateway } from './gateway';
import type { StaticSite } from './static-files';

// Issue 12: the gateway forwarded client-supplied X-Forwarded-For (on the WebSocket upgrade
// even verbatim), so every connection could claim a new address and escape per-client limits;
// and no answer carried security headers.
describe('gateway forwarding headers and security headers', () => {
  let upstream: Server;
  const seen: IncomingHttpHeaders[] = [];
  const gateways: Server[] = [];
  let target: URL;

  const listen = (server: Server) => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

  const site: StaticSite = {
    handle(_req, res) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Planwerk</title>');
    },
  } as StaticSite;

  async function gateway(options: Partial<Parameters<typeof createGateway>[0]> = {}): Promise<string> {
    const server = createGateway({ upstreams: { command: target, query: target }, route: () => 'query', site, ...options });
    gateways.push(server);
    return `http://127.0.0.1:${await listen(server)}`;
  }

  /** The headers the service saw on a WebSocket upgrade through the gateway. */
  function upgradeHeaders(origin: string, headers: Record<string, string>): Promise<IncomingHttpHeaders> {
    const before = seen.length;
    return new Promise((resolve, reject) => {
      const req = request(`${origin}/v5/ws?channel=main`, { headers: { connection: 'Upgrade', upgrade: 'websocket', ...headers } });
      req.on('upgrade', (_answer, socket) => {
        socket.destroy();
        resolve(seen[before]!);
      });
      req.on('error', reject);
      req.end();
    });
  }

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"body":null,"error":null,"status":200}');
    });
    upstream.on('upgrade', (req, socket) => {
      seen.push(req.headers);
      socket.end('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n');
    });
    target = new URL(`http://127.0.0.1:${await listen(upstream)}`);
  });

  afterAll(async () => {
    for (const server of gateways) await new Promise((resolve) => server.close(resolve));
    await new Promise((resolve) => upstream.close(resolve));
  });

  it('overwrites a client-supplied X-Forwarded-For, -Host and -Proto with what it saw (client not a trusted proxy)', async () => {
    const origin = await gateway({ trustedProxies: parseTrustedProxies('192.0.2.250') });
    await fetch(`${origin}/v5/update/version`, {
      headers: { 'x-forwarded-for': '203.0.113.99', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', 'x-real-ip': '203.0.113.98', forwarded: 'for=203.0.113.97' },
    });
    const headers = seen.at(-1)!;
    expect(headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(headers['x-forwarded-host']).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(headers['x-forwarded-proto']).toBe('http');
    expect(headers['x-real-ip']).toBeUndefined();
    expect(headers.forwarded).toBeUndefined();
  });

  it('does the same on the WebSocket upgrade: one new X-Forwarded-For per connection changes nothing', async () => {
    const origin = await gateway({ trustedProxies: parseTrustedProxies('192.0.2.250') });
    for (const spoofed of ['203.0.113.1', '203.0.113.2, 198.51.100.3']) {
      const headers = await upgradeHeaders(origin, { 'x-forwarded-for': spoofed, 'X-Forwarded-Proto': 'https' });
      expect(headers['x-forwarded-for']).toBe('127.0.0.1');
      expect(headers['x-forwarded-proto']).toBe('http');
      expect(headers.upgrade).toBe('websocket');
    }
  });

  it('behind a trusted proxy takes the right-most untrusted address, never the client-written first entry', async () => {
    // Loopback is trusted by default: this test's client plays a reverse proxy on the same host.
    const origin = await gateway();
    await fetch(`${origin}/v5/update/version`, { headers: { 'x-forwarded-for': '203.0.113.50, 198.51.100.7', 'x-forwarded-proto': 'https' } });
    expect(seen.at(-1)!['x-forwarded-for']).toBe('198.51.100.7');
    expect(seen.at(-1)!['x-forwarded-proto']).toBe('https');
    const upgraded = await upgradeHeaders(origin, { 'x-forwarded-for': '203.0.113.50, 198.51.100.8' });
    expect(upgraded['x-forwarded-for']).toBe('198.51.100.8');
  });

  it('sends the security headers with console pages, API answers and its own 404', async () => {
    const origin = await gateway({ trustedProxies: parseTrustedProxies('192.0.2.250') });
    for (const path of ['/', '/team/abc', '/v5/update/version']) {
      const answer = await fetch(`${origin}${path}`);
      expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(answer.headers.get('strict-transport-security')).toBeNull();
    }
    const console = await fetch(`${origin}/`);
    expect(console.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(console.headers.get('content-security-policy')).not.toMatch(/script-src[^;]*unsafe-inline/);
    const bare = await gateway({ site: null, trustedProxies: parseTrustedProxies('192.0.2.250') });
    const missing = await fetch(`${bare}/nothing`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('lets other sites frame the embed routes: no X-Frame-Options, no frame-ancestors', async () => {
    const origin = await gateway();
    const embed = await fetch(`${origin}/embed/project/abc/list`);
    expect(embed.headers.get('x-frame-options')).toBeNull();
    expect(embed.headers.get('content-security-policy')).not.toContain('frame-ancestors');
    expect(embed.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('adds HSTS only when served over TLS: PUBLIC_URL https or https from a trusted proxy', async () => {
    const viaTls = await gateway({ publicUrl: 'https://planwerk.example.org' });
    expect((await fetch(`${viaTls}/`)).headers.get('strict-transport-security')).toBe('max-age=31536000');
    const proxied = await gateway({ publicUrl: 'http://localhost:8080' });
    expect((await fetch(`${proxied}/`, { headers: { 'x-forwarded-proto': 'https' } })).headers.get('strict-transport-security')).toBe('max-age=31536000');
    const untrusted = await gateway({ publicUrl: 'http://localhost:8080', trustedProxies: parseTrustedProxies('192.0.2.250') });
    expect((await fetch(`${untrusted}/`, { headers: { 'x-forwarded-proto': 'https' } })).headers.get('strict-transport-security')).toBeNull();
  });
});
