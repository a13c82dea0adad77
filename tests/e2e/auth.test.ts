import { expect } from 'vitest';
import { db } from '../../server/db';
import { User } from '../../server/models';
import { resetPassword } from '../../server/commands/users';
import { transaction } from '../../server/db/transaction';
import { PASSWORD, createOrganization, createResident, createUser, unique } from '../support/factories';
import { notice, signInAs, useBrowser } from './support/browser';

const { test, port } = useBrowser();

test('sends a signed-out visitor to /auth and back where they were after signing in', async ({ page }) => {
  const user = await createUser({ name: 'Marta', lastName: 'Díaz', role: 'Propietario' });
  await page.goto('/settings');
  await page.waitForURL('**/auth');
  const form = page.getByRole('form', { name: 'Iniciar sesión' });
  await form.getByLabel('Correo electrónico').fill(user.username);
  await form.getByLabel('Contraseña').fill(PASSWORD);
  await form.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.waitForURL('**/settings');
  await page.getByRole('heading', { name: 'Configuración', level: 1 }).waitFor();
  expect(await page.title()).toBe('Configuración | Vecindad');
  expect(await page.getByTestId('header-user-name').textContent()).toBe('Marta Díaz');

  // Signed in, /auth goes to the dashboard.
  await page.goto('/auth');
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('heading', { name: 'Hola, Marta' }).waitFor();
});

test('shows the spec notice for a wrong password and the field messages for bad input', async ({ page }) => {
  const user = await createUser();
  await page.goto('/auth');
  await page.getByRole('heading', { name: 'Hola de nuevo' }).waitFor();
  expect(await page.title()).toBe('Iniciar sesión | Vecindad');
  const form = page.getByRole('form', { name: 'Iniciar sesión' });
  await form.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.getByText('Debe ser un correo electrónico válido').waitFor();
  await page.getByText('La contraseña debe tener al menos 6 caracteres').waitFor();

  await form.getByLabel('Correo electrónico').fill(user.username);
  await form.getByLabel('Contraseña').fill('equivocada');
  await form.getByRole('button', { name: 'Iniciar sesión' }).click();
  // One message for one error: the title says what failed, the description why (issue 34).
  await notice(page).getByText('No se pudo iniciar sesión').waitFor();
  await notice(page).getByText('Correo electrónico o contraseña incorrectos').waitFor();
  expect((await notice(page).textContent())?.match(/contraseña/g)).toHaveLength(1);
  expect(new URL(page.url()).pathname).toBe('/auth');
});

test("shows the server's notice in the screen's language", async ({ page }) => {
  const user = await createUser();
  await page.addInitScript(() => localStorage.setItem('vecindad.language', 'en'));
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(user.username);
  await form.getByLabel('Password', { exact: true }).fill('equivocada');
  await form.getByRole('button', { name: 'Sign in' }).click();
  await notice(page).getByText('Could not sign in').waitFor();
  await notice(page).getByText('Incorrect email or password').waitFor();
});

