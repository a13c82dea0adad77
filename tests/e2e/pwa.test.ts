import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect } from 'vitest';
import { config } from '../../server/config';
import { createResident } from '../support/factories';
import { signInAs, useBrowser } from './support/browser';

/**
 * The installable app's shell in Chromium (docs/modules/push.md): without network, a reload is
 * answered by the service worker (the precached index.html and first load) with the
 * "Sin conexión" notice, not the browser's error page; a new version of the worker is offered
 * with "Actualizar" and takes over when asked.
 *
 * The server serves a folder of links to the built client whose sw.js is a copy: the update
 * test writes a newer worker there, as a deployment would, without touching the build that
 * other browser tests use.
 */
const served = fs.mkdtempSync(path.join(os.tmpdir(), 'vecindad-pwa-'));
for (const entry of fs.readdirSync(config.clientDir)) {
  if (entry === 'sw.js') fs.copyFileSync(path.join(config.clientDir, entry), path.join(served, entry));
  else fs.symlinkSync(path.join(config.clientDir, entry), path.join(served, entry));
}
const originalWorker = fs.readFileSync(path.join(served, 'sw.js'), 'utf8');
afterAll(() => fs.rmSync(served, { recursive: true, force: true }));

const { test } = useBrowser({ clientDir: () => served });

const activeWorker = (page: import('playwright-core').Page) => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);

test('offline, a reload shows the app shell with "Sin conexión", and the screen once the network is back', async ({ page, context, url }) => {
  const { user } = await createResident();
  await signInAs(page, user, '/');
  await expect.poll(() => activeWorker(page), { timeout: 15_000 }).toBe('activated');
  await expect.poll(() => page.getByRole('heading', { level: 1 }).first().isVisible(), { timeout: 15_000 }).toBe(true);

  await context.setOffline(true);
  // The network is really gone for the page and its worker: an API call fails.
  expect(await page.evaluate(() => fetch('/api/user').then(() => 'answered', () => 'failed'))).toBe('failed');
  await page.reload();
  expect(page.url()).toBe(url('/'));
  await expect.poll(() => page.getByTestId('offline-notice').textContent(), { timeout: 10_000 }).toContain('Sin conexión');
  await expect.poll(() => page.getByTestId('waiting-for-network').isVisible()).toBe(true);
  expect(await page.title()).not.toBe('');
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // Back online, React Query asks again and the signed-in screen follows without a reload.
  await context.setOffline(false);
  await expect.poll(() => page.getByTestId('offline-notice').count(), { timeout: 10_000 }).toBe(0);
  await expect.poll(() => page.getByTestId('waiting-for-network').count(), { timeout: 15_000 }).toBe(0);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).first().isVisible(), { timeout: 15_000 }).toBe(true);
});

test('a new version of the app is offered with "Actualizar" and takes over when asked', async ({ page }) => {
  fs.writeFileSync(path.join(served, 'sw.js'), originalWorker);
  const { user } = await createResident();
  await signInAs(page, user, '/');
  await expect.poll(() => activeWorker(page), { timeout: 15_000 }).toBe('activated');
  // A visit after the worker's installation is controlled by it.
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 10_000 }).toBe(true);
  await expect.poll(() => page.getByRole('button', { name: 'Actualizar' }).count()).toBe(0);

  // A deployment: a newer worker, which answers which version it is.
  fs.writeFileSync(
    path.join(served, 'sw.js'),
    `${originalWorker}\nself.addEventListener('message', (event) => { if (event.data === 'VERSION') event.ports[0].postMessage('nueva'); });\n`,
  );
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
  const update = page.getByRole('button', { name: 'Actualizar' });
  await expect.poll(() => update.isVisible(), { timeout: 15_000 }).toBe(true);
  await expect.poll(() => page.getByText('Hay una nueva versión de la aplicación.').isVisible()).toBe(true);
  // Until asked, the old version keeps the page.
  expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())!.waiting))).toBe(true);

  await Promise.all([page.waitForEvent('load', { timeout: 15_000 }), update.click()]);
  await expect.poll(() => page.getByRole('button', { name: 'Actualizar' }).count(), { timeout: 10_000 }).toBe(0);
  const version = await page.evaluate(
    () =>
      new Promise<unknown>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(event.data);
        navigator.serviceWorker.controller!.postMessage('VERSION', [channel.port2]);
      }),
  );
  expect(version).toBe('nueva');
});
