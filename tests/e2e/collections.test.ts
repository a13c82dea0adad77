import type { Browser } from 'playwright-core';
import { expect } from 'vitest';
import { db } from '../../server/db';
import { PNG_PROOF, day } from '../support/billing';
import { createCharge, createOrganization, createProperty, createResident, createUser } from '../support/factories';
import { DESKTOP, PHONE, notice, signInAs, useBrowser } from './support/browser';

/**
 * Collecting money in the browser (docs/modules/collections.md), on a phone: where to pay in
 * the transfer dialog with its copy buttons, the warning of a transfer already reported, and a
 * payment agreement made by the administrator on the resident's statement.
 */
const { test } = useBrowser();

/** Torre Coral: an administrator, a unit where Marta lives owing RD$9,000.01 past due, and the organization's account. */
async function tower() {
  const organization = await createOrganization({ name: 'Administradora Coral' });
  const admin = await createUser({ role: 'Administrador', organizationId: organization.id, name: 'Julia', lastName: 'Reyes' });
  const property = await createProperty({ organizationId: organization.id, name: 'Torre Coral' });
  const { user: resident, unit } = await createResident({ property, user: { name: 'Marta', lastName: 'Díaz' }, unit: undefined });
  await createCharge({ unitId: unit.id, amount: 600_000, description: 'Cuota de enero', dueDate: day(-40) });
  await createCharge({ unitId: unit.id, amount: 300_001, description: 'Cuota de febrero', dueDate: day(-10) });
  await db()('transferAccounts').insert({ organizationId: organization.id, bank: 'popular', accountType: 'checking', number: '800-123456-7', holder: 'Condominio Torre Coral', rnc: '130-12345-6' });
  return { organization, admin, property, resident, unit };
}

test('a resident copies the bank account from the transfer dialog and is warned of a transfer of that amount already waiting', async ({ page, context }) => {
  const { resident, unit } = await tower();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAs(page, resident, '/billing?tab=payments');
  // A transfer of RD$4,500.00 reported earlier, still waiting.
  const earlier = await page.context().request.post('/api/payments/report', {
    data: { unitId: unit.id, amount: 450_000, receivedAt: day(-1), reference: 'BPD-PRIMERO', proof: { fileName: 'comprobante.png', fileType: 'image/png', content: PNG_PROOF.toString('base64') } },
  });
  expect(earlier.status()).toBe(201);
  await page.reload();

  await page.getByRole('button', { name: 'Reportar transferencia' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reportar transferencia' });
  const account = dialog.getByTestId('transfer-account');
  await account.getByText('Banco Popular · Cuenta corriente').waitFor();
  await account.getByText('Condominio Torre Coral').waitFor();
  await account.getByText('130-12345-6').waitFor();
  // The copy button is within reach on the phone and puts the number on the clipboard.
  const copy = account.getByRole('button', { name: 'Copiar Cuenta: 800-123456-7' });
  expect(await copy.boundingBox().then((box) => box!.x + box!.width)).toBeLessThanOrEqual(PHONE.width);
  await copy.click();
  await copy.getByText('Copiado').waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('800-123456-7');

  // The same amount: the warning names it; another amount: none.
  await dialog.getByLabel('Monto (RD$)').fill('4500');
  const warning = dialog.getByTestId('duplicate-transfer');
  await warning.waitFor();
  expect(await warning.textContent()).toContain('Ya hay una transferencia de RD$4,500.00');
  await dialog.getByLabel('Monto (RD$)').fill('3000');
  await warning.waitFor({ state: 'detached' });
}, { viewport: PHONE });

// Two browsers (the administrator's and the resident's) in one test: more time than one page needs.
test('a payment agreement made by the administrator from Morosidad shows on the resident’s statement on the phone', async ({ page, context, url }) => {
  const { admin, resident } = await tower();
  const browser = context.browser() as Browser;
  const adminContext = await browser.newContext({ viewport: DESKTOP, baseURL: url(''), locale: 'es-DO' });
  try {
    const adminPage = await adminContext.newPage();
    await signInAs(adminPage, admin, '/billing?tab=delinquency');
    const row = adminPage.getByTestId('delinquency-row').filter({ hasText: 'Torre Coral' });
    await row.waitFor();
    await row.getByRole('button', { name: /^Acciones de/ }).click();
    await adminPage.getByRole('menuitem', { name: 'Acuerdo de pago' }).or(adminPage.getByRole('button', { name: 'Acuerdo de pago', exact: true })).first().click();
    const dialog = adminPage.getByRole('dialog', { name: /Acuerdo de pago/ });
    await dialog.getByTestId('agreement-debt').getByText('RD$9,000.01').waitFor();
    // 9,000.01 in 3: 3,000.01 + 3,000.00 + 3,000.00, exactly the debt.
    await dialog.getByTestId('agreement-sum').getByText('Las cuotas suman RD$9,000.01, la deuda exacta.').waitFor();
    await dialog.getByLabel('Monto de la cuota 1 (RD$)').fill('3000.00');
    await dialog.getByTestId('agreement-sum').getByText('Las cuotas suman RD$9,000.00; deben sumar RD$9,000.01.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Crear acuerdo' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Monto de la cuota 1 (RD$)').fill('3000.01');
    await dialog.getByRole('button', { name: 'Crear acuerdo' }).click();
    await notice(adminPage).getByText('Acuerdo de pago creado').waitFor();
    await row.getByTestId('agreement-status').getByText('Vigente').waitFor();
  } finally {
    await adminContext.close();
  }

  await signInAs(page, resident, '/billing');
  await page.getByRole('button', { name: 'Estado de cuenta' }).click();
  const statement = page.getByRole('dialog', { name: /Estado de cuenta/ });
  const agreement = statement.getByTestId('agreement');
  await agreement.getByText('Vigente').waitFor();
  await agreement.getByText('RD$9,000.01 en 3 cuotas').waitFor();
  await agreement.getByText('RD$3,000.01').waitFor();
  // The resident reads it; cancelling is the administration's.
  expect(await agreement.getByRole('button', { name: 'Cancelar acuerdo' }).count()).toBe(0);
  expect((await db()('paymentAgreements').where({ unitId: (await db()('residents').where({ userId: resident.id }).first('unitId')).unitId })).length).toBe(1);
}, { viewport: PHONE, timeout: 170_000 });
