import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { db } from '../../server/db';
import { createOrganization, createProperty, createUser } from '../support/factories';
import { expectAccessible, expectSpanish } from './support/accessibility';
import { notice, signInAs, useBrowser } from './support/browser';

const { test } = useBrowser();

const POPULAR = readFileSync(path.join(import.meta.dirname, '../fixtures/statements/popular-2026-10.csv'));

test('an administrator creates the account, imports a Popular statement mapping its columns once, confirms the suggestion, creates the rest and marks the month reconciled', async ({ page }) => {
  const organization = await createOrganization({ name: 'Administradora Conciliada' });
  const admin = await createUser({ role: 'Administrador', organizationId: organization.id });
  const property = await createProperty({ organizationId: organization.id, name: 'Torre Popular' });

  await signInAs(page, admin, `/finances/conciliacion?propertyId=${property.id}&month=2026-10`);
  await page.getByRole('heading', { name: 'Esta propiedad no tiene cuentas bancarias' }).waitFor();
  await page.getByRole('button', { name: 'Nueva cuenta' }).first().click();
  const accountDialog = page.getByRole('dialog', { name: 'Nueva cuenta bancaria' });
  await accountDialog.getByLabel('Banco').selectOption('popular');
  await accountDialog.getByLabel('Últimos 4 dígitos').fill('8765');
  await accountDialog.getByLabel('Saldo inicial (RD$)').fill('50000');
  await accountDialog.getByLabel('Fecha del saldo inicial').fill('2026-10-01');
  await accountDialog.getByRole('button', { name: 'Crear cuenta' }).click();
  await accountDialog.waitFor({ state: 'hidden' });
  const account = await db()('bankAccounts').where({ propertyId: property.id }).first();
  expect(account).toMatchObject({ bank: 'popular', last4: '8765', openingBalance: 5_000_000, receivesPayments: true });

  // The elevator's check, paid from the account before the statement arrives.
  const [fund] = await db()('funds').where({ propertyId: property.id, kind: 'operating' });
  const [expense] = await db()('expenses')
    .insert({ organizationId: organization.id, propertyId: property.id, fundId: fund.id, category: 'elevators', issueDate: '2026-10-01', amount: 1_500_000, paidAmount: 1_500_000, status: 'paid', description: 'Mantenimiento ascensores octubre' })
    .returning('id');
  await db()('expensePayments').insert({ organizationId: organization.id, expenseId: expense.id, fundId: fund.id, bankAccountId: account.id, amount: 1_500_000, paidAt: '2026-10-02', method: 'check', reference: 'CHK-1001' });

  // The first CSV asks for its columns, guessed from the header; the account remembers them.
  await page.getByRole('button', { name: 'Importar estado de cuenta' }).click();
  const importDialog = page.getByRole('dialog', { name: 'Importar estado de cuenta' });
  await importDialog.getByLabel('Archivo (CSV u OFX)').setInputFiles({ name: 'popular-2026-10.csv', mimeType: 'text/csv', buffer: POPULAR });
  await expect.poll(() => importDialog.getByLabel('Débito', { exact: true }).inputValue()).toBe('Débito');
  expect(await importDialog.getByLabel('Fecha', { exact: true }).inputValue()).toBe('Fecha Posteo');
  await importDialog.getByRole('button', { name: 'Importar' }).click();
  await notice(page).getByText('Importados: 4 · ya estaban: 0').waitFor();
  await expect.poll(async () => (await db()('bankAccounts').where({ id: account.id }).first()).statementMapping?.debit).toBe('Débito');

  const lines = page.getByTestId('bank-line');
  await expect.poll(() => lines.count()).toBe(4);
  await page.getByTestId('difference').getByText('RD$2,200.00').waitFor();
  await expectAccessible(page, '/finances/conciliacion');
  await expectSpanish(page, '/finances/conciliacion');

  // The suggested check, confirmed in one tap.
  await lines.nth(0).getByText('Sugerido: Pago de gasto · 2026-10-02 · Mantenimiento ascensores octubre').waitFor();
  await lines.nth(0).getByRole('button', { name: 'Confirmar' }).click();
  await page.locator('[data-testid="bank-line"][data-status="matched"]').first().waitFor();

  // Two service fees become expenses; the insurance refund an income.
  for (const index of [1, 2]) {
    await lines.nth(index).getByRole('button', { name: 'Crear gasto' }).click();
    const dialog = page.getByRole('dialog', { name: 'Crear gasto desde el movimiento' });
    await dialog.getByRole('button', { name: 'Crear y conciliar' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }
  await lines.nth(3).getByRole('button', { name: 'Crear ingreso' }).click();
  const income = page.getByRole('dialog', { name: 'Crear ingreso desde el movimiento' });
  await income.getByLabel('Descripción').fill('Reembolso de seguro');
  await income.getByRole('button', { name: 'Crear y conciliar' }).click();
  await income.waitFor({ state: 'hidden' });

  await expect.poll(() => page.locator('[data-testid="bank-line"][data-status="matched"]').count()).toBe(4);
  await page.getByTestId('bank-closing').getByText('RD$37,200.00').waitFor();
  await page.getByTestId('book-closing').getByText('RD$37,200.00').waitFor();
  await page.getByTestId('difference').getByText('RD$0.00').waitFor();
  await page.getByRole('button', { name: 'Marcar mes conciliado' }).click();
  await page.getByText(/Mes conciliado el/).waitFor();
  expect(await db()('bankReconciliations').where({ bankAccountId: account.id, month: '2026-10' }).first()).toMatchObject({ reconciledById: admin.id, bankClosing: 3_720_000 });
  expect(await db()('otherIncomes').where({ propertyId: property.id }).first()).toMatchObject({ amount: 250_000, description: 'Reembolso de seguro' });
});
