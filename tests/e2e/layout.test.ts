import { expect } from 'vitest';
import { User } from '../../server/models';
import { createUser } from '../support/factories';
import { PHONE, signInAs, useBrowser } from './support/browser';

const { test } = useBrowser();

test('opens the navigation as a drawer on a 375 px wide screen', async ({ page }) => {
  const user = await createUser({ name: 'Rosa', lastName: 'Medina' });
  await signInAs(page, user, '/');
  await page.getByRole('heading', { name: 'Bienvenido, Rosa' }).waitFor();

  expect(await page.getByRole('navigation', { name: 'Navegación principal' }).isVisible()).toBe(false);
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  const drawer = page.getByRole('dialog', { name: 'Vecindad' });
  await drawer.waitFor();
  await drawer.getByRole('link', { name: 'Documentos' }).click();
  await page.waitForURL('**/documents');
  await page.getByRole('heading', { name: 'Documentos', level: 1 }).waitFor();
  await drawer.waitFor({ state: 'hidden' });
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}, { viewport: PHONE });

test('shows the administration items to administrators only', async ({ page }) => {
  const admin = await createUser({ role: 'Administrador', name: 'Pedro', lastName: 'Sosa' });
  await signInAs(page, admin, '/');
  const sidebar = page.getByRole('navigation', { name: 'Navegación principal' });
  await sidebar.getByRole('link', { name: 'Configuración del sistema' }).click();
  await page.waitForURL('**/admin/system-settings');
  await page.getByRole('heading', { name: 'Configuración del sistema', level: 1 }).waitFor();
  expect(await page.getByText('Administrador', { exact: true }).first().textContent()).toBe('Administrador');
  await sidebar.getByRole('link', { name: 'Propiedades' }).click();
  await page.getByRole('link', { name: 'Mensajes' }).click();
  await page.waitForURL('**/properties/broadcasts');
  await page.getByRole('heading', { name: 'Mensajes', level: 1 }).waitFor();
});

test('sends non-administrators from system settings to the dashboard', async ({ page }) => {
  const resident = await createUser({ role: 'Residente', name: 'Juan' });
  await signInAs(page, resident, '/admin/system-settings');
  await page.getByRole('heading', { name: 'Bienvenido, Juan' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/');
  expect(await page.getByRole('link', { name: 'Configuración del sistema' }).count()).toBe(0);
  expect(await page.getByText('Residente', { exact: true }).textContent()).toBe('Residente');
});

test('switches to English, saves the choice and keeps it after a reload', async ({ page }) => {
  const user = await createUser({ role: 'Propietario', name: 'Elena' });
  await signInAs(page, user, '/');
  await page.getByRole('heading', { name: 'Bienvenido, Elena' }).waitFor();

  const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/preferences') && r.ok());
  await page.locator('label[for="language-en"]').click();
  await page.getByRole('heading', { name: 'Welcome, Elena' }).waitFor();
  await saved;
  await page.getByRole('link', { name: 'Dashboard' }).waitFor();
  expect(await page.getByText('Owner', { exact: true }).count()).toBe(1);
  expect(await User.query().findById(user.id)).toMatchObject({ language: 'en' });

  await page.reload();
  await page.getByRole('heading', { name: 'Welcome, Elena' }).waitFor();
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'Notifications' }).waitFor();
  expect(await page.locator('html').getAttribute('lang')).toBe('en');
});

test('F8 focuses the notifications region, even before any notice', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('tab', { name: /iniciar sesión/i }).waitFor();
  await page.keyboard.press('F8');
  await page.waitForFunction(() => document.activeElement?.classList.contains('vec-toast-viewport'));
});
