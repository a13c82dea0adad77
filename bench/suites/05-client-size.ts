import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { config } from '../../server/config';
import { buildClientIfStale } from '../../scripts/build';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, cookiePairs, targetsTable, type BenchSuite, type BenchTarget } from '../lib';

/** Issue targets: JavaScript (gzip) the browser downloads for each route. */
const TARGETS: Record<string, { kb: number; files?: number }> = {
  '/auth': { kb: 130, files: 8 },
  '/ (con sesión)': { kb: 180 },
};

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/**
 * Every file of the build the page requests until the network is quiet (lazy chunks, translation
 * files and the live connection's library included), whatever asked for it: what a visitor's
 * browser really downloads, not what the build's manifest predicts.
 */
async function requestedFiles(page: Page, url: string, ready: (page: Page) => Promise<unknown>) {
  const files = new Set<string>();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/assets/')) files.add(pathname.slice(1));
  });
  await page.goto(url);
  await ready(page);
  await page.waitForLoadState('networkidle');
  return [...files];
}

const suite: BenchSuite = {
  name: 'client-size',
  description: 'Tamaño (gzip) del JavaScript y CSS que Chromium descarga para cada ruta de la compilación de producción',
  async run(ctx) {
    buildClientIfStale();
    const gzipped = (file: string) => gzipSync(fs.readFileSync(path.join(config.clientDir, file)), { level: 9 }).length;
    const admin = await ctx.createAdministrator();
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
    const rows = [];
    const detail = [];
    const targets: BenchTarget[] = [];
    try {
      const routes = [
        { route: '/auth', cookie: undefined, ready: (page: Page) => page.getByRole('button', { name: 'Iniciar sesión' }).waitFor() },
        { route: '/ (con sesión)', cookie: admin.cookie, ready: (page: Page) => page.getByRole('heading', { level: 1 }).waitFor() },
      ];
      for (const { route, cookie, ready } of routes) {
        const context = await browser.newContext({ locale: 'es-DO' });
        // The signed-in visitor's cookies (session and its readable hint) in the browser's jar.
        if (cookie) await context.addCookies(cookiePairs(cookie).map((pair) => ({ ...pair, url: ctx.baseUrl })));
        const files = await requestedFiles(await context.newPage(), `${ctx.baseUrl}${route.split(' ')[0]}`, ready);
        await context.close();
        const sized = files.map((file) => ({ file, bytes: gzipped(file) })).sort((a, b) => b.bytes - a.bytes);
        const js = sized.filter(({ file }) => file.endsWith('.js'));
        const jsKb = kb(js.reduce((sum, { bytes }) => sum + bytes, 0));
        const target = TARGETS[route];
        const met = jsKb <= target.kb && (!target.files || js.length <= target.files);
        targets.push({
          objetivo: `${route}: <= ${target.kb} KB de JS gzip${target.files ? ` en <= ${target.files} archivos` : ''}`,
          valor: `${jsKb} KB en ${js.length} archivos`,
          referencia: `presupuesto ${target.kb} KB`,
          proporción: Math.round((jsKb / target.kb) * 100) / 100,
          cumple: met,
        });
        rows.push({
          ruta: route,
          'archivos JS': js.length,
          'JS gzip KB': jsKb,
          'CSS gzip KB': kb(sized.filter(({ file }) => file.endsWith('.css')).reduce((sum, { bytes }) => sum + bytes, 0)),
          objetivo: `${met ? 'cumple' : 'NO cumple'} (<= ${target.kb} KB JS${target.files ? ` en <= ${target.files} archivos` : ''})`,
        });
        detail.push(...sized.map(({ file, bytes }) => ({ ruta: route, archivo: file, 'gzip KB': kb(bytes) })));
      }
    } finally {
      await browser.close();
    }
    return [
      targetsTable(targets),
      { title: 'Tamaño del cliente por ruta (lo que pide Chromium hasta que la red queda quieta; gzip nivel 9)', rows },
      { title: 'Archivos de cada ruta', rows: detail },
    ];
  },
};
export default suite;
