import { Agent, createServer, request, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { errorBody, failed } from '@planwerk/events';
import {
  applySecurityHeaders,
  clientAddressOf,
  parseTrustedProxies,
  trustedForwardedValue,
  type TrustedProxies,
} from '@planwerk/platform';
import type { StaticSite } from './static-files';

export type Upstream = 'command' | 'query';

export interface GatewayOptions {
  upstreams: Record<Upstream, URL>;
  /** Which service answers a /v5 call; derived from the endpoint registry. */
  route(method: string, path: string): Upstream;
  site: StaticSite | null;
  /**
   * Peers whose forwarding headers the gateway believes (a reverse proxy in front of it);
   * TRUSTED_PROXIES, loopback by default. Everyone else's X-Forwarded-* are overwritten.
   */
  trustedProxies?: TrustedProxies;
  /** PUBLIC_URL: an https origin turns on HSTS. */
  publicUrl?: string;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);
// Forwarding headers a client may send: never passed on as sent (issue 12). The gateway writes
// its own from what it saw, believing a peer's only when that peer is a trusted proxy.
const FORWARDING = new Set(['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'x-real-ip', 'forwarded']);

/** The X-Forwarded-* the gateway sends upstream, on HTTP calls and the WebSocket upgrade alike. */
export function forwardingHeaders(req: IncomingMessage, trusted: TrustedProxies): Record<'x-forwarded-for' | 'x-forwarded-host' | 'x-forwarded-proto', string> {
  const peer = req.socket.remoteAddress;
  const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true;
  const proto = trustedForwardedValue(peer, req.headers['x-forwarded-proto'], trusted);
  const host = trustedForwardedValue(peer, req.headers['x-forwarded-host'], trusted);
  return {
    'x-forwarded-for': clientAddressOf(peer, req.headers['x-forwarded-for'], trusted),
    'x-forwarded-host': host ?? req.headers.host ?? '',
    'x-forwarded-proto': encrypted ? 'https' : proto === 'https' ? 'https' : 'http',
  };
}

function forwardHeaders(req: IncomingMessage, trusted: TrustedProxies): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name) && !FORWARDING.has(name)) headers[name] = value;
  }
  return { ...headers, ...forwardingHeaders(req, trusted) };
}

/** The upgrade request's header lines as the client sent them, forwarding headers replaced. */
function upgradeHeaderLines(req: IncomingMessage, trusted: TrustedProxies): string[] {
  const lines: string[] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (!FORWARDING.has(req.rawHeaders[i]!.toLowerCase())) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
  }
  for (const [name, value] of Object.entries(forwardingHeaders(req, trusted))) lines.push(`${name}: ${value}`);
  return lines;
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

// A request the gateway could not pass on or answer: the spec's wrapper with 400.
function unreadable(req: IncomingMessage, res: ServerResponse): void {
  req.resume();
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(400, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(failed({ ...errorBody('request_failed'), status: 400 })));
}

const GATEWAY_MAX_HEADER_BYTES = 12 * 1024;
// The services' own body limits (create-command-service.ts, create-query-service.ts).
const BODY_LIMITS: Record<Upstream, number> = { command: 256 * 1024, query: 64 * 1024 };
// A spreadsheet for the contact import (issue 15) comes as raw bytes, up to its own parser's limit.
const UPLOAD_PATH = /^\/v5\/team\/[^/?]+\/contact\/import\/?(\?|$)/;
const UPLOAD_BODY_LIMIT = 12 * 1024 * 1024;

// Requests Node cannot parse (headers too large, malformed request line) never reach a
// handler; they too get the spec's wrapper instead of Node's bare status line.
function rejectUnparsable(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify(failed({ ...errorBody('request_failed'), status }));
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\ncontent-type: application/json; charset=utf-8\r\n`
    + `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
}

/**
 * One origin for the console and /v5 (issue 2, item 9): static files, HTTP calls routed by
 * method and path to the command or query service, and the WebSocket upgrade to the query
 * service. deploy/nginx holds the same routing for distributed mode.
 */
export function createGateway(options: GatewayOptions): Server {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const trusted = options.trustedProxies ?? parseTrustedProxies(process.env.TRUSTED_PROXIES);
  const security = { trustedProxies: trusted, publicUrl: options.publicUrl ?? process.env.PUBLIC_URL };

  function proxy(req: IncomingMessage, res: ServerResponse, upstream: Upstream): void {
    const limit = req.method === 'POST' && UPLOAD_PATH.test(req.url ?? '') ? UPLOAD_BODY_LIMIT : BODY_LIMITS[upstream];
    if (Number(req.headers['content-length'] ?? 0) > limit) {
      // Answered here: a service refuses such a body early and closes the socket while the
      // gateway still streams it, which the client would see as a 502 or a reset.
      req.resume();
      res.writeHead(413, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(failed(errorBody('payload_too_large'))));
      return;
    }
    const target = options.upstreams[upstream];
    let answered = false;
    const outgoing = request({
      agent,
      host: target.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      headers: forwardHeaders(req, trusted),
    }, (answer) => {
      answered = true;
      const headers = { ...answer.headers };
      for (const name of HOP_BY_HOP) delete headers[name];
      res.writeHead(answer.statusCode ?? 502, headers);
      answer.on('error', () => res.destroy());
      answer.pipe(res);
    });
    outgoing.on('error', () => {
      // A service may answer early (413 on a huge body) and close while the body still streams
      // in: drain the rest so the client can read that answer; only no answer at all is a 502.
      req.resume();
      if (!answered) badGateway(res, upstream);
    });
    req.pipe(outgoing);
  }

  // Below the services' own 16 KiB so that a request the gateway passes on (plus the
  // x-forwarded headers it adds) is never refused upstream with an unwrapped 431.
  const server = createServer({ maxHeaderSize: GATEWAY_MAX_HEADER_BYTES }, (req, res) => {
    // Every answer — static files, the gateway's own 404/413/502 and the services' — carries
    // the security headers; a service's own values take precedence in writeHead.
    applySecurityHeaders(req, res, security);
    const path = (req.url ?? '/').split('?')[0];
    // No request may end the process (issue 12: a broken %-escape in a console path threw here).
    try {
      if (path === '/v5' || path.startsWith('/v5/')) {
        proxy(req, res, options.route(req.method ?? 'GET', path));
      } else if (path === '/health' || path.startsWith('/health/') || path === '/metrics') {
        proxy(req, res, 'query');
      } else if (options.site) {
        options.site.handle(req, res);
      } else {
        res.writeHead(404).end();
      }
    } catch {
      unreadable(req, res);
    }
  });

  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => rejectUnparsable(error, socket));

  // Upgraded sockets (/v5/ws) leave the HTTP server's bookkeeping: closeAllConnections() does
  // not end them and close() would wait for every open browser tab. They end with the server.
  const tunnels = new Set<Duplex>();
  const closeAllConnections = server.closeAllConnections.bind(server);
  server.closeAllConnections = () => {
    for (const tunnel of tunnels) tunnel.destroy();
    closeAllConnections();
  };

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/v5/ws') {
      socket.destroy();
      return;
    }
    tunnels.add(socket);
    socket.on('close', () => tunnels.delete(socket));
    const target = options.upstreams.query;
    const upstream: Socket = connect(Number(target.port), target.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`, ...upgradeHeaderLines(req, trusted)];
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
