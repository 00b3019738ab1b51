import { Agent, createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { StaticSite } from './static-files';

export type Upstream = 'command' | 'query';

export interface GatewayOptions {
  upstreams: Record<Upstream, URL>;
  /** Which service answers a /v5 call; derived from the endpoint registry. */
  route(method: string, path: string): Upstream;
  site: StaticSite | null;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

function forwardHeaders(req: IncomingMessage): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
  }
  headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
  headers['x-forwarded-host'] = req.headers.host ?? '';
  return headers;
}

function badGateway(res: ServerResponse, upstream: Upstream): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(502, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify({
    body: null,
    status: 502,
    error: { status: 502, intern: 6952, text: `The ${upstream} service is not reachable. Please try again.` },
  }));
}

/**
 * One origin for the console and /v5 (issue 2, item 9): static files, HTTP calls routed by
 * method and path to the command or query service, and the WebSocket upgrade to the query
 * service. deploy/nginx holds the same routing for distributed mode.
 */
export function createGateway(options: GatewayOptions): Server {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });

  function proxy(req: IncomingMessage, res: ServerResponse, upstream: Upstream): void {
    const target = options.upstreams[upstream];
    const outgoing = request({
      agent,
      host: target.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      headers: forwardHeaders(req),
    }, (answer) => {
      const headers = { ...answer.headers };
      for (const name of HOP_BY_HOP) delete headers[name];
      res.writeHead(answer.statusCode ?? 502, headers);
      answer.pipe(res);
    });
    outgoing.on('error', () => badGateway(res, upstream));
    req.pipe(outgoing);
  }

  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/v5' || path.startsWith('/v5/')) {
      proxy(req, res, options.route(req.method ?? 'GET', path));
    } else if (path === '/health' || path.startsWith('/health/') || path === '/metrics') {
      proxy(req, res, 'query');
    } else if (options.site) {
      options.site.handle(req, res);
    } else {
      res.writeHead(404).end();
    }
  });

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/v5/ws') {
      socket.destroy();
      return;
    }
    const target = options.upstreams.query;
    const upstream: Socket = connect(Number(target.port), target.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });

  server.on('close', () => agent.destroy());
  return server;
}
