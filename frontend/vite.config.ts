import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The console imports only the browser-safe constants of @planwerk/events, never its
// Node adapters, so the alias points at that folder instead of the package entry.
const constants = fileURLToPath(new URL('../events/src/constants/index.ts', import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@planwerk/events/constants': constants } },
  server: {
    proxy: {
      '/v5': { target: 'http://127.0.0.1:8080', changeOrigin: true, ws: true },
    },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});
