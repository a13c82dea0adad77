import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { User } from '../../server/models';
import { expect, it } from 'vitest';
import { config } from '../../server/config';
import { db } from '../../server/db';
import { transaction } from '../../server/db/transaction';
import { recordEvent } from '../../server/events/outbox';
import { PASSWORD, createCharge, createProperty, createResident, createUser } from '../support/factories';
import { signInAs, useBrowser } from './support/browser';
import { liveConnected, signInLive } from './support/pages';

const { test } = useBrowser();

/** The client build's manifest: each source module's file. */
const builtManifest = () =>
  JSON.parse(fs.readFileSync(path.join(config.clientDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;

test('shows the real figures, links the cards and adds new activity live', async ({ page }) => {
  const property = await createProperty();
  await createProperty({ organizationId: property.organizationId });
  const { unit } = await createResident({ property });
  const admin = await createUser({ role: 'Administrador', organizationId: property.organizationId, name: 'Pedro', lastName: 'Sosa' });
  await createCharge({ unitId: unit.id, amount: 1_250_050 });

  const connected = liveConnected(page);
  await signInAs(page, admin, '/');
  await page.getByRole('heading', { name: 'Hola, Pedro' }).waitFor();
  expect(await page.title()).toBe('Inicio | Vecindad');
  await page.getByTestId('summary-properties-value').getByText('2').waitFor();
  expect(await page.getByTestId('summary-residents-value').textContent()).toBe('1');
  expect(await page.getByTestId('summary-billing-value').textContent()).toBe('RD$12,500.50');
  await page.getByText('Sin actividad reciente').waitFor();

  // An event committed now reaches the open dashboard without a reload.
  await connected;
  await transaction((trx) =>
    recordEvent(trx, {
      type: 'property.created',
      organizationId: property.organizationId,
      audience: 'administrators',
      actorId: admin.id,
      payload: { name: 'Torre Las Palmas' },
    }),
  );
  const item = page.getByTestId('activity-item');
  await item.waitFor({ timeout: 15_000 });
  expect(await item.textContent()).toContain('Propiedad agregada: Torre Las Palmas');
  expect(await item.textContent()).toContain('Por Pedro Sosa');

  await page.getByTestId('summary-residents').click();
  await page.waitForURL('**/residents');
  await page.getByRole('heading', { name: 'Residentes', level: 1 }).waitFor();
});

/**
 * Routes the page's live connection through the test: `cut()` drops it as a failing network
 * would, `hold` delays its return; `connects` are the CONNECT packets the page sent.
 */
async function cuttableLiveConnection(page: Page) {
  const connects: string[] = [];
  const open: Array<() => void> = [];
  let hold = Promise.resolve();
  await page.routeWebSocket(/\/socket\.io\//, async (ws) => {
    await hold;
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      if (String(message).startsWith('40')) connects.push(String(message));
      server.send(message);
    });
    open.push(() => {
      server.close();
      void ws.close();
    });
  });
  return {
    connects,
    /** Drops the connection; it comes back once `release` is called. */
    cut() {
      let release!: () => void;
      hold = new Promise((resolve) => (release = resolve));
      open.splice(0).forEach((close) => close());
      return release;
    },
  };
}

/** A property added by `admin` (its event, for the administrators), and its line in the activity feed. */
const propertyAdded = (admin: Pick<User, 'id' | 'organizationId'>, name: string) =>
  transaction((trx) =>
    recordEvent(trx, { type: 'property.created', organizationId: admin.organizationId, audience: 'administrators', actorId: admin.id, payload: { name } }),
  );
const activity = (page: Page, name: string) => page.getByTestId('activity-item').getByText(`Propiedad agregada: ${name}`).waitFor({ timeout: 15_000 });

test('comes back from a brief network drop with what it missed, without refetching every screen', async ({ page }) => {
  const property = await createProperty();
  const admin = await createUser({ role: 'Administrador', organizationId: property.organizationId, name: 'Pedro', lastName: 'Sosa' });
  const live = await cuttableLiveConnection(page);
  await signInAs(page, admin, '/');
  await page.getByText('Sin actividad reciente').waitFor();
  await expect.poll(() => live.connects.length, { timeout: 15_000 }).toBe(1);
  // Socket.IO resumes a connection that has heard an event (it names the last one it heard).
  await propertyAdded(admin, 'Torre Las Palmas');
  await activity(page, 'Torre Las Palmas');

  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) asked.push(pathname);
  });
  const release = live.cut();
  const [missed] = await propertyAdded(admin, 'Residencial Los Robles');
  await expect.poll(async () => (await db()('events').where({ id: missed }).first()).publishedAt, { timeout: 10_000 }).not.toBeNull();
  release();

  // The connection resumes its session and the missed event is replayed.
  await expect.poll(() => live.connects.length, { timeout: 15_000 }).toBe(2);
  expect(live.connects[1]).toContain('"pid"');
  await activity(page, 'Residencial Los Robles');
  // Only what the event changes is fetched again (the dashboard), not every query on the page: a
  // refetch of every query would ask for the others in the same tick as the dashboard. (Under
  // load, a dashboard request sent before the cut can answer with the missed event already.)
  await expect.poll(() => asked, { timeout: 15_000 }).toContain('/api/dashboard');
  expect(asked.filter((path) => path !== '/api/dashboard')).toEqual([]);
});

