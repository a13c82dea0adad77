import fs from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { buildClientIfStale } from '../../scripts/build';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, cookiePairs, type BenchSuite } from '../lib';

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

/**
 * Lighthouse's own run of each page (its default: a mid-range phone on a slow 4G network,
 * simulated) against the production build the bench server serves: /auth without a session,
 * / as a new organization's administrator (its cookies in the browser, set through Puppeteer
 * as Lighthouse documents for pages behind a sign-in). Below a target, the category's audits
 * that did not pass are listed with their scores. LIGHTHOUSE_REPORTS=dir keeps each whole
 * report there (JSON), for its diagnostics.
 */
const suite: BenchSuite = {
  name: 'lighthouse',
  description: 'Lighthouse (perfil móvil por defecto) en /auth y en / con sesión: rendimiento, accesibilidad y buenas prácticas',
  async run(ctx) {
    buildClientIfStale();
    const admin = await ctx.createAdministrator();
    const browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
    const rows = [];
    const failing = [];
    try {
      const pages = [
        { page: '/auth', path: '/auth', cookie: undefined },
        { page: '/ (con sesión)', path: '/', cookie: admin.cookie },
      ];
      for (const { page, path: pagePath, cookie } of pages) {
        const tab = await browser.newPage();
        if (cookie) await browser.setCookie(...cookiePairs(cookie).map((pair) => ({ ...pair, domain: new URL(ctx.baseUrl).hostname })));
        const result = await lighthouse(`${ctx.baseUrl}${pagePath}`, { logLevel: 'error', onlyCategories: Object.keys(TARGETS) }, undefined, tab);
        await tab.close();
        if (!result) throw new Error(`Lighthouse no devolvió resultado para ${pagePath}`);
        const { lhr } = result;
        if (lhr.runtimeError) throw new Error(`Lighthouse en ${pagePath}: ${lhr.runtimeError.message}`);
        const reports = process.env.LIGHTHOUSE_REPORTS;
        if (reports) fs.writeFileSync(path.join(reports, `${pagePath === '/' ? 'dashboard' : pagePath.slice(1)}.json`), JSON.stringify(lhr));
        const row: Record<string, string | number> = { página: page };
        const below: string[] = [];
        for (const [category, target] of Object.entries(TARGETS) as Array<[Category, number]>) {
          const { score, auditRefs } = lhr.categories[category];
          const points = Math.round((score ?? 0) * 100);
          row[category] = points;
          if (points >= target) continue;
          below.push(category);
          for (const { id } of auditRefs) {
            const audit = lhr.audits[id];
            if (audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'manual') {
              failing.push({ página: page, categoría: category, auditoría: id, puntuación: Math.round(audit.score * 100), valor: audit.displayValue || firstItem(audit.details) });
            }
          }
        }
        row.objetivo = below.length ? `NO cumple (${below.join(', ')})` : 'cumple';
        // Lighthouse's measure of this machine's CPU at the time (its reference phone is ~1000-1500 on desktop hardware).
        row['índice CPU'] = Math.round(lhr.environment.benchmarkIndex);
        rows.push(row);
      }
    } finally {
      await browser.close();
    }
    const goals = Object.entries(TARGETS).map(([category, target]) => `${category} >= ${target}`).join(', ');
    return [
      { title: `Lighthouse, perfil móvil (objetivo: ${goals})`, rows },
      { title: 'Auditorías que no pasan en las categorías bajo su objetivo', rows: failing },
    ];
  },
};
export default suite;
