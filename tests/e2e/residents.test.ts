import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { db } from '../../server/db';
import { Resident, User } from '../../server/models';
import type { Property } from '../../server/models';
import { createProperty, createResident, createUnit, createUser, unique } from '../support/factories';
import { PHONE, notice, signInAs, useBrowser } from './support/browser';
import { apiSessionAs, liveConnected, requestsSent, signInLive } from './support/pages';

const { test } = useBrowser();

const rows = (page: Page) => page.getByTestId('resident-row');
const row = (page: Page, name: string) => rows(page).filter({ has: page.getByTestId('resident-name').getByText(name, { exact: true }) });

/** Opens the Actions menu of a resident's row and picks an action. */
async function act(page: Page, name: string, action: string) {
  await row(page, name).getByRole('button', { name: `Acciones de ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).or(page.getByRole('button', { name: action, exact: true })).first().click();
}

/** An organization with two properties: 12 residents in the first (two inactive, one temporary), 3 in the second. */
async function directory() {
  const admin = await createUser({ role: 'Administrador', name: 'Pedro', lastName: 'Sosa' });
  const torreA: Property = await createProperty({ organizationId: admin.organizationId, name: unique('Torre A') });
  const torreB: Property = await createProperty({ organizationId: admin.organizationId, name: unique('Torre B') });
  const people: Record<string, Awaited<ReturnType<typeof createResident>>> = {};
  const add = async (property: Property, name: string, lastName: string, unitNumber: string, status: 'active' | 'inactive' | 'temporary' = 'active') => {
    const unit = await createUnit({ propertyId: property.id, unitNumber });
    const created = await createResident({ property, unit, user: { name, lastName, phone: '809-555-0000' } });
    if (status !== 'active') await Resident.query().patchAndFetchById(created.resident.id, { status });
    people[`${name} ${lastName}`] = created;
  };
  const names = ['Ana', 'Bruno', 'Carla', 'Diego', 'Elena', 'Fabio', 'Gina', 'Hugo', 'Irene', 'Jorge'];
  for (const [i, name] of names.entries()) await add(torreA, name, 'Alba', `A${i + 1}`);
  await add(torreA, 'Kevin', 'Alba', 'A11', 'inactive');
  await add(torreA, 'Laura', 'Alba', 'A12', 'inactive');
  await add(torreB, 'Zuleica', 'Ñáñez', 'B1', 'temporary');
  await add(torreB, 'Mateo', 'Brito', 'B2');
  await add(torreB, 'Nora', 'Brito', 'B3');
  return { admin, torreA, torreB, people };
}

test('finds residents by search, filters by status and property, pages and exports the filtered CSV', async ({ page }) => {
  const { admin, torreB } = await directory();
  await signInAs(page, admin, '/residents');
  await page.getByRole('heading', { name: 'Residentes', level: 1 }).waitFor();
  await page.getByText('Mostrando 1–10 de 15').waitFor();
  expect(await rows(page).count()).toBe(10);
  const headers = await page.getByTestId('residents-table').locator('thead th').allTextContents();
  expect(headers).toEqual(['Residente', 'Unidad', 'Estado', 'Fecha de ingreso', 'Acciones']);
  const first = row(page, 'Ana Alba');
  expect(await first.textContent()).toContain('A1');
  expect(await first.getByTestId('resident-status').textContent()).toBe('Activo');
  expect(await first.getByRole('img', { name: 'Ana Alba' }).textContent()).toBe('AA');

  await page.getByRole('navigation', { name: 'Páginas de residentes' }).getByRole('button', { name: '2' }).click();
  await page.getByText('Mostrando 11–15 de 15').waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="resident-row"]').length === 5);
  expect(new URL(page.url()).searchParams.get('page')).toBe('2');

  // Search without minding case or accents (server ?q=), back on page 1.
  await page.getByRole('searchbox', { name: 'Buscar residentes' }).fill('ZULEICA nanez');
  await page.getByText('Mostrando 1–1 de 1').waitFor();
  await row(page, 'Zuleica Ñáñez').getByText('Temporal').waitFor();
  expect(new URL(page.url()).searchParams.get('page')).toBeNull();
  await page.getByRole('searchbox', { name: 'Buscar residentes' }).fill('');
  await page.getByText('Mostrando 1–10 de 15').waitFor();

  // The filter: status, then property too.
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await page.getByLabel('Estado').selectOption('inactive');
  await page.getByText('Mostrando 1–2 de 2').waitFor();
  await row(page, 'Kevin Alba').getByText('Inactivo').waitFor();
  await page.getByLabel('Estado').selectOption('');
  await page.getByLabel('Propiedad').selectOption(String(torreB.id));
  await page.getByText('Mostrando 1–3 de 3').waitFor();
  expect(new URL(page.url()).searchParams.get('propertyId')).toBe(String(torreB.id));
  expect(await page.getByRole('button', { name: /Filtrar/ }).textContent()).toContain('1');

  // Export CSV: the filtered rows only (Spanish headers).
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^residentes-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = fs.readFileSync((await file.path())!, 'utf8').replace(/^\uFEFF/, '').trim().split('\n');
  expect(lines[0]).toBe('Nombre,Apellido,Correo electrónico,Teléfono,Propiedad,Unidad,Estado,Fecha de ingreso');
  expect(lines).toHaveLength(4);
  expect(lines.slice(1).map((line) => line.split(',').slice(0, 2).join(' ')).sort()).toEqual(['Mateo Brito', 'Nora Brito', 'Zuleica Ñáñez']);
  expect(lines.every((line, i) => i === 0 || line.includes(torreB.name))).toBe(true);

  await page.getByRole('button', { name: 'Quitar filtros' }).click();
  await page.getByText('Mostrando 1–10 de 15').waitFor();

  // Two filters changed before the page renders again (a fast hand, a slow phone): both hold.
  await page.evaluate((propertyId) => {
    const pick = (label: string, value: string) => {
      const select = [...document.querySelectorAll('label')].find((l) => l.textContent === label)!.control as HTMLSelectElement;
      select.value = value;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    };
    pick('Estado', 'temporary');
    pick('Propiedad', propertyId);
  }, String(torreB.id));
  await page.getByText('Mostrando 1–1 de 1').waitFor();
  expect(Object.fromEntries(new URL(page.url()).searchParams)).toMatchObject({ status: 'temporary', propertyId: String(torreB.id) });
});

test('views a profile, edits the details, sends a message and deactivates a resident', async ({ page }) => {
  const { admin, torreA, people } = await directory();
  const diego = people['Diego Alba'];
  await signInAs(page, admin, '/residents?q=diego');
  await row(page, 'Diego Alba').waitFor();

  // View Profile: GET /api/residents/:id.
  await act(page, 'Diego Alba', 'Ver perfil');
  const profile = page.getByRole('dialog', { name: 'Perfil del residente' });
  await profile.getByTestId('resident-profile').getByText(diego.user.username).first().waitFor();
  expect(await profile.textContent()).toContain('809-555-0000');
  expect(await profile.textContent()).toContain(torreA.name);
  await profile.getByRole('button', { name: 'Cerrar' }).last().click();
  await profile.waitFor({ state: 'detached' });

  // Edit Details.
  await act(page, 'Diego Alba', 'Editar datos');
  const edit = page.getByRole('dialog', { name: 'Editar datos del residente' });
  await edit.getByLabel('Nombre').fill('Diego Armando');
  await edit.getByLabel('Teléfono').fill('829-000-1111');
  await edit.getByLabel('Unidad').fill('A4-bis');
  await edit.getByRole('button', { name: 'Guardar cambios' }).click();
  // A unit the property does not have: created once confirmed.
  await edit.getByTestId('unit-confirmation').getByRole('button', { name: 'Crear la unidad A4-bis y guardar' }).click();
  await notice(page).getByText('Residente actualizado').waitFor();
  await row(page, 'Diego Armando Alba').getByText('A4-bis').waitFor();
  expect(await User.query().findById(diego.user.id)).toMatchObject({ name: 'Diego Armando', phone: '829-000-1111' });

  // Send Message: the spec fields are required; the notice goes to that resident's user only.
  await act(page, 'Diego Armando Alba', 'Enviar mensaje');
  const message = page.getByRole('dialog', { name: 'Enviar mensaje a Diego Armando Alba' });
  await message.getByRole('button', { name: 'Enviar' }).click();
  await message.getByText('El título es requerido').waitFor();
  await message.getByText('El mensaje es requerido').waitFor();
  await message.getByLabel('Título').fill('Pago pendiente');
  await message.getByLabel('Mensaje', { exact: true }).fill('Recuerde pasar por la administración antes del viernes.');
  await message.getByRole('button', { name: 'Enviar' }).click();
  await notice(page).getByText('Mensaje enviado').waitFor();
  await message.waitFor({ state: 'detached' });
  const [sent] = await db()('events').where({ type: 'notice.sent', subjectId: diego.resident.id });
  expect(sent).toMatchObject({ audience: 'user', userId: diego.user.id, actorId: admin.id });
  expect(sent.payload).toMatchObject({ title: 'Pago pendiente', message: 'Recuerde pasar por la administración antes del viernes.', senderName: 'Pedro Sosa' });

  // Deactivate, after confirming.
  await act(page, 'Diego Armando Alba', 'Desactivar');
  const confirm = page.getByRole('dialog', { name: '¿Desactivar residente?' });
  const posts = requestsSent(page, 'POST');
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await confirm.waitFor({ state: 'detached' });
  expect((await Resident.query().findById(diego.resident.id))?.status).toBe('active');
  await act(page, 'Diego Armando Alba', 'Desactivar');
  await confirm.getByRole('button', { name: 'Desactivar' }).click();
  await notice(page).getByText('Residente desactivado').waitFor();
  // Cancel sent nothing: the one deactivation is the confirmed one.
  expect(posts.filter((path) => path.endsWith('/deactivate'))).toEqual([`/api/properties/${diego.resident.propertyId}/residents/${diego.resident.id}/deactivate`]);
  await row(page, 'Diego Armando Alba').getByText('Inactivo').waitFor();
  expect((await Resident.query().findById(diego.resident.id))?.status).toBe('inactive');
});

test('adds a resident from the directory (choose the property) and shows the temporary password once', async ({ page }) => {
  const { admin, torreB, people } = await directory();
  const email = `${unique('rosa')}@correo.do`;
  await signInAs(page, admin, '/residents');
  await page.getByText('Mostrando 1–10 de 15').waitFor();
  await page.getByRole('button', { name: 'Agregar residente' }).click();
  const form = page.getByRole('dialog', { name: 'Agregar residente' });
  await form.getByRole('button', { name: 'Agregar residente' }).click();
  await form.locator('.invalid-feedback', { hasText: 'Seleccione una propiedad' }).waitFor();
  await form.getByText('El nombre es requerido').waitFor();

  await form.getByLabel('Propiedad').selectOption(String(torreB.id));
  await form.getByLabel('Nombre').fill('Rosa');
  await form.getByLabel('Apellido').fill('Tejada');
  await form.getByLabel('Correo electrónico').fill(email);
  // An existing unit, typed in any case.
  await form.getByLabel('Unidad').fill('b2');
  await form.getByRole('button', { name: 'Agregar residente' }).click();
  await notice(page).getByText('Residente agregado').waitFor();
  const created = page.getByRole('dialog', { name: 'Residente agregado' });
  expect((await created.getByLabel('Contraseña temporal').inputValue()).length).toBeGreaterThanOrEqual(8);
  await created.getByRole('button', { name: 'Listo' }).click();
  await created.waitFor({ state: 'detached' });
  await page.getByText('Mostrando 1–10 de 16').waitFor();

  const user = await User.query().findOne({ username: email });
  const residence = await Resident.query().findOne({ userId: user!.id });
  expect(residence).toMatchObject({ propertyId: torreB.id, status: 'active', unitId: people['Mateo Brito'].unit.id });

  // The same email again: the server's message on the field.
  await page.getByRole('button', { name: 'Agregar residente' }).click();
  await form.getByLabel('Propiedad').selectOption(String(torreB.id));
  await form.getByLabel('Nombre').fill('Rosa');
  await form.getByLabel('Apellido').fill('Tejada');
  await form.getByLabel('Correo electrónico').fill(email);
  await form.getByLabel('Unidad').fill('B9');
  await form.getByRole('button', { name: 'Agregar residente' }).click();
  await form.getByText('Este usuario ya es residente de esta propiedad').waitFor();
  await notice(page).getByText('Error', { exact: true }).waitFor();
});

test('on a phone: cards with the actions menu; live changes by another administrator', async ({ page }) => {
  const { admin, torreA } = await directory();
  const connected = liveConnected(page);
  await signInAs(page, admin, '/residents');
  await page.getByTestId('residents-list').waitFor();
  expect(await page.getByTestId('residents-table').count()).toBe(0);
  await act(page, 'Ana Alba', 'Ver perfil');
  await page.getByRole('dialog', { name: 'Perfil del residente' }).getByTestId('resident-profile').waitFor();
  await page.keyboard.press('Escape');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);

  await connected;
  const otherAdmin = await createUser({ role: 'Administrador', organizationId: admin.organizationId });
  const other = await apiSessionAs(page, otherAdmin);
  const created = await other.request.post(`/api/properties/${torreA.id}/residents`, {
    data: { name: 'Abel', lastName: 'Aaron', username: `${unique('abel')}@correo.do`, unit: 'A0', createUnit: true },
  });
  expect(created.status()).toBe(201);
  await other.close();
  await row(page, 'Abel Aaron').waitFor({ timeout: 15_000 });
  await page.getByText('Mostrando 1–10 de 16').waitFor();
}, { viewport: PHONE });

test('a Residente sees their neighbours without contact data and no administration actions', async ({ page }) => {
  const { people } = await directory();
  const ana = people['Ana Alba'];
  await signInAs(page, ana.user, '/residents');
  // The active neighbours of their property only (not former ones, not the other property's).
  await page.getByText('Mostrando 1–10 de 10').waitFor();
  expect(await page.getByRole('button', { name: 'Agregar residente' }).count()).toBe(0);
  expect(await row(page, 'Bruno Alba').textContent()).not.toContain('@');
  await row(page, 'Bruno Alba').getByRole('button', { name: 'Acciones de Bruno Alba' }).click();
  await page.getByRole('button', { name: 'Ver perfil' }).waitFor();
  expect(await page.getByRole('button', { name: /Editar datos|Enviar mensaje|Desactivar/ }).count()).toBe(0);
});

test('a supplier opening the directory is sent to the dashboard with a notice, without an error', async ({ page }) => {
  const supplier = await createUser({ role: 'Suplidor', name: 'Marcos' });
  await signInAs(page, supplier, '/residents');
  await page.getByRole('heading', { name: 'Hola, Marcos' }).waitFor();
  await notice(page).getByText('No tiene acceso a esa página').waitFor();
  expect(await page.getByText('No se pudieron cargar los residentes').count()).toBe(0);
});

test('a message from the administration reaches the resident at once and stays in their activity', async ({ page }) => {
  const property = await createProperty({ name: 'Torre Mensajes' });
  const admin = await createUser({ role: 'Administrador', organizationId: property.organizationId });
  const { user, resident } = await createResident({ property, user: { name: 'Inés', lastName: 'Lugo' } });

  await signInLive(page, user, '/');
  await page.getByRole('heading', { name: 'Hola, Inés' }).waitFor();

  const office = await apiSessionAs(page, admin);
  const sent = await office.request.post(`/api/residents/${resident.id}/messages`, {
    data: { title: 'Entrega de paquete', message: 'Tiene un paquete en la recepción del lobby.' },
  });
  expect(sent.status()).toBe(201);
  await office.close();

  await notice(page).getByText('Entrega de paquete').waitFor();
  await notice(page).getByText('Tiene un paquete en la recepción del lobby.').waitFor();
  await page.getByTestId('activity-message').getByText('Tiene un paquete en la recepción del lobby.').waitFor();
});
