import { afterAll, beforeAll, expect } from 'vitest';
import type { Redis } from 'ioredis';
import { db } from '../../server/db';
import { createRedis } from '../../server/services/redis';
import { WORKER_HEARTBEAT_EVERY_MS, WORKER_HEARTBEAT_KEY } from '../../shared/jobs';
import { beat } from '../../server/jobs/heartbeat';
import { createOrganization, createUser } from '../support/factories';
import { notice, signInAs, useBrowser } from './support/browser';

/** The operators' status screen: what /api/health says, refreshed, with the way to the queues. */
const { test } = useBrowser();
let redis: Redis;
const prefix = process.env.REDIS_PREFIX!;

beforeAll(() => {
  redis = createRedis(process.env.REDIS_URL!);
});
afterAll(() => redis?.disconnect());

test('an operator sees the worker heartbeat go stale and come back', async ({ page }) => {
  await db()('events').whereNull('publishedAt').update({ publishedAt: db().fn.now() });
  await redis.set(`${prefix}:${WORKER_HEARTBEAT_KEY}`, String(Date.now() - 10 * WORKER_HEARTBEAT_EVERY_MS));
  const master = await createOrganization({ type: 'master' });
  const operator = await createUser({ role: 'Administrador', organizationId: master.id });
  await signInAs(page, operator);

  await page.getByRole('link', { name: 'Estado del sistema' }).click();
  await page.getByRole('heading', { name: 'Estado del sistema' }).waitFor();
  const status = page.getByTestId('health-status');
  await status.getByText('Funcionamiento degradado.').waitFor();
  await page.getByTestId('health-worker').getByText('Sin latido reciente').waitFor();
  expect(await page.getByTestId('health-database').textContent()).toContain('Funciona');
  expect(await page.getByRole('link', { name: 'Colas de trabajos (vista técnica)' }).getAttribute('href')).toBe('/admin/queues');

  await beat(redis, prefix);
  await page.getByRole('button', { name: 'Actualizar' }).click();
  await status.getByText('Todo funciona.').waitFor();
  await page.getByTestId('health-worker').getByText('Funciona').waitFor();
});

test('administrators of a client organization do not see it in the menu, nor can open it', async ({ page }) => {
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) refused.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  const admin = await createUser({ role: 'Administrador', organizationId: (await createOrganization()).id });
  await signInAs(page, admin);
  await page.getByRole('link', { name: 'Configuración del sistema' }).waitFor();
  await page.waitForLoadState('networkidle');
  expect(await page.getByRole('link', { name: 'Estado del sistema' }).count()).toBe(0);
  expect(await page.getByRole('link', { name: 'Correo saliente' }).count()).toBe(0);
  // The menu knows it from the session user: nothing is asked only to be refused.
  expect(refused).toEqual([]);

  await page.goto('/admin/status');
  await page.waitForURL((url) => url.pathname === '/');
  await notice(page).getByText('No tiene acceso a esa página').waitFor();
});
