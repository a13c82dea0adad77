import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { Organization, Property } from '../../server/models';
import { createOrganization, createProperty, createUser } from '../support/factories';
import { DESKTOP, notice, signInAs, useBrowser } from './support/browser';
import { apiSessionAs } from './support/pages';

/**
 * Two administrators edit the same row: the second save is refused as stale, says so (someone
 * else changed it, reload), keeps what was typed, and Reload lets it be saved on top of the
 * other change (client/src/components/form/use-edit-version.tsx).
 */
const { test } = useBrowser();

async function openDetails(page: Page, name: string) {
  await page.getByTestId('property-card').filter({ has: page.getByRole('heading', { name, exact: true }) }).getByRole('button', { name: `Gestionar ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Gestionar ${name}` });
  await dialog.getByRole('tab', { name: 'Detalles', selected: true }).waitFor();
  return dialog;
}

test('the second of two concurrent edits shows the conflict, keeps the typed text, and reload works', async ({ page, url }) => {
  const organization = await createOrganization();
  const [ana, luis] = await Promise.all(['Ana', 'Luis'].map((name) => createUser({ role: 'Administrador', organizationId: organization.id, name })));
  const property = await createProperty({ organizationId: organization.id, name: 'Torre Coral', description: 'Frente al parque.' });

  const other = await page.context().browser()!.newContext({ viewport: DESKTOP, baseURL: url(''), locale: 'es-DO' });
  const second = await other.newPage();
  try {
    await signInAs(page, ana, '/properties');
    await signInAs(second, luis, '/properties');
    const first = await openDetails(page, 'Torre Coral');
    const stale = await openDetails(second, 'Torre Coral');

    // Luis starts typing; meanwhile Ana renames the property and saves.
    await stale.getByLabel('Descripción').fill('Frente al parque, con vista al mar desde el piso 12.');
    await first.getByLabel('Nombre').fill('Torre Coral Norte');
    await first.getByRole('button', { name: 'Guardar cambios' }).click();
    await notice(page).getByText('Propiedad actualizada').waitFor();

    // Luis saves: refused, told why, nothing he typed is lost.
    await stale.getByRole('button', { name: 'Guardar cambios' }).click();
    const conflict = stale.getByTestId('edit-conflict');
    await conflict.getByText(/Otra persona cambió este registro mientras usted lo editaba/).waitFor();
    expect(await stale.getByLabel('Descripción').inputValue()).toBe('Frente al parque, con vista al mar desde el piso 12.');
    expect(await Property.query().findById(property.id)).toMatchObject({ name: 'Torre Coral Norte', description: 'Frente al parque.', version: 2 });

    // Reload: Ana's name comes in, his description stays; saving now keeps both.
    await conflict.getByRole('button', { name: 'Recargar' }).click();
    await stale.getByTestId('edit-conflict').getByText(/Se cargaron los cambios de la otra persona/).waitFor();
    expect(await stale.getByLabel('Nombre').inputValue()).toBe('Torre Coral Norte');
    expect(await stale.getByLabel('Descripción').inputValue()).toBe('Frente al parque, con vista al mar desde el piso 12.');
    await stale.getByRole('button', { name: 'Guardar cambios' }).click();
    await notice(second).getByText('Propiedad actualizada').waitFor();
    expect(await Property.query().findById(property.id)).toMatchObject({
      name: 'Torre Coral Norte',
      description: 'Frente al parque, con vista al mar desde el piso 12.',
      version: 3,
    });
  } finally {
    await other.close();
  }
});

test('system settings: a change made elsewhere while typing is reported on save and merged by reload', async ({ page }) => {
  const organization = await createOrganization();
  const [ana, luis] = await Promise.all(['Ana', 'Luis'].map((name) => createUser({ role: 'Administrador', organizationId: organization.id, name })));
  await signInAs(page, ana, '/admin/system-settings');
  const general = page.getByRole('form', { name: 'General' });
  await general.getByLabel('Nombre de la aplicación').fill('Residencial Las Palmas');

  // Luis changes the contact phone from another browser.
  const other = await apiSessionAs(page, luis);
  try {
    const { version } = await (await other.request.get('/api/settings')).json();
    expect((await other.request.put('/api/settings', { data: { contactPhone: '809-555-0177', version } })).ok()).toBe(true);
  } finally {
    await other.close();
  }

  await general.getByRole('button', { name: 'Guardar cambios' }).click();
  await general.getByTestId('edit-conflict').getByRole('button', { name: 'Recargar' }).click();
  await general.getByTestId('edit-conflict').getByText(/Se cargaron los cambios de la otra persona/).waitFor();
  expect(await general.getByLabel('Teléfono de contacto').inputValue()).toBe('809-555-0177');
  expect(await general.getByLabel('Nombre de la aplicación').inputValue()).toBe('Residencial Las Palmas');
  await general.getByRole('button', { name: 'Guardar cambios' }).click();
  await notice(page).getByText('Cambios guardados').waitFor();
  expect(await Organization.query().findById(organization.id)).toMatchObject({ contactPhone: '809-555-0177', settings: { appName: 'Residencial Las Palmas' }, version: 3 });
});
