import { expect } from 'vitest';
import {
  createAmenity,
  createBooking,
  createBroadcast,
  createCharge,
  createMaintenanceRequest,
  createPackage,
  createProperty,
  createResident,
  createStaff,
  createUser,
  createVisitorPass,
} from '../support/factories';
import { db } from '../../server/db';
import { PHONE, notice, signInAs, useBrowser } from './support/browser';

/** A home for each role, on a phone (issue 34, items 8 and 9). */
const { test } = useBrowser();

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

test('a resident opens on their balance with the pay button, next booking, visitors and packages', async ({ page }) => {
  const property = await createProperty({ name: 'Torre Naco' });
  const { user, unit } = await createResident({ property, user: { name: 'Ana', lastName: 'Alba' } });
  await createCharge({ unitId: unit.id, amount: 450_000, dueDate: daysAgo(10) });
  await createCharge({ unitId: unit.id, amount: 100_000 });
  const pool = await createAmenity({ propertyId: property.id, name: 'Piscina' });
  await createBooking({ amenityId: pool.id, userId: user.id, unitId: unit.id });
  await createVisitorPass({ propertyId: property.id, unitId: unit.id, hostId: user.id, name: 'Laura Sánchez' });
  await createPackage({ propertyId: property.id, unitId: unit.id, pickupCode: '123456' });
  await db()('transferAccounts').insert({ organizationId: property.organizationId, bank: 'popular', accountType: 'checking', number: '800-123456-7', holder: 'Condominio Torre Naco' });

  await signInAs(page, user, '/');
  await page.getByRole('heading', { name: 'Hola, Ana', level: 1 }).waitFor();
  const balance = page.getByTestId('home-balance');
  expect(await balance.getByTestId('home-balance-value').textContent()).toBe('RD$5,500.00');
  await balance.getByText('RD$4,500.00 vencido').waitFor();
  // The balance and its button are on the first screen of the phone, without scrolling.
  const pay = balance.getByRole('button', { name: 'Pagar / Reportar transferencia' });
  const box = (await pay.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
  // Where to pay, under the button, with the number to copy.
  const account = balance.getByTestId('home-where-to-pay').getByTestId('transfer-account');
  await account.getByText('Condominio Torre Naco').waitFor();
  await account.getByRole('button', { name: 'Copiar Cuenta: 800-123456-7' }).waitFor();

  await page.getByTestId('home-next-booking').getByText('Piscina').waitFor();
  await page.getByTestId('home-visitors-today').getByText('Laura Sánchez').waitFor();
  const packages = page.getByTestId('home-packages');
  await packages.getByText('1 paquete le espera en recepción.').waitFor();
  await packages.getByText('código 123456').waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // The button opens the transfer report, its unit chosen already.
  await pay.click();
  const dialog = page.getByRole('dialog', { name: 'Reportar transferencia' });
  await dialog.getByLabel('Referencia bancaria').waitFor();
}, { viewport: PHONE });

test('a guard lands on the desk, with Recepción in the menu', async ({ page }) => {
  const property = await createProperty();
  const guard = await createUser({ role: 'Suplidor', organizationId: property.organizationId, name: 'Julio' });
  await createStaff({ propertyId: property.id, userId: guard.id, service: 'security' });

  await signInAs(page, guard, '/');
  await page.getByRole('heading', { name: 'Recepción', level: 1 }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/visitors/desk');
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await page.getByRole('dialog', { name: 'Vecindad' }).getByRole('link', { name: 'Recepción', exact: true }).waitFor();
}, { viewport: PHONE });

test("a technician opens on today's jobs, then the rest still open", async ({ page }) => {
  const property = await createProperty({ name: 'Torre Naco' });
  const technician = await createUser({ role: 'Suplidor', organizationId: property.organizationId, name: 'Marcos' });
  await createMaintenanceRequest({ propertyId: property.id, assignedToId: technician.id, title: 'Bomba de agua', status: 'scheduled', scheduledDate: new Date() });
  await createMaintenanceRequest({ propertyId: property.id, assignedToId: technician.id, title: 'Pintar el lobby', status: 'pending' });
  await createMaintenanceRequest({ propertyId: property.id, assignedToId: technician.id, title: 'Puerta arreglada', status: 'completed' });

  await signInAs(page, technician, '/');
  await page.getByRole('heading', { name: 'Hola, Marcos', level: 1 }).waitFor();
  const today = page.getByTestId('home-jobs-today');
  await today.getByRole('link', { name: 'Bomba de agua' }).waitFor();
  expect(await today.getByTestId('home-job').count()).toBe(1);
  const open = page.getByTestId('home-jobs-open');
  await open.getByRole('heading', { name: '1 trabajo pendiente' }).waitFor();
  await open.getByRole('link', { name: 'Pintar el lobby' }).waitFor();
  expect(await page.getByText('Puerta arreglada').count()).toBe(0);
  await today.getByRole('link', { name: 'Bomba de agua' }).click();
  await page.getByRole('heading', { name: 'Bomba de agua', level: 1 }).waitFor();
}, { viewport: PHONE });

test("on a phone: the administrator's figures fit one screen and the billing tabs say they scroll", async ({ page }) => {
  const property = await createProperty();
  const admin = await createUser({ role: 'Administrador', organizationId: property.organizationId, name: 'Pedro' });

  await signInAs(page, admin, '/');
  await page.getByRole('heading', { name: 'Hola, Pedro', level: 1 }).waitFor();
  await page.getByTestId('summary-pendingIssues-value').waitFor();
  const last = (await page.getByTestId('summary-pendingIssues').boundingBox())!;
  expect(last.y + last.height).toBeLessThanOrEqual(PHONE.height);

  await page.goto('/billing');
  const tabs = page.getByTestId('list-tabs');
  await tabs.getByRole('button', { name: 'Cargos' }).waitFor();
  // More tabs than the phone's width: the far side says so, until scrolled to the end.
  await page.waitForFunction(() => document.querySelector('[data-testid="list-tabs"]')?.getAttribute('data-after') === 'true');
  expect(await tabs.getAttribute('data-before')).toBe('false');
  await tabs.getByRole('button', { name: 'Morosidad' }).scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.querySelector('[data-testid="list-tabs"]')?.getAttribute('data-before') === 'true');
}, { viewport: PHONE });

test("on a phone: a long notice's banner takes at most a fifth of the screen and opens to be read", async ({ page }) => {
  const property = await createProperty();
  const { user } = await createResident({ property, user: { name: 'Ana' } });
  const message = Array.from({ length: 12 }, (_, i) => `Línea ${i + 1} del aviso sobre el corte de agua programado.`).join('\n');
  await createBroadcast({ propertyId: property.id, title: 'Corte de agua', message, category: 'maintenance' });

  await signInAs(page, user, '/');
  const banner = page.getByTestId('broadcast-banner');
  await banner.getByTestId('broadcast-banner-title').getByText('Corte de agua').waitFor();
  expect((await banner.boundingBox())!.height).toBeLessThanOrEqual(PHONE.height / 5);
  const expand = banner.getByRole('button', { name: 'Leer el aviso completo' });
  await expand.click();
  await banner.getByText('Línea 12 del aviso').waitFor();
  expect((await banner.boundingBox())!.height).toBeGreaterThan(PHONE.height / 5);
  await banner.getByRole('button', { name: 'Mostrar menos' }).click();
  await page.waitForFunction((max) => document.querySelector('[data-testid="broadcast-banner"]')!.getBoundingClientRect().height <= max, PHONE.height / 5);
}, { viewport: PHONE });

test("on a phone: a notice shown while a dialog is open leaves the dialog's buttons uncovered", async ({ page }) => {
  const property = await createProperty();
  const { user, unit } = await createResident({ property, user: { name: 'Ana' } });
  await createCharge({ unitId: unit.id, amount: 450_000 });
  // The report fails (the server unavailable): the dialog stays open with its notice.
  await page.route('**/api/payments/report', (route) => route.fulfill({ status: 503, json: { error: 'service_unavailable', message: 'Servicio no disponible' } }));

  await signInAs(page, user, '/');
  await page.getByRole('button', { name: 'Pagar / Reportar transferencia' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reportar transferencia' });
  await dialog.getByLabel('Monto (RD$)').fill('4500');
  await dialog.getByLabel('Referencia bancaria', { exact: false }).first().fill('REF-1');
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'comprobante.png', mimeType: 'image/png', buffer: PNG });
  await dialog.getByRole('button', { name: 'Enviar reporte' }).click();
  await notice(page).getByText('Servicio no disponible').waitFor();
  await dialog.waitFor();
  await page.waitForTimeout(400); // the dialog's move and the notice's entrance
  const covered = await page.evaluate(() => {
    const notices = [...document.querySelectorAll('.vec-toast')].map((element) => element.getBoundingClientRect());
    const buttons = [...document.querySelectorAll('.modal.show button')].map((element) => ({ text: element.textContent || element.getAttribute('aria-label'), box: element.getBoundingClientRect() }));
    const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    return buttons.filter(({ box }) => box.width > 0 && notices.some((n) => overlaps(n, box))).map(({ text }) => text);
  });
  expect(covered).toEqual([]);
}, { viewport: PHONE });

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