test('a user signing in after another in the same tab gets a live connection of their own', async ({ page }) => {
  const first = await createUser({ role: 'Administrador', name: 'Pedro', lastName: 'Sosa' });
  const second = await createUser({ role: 'Administrador', name: 'Ana', lastName: 'Peña' });
  const live = await cuttableLiveConnection(page);
  await signInAs(page, first, '/');
  await expect.poll(() => live.connects.length, { timeout: 15_000 }).toBe(1);
  await propertyAdded(first, 'Torre Las Palmas');
  await activity(page, 'Torre Las Palmas');
  // The network drops (the server keeps the session, which could be resumed), and the first
  // user signs out.
  const release = live.cut();
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await page.waitForURL('**/auth');
  release();

  const form = page.getByRole('form', { name: 'Iniciar sesión' });
  await form.getByLabel('Correo electrónico').fill(second.username);
  await form.getByLabel('Contraseña').fill(PASSWORD);
  await form.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.getByRole('heading', { name: 'Hola, Ana' }).waitFor();
  await expect.poll(() => live.connects.length, { timeout: 15_000 }).toBe(2);
  // A new connection, not the first user's session resumed (with what it missed).
  expect(live.connects[1]).not.toContain('"pid"');
});

test('a page opened signed in loads the live connection only after its first contentful paint', async ({ page }) => {
  const admin = await createUser({ role: 'Administrador', name: 'Pedro', lastName: 'Sosa' });
  await signInLive(page, admin, '/');
  // socket.io-client's chunk, as the build named it.
  const library = Object.entries(builtManifest()).find(([source]) => source.includes('node_modules/socket.io-client/'))![1].file;
  const [firstPaint, libraryRequested] = await page.evaluate(
    (file) => [
      performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      performance.getEntriesByType('resource').find((entry) => entry.name.endsWith(file))?.startTime,
    ],
    library,
  );
  expect(firstPaint).toBeGreaterThan(0);
  expect(libraryRequested).toBeGreaterThan(firstPaint!);
});

test('the page a signed-in visitor opens names its screen\'s code and the session, which the app then takes', async ({ page }) => {
  const admin = await createUser({ role: 'Administrador', name: 'Pedro', lastName: 'Sosa' });
  const sessionRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/user') sessionRequests.push(request.resourceType());
  });
  // The live connection's first connect refetches every query (the user too): held off here,
  // where what counts is the page's own loading.
  await page.routeWebSocket(/\/socket\.io\//, () => {});
  await signInAs(page, admin, '/documents');
  await page.getByRole('heading', { name: 'Documentos', level: 1 }).waitFor();
  // One request for the session: the page's preload, which the app's own request took.
  await page.waitForLoadState('networkidle');
  expect(sessionRequests).toEqual(['other']);

  const manifest = builtManifest();
  const screen = manifest['src/features/documents/pages/DocumentsPage.tsx'].file;
  const frame = manifest['src/app/layout/AppLayout.tsx'].file;
  const signedIn = await (await page.context().request.get('/documents')).text();
  expect(signedIn).toContain(`<link rel="modulepreload" crossorigin href="/${screen}">`);
  expect(signedIn).toContain(`<link rel="modulepreload" crossorigin href="/${frame}">`);
  expect(signedIn).toContain('<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/user">');
  // Without a session, and on a page that is no signed-in screen, nothing of the kind.
  const visitor = await (await fetch(new URL('/documents', page.url()))).text();
  expect(visitor).not.toContain(screen);
  expect(visitor).not.toContain('/api/user');
  expect(await (await page.context().request.get('/terms')).text()).not.toContain(frame);
});

it('ships the router in its production build, without development warnings', () => {
  const assets = path.join(config.clientDir, 'assets');
  const scripts = fs.readdirSync(assets).filter((name) => name.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(0);
  const withWarnings = scripts.filter((name) => fs.readFileSync(path.join(assets, name), 'utf8').includes('No routes matched location'));
  expect(withWarnings).toEqual([]);
});
