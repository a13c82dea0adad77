import { expect } from 'vitest';
import { db } from '../../server/db';
import { formatMoney } from '../../shared/format';
import { addDays, todayThere } from '../../shared/time';
import { createOrganization, createProperty, createUnit, createUser } from '../support/factories';
import { signInAs, useBrowser } from './support/browser';

const { test } = useBrowser();

const today = todayThere();

test('an administrator opens Estados: a balanced trial balance of the month, the balance sheet and its PDF, the journal and the chart', async ({ page }) => {
  const organization = await createOrganization({ name: 'Administradora Palmar' });
  const admin = await createUser({ role: 'Administrador', organizationId: organization.id });
  const property = await createProperty({ organizationId: organization.id, name: 'Residencial Palmar' });
  const unit = await createUnit({ propertyId: property.id, unitNumber: '2B' });
  const operating = await db()('funds').where({ propertyId: property.id, kind: 'operating' }).first('id');
  await signInAs(page, admin, '/');

  // A month like the demo's, through the API: a cuota, part of it paid, an expense paid in part.
  const api = page.context().request;
  let keys = 0;
  const post = async (path: string, data: object) => {
    const response = await api.post(path, { data, headers: { 'Idempotency-Key': `estados-key-${(keys += 1)}` } });
    expect(response.status(), `${path}: ${await response.text()}`).toBe(201);
    return response.json();
  };
  await post('/api/charges', { unitId: unit.id, type: 'maintenance', amount: 450_000, dueDate: addDays(today, 10), description: 'Cuota de mantenimiento' });
  await post('/api/payments', { unitId: unit.id, amount: 300_000, method: 'cash', receivedAt: today });
  const expense = await post('/api/expenses', { propertyId: property.id, fundId: operating.id, category: 'cleaning', issueDate: today, amount: 50_000, itbis: 9_000, description: 'Limpieza de áreas comunes' });
  await post(`/api/expenses/${expense.id}/payments`, { amount: 20_000, paidAt: today, method: 'cash' });

  const trial = await (await api.get(`/api/properties/${property.id}/statements/trial-balance?to=${today}`)).json();
  expect(trial.totalDebit).toBe(trial.totalCredit);
  expect(trial.totalDebit).toBeGreaterThan(0);

  // Estados from the finances tab bar.
  await page.goto('/finances');
  await page.getByRole('navigation', { name: 'Secciones de finanzas' }).getByRole('link', { name: 'Estados' }).click();
  await page.getByRole('heading', { name: 'Estados financieros', level: 1 }).waitFor();
  await page.getByLabel('Propiedad').selectOption(String(property.id));
  await page.getByTestId('trial-status').getByText('Los débitos y los créditos cuadran.').waitFor();
  await page.getByTestId('trial-total-debit').getByText(formatMoney(trial.totalDebit)).waitFor();
  await page.getByTestId('trial-total-credit').getByText(formatMoney(trial.totalCredit)).waitFor();
  // Receivables: RD$4,500.00 billed less RD$3,000.00 paid.
  const receivables = page.getByTestId('trial-balance-row').filter({ hasText: 'Cuentas por cobrar' });
  await receivables.getByText('RD$1,500.00').waitFor();

  // The balance sheet at today, and its PDF.
  await page.getByTestId('statements-view-balance').click();
  expect(new URL(page.url()).searchParams.get('view')).toBe('balance');
  await page.getByTestId('balance-sheet-row').first().waitFor();
  const sheet = await (await api.get(`/api/properties/${property.id}/statements/balance-sheet?to=${today}`)).json();
  await page.getByTestId('balance-assets').getByText(formatMoney(sheet.assets)).waitFor();
  const href = await page.getByTestId('balance-sheet-pdf').getAttribute('href');
  expect(href).toBe(`/api/properties/${property.id}/statements/balance-sheet.pdf?to=${today}`);
  const pdf = await api.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // The journal lists the month's entries; the chart of accounts its accounts.
  await page.getByTestId('statements-view-journal').click();
  await page.getByTestId('journal-row').filter({ hasText: 'Limpieza de áreas comunes' }).first().waitFor();
  await page.getByTestId('statements-view-accounts').click();
  await page.getByTestId('account-row').filter({ hasText: 'Cuentas por cobrar' }).waitFor();
}, { timeout: 90_000 });
