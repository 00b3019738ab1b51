import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { initialSize } from './vite.initial-size.ts';

// The console imports only the browser-safe constants of @planwerk/events, never its
// Node adapters, so the alias points at that folder instead of the package entry.
const constants = fileURLToPath(new URL('../events/src/constants/index.ts', import.meta.url));
// The one access function and the route access rules (spec sections 5 and 6) are pure too.
const access = fileURLToPath(new URL('../events/src/access/access.ts', import.meta.url));
const routeAccess = fileURLToPath(new URL('../events/src/access/route-access.ts', import.meta.url));
// The browser-safe socket clients and message shapes of live updates (ADR 0009), file by file
// (`@planwerk/events/realtime/live-client`, `live-socket`, …): the folder's index also holds zod schemas and endpoints.
const realtime = fileURLToPath(new URL('../events/src/realtime', import.meta.url));

export default defineConfig({
  plugins: [react(), initialSize('src/features/start/start-page.tsx')],
  resolve: {
    alias: {
      '@planwerk/events/constants': constants,
      '@planwerk/events/access': access,
      '@planwerk/events/route-access': routeAccess,
      '@planwerk/events/realtime': realtime,
    },
  },
  server: {
    proxy: {
      '/v5': { target: 'http://127.0.0.1:8080', changeOrigin: true, ws: true },
    },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});
