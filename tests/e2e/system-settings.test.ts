import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { db } from '../../server/db';
import { Organization } from '../../server/models';
import { createOrganization, createProperty, createResident, createUser } from '../support/factories';
import { PHONE, notice, signInAs, useBrowser } from './support/browser';
import { openAs } from './support/pages';

const { test } = useBrowser();

/** Another signed-in browser (its own cookies) on the dashboard, with its live socket up. */
async function dashboardOf(context: BrowserContext, origin: string, user: Parameters<typeof signInAs>[1], name: string) {
  const other = await openAs(context.browser()!, origin, user, '/');
  await other.page.getByRole('heading', { name: `Hola, ${name}` }).waitFor();
  return { page: other.page, close: () => other.context.close() };
}

const cssVariable = (page: Page, name: string) =>
  page.evaluate((variable) => getComputedStyle(document.documentElement).getPropertyValue(variable).trim(), name);

const computed = (page: Page, selector: string, property: string, pseudo?: string) =>
  page.evaluate(
    ([sel, prop, pseudoElement]) => getComputedStyle(document.querySelector(sel!)!, pseudoElement ?? null).getPropertyValue(prop!),
    [selector, property, pseudo] as const,
  );

/** Waits until the computed style has the value (buttons change colour with a transition). */
const styleBecomes = (page: Page, selector: string, property: string, value: string) =>
  page.waitForFunction(
    ([sel, prop, expected]) => {
      const element = document.querySelector(sel!);
      return element !== null && getComputedStyle(element).getPropertyValue(prop!) === expected;
    },
    [selector, property, value] as const,
    { timeout: 5000 },
  );

const sidebarOf = (page: Page) => page.getByRole('navigation', { name: 'Navegación principal' });

