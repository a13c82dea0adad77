import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { db } from '../../server/db';
import { createOrganization, createProperty, createUser } from '../support/factories';
import { expectAccessible, expectSpanish } from './support/accessibility';
import { DESKTOP, PHONE, notice, signInAs, useBrowser } from './support/browser';
import { notReloaded, openAs, requestsSent, signInLive } from './support/pages';

const { test } = useBrowser();

/** A real photo of an invoice (64x48 PNG), as a phone's camera hands it to the page. */
const INVOICE_PHOTO = fs.readFileSync(path.join(import.meta.dirname, 'fixtures/factura.png'));

async function building() {
  const organization = await createOrganization({ name: 'Administradora Caribe' });
  const admin = await createUser({ role: 'Administrador', organizationId: organization.id, name: 'Pedro', lastName: 'Sosa' });
  const colleague = await createUser({ role: 'Administrador', organizationId: organization.id, name: 'Ana', lastName: 'Alba' });
  const property = await createProperty({ organizationId: organization.id, name: 'Torre Azul' });
  const operating = await db()('funds').where({ propertyId: property.id, kind: 'operating' }).first('id');
  return { organization, admin, colleague, property, operating };
}

/** Clicks an item of the open "…" menu of a row. */
const chooseAction = (page: Page, name: string) => page.getByRole('menuitem', { name }).or(page.getByRole('button', { name, exact: true })).first().click();

test('on a phone an administrator records an expense with the invoice photo and pays part of it; a colleague sees both live', async ({ page, context, url }) => {
  const { admin, colleague, property, operating } = await building();
  // The colleague has the expense list open in another browser, on a desktop.
  const other = await openAs(context.browser() as Browser, url(''), colleague, '/finances/gastos', DESKTOP);
  try {
    await other.page.getByText('Aún no hay gastos').waitFor();

    await signInLive(page, admin, '/finances/gastos');
    await page.getByRole('heading', { name: 'Gastos', level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'Secciones de finanzas' }).getByRole('link', { name: 'Gastos' }).waitFor();
    await page.getByRole('button', { name: 'Registrar gasto' }).click();
    const dialog = page.getByRole('dialog', { name: 'Registrar gasto' });
    await dialog.getByLabel('Propiedad').selectOption(String(property.id));
    await dialog.getByLabel('Fondo que lo paga').selectOption(String(operating.id));
    await dialog.getByLabel('Categoría').selectOption('repairs');
    await dialog.getByLabel('Descripción').fill('Reparación de bomba de agua');
    await dialog.getByLabel('NCF o e-CF').fill('b0100000123');
    await dialog.getByLabel('Monto sin ITBIS (RD$)').fill('1500');
    await dialog.getByRole('button', { name: 'Calcular el ITBIS del 18 % sobre el monto' }).click();
    expect(await dialog.getByLabel('ITBIS (RD$)', { exact: true }).inputValue()).toBe('270.00');
    await dialog.getByTestId('expense-total').getByText('RD$1,770.00').waitFor();
    // The file field opens the camera on a phone.
    const photo = dialog.getByLabel('Foto o PDF de la factura');
    expect(await photo.getAttribute('capture')).toBe('environment');
    expect(await photo.getAttribute('accept')).toBe('image/*,application/pdf');
    await photo.setInputFiles({ name: 'factura.png', mimeType: 'image/png', buffer: INVOICE_PHOTO });
    await dialog.getByRole('button', { name: 'Registrar', exact: true }).click();
    await notice(page).getByText('Gasto registrado').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const row = page.getByTestId('expense-row').filter({ hasText: 'Reparación de bomba de agua' });
    await row.locator('.badge').getByText('Pendiente').waitFor();
    await row.getByTestId('expense-balance').getByText('RD$1,770.00').waitFor();
    const expense = await db()('expenses').where({ propertyId: property.id }).first();
    expect(expense).toMatchObject({ amount: 150_000, itbis: 27_000, ncf: 'B0100000123', status: 'pending' });
    const stored = await db()('expenseAttachments').where({ expenseId: expense.id }).first('fileType', 'content');
    expect(stored.fileType).toBe('image/png');
    expect(Buffer.compare(stored.content, INVOICE_PHOTO)).toBe(0);

    // The colleague's open list shows it without a reload.
    const theirs = other.page.getByTestId('expense-row').filter({ hasText: 'Reparación de bomba de agua' });
    await theirs.getByTestId('expense-balance').getByText('RD$1,770.00').waitFor();

    await row.getByRole('button', { name: 'Acciones de Reparación de bomba de agua' }).click();
    await chooseAction(page, 'Pagar');
    const pay = page.getByRole('dialog', { name: 'Pagar gasto' });
    expect(await pay.getByLabel('Monto (RD$)').inputValue()).toBe('1770.00');
    await pay.getByLabel('Monto (RD$)').fill('1000');
    await pay.getByLabel('Referencia').fill('TRF-7781');
    await pay.getByRole('button', { name: 'Registrar pago' }).click();
    await notice(page).getByText('Pago registrado').waitFor();
    await row.locator('.badge').getByText('Abonado').waitFor();
    await row.getByTestId('expense-balance').getByText('RD$770.00').waitFor();
    expect((await db()('expenses').where({ id: expense.id }).first('paidAmount')).paidAmount).toBe(100_000);

    await theirs.getByTestId('expense-balance').getByText('RD$770.00').waitFor();
    await theirs.locator('.badge').getByText('Abonado').waitFor();
    expect(await notReloaded(other.page)).toBe(true);

    // The detail shows the invoice photo, the payment and the history.
    await row.getByRole('link', { name: 'Reparación de bomba de agua' }).click();
    await page.getByRole('heading', { name: 'Reparación de bomba de agua', level: 1 }).waitFor();
    await page.getByTestId('expense-detail-balance').getByText('RD$770.00').waitFor();
    await page.getByTestId('expense-payments').getByText('TRF-7781').waitFor();
    const image = page.getByTestId('expense-attachments').locator('img');
    await image.waitFor();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
    await page.getByRole('list', { name: 'Historial del gasto' }).getByText('Pago de RD$1,000.00 (Transferencia)').waitFor();
  } finally {
    await other.context.close();
  }
}, { viewport: PHONE, timeout: 90_000 });

