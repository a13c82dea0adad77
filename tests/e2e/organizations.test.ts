import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { Organization } from '../../server/models';
import { createOrganization, createUser, unique } from '../support/factories';
import { PHONE, notice, signInAs, useBrowser } from './support/browser';
import { requestsSent } from './support/pages';

const { test } = useBrowser();

const rowOf = (page: Page, name: string) => page.getByTestId('organization-row').filter({ has: page.getByRole('rowheader', { name }) });
/** The cells after the name: type, status, parent, domain, colours, actions. */
const cellsOf = async (page: Page, name: string) => (await rowOf(page, name).getByRole('cell').allTextContents()).map((text) => text.trim());

test('a master administrator creates, edits and deletes client organizations, with validation and the server’s refusals', async ({ page }) => {
  const master = await createOrganization({ type: 'master', name: unique('Gestora Caribe') });
  const populated = await createOrganization({ parentId: master.id, name: unique('Torre Poblada') });
  await createUser({ organizationId: populated.id });
  const takenDomain = `${unique('tomado')}.vecindad.test`;
  await createOrganization({ domain: takenDomain });
  const admin = await createUser({ role: 'Administrador', organizationId: master.id });

  await signInAs(page, admin, '/admin/organizations');
  await page.getByRole('heading', { name: 'Organizaciones', level: 1 }).waitFor();
  await page.getByText('Lista de sus organizaciones.').waitFor();
  expect(await cellsOf(page, populated.name)).toEqual(['Cliente', 'Activa', master.name, '—', '', '']);
  expect((await cellsOf(page, master.name)).slice(0, 4)).toEqual(['Maestra', 'Activa', '—', '—']);
  // Its own organization cannot be deleted (it has its administrator), only edited.
  expect(await page.getByRole('button', { name: `Eliminar ${master.name}` }).count()).toBe(0);

  // Create: the form's own validation first, nothing sent.
  await page.getByRole('button', { name: 'Agregar organización' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva organización' });
  await dialog.waitFor();
  expect((await dialog.locator('.modal-dialog').boundingBox())?.width).toBe(550);
  let posts = 0;
  page.on('request', (request) => request.method() === 'POST' && request.url().endsWith('/api/organizations') && posts++);
  await dialog.getByLabel('Nombre', { exact: true }).fill('A');
  await dialog.getByLabel('Color primario', { exact: true }).fill('azul');
  await dialog.getByLabel('Máximo de usuarios').fill('-2');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await dialog.getByText('El nombre debe tener al menos 2 caracteres').waitFor();
  await dialog.getByText('Color inválido (use #RRGGBB)').waitFor();
  await dialog.getByText('Debe ser mayor o igual a 0').waitFor();
  expect(posts).toBe(0);

  const name = unique('Residencial Los Robles');
  const domain = `${unique('robles')}.vecindad.test`;
  await dialog.getByLabel('Nombre', { exact: true }).fill(name);
  expect(await dialog.getByLabel('Tipo').inputValue()).toBe('client');
  expect(await dialog.getByLabel('Estado').inputValue()).toBe('active');
  await dialog.getByLabel('Organización principal').selectOption({ label: populated.name });
  await dialog.getByLabel('Organización principal').selectOption({ label: master.name });
  await dialog.getByLabel('Dominio').fill(domain);
  await dialog.getByLabel('Color primario', { exact: true }).fill('#0F766E');
  await dialog.getByLabel('Dirección').fill('Av. Sarasota 45, Santo Domingo');
  await dialog.getByLabel('Plan de suscripción').fill('Profesional');
  await dialog.getByLabel('Máximo de usuarios').fill('50');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await notice(page).getByText('Organización creada').waitFor();
  await dialog.waitFor({ state: 'detached' });
  expect((await cellsOf(page, name)).slice(0, 4)).toEqual(['Cliente', 'Activa', master.name, domain]);
  const created = await Organization.query().findOne({ name });
  expect(created).toMatchObject({
    parentId: master.id,
    domain,
    primaryColor: '#0f766e',
    secondaryColor: '#db2777',
    accentColor: null,
    address: 'Av. Sarasota 45, Santo Domingo',
    subscriptionPlan: 'Profesional',
    maxUsers: 50,
    maxProperties: null,
  });

  // Edit: the organization is not among its own parents; server field errors show beside the field.
  await page.getByRole('button', { name: `Editar ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Editar organización' });
  await edit.waitFor();
  const parents = await edit.getByLabel('Organización principal').locator('option').allTextContents();
  expect(parents).toEqual(expect.arrayContaining(['Sin organización principal', master.name, populated.name]));
  expect(parents).not.toContain(name);
  expect(await edit.getByLabel('Organización principal').inputValue()).toBe(String(master.id));
  expect(await edit.getByLabel('Máximo de usuarios').inputValue()).toBe('50');
  expect(await edit.getByLabel('Dirección').count()).toBe(0);
  await edit.getByLabel('Dominio').fill(takenDomain);
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await edit.getByText('Ya existe una organización con este dominio').waitFor();
  await notice(page).getByText('Error al actualizar la organización').waitFor();

  const renamed = `${name} Renombrado`;
  await edit.getByLabel('Nombre', { exact: true }).fill(renamed);
  await edit.getByLabel('Estado').selectOption('suspended');
  await edit.getByLabel('Dominio').fill('');
  await edit.getByLabel('Correo de contacto').fill('Admin@Robles.DO');
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await notice(page).getByText('Organización actualizada').waitFor();
  await edit.waitFor({ state: 'detached' });
  expect((await cellsOf(page, renamed)).slice(0, 4)).toEqual(['Cliente', 'Suspendida', master.name, '—']);
  expect(await rowOf(page, renamed).locator('.badge.bg-danger').textContent()).toBe('Suspendida');
  expect(await Organization.query().findById(created!.id)).toMatchObject({
    name: renamed,
    status: 'suspended',
    domain: null,
    contactEmail: 'admin@robles.do',
    address: 'Av. Sarasota 45, Santo Domingo', // not on the edit form: kept
  });

  // Delete: refused while the organization has users, with the server's Spanish sentence.
  await page.getByRole('button', { name: `Eliminar ${populated.name}` }).click();
  const confirm = page.getByRole('dialog', { name: '¿Eliminar organización?' });
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await notice(page).getByText('No se pudo eliminar la organización').waitFor();
  await notice(page).getByText('No se puede eliminar la organización: tiene usuarios').waitFor();
  await confirm.waitFor({ state: 'detached' });
  expect(await Organization.query().findById(populated.id)).toBeDefined();
  await rowOf(page, populated.name).waitFor();

  // Cancel keeps it (it sends nothing: the one deletion is the confirmed one); confirming deletes the empty one.
  await page.getByRole('button', { name: `Eliminar ${renamed}` }).click();
  const deletes = requestsSent(page, 'DELETE');
  await page.getByRole('dialog', { name: '¿Eliminar organización?' }).getByRole('button', { name: 'Cancelar' }).click();
  expect(await Organization.query().findById(created!.id)).toBeDefined();
  await page.getByRole('button', { name: `Eliminar ${renamed}` }).click();
  await page.getByRole('dialog', { name: '¿Eliminar organización?' }).getByRole('button', { name: 'Eliminar' }).click();
  await notice(page).getByText('Organización eliminada').waitFor();
  expect(deletes).toEqual([`/api/organizations/${created!.id}`]);
  await rowOf(page, renamed).waitFor({ state: 'detached' });
  expect(await Organization.query().findById(created!.id)).toBeUndefined();
});

test('a super-admin searches and pages every organization and creates a top-level master one', async ({ page }) => {
  const superAdmin = await createUser({ role: 'Administrador', isSuperAdmin: true });
  const tag = unique('Grupo').toLowerCase();
  for (let n = 1; n <= 11; n++) await createOrganization({ name: `${tag} ${String(n).padStart(2, '0')}` });

  await signInAs(page, superAdmin, '/admin/organizations');
  await page.getByTestId('organizations-table').waitFor();
  await page.getByLabel('Buscar organizaciones').fill(tag);
  await page.getByText('1–10 de 11').waitFor();
  expect(await page.getByTestId('organization-row').count()).toBe(10);
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByText('11–11 de 11').waitFor();
  // The first page stays on screen until the second arrives.
  await expect.poll(() => page.getByTestId('organization-row').allTextContents()).toEqual([expect.stringContaining(`${tag} 11`)]);

  await page.getByLabel('Buscar organizaciones').fill(`${tag} ninguna`);
  await page.getByText(`Ninguna organización coincide con «${tag} ninguna».`).waitFor();

  await page.getByRole('button', { name: 'Agregar organización' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva organización' });
  const name = `${tag} Gestora`;
  await dialog.getByLabel('Nombre', { exact: true }).fill(name);
  await dialog.getByLabel('Tipo').selectOption('master');
  expect(await dialog.getByLabel('Organización principal').inputValue()).toBe('no-parent');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await notice(page).getByText('Organización creada').waitFor();
  expect(await Organization.query().findOne({ name })).toMatchObject({ type: 'master', parentId: null, status: 'active' });
  await page.getByLabel('Buscar organizaciones').fill(name);
  await rowOf(page, name).waitFor();
  expect((await cellsOf(page, name)).slice(0, 4)).toEqual(['Maestra', 'Activa', '—', '—']);
});

test('the administrator of a client organization sees their own organization read-only, on a phone', async ({ page }) => {
  const master = await createOrganization({ type: 'master', name: unique('Gestora') });
  const own = await createOrganization({ parentId: master.id, name: unique('Condominio') });
  const admin = await createUser({ role: 'Administrador', organizationId: own.id });
  await signInAs(page, admin, '/admin/organizations');
  await rowOf(page, own.name).waitFor();
  await page.getByText('Solo los administradores de una organización maestra', { exact: false }).waitFor();
  expect(await page.getByTestId('organization-row').count()).toBe(1);
  expect(await page.getByRole('button', { name: 'Agregar organización' }).count()).toBe(0);
  expect(await page.getByRole('columnheader', { name: 'Acciones' }).count()).toBe(0);
  expect(await page.getByText(master.name).count()).toBe(0); // its parent is out of reach: a dash
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}, { viewport: PHONE });

test('shows an error card with Try Again when the list cannot load', async ({ page }) => {
  const admin = await createUser({ role: 'Administrador', organizationId: (await createOrganization({ type: 'master' })).id });
  let fail = true;
  // No live connection: connecting refetches everything, which could replace the card under the test.
  await page.routeWebSocket(/\/socket\.io\//, (socket) => socket.close());
  await page.route('**/socket.io/**', (route) => route.abort());
  await page.route('**/api/organizations**', (route) =>
    fail ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"internal","message":"Fallo"}' }) : route.continue(),
  );
  await signInAs(page, admin, '/admin/organizations');
  const card = page.getByRole('alert').filter({ hasText: 'Error al cargar organizaciones' });
  await card.waitFor();
  await card.getByText('No se pudieron cargar las organizaciones. Por favor, inténtelo de nuevo.').waitFor();
  fail = false;
  await card.getByRole('button', { name: 'Intentar de nuevo' }).click();
  await page.getByTestId('organizations-table').waitFor();
  await page.getByRole('button', { name: 'Agregar organización' }).waitFor();
});
