import { addDays } from 'date-fns';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { db } from '../../server/db';
import { createOrganization, createProperty, createResident, createStaff, createUnit, createUser } from '../support/factories';
import { TINY_PNG } from '../api/isolation/world';
import { PHONE, notice, useBrowser } from './support/browser';
import { calendarDay, nowThere } from './support/dates';
import { markNoReload, notReloaded, openAs, signInLive } from './support/pages';

const { test } = useBrowser();

const status = (page: Page, label: string) => page.getByTestId('maintenance-status').filter({ hasText: label }).first().waitFor();
const photo = (name: string) => ({ name, mimeType: 'image/png', buffer: Buffer.from(TINY_PNG, 'base64') });

test('a resident reports a leak with a photo on a phone; the administrator assigns it; the supplier starts and completes it on a phone; the resident follows it live and rates it', async ({ page, context, url }) => {
  const organization = await createOrganization();
  const admin = await createUser({ role: 'Administrador', organizationId: organization.id, name: 'María', lastName: 'Fernández' });
  const property = await createProperty({ organizationId: organization.id, name: 'Torre Vista Mar' });
  const unit = await createUnit({ propertyId: property.id, unitNumber: '4B' });
  const { user: resident } = await createResident({ property, unit, user: { name: 'Rosa', lastName: 'Peña', phone: '809-555-0142' } });
  const supplier = await createUser({ role: 'Suplidor', organizationId: organization.id, name: 'Pedro', lastName: 'Gómez' });
  await createStaff({ propertyId: property.id, userId: supplier.id });
  const browser = context.browser()!;
  const origin = url('');

  // The administrator watches the list.
  await signInLive(page, admin, '/maintenance');
  await page.getByRole('heading', { name: 'Mantenimiento', level: 1 }).waitFor();
  await page.getByText('No hay solicitudes').waitFor();
  await markNoReload(page);

  // The resident reports from a phone, with a photo from the camera.
  const home = await openAs(browser, origin, resident, '/maintenance', PHONE);
  const residentPage = home.page;

  try {
    await residentPage.getByRole('button', { name: 'Nueva solicitud' }).first().click();
    const dialog = residentPage.getByRole('dialog', { name: 'Nueva solicitud' });
    // Her property and her unit are chosen already.
    await expect.poll(() => dialog.getByLabel('Propiedad', { exact: true }).inputValue()).toBe(String(property.id));
    await expect.poll(() => dialog.getByLabel('Unidad', { exact: true }).inputValue()).toBe(String(unit.id));
    await dialog.getByLabel('Título').fill('Fuga en el baño');
    await dialog.getByLabel('Descripción').fill('Gotea el techo del baño principal desde anoche.');
    await dialog.getByLabel('Prioridad').selectOption('high');
    const input = dialog.locator('input[type="file"]');
    expect(await input.getAttribute('accept')).toBe('image/*');
    expect(await input.getAttribute('capture')).toBe('environment');
    await input.setInputFiles(photo('fuga.png'));
    await dialog.getByTestId('photo-previews').getByRole('img', { name: 'fuga.png' }).waitFor();
    await dialog.getByRole('button', { name: 'Enviar solicitud' }).click();
    await notice(residentPage).getByText('Solicitud enviada').waitFor();
    await residentPage.getByRole('heading', { name: 'Fuga en el baño', level: 1 }).waitFor();
    await status(residentPage, 'Pendiente');
    const photos = residentPage.getByRole('region', { name: 'Fotos' });
    await photos.getByRole('button', { name: 'Ver foto 1 de 1' }).waitFor();
    const [request] = await db()('maintenance_requests').where({ propertyId: property.id });
    await markNoReload(residentPage);

    // The administrator sees it arrive, and assigns it to the supplier for tomorrow.
    const row = page.getByTestId('maintenance-row').filter({ hasText: 'Fuga en el baño' });
    await row.waitFor();
    expect(await row.getByTestId('maintenance-priority').textContent()).toBe('Alta');
    expect(await page.getByTestId('maintenance-count-pending').textContent()).toBe('1');
    await row.getByRole('button', { name: 'Acciones de Fuga en el baño' }).click();
    await page.getByRole('button', { name: 'Asignar técnico' }).click();
    const triage = page.getByRole('dialog', { name: 'Asignar y programar' });
    await triage.getByLabel('Técnico').selectOption(String(supplier.id));
    await triage.getByRole('button', { name: /^Fecha programada/ }).click();
    const tomorrow = addDays(nowThere(), 1);
    if (tomorrow.getMonth() !== nowThere().getMonth()) await triage.getByRole('button', { name: /siguiente/i }).click();
    await triage.getByRole('button', { name: new RegExp(`, ${calendarDay(tomorrow)}$`) }).click();
    await triage.getByRole('button', { name: 'Guardar' }).click();
    await notice(page).getByText('Solicitud actualizada').waitFor();
    await row.getByText('Pedro Gómez').waitFor();
    await status(page, 'Programada');

    // The resident sees it scheduled, live.
    await status(residentPage, 'Programada');
    await residentPage.getByText('Asignó a Pedro Gómez').waitFor();

    // The supplier, on a phone: "Mis trabajos", with the resident's phone; starts the work.
    const work = await openAs(browser, origin, supplier, '/maintenance', PHONE);
    const supplierPage = work.page;
    try {
      await supplierPage.getByRole('heading', { name: 'Mis trabajos', level: 1 }).waitFor();
      const job = supplierPage.getByTestId('maintenance-row').filter({ hasText: 'Fuga en el baño' });
      await job.getByRole('link', { name: 'Llamar a Rosa Peña' }).waitFor();
      await job.getByRole('button', { name: 'Iniciar trabajo' }).click();
      await notice(supplierPage).getByText('Trabajo iniciado').waitFor();
      await status(residentPage, 'En curso');
      await status(page, 'En curso');

      // Completes it with a note and a photo of the finished work.
      await job.getByRole('button', { name: 'Completar' }).click();
      const complete = supplierPage.getByRole('dialog', { name: 'Completar trabajo' });
      await complete.getByLabel('¿Qué se hizo?').fill('Se cambió el empaque de la tubería.');
      await complete.locator('input[type="file"]').setInputFiles(photo('listo.png'));
      await complete.getByRole('img', { name: 'listo.png' }).waitFor();
      await complete.getByRole('button', { name: 'Marcar como completado' }).click();
      await notice(supplierPage).getByText('Trabajo completado').waitFor();
      expect(await notReloaded(supplierPage)).toBe(true);
    } finally {
      await work.context.close();
    }

    // The resident sees the completion and the supplier's note and photo without reloading, and rates it.
    await status(residentPage, 'Completada');
    await residentPage.getByText('Se cambió el empaque de la tubería.').waitFor();
    await photos.getByRole('button', { name: 'Ver foto 2 de 2' }).waitFor();
    expect(await notReloaded(residentPage)).toBe(true);
    const rating = residentPage.getByRole('region', { name: '¿Cómo quedó el trabajo?' });
    await rating.getByRole('radio', { name: '5 estrellas' }).check({ force: true });
    await rating.getByLabel('Comentario (opcional)').fill('Muy profesional.');
    await rating.getByRole('button', { name: 'Enviar calificación' }).click();
    await notice(residentPage).getByText('Gracias por su calificación').waitFor();
    await residentPage.getByTestId('maintenance-rating').waitFor();
    expect(await db()('maintenance_requests').where({ id: request.id }).first()).toMatchObject({ status: 'completed', rating: 5, ratingComment: 'Muy profesional.' });

    // The administrator's list followed every step without a reload.
    await status(page, 'Completada');
    expect(await notReloaded(page)).toBe(true);
  } finally {
    await home.context.close();
  }
});
