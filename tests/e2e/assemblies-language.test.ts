import { addDays } from 'date-fns';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import es from '../../client/src/locales/es/assemblies.json';
import { createOrganization, createProperty, createUnit, createUser } from '../support/factories';
import { expectSpanish } from './support/accessibility';
import { PHONE, notice, signInAs, useBrowser } from './support/browser';
import { apiSessionAs, openAs } from './support/pages';

const { test } = useBrowser();

/** A translation key shown as is (`agenda.add`, `assemblies:quorum.title`): the namespace's own top-level keys followed by a dot. */
const RAW_KEY = new RegExp(`(?<![\\w@/.-])(?:assemblies:)?(?:${Object.keys(es).join('|')})\\.[A-Za-z_]+`);
const rawKeysOn = async (page: Page) => {
  const text = await page.evaluate(() => [document.title, document.body.innerText, ...Array.from(document.querySelectorAll('[aria-label]'), (el) => el.getAttribute('aria-label') ?? '')].join('\n'));
  return text.split('\n').filter((line) => RAW_KEY.test(line));
};

test('the notice days are an organization setting the convene warning follows; the screens speak Spanish and English with no raw keys', async ({ page, context, url }) => {
  const organization = await createOrganization();
  const admin = await createUser({ role: 'Administrador', organizationId: organization.id, name: 'María' });
  const property = await createProperty({ organizationId: organization.id, name: 'Torre Idiomas' });
  const owner = await createUser({ role: 'Propietario', organizationId: organization.id, name: 'John', lastName: 'Smith', language: 'en' });
  await createUnit({ propertyId: property.id, unitNumber: '101', share: 60, ownerId: owner.id });
  await createUnit({ propertyId: property.id, unitNumber: '102', share: 40 });

  await signInAs(page, admin, '/assemblies');
  const api = await apiSessionAs(page, admin);
  const created = await api.request.post('/api/assemblies', {
    data: {
      propertyId: property.id,
      kind: 'ordinary',
      title: 'Asamblea ordinaria 2027',
      firstCallAt: addDays(new Date(), 10).toISOString(),
      place: 'Salón de eventos',
      items: [
        { title: 'Informe de la administración', kind: 'informative' },
        { title: 'Presupuesto 2027', kind: 'vote', majority: 'absolute' },
        { title: 'Elección del administrador', kind: 'vote', secret: true },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  // Ten days ahead is enough under the default 8: no warning.
  await page.goto(`/assemblies/${id}`);
  await page.getByRole('heading', { name: 'Asamblea ordinaria 2027', level: 1 }).waitFor();
  // A draft's agenda is its editor: the items are the values of its fields.
  await page.waitForFunction(() => Array.from(document.querySelectorAll('input')).some((input) => input.value === 'Presupuesto 2027'));
  expect(await page.getByText(/menos de \d+ días de antelación/).count()).toBe(0);
  await expectSpanish(page, '/assemblies/:id');
  expect(await rawKeysOn(page)).toEqual([]);

  // System settings, Asambleas: a bad number is refused with its field error; 15 is saved.
  await page.goto('/admin/system-settings?tab=assemblies');
  const form = page.getByRole('form', { name: 'Convocatoria de asambleas' });
  const days = form.getByLabel('Antelación mínima (días)');
  expect(await days.inputValue()).toBe('8');
  await days.fill('0');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await form.getByText('Debe ser un número entero de días entre 1 y 90').waitFor();
  await days.fill('15');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await notice(page).getByText('Antelación guardada').waitFor();
  await expectSpanish(page, '/admin/system-settings?tab=assemblies');

  // Now ten days is short notice: the detail and the convene dialog warn in the setting's terms.
  await page.goto(`/assemblies/${id}`);
  await page.getByText('La convocatoria sale con menos de 15 días de antelación').first().waitFor();
  await page.getByRole('button', { name: 'Convocar' }).click();
  const convene = page.getByRole('dialog', { name: '¿Convocar la asamblea?' });
  await convene.getByTestId('notice-warning').getByText('menos de 15 días').waitFor();
  await convene.getByRole('button', { name: 'Convocar' }).click();
  await page.getByTestId('assembly-status').filter({ hasText: 'Convocada' }).waitFor();
  for (const path of ['/assemblies', `/assemblies/${id}`, `/assemblies/${id}/sala`]) {
    await page.goto(path);
    await page.getByText('Asamblea ordinaria 2027').first().waitFor();
    await expectSpanish(page, path);
    expect(await rawKeysOn(page), path).toEqual([]);
  }

  // An owner who chose English reads the list and the assembly in English, on a phone.
  const phone = await openAs(context.browser()!, url(''), owner, '/assemblies', PHONE);
  try {
    await phone.page.getByRole('heading', { name: 'Assemblies', level: 1 }).waitFor();
    await phone.page.getByText('Asamblea ordinaria 2027').filter({ visible: true }).first().waitFor();
    expect(await rawKeysOn(phone.page)).toEqual([]);
    await phone.page.goto(`/assemblies/${id}`);
    await phone.page.getByRole('heading', { name: 'Asamblea ordinaria 2027', level: 1 }).waitFor();
    await phone.page.getByText('Notice (PDF)').waitFor();
    await phone.page.getByText('Add to calendar').waitFor();
    expect(await rawKeysOn(phone.page)).toEqual([]);
  } finally {
    await phone.context.close();
  }
});
