import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { nextDay, zonedInstant, zonedParts } from '../../shared/time';
import { createAmenity, createOrganization, createProperty, createResident, createUnit, createUser } from '../support/factories';
import { DESKTOP, PHONE, notice, useBrowser } from './support/browser';
import { shownDay } from './support/dates';
import { markNoReload, notReloaded, openAs, signInLive } from './support/pages';

const { test } = useBrowser();

/** Opens the party room's calendar on tomorrow (the second day shown). */
async function openCalendar(page: Page) {
  await page.getByRole('button', { name: 'Reservar Salón de fiestas' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reservar Salón de fiestas' });
  await dialog.getByRole('group', { name: 'Días de la semana' }).getByRole('button').nth(1).click();
  return dialog;
}

test('two residents watch the calendar; one books the last slot and it turns taken on the other’s screen; the administrator approves it, the resident sees it confirmed live and the charge in billing', async ({ page, context, url }) => {
  const organization = await createOrganization();
  const admin = await createUser({ role: 'Administrador', organizationId: organization.id, name: 'María', lastName: 'Fernández' });
  const property = await createProperty({ organizationId: organization.id, name: 'Torre Vista Mar' });
  const unit = await createUnit({ propertyId: property.id, unitNumber: '4B' });
  const { user: rosa } = await createResident({ property, unit, user: { name: 'Rosa', lastName: 'Peña' } });
  const { user: luis } = await createResident({ property, user: { name: 'Luis', lastName: 'Mejía' } });
  // One evening slot a day: 18:00-22:00, RD$1,500/h, approval, deposit RD$2,000.
  await createAmenity({
    propertyId: property.id,
    name: 'Salón de fiestas',
    type: 'event_space',
    capacity: 40,
    openingTime: '18:00',
    closingTime: '22:00',
    slotMinutes: 240,
    exclusive: true,
    requiresApproval: true,
    hourlyRate: 150_000,
    deposit: 200_000,
  });
  const tomorrow = nextDay(zonedParts(new Date()).day);
  const slotStart = zonedInstant(tomorrow, 18 * 60).toISOString();
  const browser = context.browser()!;
  const origin = url('');

  // Luis has the calendar open on his phone.
  const other = await openAs(browser, origin, luis, '/amenities', PHONE);
  try {
    const luisDialog = await openCalendar(other.page);
    const luisSlot = luisDialog.locator(`[data-testid="slot"][data-start="${slotStart}"]`);
    await expect.poll(() => luisSlot.getAttribute('data-state')).toBe('free');
    // A week ahead and back: the calendar returns to this week, no earlier than today.
    const previousWeek = luisDialog.getByRole('button', { name: 'Semana anterior' });
    expect(await previousWeek.isDisabled()).toBe(true);
    await luisDialog.getByRole('button', { name: 'Semana siguiente' }).click();
    await previousWeek.click();
    expect(await previousWeek.isDisabled()).toBe(true);
    await luisDialog.getByRole('group', { name: 'Días de la semana' }).getByRole('button').nth(1).click();
    await expect.poll(() => luisSlot.getAttribute('data-state')).toBe('free');

    // Rosa books it, seeing the rules and the cost first.
    await signInLive(page, rosa, '/amenities');
    await markNoReload(page);
    await page.getByTestId('amenity-card').filter({ hasText: 'Salón de fiestas' }).getByText('RD$1,500.00 por hora').waitFor();
    const dialog = await openCalendar(page);
    await dialog.getByText('Requiere aprobación de la administración.').waitFor();
    await dialog.locator(`[data-testid="slot"][data-start="${slotStart}"]`).click();
    await dialog.getByTestId('booking-cost').getByText('Costo: RD$6,000.00').waitFor();
    await dialog.getByTestId('booking-cost').getByText('Depósito: RD$2,000.00').waitFor();
    await dialog.getByLabel('Asistentes').fill('25');
    await dialog.getByLabel('Motivo (opcional)').fill('Cumpleaños de Ana');
    await dialog.getByRole('button', { name: 'Confirmar reserva' }).click();
    await notice(page).getByText('Reserva enviada para aprobación').waitFor();

    // Luis's calendar shows it taken, without reloading and without Rosa's name.
    await expect.poll(() => luisSlot.getAttribute('data-state'), { timeout: 10_000 }).toBe('taken');
    expect(await luisSlot.isDisabled()).toBe(true);
    expect(await notReloaded(other.page)).toBe(true);
    expect(await other.page.content()).not.toContain('Rosa');

    // Rosa watches her reservations: pending.
    await page.getByTestId('tab-mine').click();
    const mine = page.getByTestId('booking-row').filter({ hasText: 'Salón de fiestas' }).first();
    await mine.getByText('Pendiente').waitFor();
    // Its hours as the organization's clock reads them (the browser's is 18 hours ahead).
    await mine.getByText(`${shownDay(new Date(slotStart))}, 18:00 – 22:00`).waitFor();

    // The administrator approves it.
    const adminSide = await openAs(browser, origin, admin, '/amenities?tab=manage');
    try {
      const row = adminSide.page.getByTestId('booking-row').filter({ hasText: 'Rosa Peña' }).first();
      await row.getByText('Unidad 4B').waitFor();
      await row.getByRole('button', { name: 'Aprobar' }).click();
      await notice(adminSide.page).getByText('Reserva aprobada').waitFor();
    } finally {
      await adminSide.context.close();
    }

    // Rosa is told at once and sees it confirmed, still without reloading.
    await notice(page).getByText('Su reserva fue confirmada').waitFor({ timeout: 10_000 });
    await mine.getByText('Confirmada').waitFor();
    expect(await notReloaded(page)).toBe(true);

    // The fee and the deposit are on her unit's account.
    await page.goto('/billing');
    await page.getByText(/Reserva Salón de fiestas/).first().waitFor();
    await page.getByText(/Depósito reserva Salón de fiestas/).first().waitFor();
  } finally {
    await other.context.close();
  }
}, { viewport: DESKTOP, timeout: 120_000 });
