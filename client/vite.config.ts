import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const api = 'http://localhost:3000';

// The client lives in client/, builds to dist/client at the repository root (served by the
// Koa server) and imports shared/ code through @shared.
export default defineConfig({
  root: here,
  plugins: [react()],
  resolve: {
    alias: {
      '@shared': path.resolve(here, '../shared'),
      '@client': path.resolve(here, 'src'),
    },
  },
  build: {
    outDir: path.resolve(here, '../dist/client'),
    emptyOutDir: true,
    // .vite/manifest.json: which files each route loads (bench/suites/05-client-size.ts).
    manifest: true,
  },
  server: {
    proxy: {
      '/api': api,
      '/socket.io': { target: api, ws: true },
    },
  },
});
