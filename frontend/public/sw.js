/* Service worker of the console: an offline app shell (issue 7, installable PWA).
 *
 * - Pages (navigations): network first; offline, the cached index.html starts the console.
 * - Built assets (/assets/, content-hashed): cache first, stored when first loaded, so every
 *   screen opened once also opens offline.
 * - Icons, manifest, favicon: stale while revalidate.
 * - /v5 (API answers, sockets) and other origins: never touched, never cached.
 */
const SHELL_CACHE = 'planwerk-shell-v1';
const ASSET_CACHE = 'planwerk-assets-v1';
const CACHES = [SHELL_CACHE, ASSET_CACHE];
const INDEX = '/index.html';
const STATIC = ['/manifest.webmanifest', '/favicon.svg', '/icons/icon.svg', '/icons/icon-192.png', '/icons/icon-512.png'];
// Old builds' chunks are dropped beyond this many cached assets (oldest first).
const MAX_ASSETS = 300;

// The entry script and styles the current index.html references.
function entryAssets(html) {
  const found = new Set();
  for (const match of html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) found.add(match[1]);
  return [...found];
}

async function cacheShell() {
  const response = await fetch('/', { cache: 'no-store' });
  if (!response.ok) throw new Error(`index.html answered ${response.status}`);
  const html = await response.clone().text();
  const shell = await caches.open(SHELL_CACHE);
  await shell.put(INDEX, response);
  await shell.addAll(STATIC);
  const assets = await caches.open(ASSET_CACHE);
  await assets.addAll(entryAssets(html));
}

async function trimAssets() {
  const assets = await caches.open(ASSET_CACHE);
  const keys = await assets.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_ASSETS)).map((key) => assets.delete(key)));
}

self.addEventListener('install', (event) => {
  event.waitUntil(cacheShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => name.startsWith('planwerk-') && !CACHES.includes(name)).map((name) => caches.delete(name)));
    await self.clients.claim();
  })());
});

async function navigate(request) {
  try {
    const response = await fetch(request);
    // A fresh index.html (with the server's version meta tag) replaces the cached one.
    if (response.ok && (response.headers.get('content-type') ?? '').includes('text/html')) {
      const copy = response.clone();
      const shell = await caches.open(SHELL_CACHE);
      await shell.put(INDEX, copy);
    }
    return response;
  } catch (error) {
    const cached = await caches.match(INDEX, { cacheName: SHELL_CACHE });
    if (cached) return cached;
    throw error;
  }
}

async function asset(request) {
  const cache = await caches.open(ASSET_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    await cache.put(request, response.clone());
    void trimAssets();
  }
  return response;
}

async function staleWhileRevalidate(request, event) {
  const cache = await caches.open(SHELL_CACHE);
  const cached = await cache.match(request);
  const refresh = fetch(request).then(async (response) => {
    if (response.ok) await cache.put(request, response.clone());
    return response;
  });
  if (cached) {
    event.waitUntil(refresh.catch(() => undefined));
    return cached;
  }
  return refresh;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname === '/v5' || url.pathname.startsWith('/v5/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(navigate(request));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(asset(request));
    return;
  }
  if (STATIC.includes(url.pathname)) event.respondWith(staleWhileRevalidate(request, event));
});