test('shows every registration message, resets the city with the country, then registers', async ({ page }) => {
  // The app is visited on the organization's own domain: registration joins it.
  const domain = `${unique('alta')}.test`;
  const organization = await createOrganization({ domain });
  for (const title of ['Reglamento interno', 'Acta de asamblea']) {
    await db()('documents').insert({
      organizationId: organization.id,
      title,
      category: 'regulations',
      access: 'public',
      fileSize: '1 B',
      sizeBytes: 1,
      fileType: 'application/pdf',
      content: Buffer.from('x'),
    });
  }
  await db()('documents').insert({
    organizationId: organization.id,
    title: 'Solo administración',
    category: 'financial',
    access: 'admin',
    fileSize: '1 B',
    sizeBytes: 1,
    fileType: 'application/pdf',
    content: Buffer.from('x'),
  });
  await db()('events').insert({
    organizationId: organization.id,
    type: 'document.uploaded',
    audience: 'organization',
    payload: { title: 'Acta de asamblea' },
  });
  const form = page.getByRole('form', { name: 'Registrarse' });
  const register = async () => form.getByRole('button', { name: 'Crear cuenta' }).click();

  await page.goto(`http://${domain}:${port()}/auth`);
  await page.getByRole('tab', { name: 'Registrarse' }).click();
  await page.waitForURL('**/auth?tab=register');
  // Defaults: República Dominicana / Santo Domingo.
  expect(await form.getByLabel('País').inputValue()).toBe('DO');
  expect(await form.getByLabel('Ciudad').inputValue()).toBe('DO-santo-domingo');

  await register();
  await form.getByText('Debe ser un correo electrónico válido').waitFor();
  expect(await form.getByText('Este campo es requerido').count()).toBe(3); // name, last name, phone
  await form.getByText('La contraseña debe tener al menos 6 caracteres').waitFor();
  await form.getByText('Debe aceptar los términos y condiciones').waitFor();

  // Changing the country resets the city; no country leaves the city disabled.
  await form.getByLabel('País').selectOption('ES');
  expect(await form.getByLabel('Ciudad').inputValue()).toBe('');
  await form.getByLabel('País').selectOption('');
  expect(await form.getByLabel('Ciudad').isDisabled()).toBe(true);
  await form.getByLabel('País').selectOption('DO');
  await form.getByLabel('Ciudad').selectOption('DO-santiago');

  const email = `${unique('residente')}@example.com`;
  await form.getByLabel('Nombre', { exact: true }).fill('Carlos');
  await form.getByLabel('Apellido').fill('Rodríguez');
  await form.getByLabel('Correo electrónico').fill(email);
  await form.getByLabel('Teléfono').fill('809-555-0101');
  await form.getByLabel('Contraseña', { exact: true }).fill('secreto1');
  await form.getByLabel('Confirmar contraseña').fill('secreto2');
  await form.getByLabel('Acepto los términos y condiciones').check();
  await register();
  await form.getByText('Las contraseñas no coinciden').waitFor();
  expect(await page.getByRole('link', { name: 'términos y condiciones' }).getAttribute('href')).toBe('/terms');

  await form.getByLabel('Confirmar contraseña').fill('secreto1');
  await register();
  // A new account reads nothing of the organization until an administrator approves it.
  await page.getByRole('heading', { name: 'Su cuenta espera aprobación', level: 1 }).waitFor({ timeout: 15_000 });
  await page.getByText('La administración revisará su solicitud y le asignará su propiedad y su unidad.').waitFor();

  const user = await User.query().findOne({ username: email });
  expect(user).toMatchObject({ role: 'Residente', city: 'DO-santiago', organizationId: organization.id });
  expect(await page.getByText('Acta de asamblea').count()).toBe(0);
  expect(await page.getByRole('link', { name: 'Documentos' }).count()).toBe(0);
});

test('hides the registration tab when the organization closes it', async ({ page }) => {
  await page.route('**/api/settings/branding', (route) =>
    route.fulfill({ json: { appName: 'Residencial Las Palmas', showRegistrationForm: false } }),
  );
  await page.goto('/auth?tab=register');
  await page.getByRole('heading', { name: 'Hola de nuevo' }).waitFor();
  expect(await page.getByRole('tab', { name: 'Registrarse' }).count()).toBe(0);
  expect(await page.getByText('¿No tiene una cuenta?').count()).toBe(0);
  expect(await page.title()).toBe('Iniciar sesión | Residencial Las Palmas');
});

test('shows a not-found page in the user\'s language, with a way back to the start', async ({ page }) => {
  await page.goto('/no-existe/de-verdad');
  await page.getByRole('heading', { name: 'Error 404: página no encontrada', level: 1 }).waitFor();
  await page.getByText('La dirección que abrió no existe o ya no está disponible.', { exact: false }).waitFor();
  expect(await page.title()).toBe('Página no encontrada | Vecindad');
  await page.getByRole('link', { name: 'Ir al inicio' }).click();
  await page.waitForURL('**/auth');

  await page.evaluate(() => localStorage.setItem('vecindad.language', 'en'));
  await page.goto('/nowhere');
  await page.getByRole('heading', { name: '404 Page Not Found', level: 1 }).waitFor();
  await page.getByText('The address you opened does not exist or is no longer available.', { exact: false }).waitFor();
  expect(await page.getByText('router').count()).toBe(0);
});

