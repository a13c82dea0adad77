import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { config } from '../../server/config';
import { transaction } from '../../server/db/transaction';
import { recordEvent } from '../../server/events/outbox';
import { createCharge, createProperty, createResident, createUser } from '../support/factories';
import { signInAs, useBrowser } from './support/browser';

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

  // The live socket is connected once the server accepts it (Socket.IO's "40" packet).
  const connected = new Promise<void>((resolve) =>
    page.on('websocket', (ws) => ws.on('framereceived', (frame) => String(frame.payload).startsWith('40') && resolve())),
  );
  await signInAs(page, admin, '/');
  await page.getByRole('heading', { name: 'Bienvenido, Pedro' }).waitFor();
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

test('a page opened signed in loads the live connection only after its first contentful paint', async ({ page }) => {
  const admin = await createUser({ role: 'Administrador', name: 'Pedro', lastName: 'Sosa' });
  const connected = new Promise<void>((resolve) =>
    page.on('websocket', (ws) => ws.on('framereceived', (frame) => String(frame.payload).startsWith('40') && resolve())),
  );
  await signInAs(page, admin, '/');
  await connected;
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
  await signInAs(page, admin, '/documents');
  await page.getByRole('heading', { name: 'Documentos', level: 1 }).waitFor();
  // One request for the session: the page's preload, which the app's own request took.
  expect(sessionRequests).toHaveLength(1);

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