test('changes colours, app name and modules of every signed-in user of the organization live, and of no other', async ({ page, context, url }) => {
  const organization = await createOrganization();
  const admin = await createUser({ role: 'Administrador', organizationId: organization.id, name: 'Marta' });
  const { user: resident } = await createResident({ property: await createProperty({ organizationId: organization.id }), user: { name: 'Luis' } });
  const { user: outsider } = await createResident({ user: { name: 'Carla' } }); // another organization
  const neighbour = await dashboardOf(context, url(''), resident, 'Luis');
  const stranger = await dashboardOf(context, url(''), outsider, 'Carla');
  try {
    const other = neighbour.page;
    expect(await other.title()).toBe('Inicio | Vecindad');
    expect(await cssVariable(other, '--vec-primary')).toBe('#2563eb');
    await sidebarOf(other).getByRole('link', { name: 'Mantenimiento' }).waitFor();

    await signInAs(page, admin, '/admin/system-settings');
    await page.getByRole('heading', { name: 'Configuración del sistema', level: 1 }).waitFor();

    // General: the app name, in the other user's header and page title.
    const general = page.getByRole('form', { name: 'General' });
    expect(await general.getByLabel('Nombre de la aplicación').inputValue()).toBe('Vecindad');
    expect(await general.getByLabel('Idioma de la organización').inputValue()).toBe('es');
    await general.getByLabel('Nombre de la aplicación').fill('Residencial Las Palmas');
    await general.getByLabel('Idioma de la organización').selectOption({ label: 'Inglés' });
    await general.getByRole('button', { name: 'Guardar cambios' }).click();
    await notice(page).getByText('Cambios guardados').waitFor();
    await other.locator('header').getByText('Residencial Las Palmas').waitFor();
    await other.waitForFunction(() => document.title === 'Inicio | Residencial Las Palmas');
    await page.waitForFunction(() => document.title === 'Configuración del sistema | Residencial Las Palmas');

    // Appearance: five colours, previewed before saving, then applied to the other user.
    await page.getByRole('tab', { name: 'Apariencia' }).click();
    const appearance = page.getByRole('form', { name: 'Apariencia' });
    const colours = {
      'Color primario': '#0f766e',
      'Color secundario': '#7c3aed',
      'Color de acento': '#eab308',
      'Color del texto': '#111111',
      'Color de fondo': '#fefce8',
    };
    for (const [label, value] of Object.entries(colours)) await appearance.getByLabel(label, { exact: true }).fill(value);
    await styleBecomes(page, '[data-testid="brand-preview-button"]', 'background-color', 'rgb(15, 118, 110)');
    expect(await computed(page, '[data-testid="brand-preview"]', 'background-color')).toBe('rgb(254, 252, 232)');
    expect(await cssVariable(other, '--vec-primary')).toBe('#2563eb'); // nothing applied before saving
    await appearance.getByRole('button', { name: 'Guardar cambios' }).click();
    await notice(page).getByText('Cambios guardados').waitFor();

    await other.waitForFunction(() => getComputedStyle(document.documentElement).getPropertyValue('--vec-primary').trim() === '#0f766e');
    expect(await computed(other, 'body', 'background-color')).toBe('rgb(254, 252, 232)');
    expect(await computed(other, 'body', 'color')).toBe('rgb(17, 17, 17)');
    // The active menu item: the text colour (AA on its tint whatever the brand), marked with the accent.
    expect(await computed(other, '.vec-nav-link.active', 'color')).toBe('rgb(17, 17, 17)');
    expect(await computed(other, '.vec-nav-link.active', 'box-shadow')).toContain('rgb(234, 179, 8)');
    const strip = await computed(other, '.vec-header', 'background-image', '::after');
    expect(strip).toContain('rgb(15, 118, 110)');
    expect(strip).toContain('rgb(124, 58, 237)');
    expect(strip).toContain('rgb(234, 179, 8)');
    await page.mouse.move(0, 0); // off the button: not its hover shade
    await styleBecomes(page, 'form[aria-label="Apariencia"] button[type="submit"]', 'background-color', 'rgb(15, 118, 110)');

    // Features: maintenance switched off leaves the other user's sidebar.
    await page.getByRole('tab', { name: 'Funciones' }).click();
    const features = page.getByRole('form', { name: 'Funciones' });
    await features.getByRole('checkbox', { name: 'Mantenimiento' }).uncheck();
    await features.getByRole('button', { name: 'Guardar cambios' }).click();
    await notice(page).getByText('Cambios guardados').waitFor();
    await sidebarOf(other).getByRole('link', { name: 'Mantenimiento' }).waitFor({ state: 'detached' });
    await sidebarOf(other).getByRole('link', { name: 'Documentos' }).waitFor();
    expect(await other.getByRole('heading', { name: 'Hola, Luis' }).isVisible()).toBe(true); // never reloaded
    await sidebarOf(page).getByRole('link', { name: 'Mantenimiento' }).waitFor({ state: 'detached' });

    const stored = await Organization.query().findById(organization.id);
    expect(stored).toMatchObject({ primaryColor: '#0f766e', secondaryColor: '#7c3aed', accentColor: '#eab308' });
    expect(stored?.settings).toMatchObject({ appName: 'Residencial Las Palmas', textColor: '#111111', features: { maintenance: false }, language: 'en' });
    // The organization's language names its defaults: its property's funds now in English.
    expect(await db()('funds').where({ organizationId: organization.id }).orderBy('id').pluck('name')).toEqual(['Operating fund', 'Reserve fund']);

    // A user of another organization saw none of it.
    const outside = stranger.page;
    expect(await outside.title()).toBe('Inicio | Vecindad');
    expect(await outside.locator('header').getByText('Residencial Las Palmas').count()).toBe(0);
    expect(await cssVariable(outside, '--vec-primary')).toBe('#2563eb');
    expect(await computed(outside, 'body', 'background-color')).toBe('rgb(248, 250, 252)');
    expect(await sidebarOf(outside).getByRole('link', { name: 'Mantenimiento' }).isVisible()).toBe(true);
  } finally {
    await neighbour.close();
    await stranger.close();
  }
});

