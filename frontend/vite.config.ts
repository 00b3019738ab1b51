import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { initialSize } from './vite.initial-size.ts';

// The console imports only the browser-safe entry points of @planwerk/events (its package.json
// `exports`: constants, access, route-access, realtime/*, http/endpoint and the *.endpoints
// declarations), never its Node adapters: no alias list here.
export default defineConfig({
  plugins: [react(), initialSize('src/features/start/start-page.tsx')],
  server: {
    proxy: {
      '/v5': { target: 'http://127.0.0.1:8080', changeOrigin: true, ws: true },
    },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});
