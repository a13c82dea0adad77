import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { db } from '../../server/db';
import { Charge } from '../../server/models';
import { PNG_PROOF, day, pdfText } from '../support/billing';
import { createCharge, createOrganization, createProperty, createResident, createUnit, createUser } from '../support/factories';
import { DESKTOP, PHONE, notice, signInAs, useBrowser } from './support/browser';
import { downloaded, markNoReload, notReloaded, signInLive } from './support/pages';

const { test } = useBrowser();

/** An organization with an administrator and a unit of Torre Azul where Rosa lives, owing this month's cuota. */
async function tower() {
  const organization = await createOrganization({ name: 'Administradora Azul' });
  const admin = await createUser({ role: 'Administrador', organizationId: organization.id, name: 'Pedro', lastName: 'Sosa' });
  const property = await createProperty({ organizationId: organization.id, name: 'Torre Azul' });
  const { user: resident, unit } = await createResident({ property, user: { name: 'Rosa', lastName: 'Peña' }, unit: undefined });
  const charge = await createCharge({ unitId: unit.id, amount: 450_000, description: 'Cuota de mantenimiento de marzo', dueDate: day(5) });
  return { organization, admin, property, resident, unit, charge };
}

/** Clicks an item of the open "…" menu of a row. */
const chooseAction = (page: Page, name: string) => page.getByRole('menuitem', { name }).or(page.getByRole('button', { name, exact: true })).first().click();

