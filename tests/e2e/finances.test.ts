import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { db } from '../../server/db';
import { createOrganization, createProperty, createUser } from '../support/factories';
import { DESKTOP, PHONE, notice, useBrowser } from './support/browser';
import { notReloaded, openAs, signInLive } from './support/pages';

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
