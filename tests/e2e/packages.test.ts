import { expect } from 'vitest';
import { db } from '../../server/db';
import { createOrganization, createProperty, createResident, createStaff, createUnit, createUser } from '../support/factories';
import { TINY_PNG } from '../api/isolation/world';
import { PHONE, notice, useBrowser } from './support/browser';
import { notReloaded, openAs } from './support/pages';

const { test } = useBrowser();

const TABLET = { width: 1024, height: 768 };

test('the desk logs a package with a photo on a tablet, the resident’s phone shows it live with its pickup code, the desk hands it out with the code and a drawn signature; a plate is found by part of it', async ({ context, url }) => {
  const organization = await createOrganization();
  const property = await createProperty({ organizationId: organization.id, name: 'Torre Naco' });
  const unit = await createUnit({ propertyId: property.id, unitNumber: '4B' });
  await createUnit({ propertyId: property.id, unitNumber: '14C' });
  const { user: resident } = await createResident({ property, unit, user: { name: 'Ana', lastName: 'Alba' } });
  const guard = await createUser({ role: 'Suplidor', organizationId: organization.id, name: 'Julio', lastName: 'Guardia' });
  await createStaff({ propertyId: property.id, userId: guard.id, service: 'security' });
  await db()('vehicles').insert({ propertyId: property.id, unitId: unit.id, plate: 'A123456', make: 'Toyota', model: 'Corolla', colour: 'Gris', parkingSpot: 'P-12' });
  const browser = context.browser()!;
  const origin = url('');

  const phone = await openAs(browser, origin, resident, '/packages', PHONE);
  const desk = await openAs(browser, origin, guard, '/packages/desk', TABLET);
  try {
    await phone.page.getByRole('heading', { name: 'Mis paquetes', level: 1 }).waitFor();
    await phone.page.getByText('No tiene paquetes en espera').waitFor();

    // The desk logs it: unit, carrier, tracking, a photo from the camera, shelf.
    await desk.page.getByRole('heading', { name: 'Paquetería', level: 1 }).waitFor();
    const form = desk.page.getByTestId('log-package');
    // The unit is searched: a resident's name finds it, part of its number lists it first; a tap picks it.
    const unitSearch = form.getByRole('combobox', { name: 'Unidad' });
    await unitSearch.fill('alba');
    const options = form.getByRole('listbox').getByRole('option');
    await expect.poll(() => options.allTextContents()).toEqual(['4BAna Alba']);
    await unitSearch.fill('xyz');
    await form.getByRole('listbox').getByText('Ninguna unidad coincide').waitFor();
    await unitSearch.fill('4');
    await expect.poll(() => options.allTextContents()).toEqual(['4BAna Alba', '14C']);
    // The keyboard: the arrows move through the matches (said to screen readers), Enter picks.
    await unitSearch.press('ArrowDown');
    expect(await unitSearch.getAttribute('aria-activedescendant')).toBe(await options.nth(1).getAttribute('id'));
    await unitSearch.press('Enter');
    expect(await unitSearch.inputValue()).toBe('14C');
    await unitSearch.fill('4');
    expect(await unitSearch.getAttribute('aria-expanded')).toBe('true');
    await options.filter({ hasText: '4B' }).click();
    expect(await unitSearch.inputValue()).toBe('4B');
    expect(await unitSearch.getAttribute('aria-expanded')).toBe('false');
    await form.getByLabel('Transportadora').selectOption('dhl');
    await form.getByLabel('Número de rastreo').fill('JD0146000099');
    await form.getByLabel('Estante').fill('B-3');
    await form.getByLabel('Foto del paquete').setInputFiles({ name: 'caja.png', mimeType: 'image/png', buffer: Buffer.from(TINY_PNG, 'base64') });
    await form.getByRole('button', { name: 'Registrar paquete' }).click();
    await notice(desk.page).getByText('Paquete registrado: la unidad ya fue avisada').waitFor();
    const stored = await db()('packages').where({ unitId: unit.id }).first();
    expect(stored.photo).not.toBeNull();

    // The resident's phone shows it at once, with the code; the desk's tablet never does.
    const mine = phone.page.getByTestId('my-package');
    await mine.waitFor();
    expect((await mine.getByTestId('pickup-code-shown').textContent())!.trim()).toBe(stored.pickupCode);
    await notice(phone.page).getByText('Llegó un paquete para la unidad 4B').waitFor();
    expect(await notReloaded(phone.page)).toBe(true);
    const waiting = desk.page.getByTestId('waiting-package').filter({ hasText: 'Unidad 4B' });
    await waiting.waitFor();
    expect(await desk.page.content()).not.toContain(stored.pickupCode);

    // Pickup by someone else: name, cédula, the code and a signature drawn with the finger.
    await waiting.getByTestId('pickup-open').click();
    const dialog = desk.page.getByRole('dialog', { name: 'Entregar paquete de la unidad 4B' });
    await dialog.getByLabel('Nombre de quien retira').fill('Pedro Mensajero');
    await dialog.getByLabel('Cédula').fill('001-1234567-8');
    await dialog.getByTestId('pickup-code').fill(stored.pickupCode);
    const pad = dialog.getByTestId('signature-pad');
    const box = (await pad.boundingBox())!;
    await desk.page.mouse.move(box.x + 20, box.y + box.height / 2);
    await desk.page.mouse.down();
    for (let i = 1; i <= 10; i++) await desk.page.mouse.move(box.x + 20 + i * 25, box.y + box.height / 2 + (i % 2 ? 15 : -15));
    await desk.page.mouse.up();
    await dialog.getByRole('img', { name: 'Firma dibujada' }).waitFor();
    await dialog.getByRole('button', { name: 'Entregar', exact: true }).click();
    await notice(desk.page).getByText('Paquete entregado').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const picked = await db()('packages').where({ id: stored.id }).first();
    expect(picked).toMatchObject({ status: 'picked_up', pickedUpByName: 'Pedro Mensajero', handedById: guard.id });
    expect(picked.signature.subarray(1, 4).toString()).toBe('PNG');
    await desk.page.getByText('No hay paquetes esperando').waitFor();

    // The phone follows: nothing waits, the history says who took it.
    await phone.page.getByText('No tiene paquetes en espera').waitFor();
    await phone.page.getByText('Pedro Mensajero').waitFor();

    // The plate search: part of the plate finds the unit's car.
    await desk.page.getByTestId('plate-search').fill('a12');
    const match = desk.page.getByTestId('plate-match').filter({ hasText: 'A123456' });
    await match.waitFor();
    expect(await match.textContent()).toContain('Unidad 4B');
    await match.getByText('Registrado en la unidad').waitFor();
  } finally {
    await phone.context.close();
    await desk.context.close();
  }
});
