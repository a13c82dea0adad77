import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { db } from '../../server/db';
import { addDays, todayThere } from '../../shared/time';
import { pdfText } from '../support/billing';
import { createOrganization, createProperty, createResident, createUnit, createUser } from '../support/factories';
import { notice, signInAs, useBrowser } from './support/browser';
import { downloaded } from './support/pages';

const { test } = useBrowser();

/** A real photo of an invoice (64x48 PNG). */
const INVOICE_PHOTO = fs.readFileSync(path.join(import.meta.dirname, 'fixtures/factura.png'));

const today = todayThere();
const lastMonth = addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7);

test('an administrator sets the budget and closes last month; an owner reads its published report and PDF, and its invoice once the administrator turns transparency on', async ({ page }) => {
  const organization = await createOrganization({ name: 'Administradora Sol' });
  const admin = await createUser({ role: 'Administrador', organizationId: organization.id });
  const property = await createProperty({ organizationId: organization.id, name: 'Torre Sol' });
  const unit = await createUnit({ propertyId: property.id, unitNumber: '1A' });
  await createResident({ property, unit });
  const owner = await createUser({ role: 'Propietario', organizationId: organization.id });
  await db()('units').where({ id: unit.id }).update({ ownerId: owner.id });
  const fund = await db()('funds').where({ propertyId: property.id, kind: 'operating' }).first();
  const [expense] = await db()('expenses')
    .insert({ organizationId: organization.id, propertyId: property.id, fundId: fund.id, category: 'security', issueDate: `${lastMonth}-10`, amount: 150_000, itbis: 27_000, description: 'Vigilancia nocturna', status: 'pending' })
    .returning('id');
  const [invoice] = await db()('expenseAttachments')
    .insert({ organizationId: organization.id, expenseId: expense.id, fileName: 'factura-vigilancia.png', fileType: 'image/png', sizeBytes: INVOICE_PHOTO.length, content: INVOICE_PHOTO })
    .returning('id');

  // The budget: security, RD$ 2,000.00 in January.
  await signInAs(page, admin, `/finances/presupuesto?propertyId=${property.id}`);
  await page.getByRole('heading', { name: 'Presupuesto' }).waitFor();
  await page.getByLabel('Categoría', { exact: true }).selectOption('security');
  await page.getByRole('button', { name: 'Añadir categoría' }).click();
  await page.getByLabel(/^Seguridad, ene/).fill('2000');
  await page.getByRole('button', { name: 'Guardar presupuesto' }).click();
  await notice(page).getByText('Presupuesto guardado').waitFor();
  const line = await db()('budgetLines').where({ propertyId: property.id }).first();
  expect(line.category).toBe('security');
  expect(line.months[0]).toBe(200_000);

  // Closing last month, after confirming.
  await page.goto(`/finances/cierre?propertyId=${property.id}`);
  await page.getByRole('heading', { name: 'Cierre de mes' }).waitFor();
  if (lastMonth.slice(0, 4) !== today.slice(0, 4)) await page.getByLabel('Año').selectOption(lastMonth.slice(0, 4));
  const label = new Date(`${lastMonth}-15T12:00:00Z`).toLocaleDateString('es-DO', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const row = page.getByRole('row').filter({ hasText: label });
  await row.getByRole('button', { name: 'Cerrar mes' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nota (opcional)').fill('Cierre de rutina');
  await dialog.getByRole('button', { name: 'Cerrar mes' }).click();
  await notice(page).getByText('Listo').waitFor();
  await row.getByText('Cerrado', { exact: true }).first().waitFor();
  expect(await db()('financeReports').where({ propertyId: property.id, month: lastMonth }).first()).toMatchObject({ status: 'published' });

  // The owner reads it and downloads the PDF.
  await page.context().clearCookies();
  await signInAs(page, owner, `/finances/reportes?propertyId=${property.id}`);
  await page.getByRole('heading', { name: 'Informes mensuales' }).waitFor();
  await page.getByText('Vigilancia nocturna').waitFor();
  const file = await downloaded(page, () => page.getByRole('button', { name: 'Descargar PDF' }).click());
  const text = await pdfText(file.bytes);
  expect(text).toContain('Informe mensual');
  expect(text).toContain('Vigilancia nocturna');
  // Transparency is off: no invoice is linked, and its address is not the owner's (404).
  expect(await page.getByRole('link', { name: /Abrir la factura/ }).count()).toBe(0);
  const invoicePath = `/api/expenses/${expense.id}/attachments/${invoice.id}`;
  expect((await page.request.get(invoicePath)).status()).toBe(404);

  // The administrator turns transparency on, on the reports screen.
  await page.context().clearCookies();
  await signInAs(page, admin, `/finances/reportes?propertyId=${property.id}&month=${lastMonth}`);
  const transparency = page.getByRole('checkbox', { name: 'Transparencia: propietarios y residentes ven las facturas' });
  expect(await transparency.isChecked()).toBe(false);
  // The switch follows the saved setting: it is checked once the server took it.
  await transparency.click();
  await notice(page).getByText('Transparencia activada: las facturas se ven en los informes publicados').waitFor();
  await page.waitForFunction(() => (document.getElementById('finances-transparency') as HTMLInputElement | null)?.checked === true);
  expect((await db()('organizations').where({ id: organization.id }).first()).settings.financesTransparency).toBe(true);

  // Now the owner's report links the invoice, which opens as the photo.
  await page.context().clearCookies();
  await signInAs(page, owner, `/finances/reportes?propertyId=${property.id}`);
  const link = page.getByRole('link', { name: 'Abrir la factura de Vigilancia nocturna (factura-vigilancia.png)' });
  await link.waitFor();
  expect(await link.getAttribute('href')).toBe(invoicePath);
  const opened = await page.request.get(invoicePath);
  expect(opened.status()).toBe(200);
  expect(opened.headers()['content-type']).toContain('image/png');
  expect(Buffer.compare(await opened.body(), INVOICE_PHOTO)).toBe(0);
}, { timeout: 150_000 });
