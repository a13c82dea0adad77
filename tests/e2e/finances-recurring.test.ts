import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { db } from '../../server/db';
import { createOrganization, createProperty, createUser } from '../support/factories';
import { expectAccessible, expectSpanish } from './support/accessibility';
import { PHONE, notice, signInAs, useBrowser } from './support/browser';

const { test } = useBrowser();

/** Clicks an item of the open "…" menu of a row (a menu on a desktop, buttons in a sheet on a phone). */
const chooseAction = (page: Page, name: string) => page.getByRole('menuitem', { name }).or(page.getByRole('button', { name, exact: true })).first().click();

test('an administrator adds a recurring expense, pauses and resumes it, and ends it after confirming', async ({ page }) => {
  const organization = await createOrganization({ name: 'Administradora Brisa' });
  const admin = await createUser({ role: 'Administrador', organizationId: organization.id });
  const property = await createProperty({ organizationId: organization.id, name: 'Torre Brisa' });
  const operating = await db()('funds').where({ propertyId: property.id, kind: 'operating' }).first('id');

  // The tab of the finances screens leads to it; nothing yet.
  await signInAs(page, admin, `/finances/gastos?propertyId=${property.id}`);
  await page.getByRole('navigation', { name: 'Secciones de finanzas' }).getByRole('link', { name: 'Recurrentes' }).click();
  await page.getByRole('heading', { name: 'Gastos recurrentes', level: 1 }).waitFor();
  await page.getByLabel('Propiedad').selectOption(String(property.id));
  await page.getByText('Sin gastos recurrentes').waitFor();
  await expectAccessible(page, 'finanzas: recurrentes vacía');

  // A template: refused without a fund, with the field's message; then created.
  await page.getByRole('button', { name: 'Nuevo gasto recurrente' }).click();
  const form = page.getByRole('dialog', { name: 'Nuevo gasto recurrente' });
  await form.getByLabel('Descripción').fill('Nómina conserjería');
  await form.getByLabel('Monto sin ITBIS (RD$)').fill('35000');
  await form.getByLabel('Día del mes').selectOption('15');
  await form.getByRole('button', { name: 'Crear' }).click();
  await form.locator('.invalid-feedback', { hasText: 'Seleccione el fondo' }).waitFor();
  await form.getByLabel('Fondo que lo paga').selectOption(String(operating.id));
  await expectAccessible(page, 'finanzas: nuevo gasto recurrente');
  await expectSpanish(page, 'finanzas: nuevo gasto recurrente');
  await form.getByRole('button', { name: 'Crear' }).click();
  await notice(page).getByText('Gasto recurrente creado').waitFor();
  const row = page.getByTestId('recurring-row').filter({ hasText: 'Nómina conserjería' });
  await row.getByText('RD$35,000.00').waitFor();
  await row.getByText('Día 15').waitFor();
  await row.getByText('Activo').waitFor();
  const template = await db()('recurringExpenses').where({ propertyId: property.id }).first();
  expect(template).toMatchObject({ description: 'Nómina conserjería', amount: 3_500_000, itbis: 0, dayOfMonth: 15, category: 'payroll', fundId: operating.id, active: true, deletedAt: null });
  await expectAccessible(page, 'finanzas: recurrentes');
  await expectSpanish(page, 'finanzas: recurrentes');

  // Paused, then resumed, from the row's menu.
  await row.getByRole('button', { name: 'Acciones de Nómina conserjería' }).click();
  await chooseAction(page, 'Pausar');
  await notice(page).getByText('«Nómina conserjería» en pausa: no se registrará mientras siga así').waitFor();
  await row.getByText('En pausa').waitFor();
  expect((await db()('recurringExpenses').where({ id: template.id }).first()).active).toBe(false);
  await row.getByRole('button', { name: 'Acciones de Nómina conserjería' }).click();
  await chooseAction(page, 'Reanudar');
  await row.getByText('Activo').waitFor();
  expect((await db()('recurringExpenses').where({ id: template.id }).first()).active).toBe(true);

  // Ended after confirming: cancelling keeps it; confirming ends it (the row stays in the database, ended).
  await row.getByRole('button', { name: 'Acciones de Nómina conserjería' }).click();
  await chooseAction(page, 'Terminar');
  const confirm = page.getByRole('dialog', { name: '¿Terminar este gasto recurrente?' });
  await confirm.getByText('«Nómina conserjería» no registrará más gastos. Los gastos que ya registró se conservan.').waitFor();
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await confirm.waitFor({ state: 'hidden' });
  expect((await db()('recurringExpenses').where({ id: template.id }).first()).deletedAt).toBeNull();
  await row.getByRole('button', { name: 'Acciones de Nómina conserjería' }).click();
  await chooseAction(page, 'Terminar');
  await confirm.getByRole('button', { name: 'Terminar' }).click();
  await notice(page).getByText('«Nómina conserjería» terminado').waitFor();
  await page.getByText('Sin gastos recurrentes').waitFor();
  expect((await db()('recurringExpenses').where({ id: template.id }).first()).deletedAt).not.toBeNull();
}, { viewport: PHONE, timeout: 90_000 });
