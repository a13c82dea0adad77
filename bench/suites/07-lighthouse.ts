import fs from 'node:fs';
import path from 'node:path';
import lighthouse, { type Result } from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { buildClientIfStale } from '../../scripts/build';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/seed/demo';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, cookiePairs, targetsTable, type BenchSuite, type BenchTarget } from '../lib';
import { startApp } from '../started-app';

/** Issue targets, per Lighthouse category (scores 0-100). */
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100 } as const;
type Category = keyof typeof TARGETS;

/** What an audit without a figure found first (the console error, the element), to know where to look. */
function firstItem(details: unknown): string {
  const item = (details as { items?: Array<Record<string, unknown>> } | undefined)?.items?.[0];
  if (!item) return '';
  const text = item.description ?? item.url ?? (item.node as { snippet?: string } | undefined)?.snippet ?? '';
  return String(text).replace(/\s+/g, ' ').slice(0, 120);
}

/** Each page's three runs: Lighthouse's performance score moves by a few points from run to run. */
const RUNS = 3;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * One Lighthouse run of `url` in a browser context of its own (with `cookie`). A run whose trace
 * Lighthouse could not read (NO_NAVSTART, seen on a loaded machine) is run again, once.
 */
async function audit(browser: Browser, url: string, cookie: string | undefined, again = true): Promise<Result> {
  const context = await browser.createBrowserContext();
  const tab = await context.newPage();
  if (cookie) await context.setCookie(...cookiePairs(cookie).map((pair) => ({ ...pair, domain: new URL(url).hostname })));
  const result = await lighthouse(url, { logLevel: 'error', onlyCategories: Object.keys(TARGETS) }, undefined, tab);
  await context.close();
  if (!result) throw new Error(`Lighthouse no devolvió resultado para ${url}`);
  if (!result.lhr.runtimeError) return result.lhr;
  if (again) return audit(browser, url, cookie, false);
  throw new Error(`Lighthouse en ${url}: ${result.lhr.runtimeError.message}`);
}

/** Signs in over HTTP and answers the session's cookies. */
async function signIn(baseUrl: string, username: string) {
  const response = await fetch(`${baseUrl}/api/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username, password: DEMO_PASSWORD }) });
  if (!response.ok) throw new Error(`sign-in of ${username} failed: ${response.status}`);
  return response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
}

/**
 * Lighthouse's own run of each phone page (its default: a mid-range phone on a slow 4G network,
 * simulated), three times, on the demo data of Vecindad started as `npm start` starts it: once
 * as a deployment runs it (NODE_ENV=production, compiled) and once as a newcomer's plain
 * `npm start` (development). /auth without a session; /, /billing, /maintenance and
 * /visitors/desk as the demo administrator; /amenities (the calendar) as the demo resident
 * (cookies set through Puppeteer, as Lighthouse documents for pages behind a sign-in). The
 * median of each category is held against its target; the audits that did not pass in a run
 * below target are listed. LIGHTHOUSE_REPORTS=dir keeps each whole report there (JSON).
 */
const suite: BenchSuite = {
  name: 'lighthouse',
  description: 'Lighthouse (perfil móvil por defecto, mediana de 3) en /auth, /, /billing, /maintenance, /amenities y /visitors/desk, con la compilación de producción y con npm start',
  async run(ctx) {
    buildClientIfStale();
    const serverUrl = ctx.databaseUrl.replace(/\/[^/]*$/, '');
    const rows: Array<Record<string, string | number>> = [];
    const failing: Array<Record<string, string | number>> = [];
    const targets: BenchTarget[] = [];
    for (const mode of [{ label: 'producción', production: true }, { label: 'npm start', production: false }]) {
      const app = await startApp({ serverUrl, redisUrl: ctx.redisUrl, production: mode.production });
      const browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
      try {
        const administrator = await signIn(app.baseUrl, DEMO_ACCOUNTS[0].username);
        const resident = await signIn(app.baseUrl, DEMO_ACCOUNTS.find((account) => account.role === 'Residente')!.username);
        const pages = [
          { path: '/auth', cookie: undefined },
          { path: '/', cookie: administrator },
          { path: '/billing', cookie: administrator },
          { path: '/maintenance', cookie: administrator },
          { path: '/amenities', cookie: resident },
          { path: '/visitors/desk', cookie: administrator },
        ];
        for (const { path: pagePath, cookie } of pages) {
          const scores: Record<Category, number[]> = { performance: [], accessibility: [], 'best-practices': [] };
          let cpuIndex = 0;
          for (let run = 1; run <= RUNS; run++) {
            const lhr = await audit(browser, `${app.baseUrl}${pagePath}`, cookie);
            const reports = process.env.LIGHTHOUSE_REPORTS;
            if (reports) fs.writeFileSync(path.join(reports, `${mode.production ? 'prod' : 'dev'}-${pagePath === '/' ? 'dashboard' : pagePath.slice(1).replace(/\//g, '-')}-${run}.json`), JSON.stringify(lhr));
            // Lighthouse's measure of this machine's CPU at the time (its reference phone is ~1000-1500 on desktop hardware).
            cpuIndex = Math.round(lhr.environment.benchmarkIndex);
            for (const [category, target] of Object.entries(TARGETS) as Array<[Category, number]>) {
              const { score, auditRefs } = lhr.categories[category];
              const points = Math.round((score ?? 0) * 100);
              scores[category].push(points);
              if (points >= target) continue;
              for (const { id } of auditRefs) {
                const audit = lhr.audits[id];
                if (audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'manual') {
                  failing.push({ app: mode.label, página: pagePath, ejecución: run, categoría: category, auditoría: id, puntuación: Math.round(audit.score * 100), valor: audit.displayValue || firstItem(audit.details) });
                }
              }
            }
          }
          const row: Record<string, string | number> = { app: mode.label, página: pagePath };
          const below: string[] = [];
          for (const [category, target] of Object.entries(TARGETS) as Array<[Category, number]>) {
            const value = median(scores[category]);
            row[category] = `${value} (${scores[category].join(', ')})`;
            if (value < target) below.push(category);
          }
          row.objetivo = below.length ? `NO cumple (${below.join(', ')})` : 'cumple';
          row['índice CPU'] = cpuIndex;
          rows.push(row);
          targets.push({
            objetivo: `Lighthouse ${pagePath} (${mode.label}): mediana de ${RUNS} >= ${Object.values(TARGETS).join(' / ')}`,
            valor: (Object.keys(TARGETS) as Category[]).map((category) => median(scores[category])).join(' / '),
            referencia: `peor ejecución ${(Object.keys(TARGETS) as Category[]).map((category) => Math.min(...scores[category])).join(' / ')}; índice CPU ${cpuIndex}`,
            proporción: Math.round((median(scores.performance) / TARGETS.performance) * 100) / 100,
            cumple: !below.length,
          });
        }
      } finally {
        await browser.close();
        await app.stop();
      }
    }
    const goals = Object.entries(TARGETS).map(([category, target]) => `${category} >= ${target}`).join(', ');
    return [
      targetsTable(targets),
      { title: `Lighthouse, perfil móvil, mediana de ${RUNS} (entre paréntesis cada ejecución; objetivo: ${goals})`, rows },
      { title: 'Auditorías que no pasan en las ejecuciones bajo su objetivo', rows: failing },
    ];
  },
};
export default suite;
