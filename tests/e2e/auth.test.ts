import { expect } from 'vitest';
import { db } from '../../server/db';
import { User } from '../../server/models';
import { PASSWORD, createOrganization, createUser, unique } from '../support/factories';
import { notice, signInAs, useBrowser } from './support/browser';

const { test, port } = useBrowser();

test('sends a signed-out visitor to /auth and back where they were after signing in', async ({ page }) => {
  const user = await createUser({ name: 'Marta', lastName: 'Díaz' });
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
  await page.getByRole('heading', { name: 'Bienvenido, Marta' }).waitFor();
});

test('shows the spec notice for a wrong password and the field messages for bad input', async ({ page }) => {
  const user = await createUser();
  await page.goto('/auth');
  await page.getByRole('heading', { name: 'Bienvenido de nuevo' }).waitFor();
  expect(await page.title()).toBe('Iniciar sesión | Vecindad');
  const form = page.getByRole('form', { name: 'Iniciar sesión' });
  await form.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.getByText('Debe ser un correo electrónico válido').waitFor();
  await page.getByText('La contraseña debe tener al menos 6 caracteres').waitFor();

  await form.getByLabel('Correo electrónico').fill(user.username);
  await form.getByLabel('Contraseña').fill('equivocada');
  await form.getByRole('button', { name: 'Iniciar sesión' }).click();
  await notice(page).getByText('Nombre de usuario o contraseña inválidos').waitFor();
  await notice(page).getByText('Correo electrónico o contraseña incorrectos').waitFor();
  expect(new URL(page.url()).pathname).toBe('/auth');
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
  await form.getByText('Debes aceptar los términos y condiciones').waitFor();

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
  await page.getByRole('heading', { name: 'Bienvenido, Carlos' }).waitFor({ timeout: 15_000 });

  const user = await User.query().findOne({ username: email });
  expect(user).toMatchObject({ role: 'Residente', city: 'DO-santiago', organizationId: organization.id });
  // Real figures of that organization for a new resident: the two public documents.
  await page.getByTestId('summary-documents-value').getByText('2').waitFor();
  expect(await page.getByTestId('summary-properties-value').textContent()).toBe('0');
  expect(await page.getByTestId('summary-residents-value').textContent()).toBe('0');
  expect(await page.getByTestId('summary-billing-value').textContent()).toBe('RD$0.00');
  expect(await page.getByTestId('activity-item').textContent()).toContain('Documento subido: Acta de asamblea');
});

test('hides the registration tab when the organization closes it', async ({ page }) => {
  await page.route('**/api/settings/branding', (route) =>
    route.fulfill({ json: { appName: 'Residencial Las Palmas', showRegistrationForm: false } }),
  );
  await page.goto('/auth?tab=register');
  await page.getByRole('heading', { name: 'Bienvenido de nuevo' }).waitFor();
  expect(await page.getByRole('tab', { name: 'Registrarse' }).count()).toBe(0);
  expect(await page.getByText('¿No tienes una cuenta?').count()).toBe(0);
  expect(await page.title()).toBe('Iniciar sesión | Residencial Las Palmas');
});

test('shows the not-found page for unknown paths', async ({ page }) => {
  await page.goto('/no-existe/de-verdad');
  await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
  await page.getByText('Did you forget to add the page to the router?').waitFor();
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

test('serves the terms and privacy pages publicly', async ({ page }) => {
  await page.goto('/terms');
  await page.getByRole('heading', { name: 'Términos y condiciones', level: 1 }).waitFor();
  expect(await page.title()).toBe('Términos y condiciones | Vecindad');
  await page.goto('/privacy');
  await page.getByRole('heading', { name: 'Política de privacidad', level: 1 }).waitFor();
});
