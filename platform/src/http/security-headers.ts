import type { IncomingMessage, ServerResponse } from 'node:http';
import { trustedForwardedValue, type TrustedProxies } from './client-address';

// Security headers on every answer (issue 12): one module for the command service, the query
// service and the gateway with its static files. The session token lives in localStorage, so
// the console's Content-Security-Policy allows scripts from this origin only (the Vite build
// emits no inline script: index.html loads /assets/*.js; its one inline <style> is the boot
// loader, hence 'unsafe-inline' for styles only). Embed routes (/embed/…) keep their framing
// rules — any site may frame them — so they carry no frame-ancestors and no X-Frame-Options.

const CONSOLE_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  // Team logos and profile pictures are addresses anywhere on the web.
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  // Same-origin fetch and the /v5/ws socket ('self' covers ws:/wss: to this origin).
  "connect-src 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
];

// JSON, CSV and the like never load anything.
const API_POLICY = ["default-src 'none'", "base-uri 'none'", "form-action 'none'"];

export const HSTS_VALUE = 'max-age=31536000';

/** Console paths that other sites may frame (spec section 2: /embed/project/…, /embed/form/…). */
export function isEmbedPath(path: string): boolean {
  return path === '/embed' || path.startsWith('/embed/');
}

function isApiPath(path: string): boolean {
  return path === '/v5' || path.startsWith('/v5/') || path === '/health' || path.startsWith('/health/') || path === '/metrics';
}

export interface SecurityHeaderRequest {
  /** The request path without the query. */
  path: string;
  /** Served over TLS (PUBLIC_URL is https, or a trusted proxy says X-Forwarded-Proto: https). */
  tls: boolean;
}

export function securityHeaders(request: SecurityHeaderRequest): Record<string, string> {
  const embed = isEmbedPath(request.path);
  const policy = isApiPath(request.path) ? API_POLICY : CONSOLE_POLICY;
  const headers: Record<string, string> = {
    'content-security-policy': [...policy, ...(embed ? [] : ["frame-ancestors 'none'"])].join('; '),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
  if (!embed) headers['x-frame-options'] = 'DENY';
  if (request.tls) headers['strict-transport-security'] = HSTS_VALUE;
  return headers;
}

export interface SecurityHeaderOptions {
  trustedProxies: TrustedProxies;
  /** PUBLIC_URL; an https origin means every answer is served over TLS. */
  publicUrl?: string;
}

function pathOf(url: string | undefined): string {
  const raw = url ?? '/';
  const end = raw.search(/[?#]/);
  return end === -1 ? raw : raw.slice(0, end);
}

/** Whether this request reached the product over TLS. */
export function servedOverTls(request: Pick<IncomingMessage, 'headers' | 'socket'>, options: SecurityHeaderOptions): boolean {
  if (options.publicUrl?.toLowerCase().startsWith('https:')) return true;
  if ((request.socket as { encrypted?: boolean }).encrypted === true) return true;
  return trustedForwardedValue(request.socket.remoteAddress, request.headers['x-forwarded-proto'], options.trustedProxies) === 'https';
}

/**
 * Sets the headers on the raw answer before anything is written: Node merges them into every
 * later writeHead, so answers written by a framework error handler carry them as well.
 */
export function applySecurityHeaders(request: Pick<IncomingMessage, 'headers' | 'socket' | 'url'>, response: Pick<ServerResponse, 'setHeader'>, options: SecurityHeaderOptions): void {
  const headers = securityHeaders({ path: pathOf(request.url), tls: servedOverTls(request, options) });
  for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
}
