import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { issueMonthlyCharges } from '../../server/commands/billingPlans';
import { applyLateFees } from '../../server/commands/lateFees';
import { db } from '../../server/db';
import { transaction } from '../../server/db/transaction';
import { addDays, zonedInstant } from '../../shared/time';
import { day, issuedOn, pdfText } from '../support/billing';
import { createOrganization, createProperty, createUnit, createUser } from '../support/factories';
import { notice, signInAs, useBrowser } from './support/browser';
import { downloaded } from './support/pages';

const { test } = useBrowser();

/** Clicks an item of the open "…" menu of a row (not the page's button of the same name). */
const chooseAction = (page: Page, name: string) => page.locator('.dropdown-menu.show').getByRole('button', { name, exact: true }).click();

test('an administrator sets a plan by share with its preview; the month is issued, a unit falls behind, shows in morosidad, pays and gets its certificate', async ({ page }) => {
  const organization = await createOrganization({ name: 'Administradora Mar' });
  const admin = await createUser({ role: 'Administrador', organizationId: organization.id });
  const property = await createProperty({ organizationId: organization.id, name: 'Torre Mar' });
  const [first, second, third] = [await createUnit({ propertyId: property.id, unitNumber: '1A', share: 50 }), await createUnit({ propertyId: property.id, unitNumber: '2A', share: 30 }), await createUnit({ propertyId: property.id, unitNumber: '3A' })];

  // The third unit's share, set in the units tab; the sum of the shares shows.
  await signInAs(page, admin, `/properties?manage=${property.id}&tab=units`);
  await page.getByTestId('shares-total').getByText('Las alícuotas suman 80 %').waitFor();
  await page.getByRole('button', { name: 'Editar unidad 3A' }).click();
  const unitDialog = page.getByRole('dialog', { name: 'Editar unidad 3A' });
  await unitDialog.getByLabel('Alícuota (%)').fill('20');
  await unitDialog.getByRole('button', { name: 'Guardar' }).click();
  await unitDialog.waitFor({ state: 'hidden' });
  await page.getByTestId('shares-total').getByText('Las alícuotas suman 100 %.').waitFor();

  // Cuotas: a monthly budget of RD$ 100,000.00 by share with a 10 % reserve; the preview per unit.
  await page.getByRole('tab', { name: 'Cuotas' }).click();
  const form = page.getByTestId('billing-plan-form');
  await form.getByLabel('Cómo se reparte').selectOption('share');
  await form.getByLabel('Presupuesto mensual (RD$)').fill('100000');
  await form.getByLabel('Día de emisión').fill('1');
  await form.getByLabel('Días para vencer').fill('10');
  await form.getByLabel('Fondo de reserva (%)').fill('10');
  await form.getByLabel('Mora', { exact: true }).selectOption('percent');
  await form.getByLabel('Porcentaje de mora (%)').fill('5');
  await form.getByLabel('Días de gracia').fill('5');
  const lines = page.getByTestId('plan-preview-line');
  await lines.filter({ hasText: 'Unidad 1A' }).getByText('RD$55,000.00').waitFor();
  await lines.filter({ hasText: 'Unidad 3A' }).getByText('RD$22,000.00').waitFor();
  await page.getByTestId('plan-preview-totals').getByText('RD$110,000.00').waitFor();
  await form.getByRole('button', { name: 'Guardar plan' }).click();
  await notice(page).getByText('Plan de cuotas guardado').waitFor();
  expect(await db()('billingPlans').where({ propertyId: property.id }).first()).toMatchObject({ monthlyFee: 10_000_000, split: 'share', lateFeeKind: 'percent' });

  // The month two months ago is issued (the worker's job, the day controlled here: the plan
  // existed then, the charges were issued then) and today's late fees applied.
  const issueDay = `${addDays(day(0), -60).slice(0, 8)}01`;
  await db()('billingPlans').where({ propertyId: property.id }).update({ createdAt: zonedInstant(addDays(issueDay, -1), 12 * 60) });
  const issued = await transaction((trx) => issueMonthlyCharges(trx, property.id, issueDay));
  expect(issued).toHaveLength(3);
  await issuedOn(issueDay, issued.map((charge) => charge.id));
  expect(await transaction((trx) => applyLateFees(trx, day(0), { propertyId: property.id }))).toHaveLength(3);

  await page.goto('/billing?tab=delinquency');
  const row = page.getByTestId('delinquency-row').filter({ hasText: 'Torre Mar · 1A' });
  await row.waitFor();
  const owed = await db()('charges').where({ unitId: first.id, status: 'pending' }).sum({ total: db().raw('amount - paid_amount') }).first();
  expect(Number(owed!.total)).toBe(55_000_00 + 2_750_00);
  await page.getByTestId('delinquency-totals').getByText('3 unidades morosas').waitFor();

  // With debt, the certificate is refused with what is owed.
  await row.getByRole('button', { name: 'Acciones de Torre Mar · 1A' }).click();
  await chooseAction(page, 'Estado de cuenta');
  const statement = page.getByRole('dialog', { name: /Estado de cuenta/ });
  await statement.getByTestId('certificate-button').click();
  await notice(page).getByText('No se puede emitir el certificado', { exact: true }).waitFor();
  await notice(page).getByText('La unidad tiene deuda vencida de RD$55,000.00', { exact: false }).waitFor();
  await statement.getByRole('button', { name: 'Cerrar' }).first().click();
  await statement.waitFor({ state: 'hidden' });

  // The unit pays everything it owes.
  await row.getByRole('button', { name: 'Acciones de Torre Mar · 1A' }).click();
  await chooseAction(page, 'Registrar pago');
  const pay = page.getByRole('dialog', { name: 'Registrar pago' });
  await pay.getByLabel('Monto (RD$)').fill('57750');
  await pay.getByLabel('Referencia').fill('BPD-1A-001');
  await pay.getByRole('button', { name: 'Registrar pago' }).click();
  await notice(page).getByText('Pago registrado', { exact: true }).waitFor();
  await row.waitFor({ state: 'detached' });
  await page.getByTestId('delinquency-totals').getByText('2 unidades morosas').waitFor();

  // Now the certificate downloads, with its verification code.
  await page.getByTestId('delinquency-row').filter({ hasText: 'Torre Mar · 2A' }).waitFor();
  await page.goto('/billing');
  const charge = await db()('charges').where({ unitId: first.id, type: 'maintenance' }).first();
  const chargeRow = page.getByTestId('charge-row').filter({ hasText: charge.invoiceNumber });
  await chargeRow.getByRole('button', { name: `Acciones de ${charge.invoiceNumber}` }).click();
  await chooseAction(page, 'Estado de cuenta');
  const file = await downloaded(page, () => page.getByRole('dialog', { name: /Estado de cuenta/ }).getByTestId('certificate-button').click());
  const text = await pdfText(file.bytes);
  expect(text).toContain('Certificado de no deuda');
  expect(text).toContain('Torre Mar · 1A');
  const code = text.match(/[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}/)![0];

  // Anyone verifies it by its code, without signing in.
  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(new URL(`/verificar/${code}`, page.url()).toString());
  await visitor.getByTestId('certificate-status').getByText('Certificado válido').waitFor();
  await visitor.getByText('Torre Mar · 1A').waitFor();
  await visitor.close();
  expect([second.id, third.id]).toHaveLength(2);
});
