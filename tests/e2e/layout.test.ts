import { expect } from 'vitest';
import { User } from '../../server/models';
import { createResident, createUser } from '../support/factories';
import { PHONE, notice, signInAs, useBrowser } from './support/browser';

const { test } = useBrowser();

test('opens the navigation as a drawer on a 375 px wide screen', async ({ page }) => {
  const user = await createUser({ name: 'Rosa', lastName: 'Medina', role: 'Propietario' });
  await signInAs(page, user, '/');
  await page.getByRole('heading', { name: 'Hola, Rosa' }).waitFor();

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

test('shows the app\'s whole name in the header of a 360 px wide phone', async ({ page }) => {
  const user = await createUser({ name: 'Rosa', lastName: 'Medina', role: 'Administrador' });
  await signInAs(page, user, '/');
  await page.getByRole('heading', { name: 'Hola, Rosa' }).waitFor();
  const name = page.locator('.vec-header .navbar-brand span');
  expect(await name.textContent()).toBe('Vecindad');
  // Not cut short with an ellipsis: the text fits the room it is given.
  expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
}, { viewport: { width: 360, height: 740 } });

test('the drawer and the notifications menu, loaded when first opened, work from the keyboard', async ({ page }) => {
  const user = await createUser({ name: 'Rosa', lastName: 'Medina', role: 'Propietario' });
  await signInAs(page, user, '/');
  await page.getByRole('heading', { name: 'Hola, Rosa' }).waitFor();
  const focusedInside = (selector: string) => page.evaluate((inside) => Boolean(document.activeElement?.closest(inside)), selector);

  const menuButton = page.getByRole('button', { name: 'Abrir menú' });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Vecindad' });
  await drawer.waitFor();
  await expect.poll(() => focusedInside('[role="dialog"]')).toBe(true);
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'hidden' });
  await expect.poll(() => menuButton.evaluate((button) => button === document.activeElement)).toBe(true);

  const bell = page.getByTestId('notification-bell');
  await bell.focus();
  await page.keyboard.press('Enter');
  const viewAll = page.getByRole('link', { name: 'Ver todas las notificaciones' });
  await viewAll.waitFor();
  expect(await bell.getAttribute('aria-expanded')).toBe('true');
  await expect.poll(() => bell.evaluate((button) => button === document.activeElement)).toBe(true);
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => focusedInside('.vec-bell-menu')).toBe(true);
  await page.keyboard.press('Escape');
  await viewAll.waitFor({ state: 'hidden' });
  await expect.poll(() => bell.evaluate((button) => button === document.activeElement)).toBe(true);
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

test('notices have their own menu entry, for administrators and residents, on a phone too; only the page shown is current', async ({ page }) => {
  const admin = await createUser({ role: 'Administrador', name: 'Pedro', lastName: 'Sosa' });
  await signInAs(page, admin, '/');
  const sidebar = page.getByRole('navigation', { name: 'Navegación principal' });
  await sidebar.getByRole('link', { name: 'Inicio' }).waitFor();
  const items = (await sidebar.getByRole('link').allTextContents()).map((text) => text.trim());
  expect(items.slice(0, 4)).toEqual(['Inicio', 'Documentos', 'Propiedades', 'Avisos']);
  await sidebar.getByRole('link', { name: 'Avisos' }).click();
  await page.waitForURL('**/properties/broadcasts');
  await page.getByRole('heading', { name: 'Mensajes', level: 1 }).waitFor();
  // Only the notices' entry is the current page.
  expect(await sidebar.getByRole('link', { name: 'Avisos' }).getAttribute('aria-current')).toBe('page');
  expect(await sidebar.getByRole('link', { name: 'Propiedades' }).getAttribute('aria-current')).toBeNull();
  // Likewise the desk, under /visitors.
  await sidebar.getByRole('link', { name: 'Recepción', exact: true }).click();
  await page.getByRole('heading', { name: 'Recepción', level: 1 }).waitFor();
  expect(await sidebar.getByRole('link', { name: 'Recepción', exact: true }).getAttribute('aria-current')).toBe('page');
  expect(await sidebar.getByRole('link', { name: 'Visitantes' }).getAttribute('aria-current')).toBeNull();

  const { user: resident } = await createResident({ user: { name: 'Juan' } });
  await page.context().clearCookies();
  await page.setViewportSize(PHONE);
  await signInAs(page, resident, '/');
  await page.getByRole('heading', { name: 'Hola, Juan' }).waitFor();
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  const drawer = page.getByRole('dialog', { name: 'Vecindad' });
  await drawer.getByRole('link', { name: 'Avisos' }).click();
  await page.waitForURL('**/properties/broadcasts');
  await page.getByRole('heading', { name: 'Mensajes', level: 1 }).waitFor();
  await drawer.waitFor({ state: 'hidden' });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
});

test('sends non-administrators from the administration screens to the dashboard, with a notice', async ({ page }) => {
  const { user: resident } = await createResident({ user: { name: 'Juan' } });
  for (const path of ['/admin/system-settings', '/admin/organizations', '/admin/queues']) {
    await signInAs(page, resident, path);
    await page.getByRole('heading', { name: 'Hola, Juan' }).waitFor();
    await notice(page).getByText('No tiene acceso a esa página').waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search, path).toBe('/');
    expect(await page.locator('.card[role=alert]').count()).toBe(0);
  }
  expect(await page.getByRole('link', { name: 'Configuración del sistema' }).count()).toBe(0);
  expect(await page.getByText('Residente', { exact: true }).textContent()).toBe('Residente');
});