test('signs out with the spec notice and protects the screens again', async ({ page }) => {
  const user = await createUser();
  await signInAs(page, user, '/');
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await notice(page).getByText('Has cerrado sesión').waitFor();
  await page.waitForURL('**/auth');
  await page.goto('/');
  await page.waitForURL('**/auth');
});

test('asks for the signed-in user only while the session hint is there (no request answered 401 before sign-in)', async ({ page, context, url }) => {
  const asked: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/user') asked.push(response.status());
  });
  const ready = async (path: string) => {
    await page.goto(path);
    await page.getByRole('button', { name: 'Iniciar sesión' }).waitFor();
    await page.waitForLoadState('networkidle');
  };
  await ready('/auth');
  expect(asked).toEqual([]);

  const user = await createUser({ name: 'Lucía', role: 'Propietario' });
  const form = page.getByRole('form', { name: 'Iniciar sesión' });
  await form.getByLabel('Correo electrónico').fill(user.username);
  await form.getByLabel('Contraseña').fill(PASSWORD);
  await form.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.getByRole('heading', { name: 'Hola, Lucía' }).waitFor();
  await page.reload();
  await page.getByRole('heading', { name: 'Hola, Lucía' }).waitFor();
  expect(asked.length).toBeGreaterThan(0);
  expect(asked.every((status) => status === 200)).toBe(true);

  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await page.waitForURL('**/auth');
  asked.length = 0;
  await ready('/auth');
  expect(asked).toEqual([]);

  // A hint left behind (its session gone) costs one request, then is gone too.
  await context.addCookies([{ name: 'vecindad.session', value: '1', url: url('/') }]);
  await ready('/auth');
  await ready('/auth');
  expect(asked).toEqual([401]);
});

test('serves the terms and privacy pages publicly', async ({ page }) => {
  await page.goto('/terms');
  await page.getByRole('heading', { name: 'Términos y condiciones', level: 1 }).waitFor();
  expect(await page.title()).toBe('Términos y condiciones | Vecindad');
  await page.goto('/privacy');
  await page.getByRole('heading', { name: 'Política de privacidad', level: 1 }).waitFor();
});

test('the first sign-in with a temporary password asks only for the new one, which cannot be the temporary one', async ({ page }) => {
  const { user } = await createResident({ user: { name: 'Rita' } });
  const admin = await createUser({ role: 'Administrador', organizationId: user.organizationId });
  const tempPassword = await transaction((trx) => resetPassword(trx, admin, user));

  await page.goto('/auth');
  const login = page.getByRole('form', { name: 'Iniciar sesión' });
  await login.getByLabel('Correo electrónico').fill(user.username);
  await login.getByLabel('Contraseña').fill(tempPassword);
  await login.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.getByRole('heading', { name: 'Cambie su contraseña' }).waitFor();
  const form = page.getByRole('form', { name: 'Cambiar contraseña' });
  expect(await form.getByLabel('Contraseña actual').count()).toBe(0);

  await form.getByLabel('Nueva contraseña', { exact: true }).fill(tempPassword);
  await form.getByLabel('Confirmar nueva contraseña').fill(tempPassword);
  await form.getByRole('button', { name: 'Guardar nueva contraseña' }).click();
  await form.getByText('La nueva contraseña no puede ser la contraseña temporal').waitFor();

  await form.getByLabel('Nueva contraseña', { exact: true }).fill('Mi-Clave-Nueva-2026');
  await form.getByLabel('Confirmar nueva contraseña').fill('Mi-Clave-Nueva-2026');
  await form.getByRole('button', { name: 'Guardar nueva contraseña' }).click();
  await page.getByRole('heading', { name: 'Hola, Rita' }).waitFor();
});
