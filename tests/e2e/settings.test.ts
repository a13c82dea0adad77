import fs from 'node:fs';
import { expect } from 'vitest';
import { User } from '../../server/models';
import { PASSWORD, createUser } from '../support/factories';
import { notice, signInAs, useBrowser } from './support/browser';

const { test } = useBrowser();

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test('changes the profile with its validation, Cancel and the spec notice', async ({ page }) => {
  const user = await createUser({ name: 'Ana', lastName: 'Pérez' });
  await signInAs(page, user, '/settings');
  const form = page.getByRole('form', { name: 'Perfil' });
  await form.getByLabel('Nombre').waitFor();
  expect(await page.getByLabel('Correo de inicio de sesión').inputValue()).toBe(user.username);
  expect(await page.getByLabel('Correo de inicio de sesión').getAttribute('readonly')).not.toBeNull();

  await form.getByLabel('Nombre').fill('X');
  await form.getByRole('button', { name: 'Cancelar' }).click();
  expect(await form.getByLabel('Nombre').inputValue()).toBe('Ana');

  await form.getByLabel('Nombre').fill('L');
  await form.getByLabel('Correo de contacto').fill('no-es-correo');
  await form.getByRole('button', { name: 'Guardar cambios' }).click();
  await form.getByText('El nombre es requerido').waitFor();
  await form.getByText('Se requiere un correo electrónico válido').waitFor();

  await form.getByLabel('Nombre').fill('Lucía');
  await form.getByLabel('Correo de contacto').fill('lucia@correo.do');
  await form.getByLabel('País').selectOption('DO');
  await form.getByLabel('Ciudad').selectOption('DO-la-vega');
  await form.getByRole('button', { name: 'Guardar cambios' }).click();
  await notice(page).getByText('Perfil Actualizado').waitFor();
  await notice(page).getByText('Su perfil ha sido actualizado exitosamente').waitFor();
  await page.getByTestId('header-user-name').getByText('Lucía Pérez').waitFor();
  expect(await User.query().findById(user.id)).toMatchObject({ name: 'Lucía', email: 'lucia@correo.do', city: 'DO-la-vega' });

  await page.reload();
  expect(await page.getByRole('form', { name: 'Perfil' }).getByLabel('Ciudad').inputValue()).toBe('DO-la-vega');
});

test('changes the password: wrong current password, mismatch, strength and success', async ({ page }) => {
  const user = await createUser();
  await signInAs(page, user, '/settings');
  const form = page.getByRole('form', { name: 'Cambiar contraseña' });
  const submit = form.getByRole('button', { name: 'Actualizar contraseña' });

  await form.getByLabel('Contraseña actual').fill('equivocada');
  await form.getByLabel('Nueva contraseña', { exact: true }).fill('clave');
  await page.getByTestId('password-strength').getByText('Seguridad: débil').waitFor();
  await form.getByLabel('Nueva contraseña', { exact: true }).fill('Clave-Nueva-2026');
  await page.getByTestId('password-strength').getByText('Seguridad: fuerte').waitFor();
  await form.getByLabel('Confirmar nueva contraseña').fill('Otra-Clave-2026');
  await submit.click();
  await form.getByText('Las contraseñas no coinciden').waitFor();

  await form.getByLabel('Confirmar nueva contraseña').fill('Clave-Nueva-2026');
  await submit.click();
  await form.getByText('La contraseña actual es incorrecta').waitFor();
  await notice(page).getByText('No se pudo actualizar').waitFor();

  await form.getByLabel('Contraseña actual').fill(PASSWORD);
  await submit.click();
  await notice(page).getByText('Contraseña Actualizada').waitFor();
  await notice(page).getByText('Su contraseña ha sido actualizada exitosamente').waitFor();
  expect(await form.getByLabel('Contraseña actual').inputValue()).toBe('');
  const login = await page.context().request.post('/api/login', { data: { username: user.username, password: 'Clave-Nueva-2026' } });
  expect(login.status()).toBe(200);
});