test('validates required texts, the email and colours, and the colour picker fills the hex text', async ({ page }) => {
  const admin = await createUser({ role: 'Administrador' });
  await signInAs(page, admin, '/admin/system-settings');
  const general = page.getByRole('form', { name: 'General' });
  await general.getByLabel('Nombre de la aplicación').fill('   ');
  await general.getByLabel('Correo de contacto').fill('no-es-correo');
  let saves = 0;
  page.on('request', (request) => request.method() === 'PUT' && request.url().endsWith('/api/settings') && saves++);
  await general.getByRole('button', { name: 'Guardar cambios' }).click();
  await general.getByText('Este campo es requerido').waitFor();
  await general.getByText('Debe ser un correo electrónico válido').waitFor();

  await page.getByRole('tab', { name: 'Apariencia' }).click();
  const appearance = page.getByRole('form', { name: 'Apariencia' });
  // The default colours read well on white: no contrast warning.
  await appearance.getByLabel('Color primario', { exact: true }).waitFor();
  expect(await appearance.getByTestId('color-warning').count()).toBe(0);
  await appearance.getByLabel('Color de acento', { exact: true }).fill('#12');
  await appearance.getByLabel('Color del texto', { exact: true }).fill('negro');
  await appearance.getByRole('button', { name: 'Guardar cambios' }).click();
  expect(await appearance.getByText('Color inválido (use #RRGGBB)').count()).toBe(2);
  expect(saves).toBe(0);

  await appearance.getByLabel('Elegir Color primario').fill('#abcdef');
  expect(await appearance.getByLabel('Color primario', { exact: true }).inputValue()).toBe('#abcdef');
  // A brand colour too light for text on white (1.65:1) is flagged, and read with its field.
  const warning = appearance.getByTestId('color-warning');
  await warning.getByText(/^Poco contraste con el blanco \(1,[67]:1\)/).waitFor();
  const described = await appearance.getByLabel('Color primario', { exact: true }).getAttribute('aria-describedby');
  expect(described).toContain(await warning.getAttribute('id'));
  await appearance.getByLabel('Color de acento', { exact: true }).fill('#F59E0B');
  await appearance.getByLabel('Color del texto', { exact: true }).fill('#1f2937');
  await appearance.getByRole('button', { name: 'Guardar cambios' }).click();
  await notice(page).getByText('Los colores han sido actualizados para todos los usuarios.').waitFor();
  expect(await Organization.query().findById(admin.organizationId)).toMatchObject({ primaryColor: '#abcdef', accentColor: '#f59e0b' });
  expect((await Organization.query().findById(admin.organizationId))?.settings).not.toHaveProperty('appName');

  // Saved settings are what the screen loads next time.
  await page.goto('/admin/system-settings?tab=appearance');
  expect(await page.getByLabel('Color primario', { exact: true }).inputValue()).toBe('#abcdef');
});

test('saves the maintenance deadlines and the visitors’ retention, each tab on its own, refusing values out of range', async ({ page }) => {
  const admin = await createUser({ role: 'Administrador' });
  await signInAs(page, admin, '/admin/system-settings?tab=maintenance');
  let saves = 0;
  page.on('request', (request) => request.method() === 'PUT' && request.url().includes('/settings') && saves++);

  const deadlines = page.getByRole('form', { name: 'Plazos de respuesta' });
  const emergency = deadlines.getByLabel('Emergencia (horas)');
  expect(await emergency.inputValue()).toBe('24');
  await emergency.fill('0');
  await deadlines.getByRole('button', { name: 'Guardar plazos' }).click();
  await deadlines.getByText('Debe ser un número entero de horas entre 1 y 2160').waitFor();
  expect(saves).toBe(0);
  await emergency.fill('6');
  await deadlines.getByRole('button', { name: 'Guardar plazos' }).click();
  await notice(page).getByText('Plazos guardados').waitFor();

  await page.getByRole('tab', { name: 'Visitantes' }).click();
  const retention = page.getByRole('form', { name: 'Datos personales de visitantes' });
  const days = retention.getByLabel('Conservar durante (días)');
  expect(await days.inputValue()).toBe('180');
  await days.fill('10');
  await retention.getByRole('button', { name: 'Guardar' }).click();
  await retention.getByText('Debe ser un número entero de días entre 30 y 3650').waitFor();
  expect(saves).toBe(1);
  await days.fill('90');
  await retention.getByRole('button', { name: 'Guardar' }).click();
  await notice(page).getByText('Plazo guardado').waitFor();

  expect((await Organization.query().findById(admin.organizationId))?.settings).toMatchObject({
    maintenance: { deadlineHours: { emergency: 6, high: 72, medium: 168, low: 336 } },
    visitors: { retentionDays: 90 },
  });
  // Saved settings are what the tabs load next time.
  await page.goto('/admin/system-settings?tab=visitors');
  expect(await page.getByLabel('Conservar durante (días)').inputValue()).toBe('90');
  await page.getByRole('tab', { name: 'Mantenimiento' }).click();
  expect(await page.getByLabel('Emergencia (horas)').inputValue()).toBe('6');
});

test('sends a non-administrator from system settings to the dashboard', async ({ page }) => {
  const owner = await createUser({ role: 'Propietario', name: 'Julia' });
  await signInAs(page, owner, '/admin/system-settings');
  await page.getByRole('heading', { name: 'Hola, Julia' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/');
  expect(await sidebarOf(page).getByRole('link', { name: 'Configuración del sistema' }).count()).toBe(0);
});

test('fits a 375 px screen', async ({ page }) => {
  const admin = await createUser({ role: 'Administrador' });
  await signInAs(page, admin, '/admin/system-settings?tab=appearance');
  await page.getByTestId('brand-preview').waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.getByRole('tab', { name: 'Funciones' }).click();
  await page.getByRole('checkbox', { name: 'Mostrar formulario de registro' }).waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}, { viewport: PHONE });
