import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, it } from 'vitest';
import { connectDatabase } from '../../../server/db';
import type { User } from '../../../server/models';
import { startServer, type RunningServer } from '../../../server/server';
import { PASSWORD } from '../../support/factories';

const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

/** A zone far from the organization's (shared/time.ts), for every browser of the tests. */
export const BROWSER_TIME_ZONE = 'Pacific/Kiritimati';

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 740 };

type PageOptions = { viewport?: { width: number; height: number }; host?: string; timeout?: number };
type PageTest = (ctx: { page: Page; context: BrowserContext; url: (path: string) => string }) => Promise<void>;

/**
 * Browser tests of one file: the real server (this worker's database, real Redis) on a free
 * port and Debian's Chromium. Hosts ending in `.test` resolve to this machine, so a test can
 * visit the app as an organization's own domain (registration joins that organization).
 */
export function useBrowser(options: { clientDir?: () => string } = {}) {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    connectDatabase(process.env.DATABASE_URL!, 5);
    server = await startServer({ redisUrl: process.env.REDIS_URL!, port: 0, host: '127.0.0.1', redisPrefix: process.env.REDIS_PREFIX, clientDir: options.clientDir?.() });
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // The browser lives 18 hours ahead of the organization (UTC+14 against Santo Domingo's
      // UTC-4): every day and time on screen must be the organization's, not the browser's.
      env: { ...process.env, TZ: BROWSER_TIME_ZONE },
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--host-resolver-rules=MAP *.test 127.0.0.1'],
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A test with a fresh browser context (no cookies); a failure saves a screenshot. */
  function test(name: string, fn: PageTest, options: PageOptions = {}) {
    it(name, async () => {
      const origin = `http://${options.host ?? '127.0.0.1'}:${server.port}`;
      const context = await browser.newContext({ viewport: options.viewport ?? DESKTOP, baseURL: origin, locale: 'es-DO' });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error' && !message.text().includes('WebSocket')) problems.push(`console: ${message.text()}`);
      });
      try {
        await fn({ page, context, url: (p) => `${origin}${p}` });
      } catch (error) {
        fs.mkdirSync(SCREENSHOTS, { recursive: true });
        const file = path.join(SCREENSHOTS, `${name.replace(/[^\w-]+/g, '-').slice(0, 80)}.png`);
        await page.screenshot({ path: file, fullPage: true }).catch(() => {});
        if (problems.length) console.error(`${name}: browser messages\n  ${problems.join('\n  ')}`);
        throw error;
      } finally {
        await context.close();
      }
    }, options.timeout);
  }

  return { test, port: () => server.port };
}

/** Signs the context in through the API (same cookies as the page), then opens `path`. */
export async function signInAs(page: Page, user: Pick<User, 'username'>, to = '/', password = PASSWORD) {
  const response = await page.context().request.post('/api/login', { data: { username: user.username, password } });
  if (!response.ok()) throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
  await page.goto(to);
}

/** The notice on screen (Radix toast inside the region). */
export const notice = (page: Page) => page.locator('.vec-toast');
