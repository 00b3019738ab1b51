import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { isSafeText } from '@planwerk/events';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/**
 * The request's path decoded, or null when it is no path a file could have: not origin-form
 * (`//`, `*`, `http://…`), a broken %-escape (`/%E0%A4%A`, overlong `/%C0%AF`), or NUL and lone
 * surrogates. Thrown from the request handler, any of these ended `npm start` (issue 12).
 */
export function decodedPath(url: string | undefined): string | null {
  const raw = (url ?? '/').split('?')[0] ?? '/';
  if (!raw.startsWith('/') || raw.startsWith('//')) return null;
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return isSafeText(path) ? path : null;
}

export interface StaticSite {
  handle(req: IncomingMessage, res: ServerResponse): void;
}

/**
 * Serves the built console. Hashed assets are cached for a year; every other path falls back
 * to index.html (client-side routes), into which `headHtml` is injected (the version meta tag).
 */
export function createStaticSite(webRoot: string, headHtml: () => string): StaticSite {
  const root = resolve(webRoot);
  const indexPath = join(root, 'index.html');
  if (!existsSync(indexPath)) throw new Error(`The console is not built: ${indexPath} is missing (run npm run build:web)`);
  const indexTemplate = readFileSync(indexPath, 'utf8');

  function sendIndex(res: ServerResponse): void {
    const html = indexTemplate.replace('</head>', `${headHtml()}\n</head>`);
    res.writeHead(200, { 'content-type': TYPES['.html'], 'cache-control': 'no-cache' });
    res.end(html);
  }

  return {
    handle(req, res) {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD' }).end();
        return;
      }
      const pathname = decodedPath(req.url);
      if (pathname === null) {
        res.writeHead(400, { 'content-type': TYPES['.txt'], 'cache-control': 'no-store' }).end('Bad Request');
        return;
      }
      const file = normalize(join(root, pathname));
      if (!file.startsWith(root + sep) || pathname === '/' || pathname === '/index.html') {
        sendIndex(res);
        return;
      }
      const stat = existsSync(file) ? statSync(file) : undefined;
      if (!stat?.isFile()) {
        sendIndex(res);
        return;
      }
      const immutable = pathname.startsWith('/assets/');
      res.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'content-length': stat.size,
        'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      });
      if (req.method === 'HEAD') res.end();
      else createReadStream(file).pipe(res);
    },
  };
}
