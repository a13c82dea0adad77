import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { config } from '../../server/config';
import { buildClientIfStale, clientManifest } from '../../scripts/build';
import type { BenchSuite } from '../lib';

type ManifestChunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

/**
 * What the browser loads for a route (in Spanish): the entry (index.html) plus the lazy
 * chunks the route renders and its translation files, each with its static imports and CSS
 * (from the build's .vite/manifest.json). The notice region loads only with a first notice.
 */
const ROUTES: Record<string, string[]> = {
  '/auth': ['src/features/auth/pages/AuthPage.tsx', 'src/locales/es/auth.json'],
  '/ (con sesión)': [
    'src/app/layout/AppLayout.tsx',
    'src/features/dashboard/pages/DashboardPage.tsx',
    'src/locales/es/dashboard.json',
  ],
};

export function routeFiles(manifest: Manifest, chunks: string[]) {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.css?.forEach((css) => files.add(css));
    chunk.imports?.forEach(visit);
  };
  ['index.html', ...chunks].forEach(visit);
  return [...files];
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

const suite: BenchSuite = {
  name: 'client-size',
  description: 'Tamaño (gzip) del JavaScript y CSS que carga cada ruta en la compilación de producción',
  async run() {
    buildClientIfStale();
    const manifest: Manifest = JSON.parse(fs.readFileSync(clientManifest(), 'utf8'));
    const gzipped = (file: string) => gzipSync(fs.readFileSync(path.join(config.clientDir, file)), { level: 9 }).length;

    const rows = Object.entries(ROUTES).map(([route, chunks]) => {
      const files = routeFiles(manifest, chunks);
      const js = files.filter((f) => f.endsWith('.js'));
      const css = files.filter((f) => f.endsWith('.css'));
      const jsKb = kb(js.reduce((sum, f) => sum + gzipped(f), 0));
      return {
        ruta: route,
        'archivos JS': js.length,
        'JS gzip KB': jsKb,
        'CSS gzip KB': kb(css.reduce((sum, f) => sum + gzipped(f), 0)),
        objetivo: route === '/auth' ? (jsKb < 200 ? 'cumple (< 200 KB JS)' : 'NO cumple (< 200 KB JS)') : '',
      };
    });
    return [{ title: 'Tamaño del cliente por ruta (gzip nivel 9)', rows }];
  },
};
export default suite;
