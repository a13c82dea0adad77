import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { db } from '../../server/db';
import { Amenity, Property, Resident, Unit, User } from '../../server/models';
import { findCountry } from '../../shared/catalog/countries';
import { PASSWORD, createCharge, createProperty, createResident, createUnit, createUser, unique } from '../support/factories';
import { PHONE, notice, signInAs, useBrowser } from './support/browser';
import { apiSessionAs, liveConnected, requestsSent } from './support/pages';

const { test } = useBrowser();

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const card = (page: Page, name: string) => page.getByTestId('property-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
const manageDialog = (page: Page, name: string) => page.getByRole('dialog', { name: `Gestionar ${name}` });

/** Whether this password signs the user in (a context of its own, so the page keeps its session). */
async function signsIn(page: Page, username: string, password: string) {
  const other = await page.context().browser()!.newContext({ baseURL: new URL(page.url()).origin });
  const response = await other.request.post('/api/login', { data: { username, password } });
  await other.close();
  return response.ok();
}

test('an administrator adds a property (country then city, photo), edits it and deletes it', async ({ page }) => {
  const admin = await createUser({ role: 'Administrador' });
  const name = unique('Residencial Las Palmas');
  await signInAs(page, admin, '/properties');
  await page.getByRole('heading', { name: 'Propiedades', level: 1 }).waitFor();
  await page.getByRole('navigation', { name: 'Secciones de propiedades' }).getByRole('link', { name: 'Mensajes' }).waitFor();
  await page.getByText('Aún no hay propiedades').waitFor();

  await page.getByRole('button', { name: 'Agregar propiedad' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Agregar propiedad' });
  const city = dialog.getByLabel('Ciudad');
  // Spec defaults; the city waits for a country; no typed number of units (it is counted).
  expect(await dialog.getByLabel('Unidades').count()).toBe(0);
  expect(await dialog.getByLabel('Tipo').inputValue()).toBe('apartment');
  expect(await dialog.getByLabel('Estado').inputValue()).toBe('vacant');
  expect(await city.isDisabled()).toBe(true);

  await dialog.getByLabel('Nombre').fill(name);
  await dialog.getByLabel('Dirección').fill('Av. Sarasota 45');
  await dialog.getByRole('button', { name: 'Agregar propiedad' }).click();
  await dialog.getByText('Este campo es requerido').first().waitFor();
  expect(await dialog.getByText('Este campo es requerido').count()).toBe(2); // country and city

  // Choosing a country selects its first city; another country resets to its own first city.
  await dialog.getByLabel('País').selectOption('ES');
  expect(await city.isDisabled()).toBe(false);
  expect(await city.inputValue()).toBe(findCountry('ES')!.cities[0].id);
  await dialog.getByLabel('País').selectOption('DO');
  expect(await city.inputValue()).toBe('DO-santo-domingo');
  await city.selectOption('DO-santiago');
  await dialog.getByLabel('Tipo').selectOption('mixed-use');
  await dialog.getByLabel('Descripción').fill('Torre con locales en la planta baja.');

  // A photo of another type is refused; a PNG is previewed.
  const photo = dialog.getByTestId('property-photo-input');
  await photo.setInputFiles({ name: 'plano.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
  await dialog.getByText('La imagen debe ser JPG, PNG, GIF o WebP').waitFor();
  await photo.setInputFiles({ name: 'fachada.png', mimeType: 'image/png', buffer: PNG });
  await dialog.getByTestId('property-photo-preview').locator('img').waitFor();
  await dialog.getByRole('button', { name: 'Agregar propiedad' }).click();

  await notice(page).getByText('Propiedad agregada').waitFor();
  await dialog.waitFor({ state: 'detached' });
  const stored = await Property.query().findOne({ organizationId: admin.organizationId, name });
  expect(stored).toMatchObject({ address: 'Av. Sarasota 45', country: 'DO', city: 'DO-santiago', type: 'mixed-use', status: 'vacant', imageType: 'image/png' });
  const added = card(page, name);
  expect(await added.getByTestId('property-units').textContent()).toBe('0 unidades');
  expect(await added.getByTestId('property-type').textContent()).toBe('Uso mixto');
  expect(await added.getByTestId('property-status').textContent()).toBe('Desocupada');
  expect(await added.textContent()).toContain('Santiago, República Dominicana');
  expect(await added.locator('img').getAttribute('src')).toMatch(new RegExp(`^/api/properties/${stored!.id}/image`));

  // Details: edit (the dialog closes on success).
  await added.getByRole('button', { name: `Gestionar ${name}` }).click();
  let manage = manageDialog(page, name);
  await manage.getByRole('tab', { name: 'Detalles', selected: true }).waitFor();
  await manage.getByLabel('Nombre').fill(`${name} II`);
  await manage.getByLabel('Estado').selectOption('occupied');
  await manage.getByRole('button', { name: 'Guardar cambios' }).click();
  await notice(page).getByText('Propiedad actualizada').waitFor();
  await manage.waitFor({ state: 'detached' });
  await card(page, `${name} II`).getByTestId('property-status').getByText('Ocupada').waitFor();

  // Delete, after confirming.
  await card(page, `${name} II`).getByRole('button', { name: `Gestionar ${name} II` }).click();
  manage = manageDialog(page, `${name} II`);
  await manage.getByRole('button', { name: 'Eliminar propiedad' }).click();
  const confirm = page.getByRole('dialog', { name: '¿Eliminar propiedad?' });
  const deletes = requestsSent(page, 'DELETE');
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await confirm.waitFor({ state: 'detached' });
  expect(await Property.query().findById(stored!.id)).toBeDefined();
  await manage.getByRole('button', { name: 'Eliminar propiedad' }).click();
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await notice(page).getByText('Propiedad eliminada').waitFor();
  // Cancel sent nothing: the one deletion is the confirmed one.
  expect(deletes).toEqual([`/api/properties/${stored!.id}`]);
  await manage.waitFor({ state: 'detached' });
  await page.getByText('Aún no hay propiedades').waitFor();
  expect(await Property.query().findById(stored!.id)).toBeUndefined();
});

test('refuses to delete a property with payments and says why', async ({ page }) => {
  const admin = await createUser({ role: 'Administrador' });
  const property = await createProperty({ organizationId: admin.organizationId });
  const { unit } = await createResident({ property });
  await createCharge({ unitId: unit.id, amount: 500_000 });

  await signInAs(page, admin, `/properties?manage=${property.id}`);
  const manage = manageDialog(page, property.name);
  await manage.getByRole('button', { name: 'Eliminar propiedad' }).click();
  const confirm = page.getByRole('dialog', { name: '¿Eliminar propiedad?' });
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await confirm.getByTestId('confirm-refusal').getByText('No se puede eliminar la propiedad: tiene cargos o pagos registrados').waitFor();
  await notice(page).getByText('Error', { exact: true }).waitFor();
  expect(await confirm.getByRole('button', { name: 'Eliminar' }).isDisabled()).toBe(true);
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  expect(await Property.query().findById(property.id)).toBeDefined();
});

test('a property counts its units, shows the occupied ones, and a new unit typed for a resident is confirmed first', async ({ page }) => {
  const admin = await createUser({ role: 'Administrador' });
  const property = await createProperty({ organizationId: admin.organizationId });
  const occupied = await createUnit({ propertyId: property.id, unitNumber: '1A' });
  await createUnit({ propertyId: property.id, unitNumber: '1B' });
  await createResident({ property, unit: occupied });
  await signInAs(page, admin, '/properties');
  await card(page, property.name).getByTestId('property-units').getByText('2 unidades').waitFor();

  await card(page, property.name).getByRole('button', { name: `Gestionar ${property.name}` }).click();
  const manage = manageDialog(page, property.name);
  await manage.getByRole('tab', { name: 'Unidades' }).click();
  await manage.getByTestId('unit-item').filter({ hasText: 'Unidad 1A' }).getByTestId('unit-status').getByText('Ocupada').waitFor();
  expect(await manage.getByTestId('unit-item').filter({ hasText: 'Unidad 1B' }).getByTestId('unit-status').textContent()).toBe('Disponible');

  // Add a resident in unit 1C, which the property does not have: asked, not created silently.
  await manage.getByRole('tab', { name: 'Residentes' }).click();
  await manage.getByRole('button', { name: 'Agregar residente' }).first().click();
  const form = page.getByRole('dialog', { name: 'Agregar residente' });
  const email = `${unique('lia')}@correo.do`;
  await form.getByLabel('Nombre').fill('Lía');
  await form.getByLabel('Apellido').fill('Mena');
  await form.getByLabel('Correo electrónico').fill(email);
  await form.getByLabel('Unidad').fill('1C');
  await form.getByRole('button', { name: 'Agregar residente' }).click();
  const question = form.getByTestId('unit-confirmation');
  await question.getByText('¿Crear la unidad 1C?').waitFor();
  expect(await Unit.query().findOne({ propertyId: property.id, unitNumber: '1C' })).toBeUndefined();
  expect(await User.query().findOne({ username: email })).toBeUndefined();

  // Correcting the number takes the question away; asking again brings it back.
  await question.getByRole('button', { name: 'Corregir el número' }).click();
  await question.waitFor({ state: 'detached' });
  expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('unit');
  await form.getByRole('button', { name: 'Agregar residente' }).click();
  await question.getByRole('button', { name: 'Crear la unidad 1C y guardar' }).click();
  await page.getByRole('dialog', { name: 'Residente agregado' }).getByRole('button', { name: 'Listo' }).click();
  const unit = await Unit.query().findOne({ propertyId: property.id, unitNumber: '1C' });
  expect(unit).toBeDefined();
  expect(await Resident.query().findOne({ unitId: unit!.id })).toBeDefined();

  await manage.getByRole('tab', { name: 'Unidades' }).click();
  await manage.getByTestId('unit-item').filter({ hasText: 'Unidad 1C' }).getByTestId('unit-status').getByText('Ocupada').waitFor();
  await page.keyboard.press('Escape');
  await card(page, property.name).getByTestId('property-units').getByText('3 unidades').waitFor();
});

test('units and amenities of a property: validation, duplicate number, money in centavos, edit and delete', async ({ page }) => {
  const admin = await createUser({ role: 'Administrador' });
  const property = await createProperty({ organizationId: admin.organizationId });
  await signInAs(page, admin, '/properties');
  await card(page, property.name).getByRole('button', { name: `Gestionar ${property.name}` }).click();
  const manage = manageDialog(page, property.name);

  await manage.getByRole('tab', { name: 'Unidades' }).click();
  await manage.getByText('Aún no hay unidades').waitFor();
  await manage.getByRole('button', { name: 'Agregar unidad' }).click();
  const unitDialog = page.getByRole('dialog', { name: 'Agregar unidad' });
  await unitDialog.getByLabel('Área (m²)').fill('0.5');
  await unitDialog.getByLabel('Renta mensual (RD$)').fill('-5');
  await unitDialog.getByRole('button', { name: 'Agregar unidad' }).click();
  await unitDialog.getByText('El número de unidad es requerido').waitFor();
  await unitDialog.getByText('El área debe ser al menos 1 metro cuadrado').waitFor();
  await unitDialog.getByText('Debe ser mayor o igual a 0').waitFor();
  expect(await unitDialog.getByLabel('Disponible').isChecked()).toBe(true);

  await unitDialog.getByLabel('Número de unidad').fill('101');
  await unitDialog.getByLabel('Piso').fill('1');
  await unitDialog.getByLabel('Área (m²)').fill('85.5');
  await unitDialog.getByLabel('Habitaciones').fill('2');
  await unitDialog.getByLabel('Baños').fill('1.5');
  await unitDialog.getByLabel('Renta mensual (RD$)').fill('35000.50');
  await unitDialog.getByRole('button', { name: 'Agregar unidad' }).click();
  await notice(page).getByText('Unidad agregada').waitFor();
  await unitDialog.waitFor({ state: 'detached' });
  const item = manage.getByTestId('unit-item').filter({ hasText: 'Unidad 101' });
  await item.waitFor();
  expect(await item.textContent()).toContain('RD$35,000.50 al mes');
  expect(await Unit.query().findOne({ propertyId: property.id, unitNumber: '101' })).toMatchObject({
    floor: 1, squareMeters: 85.5, bedrooms: 2, bathrooms: 1.5, monthlyRent: 3_500_050, isAvailable: true,
  });

  // The same number again: the server's message on the field.
  await manage.getByRole('button', { name: 'Agregar unidad' }).click();
  await unitDialog.getByLabel('Número de unidad').fill('101');
  await unitDialog.getByRole('button', { name: 'Agregar unidad' }).click();
  await unitDialog.getByText('Ya existe una unidad con este número en la propiedad').waitFor();
  expect(await unitDialog.getByLabel('Número de unidad').getAttribute('aria-invalid')).toBe('true');
  await unitDialog.getByLabel('Número de unidad').fill('102');
  await unitDialog.getByLabel('Disponible').uncheck();
  await unitDialog.getByRole('button', { name: 'Agregar unidad' }).click();
  await manage.getByTestId('unit-item').filter({ hasText: 'Unidad 102' }).getByText('No disponible').waitFor();

  // Edit and delete a unit.
  await manage.getByRole('button', { name: 'Editar unidad 102' }).click();
  const editUnit = page.getByRole('dialog', { name: 'Editar unidad 102' });
  await editUnit.getByLabel('Número de unidad').fill('103');
  await editUnit.getByRole('button', { name: 'Guardar cambios' }).click();
  await notice(page).getByText('Unidad actualizada').waitFor();
  await manage.getByRole('button', { name: 'Eliminar unidad 103' }).click();
  await page.getByRole('dialog', { name: '¿Eliminar unidad?' }).getByRole('button', { name: 'Eliminar' }).click();
  await notice(page).getByText('Unidad eliminada').waitFor();
  await manage.getByTestId('unit-item').filter({ hasText: 'Unidad 103' }).waitFor({ state: 'detached' });
  expect(await Unit.query().where({ propertyId: property.id }).resultSize()).toBe(1);

  // Amenities: type pool and bookable by default, empty capacity is 0, the rate in RD$.
  await manage.getByRole('tab', { name: 'Amenidades' }).click();
  await manage.getByText('Aún no hay amenidades').waitFor();
  await manage.getByRole('button', { name: 'Agregar amenidad' }).click();
  const amenityDialog = page.getByRole('dialog', { name: 'Agregar amenidad' });
  expect(await amenityDialog.getByLabel('Tipo').inputValue()).toBe('pool');
  expect(await amenityDialog.getByLabel('Se puede reservar').isChecked()).toBe(true);
  expect(await amenityDialog.getByLabel('Tipo').locator('option').allTextContents()).toContain('Cancha de baloncesto');
  await amenityDialog.getByLabel('Tarifa por hora (RD$)').fill('12.5');
  await amenityDialog.getByLabel('Hora de apertura').fill('20:00');
  await amenityDialog.getByLabel('Hora de cierre').fill('08:00');
  await amenityDialog.getByRole('button', { name: 'Agregar amenidad' }).click();
  await amenityDialog.getByText('El nombre es requerido').waitFor();
  await amenityDialog.getByText('Debe ser un número entero').waitFor();
  await amenityDialog.getByLabel('Nombre').fill('Piscina principal');
  await amenityDialog.getByLabel('Tarifa por hora (RD$)').fill('150');
  await amenityDialog.getByRole('button', { name: 'Agregar amenidad' }).click();
  await amenityDialog.getByText('La hora de cierre debe ser posterior a la de apertura').waitFor();

  await amenityDialog.getByLabel('Hora de apertura').fill('08:00');
  await amenityDialog.getByLabel('Hora de cierre').fill('20:00');
  await amenityDialog.getByRole('button', { name: 'Agregar amenidad' }).click();
  await notice(page).getByText('Amenidad agregada').waitFor();
  const amenityCard = manage.getByTestId('amenity-card').filter({ hasText: 'Piscina principal' });
  await amenityCard.waitFor();
  expect(await amenityCard.textContent()).toContain('RD$150.00 / hora');
  expect(await amenityCard.textContent()).toContain('08:00 – 20:00');
  expect(await Amenity.query().findOne({ propertyId: property.id })).toMatchObject({
    name: 'Piscina principal', type: 'pool', capacity: 0, hourlyRate: 15_000, isBookable: true,
  });

  await manage.getByRole('button', { name: 'Editar Piscina principal' }).click();
  const editAmenity = page.getByRole('dialog', { name: 'Editar amenidad' });
  expect(await editAmenity.getByLabel('Tarifa por hora (RD$)').inputValue()).toBe('150');
  await editAmenity.getByLabel('Tipo').selectOption('gym');
  await editAmenity.getByLabel('Nombre').fill('Gimnasio');
  await editAmenity.getByLabel('Capacidad (personas)').fill('12');
  await editAmenity.getByRole('button', { name: 'Guardar cambios' }).click();
  await notice(page).getByText('Amenidad actualizada').waitFor();
  await manage.getByTestId('amenity-card').filter({ hasText: 'Gimnasio' }).getByText('12 personas').waitFor();
  await manage.getByRole('button', { name: 'Eliminar Gimnasio' }).click();
  await page.getByRole('dialog', { name: '¿Eliminar amenidad?' }).getByRole('button', { name: 'Eliminar' }).click();
  await notice(page).getByText('Amenidad eliminada').waitFor();
  await manage.getByText('Aún no hay amenidades').waitFor();
});

test('residents of a property: the spec messages, the temporary password once, View users and password reset, edit, deactivate', async ({ page }) => {
  const admin = await createUser({ role: 'Administrador' });
  const property = await createProperty({ organizationId: admin.organizationId });
  const owner = await createUser({ role: 'Propietario', organizationId: admin.organizationId, name: 'Olga', lastName: 'Dueña' });
  await Property.query().patchAndFetchById(property.id, { ownerId: owner.id });
  for (const unitNumber of ['4B', '5C']) await createUnit({ propertyId: property.id, unitNumber });
  const email = `${unique('marta')}@correo.do`;

  await signInAs(page, admin, `/properties?manage=${property.id}&tab=residents`);
  const manage = manageDialog(page, property.name);
  await manage.getByText('Aún no hay residentes').waitFor();
  await manage.getByRole('button', { name: 'Agregar residente' }).click();
  const form = page.getByRole('dialog', { name: 'Agregar residente' });
  expect(await form.getByLabel('Estado').inputValue()).toBe('active');
  await form.getByLabel('Correo electrónico').fill('no-es-correo');
  await form.getByRole('button', { name: 'Agregar residente' }).click();
  await form.getByText('El nombre es requerido').waitFor();
  await form.getByText('El apellido es requerido').waitFor();
  await form.getByText('Debe ser un correo electrónico válido').waitFor();
  await form.getByText('El número de unidad es requerido').waitFor();

  await form.getByLabel('Nombre').fill('Marta');
  await form.getByLabel('Apellido').fill('Peña');
  await form.getByLabel('Correo electrónico').fill(email);
  await form.getByLabel('Teléfono').fill('809-555-0101');
  await form.getByLabel('Unidad').fill('4B');
  await form.getByLabel('Estado').selectOption('temporary');
  await form.getByRole('button', { name: 'Agregar residente' }).click();
  await notice(page).getByText('Residente agregado').waitFor();

  // The temporary password, once: copyable, and it signs the new resident in.
  const created = page.getByRole('dialog', { name: 'Residente agregado' });
  const password = await created.getByLabel('Contraseña temporal').inputValue();
  expect(password.length).toBeGreaterThanOrEqual(8);
  await created.getByRole('button', { name: 'Copiar' }).click();
  await created.getByRole('button', { name: 'Copiada' }).waitFor();
  expect(await signsIn(page, email, password)).toBe(true);
  await created.getByRole('button', { name: 'Listo' }).click();
  await created.waitFor({ state: 'detached' });
  expect(await page.getByTestId('temporary-password').count()).toBe(0);
  const row = manage.getByTestId('property-resident').filter({ hasText: 'Marta Peña' });
  await row.getByText('Temporal').waitFor();
  expect(await row.textContent()).toContain('Unidad 4B');
  const user = await User.query().findOne({ username: email });
  expect(user).toMatchObject({ role: 'Residente', organizationId: admin.organizationId, mustChangePassword: true, phone: '809-555-0101' });

  // View users: the residents and the owner, the role as a badge; reset -> confirm -> password -> close.
  await manage.getByRole('button', { name: 'Ver usuarios' }).click();
  const users = page.getByRole('dialog', { name: `Usuarios de ${property.name}` });
  const userRow = users.getByTestId('property-user').filter({ hasText: email });
  await userRow.waitFor();
  expect(await userRow.locator('td').allTextContents()).toEqual([String(user!.id), 'Marta', 'Peña', email, email, 'Residente', 'Restablecer contraseña']);
  await users.getByTestId('property-user').filter({ hasText: 'Olga' }).getByText('Propietario').waitFor();
  await userRow.getByRole('button', { name: 'Restablecer la contraseña de Marta Peña' }).click();
  const confirm = page.getByRole('dialog', { name: '¿Restablecer la contraseña?' });
  await confirm.getByRole('button', { name: 'Restablecer' }).click();
  await confirm.waitFor({ state: 'detached' });
  const reset = await users.getByLabel('Contraseña temporal').inputValue();
  expect(reset).not.toBe(password);
  expect(await signsIn(page, email, password)).toBe(false);
  expect(await signsIn(page, email, reset)).toBe(true);
  await users.getByRole('button', { name: 'Cerrar' }).last().click();
  await users.waitFor({ state: 'detached' });

  // Edit (name and unit required) and deactivate (after confirming).
  await manage.getByRole('button', { name: 'Editar a Marta Peña' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar datos del residente' });
  await edit.getByLabel('Nombre').fill('');
  await edit.getByLabel('Unidad').fill('');
  await edit.getByRole('button', { name: 'Guardar cambios' }).click();
  await edit.getByText('El nombre es requerido').waitFor();
  await edit.getByText('El número de unidad es requerido').waitFor();
  await edit.getByLabel('Nombre').fill('Marta Luisa');
  await edit.getByLabel('Apellido').fill('');
  await edit.getByLabel('Unidad').fill('5C');
  await edit.getByRole('button', { name: 'Guardar cambios' }).click();
  await notice(page).getByText('Residente actualizado').waitFor();
  const edited = manage.getByTestId('property-resident').filter({ hasText: 'Marta Luisa' });
  await edited.getByText('Unidad 5C').waitFor();
  expect(await User.query().findById(user!.id)).toMatchObject({ name: 'Marta Luisa', lastName: null });

  await manage.getByRole('button', { name: 'Desactivar a Marta Luisa' }).click();
  await page.getByRole('dialog', { name: '¿Desactivar residente?' }).getByRole('button', { name: 'Desactivar' }).click();
  await notice(page).getByText('Residente desactivado').waitFor();
  await edited.getByText('Inactivo').waitFor();
  expect(await Resident.query().findOne({ userId: user!.id })).toMatchObject({ status: 'inactive' });
});

test('the owner in Details; View users says errorUsers when the list fails and errorReset when a reset fails', async ({ page }) => {
  const admin = await createUser({ role: 'Administrador' });
  const owner = await createUser({ role: 'Propietario', organizationId: admin.organizationId, name: 'Olga', lastName: 'Dueña' });
  const property = await createProperty({ organizationId: admin.organizationId, ownerId: owner.id });
  const { user } = await createResident({ property, user: { name: 'Tomás', lastName: 'Reyes' } });

  await signInAs(page, admin, `/properties?manage=${property.id}`);
  const manage = manageDialog(page, property.name);
  const ownerField = manage.getByLabel('Propietario');
  await ownerField.locator('option', { hasText: 'Olga Dueña' }).waitFor({ state: 'attached' });
  expect(await ownerField.inputValue()).toBe(String(owner.id));
  await ownerField.selectOption('');
  await manage.getByRole('button', { name: 'Guardar cambios' }).click();
  await notice(page).getByText('Propiedad actualizada').waitFor();
  expect((await Property.query().findById(property.id))?.ownerId).toBeNull();

  // Any Propietario of the organization can be chosen, linked to the property or not.
  const another = await createUser({ role: 'Propietario', organizationId: admin.organizationId, name: 'Pablo', lastName: 'Nuevo' });
  await page.goto(`/properties?manage=${property.id}`);
  await manage.getByLabel('Propietario').locator('option', { hasText: 'Pablo Nuevo' }).waitFor({ state: 'attached' });
  await manage.getByLabel('Propietario').selectOption(String(another.id));
  await manage.getByRole('button', { name: 'Guardar cambios' }).click();
  await notice(page).getByText('Propiedad actualizada').waitFor();
  expect((await Property.query().findById(property.id))?.ownerId).toBe(another.id);

  // The list cannot be loaded: the spec's texts and a Close button.
  await page.route('**/api/properties/*/users', (route) => route.fulfill({ status: 500, body: 'Internal Server Error' }));
  await page.goto(`/properties?manage=${property.id}&tab=residents`);
  await manage.getByRole('button', { name: 'Ver usuarios' }).click();
  const users = page.getByRole('dialog', { name: `Usuarios de ${property.name}` });
  await users.getByTestId('users-error').getByText('Error al obtener usuarios').waitFor();
  await users.getByText('No se pudo cargar la lista de usuarios de la propiedad. Cierre e inténtelo de nuevo.').waitFor();
  await users.getByRole('button', { name: 'Cerrar' }).last().click();
  await users.waitFor({ state: 'detached' });

  // A reset that fails: errorReset with the reason, and the password stays as it was.
  await page.unroute('**/api/properties/*/users');
  await page.route('**/api/users/*/reset-password', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'unavailable', message: 'Servicio no disponible' }) }),
  );
  await manage.getByRole('button', { name: 'Ver usuarios' }).click();
  await users.getByRole('button', { name: 'Restablecer la contraseña de Tomás Reyes' }).click();
  await page.getByRole('dialog', { name: '¿Restablecer la contraseña?' }).getByRole('button', { name: 'Restablecer' }).click();
  await users.getByText('No se pudo restablecer la contraseña. Servicio no disponible').waitFor();
  expect(await users.getByTestId('temporary-password').count()).toBe(0);
  expect(await signsIn(page, user.username, PASSWORD)).toBe(true);
});

test('a Residente sees only their property, read-only', async ({ page }) => {
  const { user, property, unit } = await createResident();
  await createProperty({ organizationId: property.organizationId, name: unique('Otra torre') });
  await createUnit({ propertyId: property.id, unitNumber: '9Z' });
  await createResident({ property, user: { name: 'Vecino', lastName: 'Ramírez' } });

  await signInAs(page, user, '/properties');
  const only = card(page, property.name);
  await only.waitFor();
  expect(await page.getByTestId('property-card').count()).toBe(1);
  expect(await page.getByRole('button', { name: 'Agregar propiedad' }).count()).toBe(0);
  expect(await only.getByRole('button', { name: /^Gestionar/ }).count()).toBe(0);

  await only.getByRole('button', { name: `Ver detalles de ${property.name}` }).click();
  const dialog = page.getByRole('dialog', { name: property.name });
  await dialog.getByText(property.address, { exact: true }).waitFor();
  expect(await dialog.getByRole('button', { name: 'Eliminar propiedad' }).count()).toBe(0);
  expect(await dialog.getByRole('textbox').count()).toBe(0);

  await dialog.getByRole('tab', { name: 'Residentes' }).click();
  const neighbour = dialog.getByTestId('property-resident').filter({ hasText: 'Vecino Ramírez' });
  await neighbour.waitFor();
  expect(await neighbour.textContent()).not.toContain('@'); // no neighbour's contact data
  expect(await dialog.getByRole('button', { name: /Agregar residente|Ver usuarios|Editar|Desactivar/ }).count()).toBe(0);

  await dialog.getByRole('tab', { name: 'Unidades' }).click();
  await dialog.getByTestId('unit-item').filter({ hasText: `Unidad ${unit.unitNumber}` }).waitFor();
  expect(await dialog.getByRole('button', { name: /Agregar unidad|Editar unidad|Eliminar unidad/ }).count()).toBe(0);

  await dialog.getByRole('tab', { name: 'Amenidades' }).click();
  await dialog.getByText('Aún no hay amenidades').waitFor();
  expect(await dialog.getByRole('button', { name: 'Agregar amenidad' }).count()).toBe(0);
});

test("another administrator's changes appear without a reload; search and pages on a phone", async ({ page }) => {
  const admin = await createUser({ role: 'Administrador' });
  for (let i = 1; i <= 13; i++) await createProperty({ organizationId: admin.organizationId, name: `Edificio ${String(i).padStart(2, '0')}` });

  const connected = liveConnected(page);
  await signInAs(page, admin, '/properties');
  await card(page, 'Edificio 01').waitFor();
  expect(await page.getByTestId('property-card').count()).toBe(12);
  await page.getByText('Mostrando 1–12 de 13').waitFor();
  await page.getByRole('navigation', { name: 'Páginas' }).getByRole('button', { name: '2' }).click();
  await card(page, 'Edificio 13').waitFor();
  expect(await page.getByTestId('property-card').count()).toBe(1);

  await page.getByRole('searchbox', { name: 'Buscar propiedades' }).fill('edificio 07');
  await card(page, 'Edificio 07').waitFor();
  await page.getByText('Mostrando 1–1 de 1').waitFor();
  expect(new URL(page.url()).searchParams.get('q')).toBe('edificio 07');
  expect(new URL(page.url()).searchParams.get('page')).toBeNull();

  // Another administrator renames it: the card follows.
  await connected;
  const other = await apiSessionAs(page, admin);
  const target = await Property.query().findOne({ organizationId: admin.organizationId, name: 'Edificio 07' });
  expect((await other.request.patch(`/api/properties/${target!.id}`, { data: { name: 'Edificio 07 Norte', status: 'maintenance' } })).ok()).toBe(true);
  await card(page, 'Edificio 07 Norte').getByText('En mantenimiento').waitFor({ timeout: 15_000 });
  await other.close();
  expect(await db()('properties').where({ id: target!.id }).first('name')).toEqual({ name: 'Edificio 07 Norte' });
}, { viewport: PHONE });