test('saves notification and privacy switches on the server', async ({ page }) => {
  const user = await createUser();
  await signInAs(page, user, '/settings');
  await page.getByRole('tab', { name: 'Notificaciones' }).click();
  const marketing = page.getByLabel('Eventos y novedades');
  expect(await marketing.isChecked()).toBe(false);
  expect(await page.getByLabel('Notificaciones por correo').isChecked()).toBe(true);
  const saved = () => page.waitForResponse((r) => r.url().endsWith('/api/user/preferences') && r.ok());
  await marketing.check();
  let response = saved();
  await page.getByRole('button', { name: 'Guardar preferencias' }).click();
  await response;
  await notice(page).getByText('Preferencias guardadas').waitFor();

  await page.getByRole('tab', { name: 'Privacidad' }).click();
  const contact = page.getByLabel('Datos de contacto visibles');
  expect(await contact.isChecked()).toBe(false);
  await contact.check();
  response = saved();
  await page.getByRole('form', { name: 'Privacidad' }).getByRole('button', { name: 'Guardar preferencias' }).click();
  await response;

  const row = await User.query().findById(user.id);
  expect(row?.preferences).toMatchObject({ notifications: { marketing: true, email: true }, privacy: { contactVisibility: true } });
  await page.goto('/settings?tab=notifications');
  expect(await page.getByLabel('Eventos y novedades').isChecked()).toBe(true);
});

test('changes the photo shown in the header and refuses other files', async ({ page }) => {
  const user = await createUser({ name: 'Ana', lastName: 'Pérez' });
  await signInAs(page, user, '/settings');
  const input = page.getByTestId('avatar-input');
  await input.setInputFiles({ name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('hola') });
  await page.getByText('La foto debe ser JPG, GIF o PNG').waitFor();

  await input.setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: PNG });
  await notice(page).getByText('Foto actualizada').waitFor();
  // In the header the photo sits beside the name it would repeat: the profile link is named by the text.
  const headerPhoto = page.getByRole('link', { name: /Ana Pérez/ }).locator('img[alt=""]');
  await headerPhoto.waitFor();
  expect(await headerPhoto.getAttribute('src')).toMatch(new RegExp(`^/api/users/${user.id}/avatar`));
  await expect.poll(() => headerPhoto.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
});

test('exports the user data as a JSON download', async ({ page }) => {
  const user = await createUser();
  await signInAs(page, user, '/settings');
  await page.getByRole('button', { name: 'Exportar datos' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('dialog').getByRole('button', { name: 'Descargar' }).click();
  const file = await (await download).path();
  expect((await download).suggestedFilename()).toBe(`vecindad-datos-${user.id}.json`);
  const data = JSON.parse(fs.readFileSync(file, 'utf8'));
  expect(data.profile).toMatchObject({ id: user.id, username: user.username });
});

test('deletes the account after the password and shows the last-administrator refusal', async ({ page }) => {
  const admin = await createUser({ role: 'Administrador' });
  await signInAs(page, admin, '/settings');
  await page.getByRole('button', { name: 'Eliminar cuenta' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Contraseña').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Eliminar cuenta' }).click();
  await dialog.getByText('No puede eliminar su cuenta: es el último Administrador de la organización').waitFor();

  const resident = await createUser({ organizationId: admin.organizationId });
  await page.context().clearCookies();
  await signInAs(page, resident, '/settings');
  await page.getByRole('button', { name: 'Eliminar cuenta' }).click();
  await dialog.getByLabel('Contraseña').fill('equivocada');
  await dialog.getByRole('button', { name: 'Eliminar cuenta' }).click();
  await dialog.getByText('La contraseña es incorrecta').waitFor();
  await dialog.getByLabel('Contraseña').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Eliminar cuenta' }).click();
  await page.waitForURL('**/auth');
  await notice(page).getByText('Su cuenta ha sido eliminada').waitFor();
  expect(await User.query().findById(resident.id)).toBeUndefined();
});