test('a Suplidor\'s menu and dashboard offer only what a supplier can use', async ({ page }) => {
  const supplier = await createUser({ role: 'Suplidor', name: 'Marcos' });
  await signInAs(page, supplier, '/');
  await page.getByRole('heading', { name: 'Hola, Marcos' }).waitFor();
  const sidebar = page.getByRole('navigation', { name: 'Navegación principal' });
  await sidebar.getByRole('link', { name: 'Inicio' }).waitFor();
  const items = (await sidebar.getByRole('link').allTextContents()).map((text) => text.trim());
  expect(items).toEqual(['Inicio', 'Propiedades', 'Mis trabajos', 'Configuración']);
  expect(await page.getByTestId('summary-residents').count()).toBe(0);
  expect(await page.getByTestId('summary-documents').count()).toBe(0);

  // The properties of their work, without a broadcasts tab the server would refuse.
  await sidebar.getByRole('link', { name: 'Propiedades' }).click();
  await page.getByRole('heading', { name: 'Propiedades', level: 1 }).waitFor();
  expect(await page.getByRole('link', { name: 'Mensajes' }).count()).toBe(0);

  // Typed addresses of screens they cannot use lead to the dashboard, with a notice.
  for (const path of ['/residents', '/documents', '/properties/broadcasts', '/amenities']) {
    await page.goto(path);
    await page.getByRole('heading', { name: 'Hola, Marcos' }).waitFor();
    await notice(page).getByText('No tiene acceso a esa página').waitFor();
  }
});

test('switches to English, saves the choice and keeps it after a reload', async ({ page }) => {
  const user = await createUser({ role: 'Propietario', name: 'Elena' });
  await signInAs(page, user, '/');
  await page.getByRole('heading', { name: 'Hola, Elena' }).waitFor();

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

test('the notice of a failed attempt goes away when the next attempt succeeds', async ({ page }) => {
  const user = await createUser({ role: 'Propietario', name: 'Elena' });
  await signInAs(page, user, '/');
  await page.getByRole('heading', { name: 'Hola, Elena' }).waitFor();
  let refuse = true;
  await page.route('**/api/user/preferences', (route) =>
    refuse ? route.fulfill({ status: 503, json: { error: 'service_unavailable', message: 'Servicio no disponible' } }) : route.continue(),
  );

  await page.locator('label[for="language-en"]').click();
  const failure = notice(page).filter({ hasText: 'No se pudo guardar el idioma' });
  await failure.waitFor();
  // Pointed at, a notice stays (Radix pauses its timer): only the success can take it away.
  await failure.hover();
  refuse = false;
  await page.locator('#language-en').focus();
  await page.keyboard.press('Space');
  await page.getByRole('heading', { name: 'Welcome, Elena' }).waitFor();
  await failure.waitFor({ state: 'detached', timeout: 2000 });
  expect(await User.query().findById(user.id)).toMatchObject({ language: 'en' });
});

test('for keyboards and screen readers: the language switch is one tab stop, no heading comes before the page\'s h1', async ({ page }) => {
  const admin = await createUser({ role: 'Administrador', name: 'Pedro' });
  await signInAs(page, admin, '/');
  await page.getByRole('heading', { name: 'Hola, Pedro', level: 1 }).waitFor();
  await page.getByRole('link', { name: 'Configuración del sistema' }).waitFor();

  // The headings in document order start with the page's h1 (the menu's group names are labels).
  const headings = await page.evaluate(() =>
    Array.from(document.querySelectorAll('h1, h2, h3, h4, h5, h6'))
      .filter((heading) => (heading as HTMLElement).offsetParent !== null)
      .map((heading) => heading.tagName),
  );
  expect(headings[0]).toBe('H1');

  // Tab through the header: the two languages are one stop; arrows choose.
  const stops: string[] = [];
  await page.keyboard.press('Tab'); // the skip link
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    stops.push(await page.evaluate(() => document.activeElement?.id || document.activeElement?.getAttribute('aria-label') || document.activeElement?.textContent || ''));
  }
  expect(stops.filter((stop) => stop.startsWith('language-'))).toEqual(['language-es']);
  await page.locator('#language-es').focus();
  await page.keyboard.press('ArrowRight');
  await page.getByRole('heading', { name: 'Welcome, Pedro' }).waitFor();
});

test('F8 focuses the notifications region, even before any notice', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('tab', { name: /iniciar sesión/i }).waitFor();
  await page.keyboard.press('F8');
  await page.waitForFunction(() => document.activeElement?.classList.contains('vec-toast-viewport'));
});
