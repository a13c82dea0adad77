import { addDays } from 'date-fns';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { createOrganization, createProperty, createUnit, createUser } from '../support/factories';
import { pdfText } from '../support/billing';
import { DESKTOP, PHONE, useBrowser } from './support/browser';
import { apiSessionAs, markNoReload, notReloaded, openAs, signInLive } from './support/pages';

const { test } = useBrowser();

const quorum = (page: Page, text: string) => page.getByTestId('quorum').getByText(text).waitFor();
/** The tally row of `option` shows `units` units (on any screen). */
const tallyUnits = (page: Page, option: string, units: string) =>
  page.getByTestId('tally').locator(`[data-option="${option}"]`).getByTestId('tally-units').filter({ hasText: new RegExp(`· ${units}$`) }).waitFor();

test('three owners on phones and the room screen follow check-in, a vote and its result live; the minutes come out as a PDF', async ({ page, context, url }) => {
  const organization = await createOrganization();
  const admin = await createUser({ role: 'Administrador', organizationId: organization.id, name: 'María', lastName: 'Fernández' });
  const property = await createProperty({ organizationId: organization.id, name: 'Torre Asamblea' });
  const owners = [];
  for (const [index, share] of [40, 35, 25].entries()) {
    const owner = await createUser({ role: 'Propietario', organizationId: organization.id, name: `Dueño${index + 1}`, lastName: 'Prueba' });
    await createUnit({ propertyId: property.id, unitNumber: String(101 + index), share, ownerId: owner.id });
    owners.push(owner);
  }
  const browser = context.browser()!;
  const origin = url('');

  // The administrator prepares, convenes and starts it (the agenda through the API; the screens below).
  await signInLive(page, admin, '/assemblies');
  await page.getByRole('heading', { name: 'Asambleas', level: 1 }).waitFor();
  await page.getByText('No hay asambleas').waitFor();
  const api = await apiSessionAs(page, admin);
  const created = await api.request.post('/api/assemblies', {
    data: {
      propertyId: property.id,
      kind: 'extraordinary',
      title: 'Cambio de ascensores',
      firstCallAt: addDays(new Date(), 3).toISOString(),
      items: [{ title: 'Aprobar la cuota extraordinaria', kind: 'vote' }],
    },
  });
  expect(created.status()).toBe(201);
  const assembly = (await created.json()) as { id: number };
  await page.goto(`/assemblies/${assembly.id}`);
  await page.getByRole('heading', { name: 'Cambio de ascensores', level: 1 }).waitFor();
  // Convening three days ahead warns about the short notice, then goes ahead.
  await page.getByRole('button', { name: 'Convocar' }).click();
  const convene = page.getByRole('dialog', { name: '¿Convocar la asamblea?' });
  await convene.getByTestId('notice-warning').waitFor();
  await convene.getByRole('button', { name: 'Convocar' }).click();
  await page.getByTestId('assembly-status').filter({ hasText: 'Convocada' }).waitFor();
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.getByRole('dialog', { name: '¿Iniciar la sesión?' }).getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.getByTestId('assembly-status').filter({ hasText: 'En sesión' }).waitFor();
  await markNoReload(page);

  const room = await openAs(browser, origin, admin, `/assemblies/${assembly.id}/sala`, DESKTOP);
  const phones = await Promise.all(owners.map((owner) => openAs(browser, origin, owner, `/assemblies/${assembly.id}`, PHONE)));
  const screens = [page, room.page, ...phones.map((phone) => phone.page)];
  try {
    await room.page.getByTestId('room-screen').waitFor();
    await quorum(room.page, 'Presentes 0.00 % de las cuotas (0 de 3 unidades)');

    // Check-in in the room moves the quorum on every screen.
    await page.getByRole('button', { name: 'Registrar 101' }).click();
    for (const screen of screens) await quorum(screen, 'Presentes 40.00 % de las cuotas (1 de 3 unidades)');
    // Opening a vote below quorum is refused with the figures.
    await page.getByRole('button', { name: 'Abrir votación' }).click();
    await page.getByTestId('item-error').getByText(/Sin quórum/).waitFor();

    // Owners mark themselves present from their phones.
    await phones[1].page.getByRole('button', { name: 'Marcar presente 102' }).click();
    await phones[2].page.getByRole('button', { name: 'Marcar presente 103' }).click();
    for (const screen of screens) await quorum(screen, 'Presentes 100.00 % de las cuotas (3 de 3 unidades)');

    await page.getByRole('button', { name: 'Abrir votación' }).click();
    for (const phone of phones) await phone.page.getByTestId('ballot').waitFor();
    await room.page.getByTestId('room-item').getByText('Votación abierta').waitFor();

    // Each vote moves the tally on every screen; a vote may change while the item is open.
    await phones[0].page.getByTestId('ballot').getByRole('button', { name: 'Sí', exact: true }).click();
    for (const screen of screens) await tallyUnits(screen, 'Sí', '1 unidad');
    await phones[1].page.getByTestId('ballot').getByRole('button', { name: 'No', exact: true }).click();
    await phones[2].page.getByTestId('ballot').getByRole('button', { name: 'Sí', exact: true }).click();
    for (const screen of screens) await tallyUnits(screen, 'Sí', '2 unidades');
    await phones[2].page.getByTestId('ballot').getByRole('button', { name: 'No', exact: true }).click();
    await phones[2].page.getByTestId('ballot').getByRole('button', { name: 'No', exact: true, pressed: true }).waitFor();
    for (const screen of screens) {
      await tallyUnits(screen, 'Sí', '1 unidad');
      await tallyUnits(screen, 'No', '2 unidades');
    }

    // Closing the item freezes the result everywhere (No: 60 % of the shares).
    await page.getByRole('button', { name: 'Cerrar votación' }).click();
    await page.getByRole('dialog', { name: /Cerrar la votación/ }).getByRole('button', { name: 'Cerrar votación' }).click();
    for (const screen of screens) await screen.getByText('Aprobado: No').first().waitFor();
    expect(await phones[0].page.getByTestId('ballot').count()).toBe(0);

    // Closing the assembly: the minutes.
    await page.getByRole('button', { name: 'Cerrar asamblea' }).click();
    await page.getByRole('dialog', { name: '¿Cerrar la asamblea?' }).getByRole('button', { name: 'Cerrar asamblea' }).click();
    await page.getByTestId('assembly-status').filter({ hasText: 'Cerrada' }).waitFor();
    await phones[0].page.getByTestId('assembly-status').filter({ hasText: 'Cerrada' }).waitFor();
    await phones[0].page.getByTestId('minutes-link').waitFor();
    const minutes = await phones[0].page.request.get(`/api/assemblies/${assembly.id}/minutes.pdf`);
    expect(minutes.status()).toBe(200);
    expect(minutes.headers()['content-type']).toContain('application/pdf');
    const text = await pdfText(Buffer.from(await minutes.body()));
    expect(text).toContain('Cambio de ascensores');
    expect(text).toContain('Aprobar la cuota extraordinaria');
    expect(text).toContain('103');

    for (const screen of screens) expect(await notReloaded(screen)).toBe(true);
  } finally {
    await api.close();
    await room.context.close();
    for (const phone of phones) await phone.context.close();
  }
  // Five browsers load the app (the administrator, the room screen, three phones): about 25 s on
  // an idle 2-core machine, over 60 s beside two other browser files in CI (as bookings' four).
}, { timeout: 120_000 });