/** The page as it is, accessible (axe: nothing serious) and all in Spanish. */
async function checked(page: Page, screen: string) {
  await expectAccessible(page, screen);
  await expectSpanish(page, screen);
}

test('the finances screens: summary, expenses with their detail, suppliers with the RNC checked in the form, funds with a transfer; accessible and in Spanish', async ({ page }) => {
  const { admin, property, operating } = await building();
  const supplier = (await db()('suppliers').insert({ organizationId: admin.organizationId, name: 'EDESUR Dominicana', taxId: '101821205', category: 'electricity' }).returning('id'))[0];
  const [expense] = await db()('expenses')
    .insert({ organizationId: admin.organizationId, propertyId: property.id, fundId: operating.id, supplierId: supplier.id, category: 'electricity', issueDate: '2026-10-05', amount: 1_845_000, itbis: 0, description: 'Electricidad áreas comunes', status: 'pending', createdById: admin.id })
    .returning('id');
  await db()('expenseAttachments').insert({ organizationId: admin.organizationId, expenseId: expense.id, fileName: 'factura.png', fileType: 'image/png', sizeBytes: INVOICE_PHOTO.length, content: INVOICE_PHOTO });

  // The sidebar leads administrators to Finanzas; the summary shows its figures, or says they are not there yet.
  await signInAs(page, admin, '/');
  await page.getByRole('link', { name: 'Finanzas' }).first().click();
  await page.getByRole('heading', { name: 'Finanzas', level: 1 }).waitFor();
  await page.getByTestId('finances-cards').waitFor();
  await checked(page, 'finanzas: resumen');

  await page.getByRole('navigation', { name: 'Secciones de finanzas' }).getByRole('link', { name: 'Gastos' }).click();
  const row = page.getByTestId('expense-row').filter({ hasText: 'Electricidad áreas comunes' });
  await row.getByText('EDESUR Dominicana').waitFor();
  await checked(page, 'finanzas: gastos');
  // Filters live in the URL.
  await page.getByRole('button', { name: /Filtr/ }).first().click();
  await page.getByLabel('Estado').selectOption('paid');
  await page.getByText('Ningún gasto coincide').waitFor();
  expect(new URL(page.url()).searchParams.get('status')).toBe('paid');
  await page.goto('/finances/gastos');
  await row.getByRole('link', { name: 'Electricidad áreas comunes' }).click();
  await page.getByRole('heading', { name: 'Electricidad áreas comunes', level: 1 }).waitFor();
  await page.getByTestId('expense-attachments').getByRole('link', { name: /factura\.png/ }).waitFor();
  await checked(page, 'finanzas: detalle de gasto');
  await page.getByRole('button', { name: 'Anular' }).click();
  const voiding = page.getByRole('dialog', { name: 'Anular gasto' });
  await voiding.getByRole('button', { name: 'Anular gasto' }).click();
  await voiding.getByText('Indique el motivo').waitFor();
  await voiding.getByLabel('Motivo').fill('Factura de otro edificio');
  await voiding.getByRole('button', { name: 'Anular gasto' }).click();
  await notice(page).getByText('Gasto anulado').waitFor();
  await page.getByText('Anuló el gasto: Factura de otro edificio').waitFor();
  expect((await db()('expenses').where({ id: expense.id }).first('status', 'voidReason'))).toEqual({ status: 'voided', voidReason: 'Factura de otro edificio' });

  await page.goto('/finances/suplidores');
  await page.getByTestId('supplier-row').filter({ hasText: '1-01-82120-5' }).waitFor();
  await checked(page, 'finanzas: suplidores');
  await page.getByRole('button', { name: 'Añadir suplidor' }).click();
  const form = page.getByRole('dialog', { name: 'Añadir suplidor' });
  await form.getByLabel('Nombre o razón social').fill('Ascensores del Caribe SRL');
  const posts = requestsSent(page, 'POST');
  // A wrong check digit is refused in the form, with the server's words, and nothing is sent.
  await form.getByLabel('RNC o cédula').fill('1-30-24567-4');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await form.getByText('RNC o cédula no válido: el RNC tiene 9 dígitos y la cédula 11, con su dígito verificador').waitFor();
  await checked(page, 'finanzas: añadir suplidor');
  expect(posts).toEqual([]);
  await form.getByLabel('RNC o cédula').fill('1-30-24567-3');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await notice(page).getByText('Suplidor guardado').waitFor();
  await page.getByTestId('supplier-row').filter({ hasText: 'Ascensores del Caribe SRL' }).getByText('1-30-24567-3').waitFor();

  await page.goto(`/finances/fondos?propertyId=${property.id}`);
  const funds = page.getByTestId('fund-row');
  await funds.filter({ hasText: 'Fondo operativo' }).waitFor();
  await checked(page, 'finanzas: fondos');
  await page.getByRole('button', { name: 'Añadir fondo' }).click();
  const fund = page.getByRole('dialog', { name: 'Añadir fondo' });
  await fund.getByLabel('Nombre').fill('Fondo de pintura 2027');
  await fund.getByLabel('Saldo inicial (RD$)').fill('25000');
  await fund.getByRole('button', { name: 'Añadir' }).click();
  await notice(page).getByText('Fondo añadido').waitFor();
  await funds.filter({ hasText: 'Fondo de pintura 2027' }).getByTestId('fund-balance').getByText('RD$25,000.00').waitFor();
  await page.getByRole('button', { name: 'Transferir entre fondos' }).click();
  const transfer = page.getByRole('dialog', { name: 'Transferir entre fondos' });
  const painting = await db()('funds').where({ propertyId: property.id, name: 'Fondo de pintura 2027' }).first('id');
  const reserve = await db()('funds').where({ propertyId: property.id, kind: 'reserve' }).first('id');
  await transfer.getByLabel('Desde el fondo').selectOption(String(painting.id));
  await transfer.getByLabel('Hacia el fondo').selectOption(String(reserve.id));
  await transfer.getByLabel('Monto (RD$)').fill('5000.50');
  await transfer.getByLabel('Descripción').fill('Devolución a reserva');
  await checked(page, 'finanzas: transferir');
  await transfer.getByRole('button', { name: 'Transferir' }).click();
  await notice(page).getByText('Transferencia registrada').waitFor();
  await funds.filter({ hasText: 'Fondo de reserva' }).getByTestId('fund-balance').getByText('RD$5,000.50').waitFor();
  await funds.filter({ hasText: 'Fondo de pintura 2027' }).getByTestId('fund-balance').getByText('RD$19,999.50').waitFor();

  // Owners (and residents, suppliers) have no Finanzas entry, and its pages send them home.
  const owner = await createUser({ role: 'Propietario', organizationId: admin.organizationId, name: 'Luis' });
  await page.context().clearCookies();
  await signInAs(page, owner, '/finances/gastos');
  await page.getByRole('heading', { name: 'Hola, Luis' }).waitFor();
  await notice(page).getByText('No tiene acceso a esa página').waitFor();
  expect(new URL(page.url()).pathname).toBe('/');
  expect(await page.getByRole('link', { name: 'Finanzas' }).count()).toBe(0);
}, { timeout: 90_000 });