test('an administrator records a partial payment, sees what it paid and downloads its receipt', async ({ page }) => {
  const { admin, property, unit, charge } = await tower();
  await signInAs(page, admin, '/billing');
  await page.getByRole('heading', { name: 'Facturación', level: 1 }).waitFor();
  await page.getByTestId('billing-card-outstanding-value').getByText('RD$4,500.00').waitFor();

  await page.getByRole('button', { name: 'Registrar pago' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Registrar pago' });
  await dialog.getByLabel('Propiedad').selectOption(String(property.id));
  await dialog.getByLabel('Unidad', { exact: true }).selectOption(String(unit.id));
  await dialog.getByLabel('Monto (RD$)').fill('2000');
  await dialog.getByLabel('Referencia').fill('BPD-55120');
  // The preview says what the payment pays before it is recorded.
  await dialog.getByTestId('allocation-amount').getByText('RD$2,000.00').waitFor();
  await dialog.getByRole('button', { name: 'Registrar pago' }).click();
  await notice(page).getByText('Pago registrado').waitFor();
  await dialog.waitFor({ state: 'hidden' });

  const row = page.getByTestId('charge-row').filter({ hasText: charge.invoiceNumber });
  await row.getByText('Saldo: RD$2,500.00').waitFor();
  await row.getByText('Pendiente').waitFor();
  await page.getByTestId('billing-card-outstanding-value').getByText('RD$2,500.00').waitFor();
  expect((await Charge.query().findById(charge.id))!.paidAmount).toBe(200_000);

  await page.getByRole('button', { name: 'Pagos', exact: true }).click();
  const payment = page.getByTestId('payment-row').filter({ hasText: 'REC-' });
  await payment.waitFor();
  const receiptNumber = (await payment.getByText(/^REC-\d{4}-\d{6}$/).textContent())!;
  await payment.getByRole('button', { name: `Acciones de ${receiptNumber}` }).click();
  const receipt = await downloaded(page, () => chooseAction(page, 'Descargar recibo'));
  expect(receipt.name).toBe(`${receiptNumber}.pdf`);
  const text = await pdfText(receipt.bytes);
  for (const expected of ['Administradora Azul', 'Recibo de pago', receiptNumber, 'RD$2,000.00', charge.invoiceNumber, 'BPD-55120']) expect(text).toContain(expected);
});

test('a resident reports a transfer with a photo from the phone; confirmed by the administrator, it shows confirmed live and its receipt downloads', async ({ page, context, url }) => {
  const { admin, resident, charge } = await tower();
  await signInLive(page, resident, '/billing?tab=payments');
  await markNoReload(page);
  await page.getByText('Aún no hay pagos').waitFor();

  await page.getByRole('button', { name: 'Reportar transferencia' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reportar transferencia' });
  await dialog.getByLabel('Monto (RD$)').fill('4500');
  await dialog.getByLabel('Referencia bancaria').fill('BPD-TRF-9001');
  await dialog.getByLabel('Comprobante (foto o PDF)').setInputFiles({ name: 'foto-comprobante.png', mimeType: 'image/png', buffer: PNG_PROOF });
  await dialog.getByRole('button', { name: 'Enviar reporte' }).click();
  await notice(page).getByText('Transferencia reportada').waitFor();
  const mine = page.getByTestId('payment-row').filter({ hasText: 'BPD-TRF-9001' });
  await mine.getByText('Por confirmar').waitFor();

  // The administrator, in another browser, confirms it from the queue after seeing the proof.
  const browser = context.browser() as Browser;
  const adminContext = await browser.newContext({ viewport: DESKTOP, baseURL: url(''), locale: 'es-DO' });
  try {
    const adminPage = await adminContext.newPage();
    await signInAs(adminPage, admin, '/billing?tab=reported');
    const queued = adminPage.getByTestId('payment-row').filter({ hasText: 'BPD-TRF-9001' });
    await queued.getByRole('button', { name: 'Acciones de Transferencia reportada' }).click();
    await chooseAction(adminPage, 'Revisar comprobante');
    const review = adminPage.getByRole('dialog', { name: 'Revisar transferencia' });
    await review.getByTestId('proof-image').waitFor();
    // Visible is not loaded: poll until the image has decoded.
    await expect.poll(() => review.getByTestId('proof-image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    await review.getByRole('button', { name: 'Confirmar transferencia' }).click();
    await notice(adminPage).getByText('Transferencia confirmada').waitFor();
    await adminPage.getByText('No hay transferencias por confirmar').waitFor();
  } finally {
    await adminContext.close();
  }

  // Without a reload, the resident sees it confirmed, and the charge paid.
  await mine.getByText('Confirmado').waitFor({ timeout: 15_000 });
  expect(await notReloaded(page)).toBe(true);
  const receiptNumber = (await mine.getByText(/^REC-\d{4}-\d{6}$/).textContent())!;
  await mine.getByRole('button', { name: `Acciones de ${receiptNumber}` }).click();
  const receipt = await downloaded(page, () => chooseAction(page, 'Descargar recibo'));
  const text = await pdfText(receipt.bytes);
  for (const expected of [receiptNumber, 'RD$4,500.00', 'BPD-TRF-9001', 'Rosa Peña', charge.invoiceNumber]) expect(text).toContain(expected);
  expect((await Charge.query().findById(charge.id))!.status).toBe('completed');
}, { viewport: PHONE });

test('an extraordinary charge is issued once when its request is sent again (an answer lost), its centavos shared fairly', async ({ page }) => {
  const { admin, property, unit } = await tower();
  await createUnit({ propertyId: property.id, unitNumber: 'Z2' });
  await createUnit({ propertyId: property.id, unitNumber: 'Z3' });
  // The network loses the first answer and the request goes again, with the form's same key.
  let sent = 0;
  await page.route('**/api/properties/*/charges/split', async (route) => {
    sent += 1;
    await route.fetch();
    sent += 1;
    await route.fulfill({ response: await route.fetch() });
  });
  await signInAs(page, admin, '/billing');
  await page.getByRole('button', { name: 'Cuota extraordinaria' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Cuota extraordinaria' });
  await dialog.getByLabel('Propiedad').selectOption(String(property.id));
  await dialog.getByLabel('Monto total (RD$)').fill('100000.01');
  await dialog.getByLabel('Cómo se reparte').selectOption('equal');
  await dialog.getByLabel('Fecha de vencimiento').fill(day(20));
  await dialog.getByLabel('Descripción').fill('Cambio de ascensor');
  await dialog.getByRole('button', { name: 'Emitir cargos' }).click();
  await notice(page).getByText('3 cargos por RD$100,000.01 en total.').waitFor();
  expect(sent).toBe(2);
  const charges = await db()('charges').where({ propertyId: property.id, description: 'Cambio de ascensor' }).orderBy('id').select('unitId', 'amount');
  expect(charges).toHaveLength(3);
  expect(charges.map((charge) => charge.amount).sort()).toEqual([3_333_333, 3_333_334, 3_333_334]);
  expect(charges.map((charge) => charge.unitId)).toContain(unit.id);
});
