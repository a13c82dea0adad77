import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const here = path.dirname(fileURLToPath(import.meta.url));
const api = 'http://localhost:3000';

/**
 * Brotli and gzip copies of each built script and stylesheet, compressed once at their best
 * level: koa-static sends the one the browser accepts (server/app.ts), with no work per request.
 */
function precompressedAssets(): Plugin {
  return {
    name: 'vecindad-precompressed-assets',
    apply: 'build',
    async writeBundle(options, bundle) {
      for (const file of Object.keys(bundle).filter((name) => /^assets\/.*\.(js|css)$/.test(name))) {
        const full = path.join(options.dir!, file);
        const content = await fs.readFile(full);
        await fs.writeFile(`${full}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }));
        await fs.writeFile(`${full}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * react-router's package exports name only its development build (remix-run/react-router#14102):
 * a production bundle takes its production build, without the development warnings and checks.
 */
const reactRouterBuild = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production');
const reactRouterProduction = [
  { find: /^react-router$/, replacement: path.join(reactRouterBuild, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(reactRouterBuild, 'dom-export.mjs') },
];

// The client lives in client/, builds to dist/client at the repository root (served by the
// Koa server) and imports shared/ code through @shared.
export default defineConfig(({ mode }) => ({
  root: here,
  plugins: [
    react(),
    precompressedAssets(),
    // The service worker (src/sw.ts, docs/modules/push.md): Workbox precaches the app shell;
    // injectManifest keeps our own push and notificationclick handlers. The manifest is the
    // organization's, served by the API (/api/manifest.webmanifest), and the page registers
    // the worker itself (src/lib/pwa.ts) after the first render.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      // The shell: index.html and what it loads (src/sw.ts caches the screens' code as used).
      injectManifest: { globPatterns: ['index.html', 'assets/{index,client,rolldown-runtime}-*.{js,css}', 'assets/*.css', '*.svg'] },
      devOptions: { enabled: false },
    }),
  ],
  resolve: {
    alias: [
      { find: '@shared', replacement: path.resolve(here, '../shared') },
      { find: '@client', replacement: path.resolve(here, 'src') },
      // React 19 has useSyncExternalStore: its React 17 polyfill is left out (src/lib/use-sync-external-store-shim.ts).
      { find: /^use-sync-external-store\/shim$/, replacement: path.resolve(here, 'src/lib/use-sync-external-store-shim.ts') },
      ...(mode === 'production' ? reactRouterProduction : []),
    ],
  },
  build: {
    outDir: path.resolve(here, '../dist/client'),
    emptyOutDir: true,
    // .vite/manifest.json: its presence marks a complete build (scripts/build.ts).
    manifest: true,
    rolldownOptions: {
      // Exports of lazy chunks are only what the app imports: lets small shared chunks be inlined.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          // What index.html loads statically (React, the router, React Query, i18next, the app
          // shell) is one file instead of a dozen common chunks.
          groups: [{ name: 'app', tags: ['$initial'] }],
          // A chunk shared by a few screens (a react-bootstrap component, a helper) under 20 KB
          // before minification is copied into each screen that uses it instead of being a file
          // of its own: a screen is a few requests, not forty (the copies cost no screen more).
          experimentalInlineCommonChunks: { maxSize: 20 * 1024 },
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': api,
      '/socket.io': { target: api, ws: true },
    },
  },
}));
