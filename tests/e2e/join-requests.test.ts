import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Organization, User } from '../../server/models';
import {
  PASSWORD,
  createBroadcast,
  createDocument,
  createOrganization,
  createProperty,
  createUnit,
  createUser,
  unique,
} from '../support/factories';
import { DESKTOP, notice, signInAs, useBrowser } from './support/browser';

const { test, port } = useBrowser();

/** An organization on its own domain with an administrator, a property (unit 4B), a public document and a notice. */
async function building() {
  const domain = `${unique('torre')}.test`;
  const organization = await createOrganization({ domain });
  const admin = await createUser({ role: 'Administrador', organizationId: organization.id, name: 'Pedro', lastName: 'Sosa' });
  const property = await createProperty({ organizationId: organization.id, name: unique('Torre Azul') });
  await createUnit({ propertyId: property.id, unitNumber: '4B' });
  const rules = await createDocument({ organizationId: organization.id, title: unique('Reglamento interno'), access: 'public' });
  const broadcast = await createBroadcast({ propertyId: property.id, title: unique('Corte de agua') });
  return { domain, organization, admin, property, rules, broadcast };
}

/** A GET from the page itself (its session cookie, its host). */
const fetchInPage = (page: Page, path: string) =>
  page.evaluate(async (url) => {
    const response = await fetch(url);
    return { status: response.status, text: await response.text() };
  }, path);

/** Registers through the form on the organization's domain, naming the property. */
async function registerOn(page: Page, domain: string, propertyReference: string) {
  await page.goto(`http://${domain}:${port()}/auth?tab=register`);
  const form = page.getByRole('form', { name: 'Registrarse' });
  await form.getByLabel('Nombre', { exact: true }).fill('Lucía');
  await form.getByLabel('Apellido').fill('Martínez');
  await form.getByLabel('Correo electrónico').fill(`${unique('lucia')}@example.com`);
  await form.getByLabel('Teléfono').fill('809-555-0199');
  await form.getByLabel('Su propiedad (opcional)').fill(propertyReference);
  await form.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Confirmar contraseña').fill(PASSWORD);
  await form.getByLabel('Acepto los términos y condiciones').check();
  await form.getByRole('button', { name: 'Crear cuenta' }).click();
  await page.getByRole('heading', { name: 'Su cuenta espera aprobación', level: 1 }).waitFor({ timeout: 15_000 });
}

/** The administrator, in a browser of their own, on /residents. */
async function administratorOn(context: BrowserContext, admin: User, organization: Organization) {
  const adminContext = await context.browser()!.newContext({ viewport: DESKTOP, baseURL: `http://127.0.0.1:${port()}`, locale: 'es-DO' });
  const adminPage = await adminContext.newPage();
  await signInAs(adminPage, { username: admin.username }, '/residents');
  await adminPage.getByRole('heading', { name: 'Residentes', level: 1 }).waitFor();
  expect(organization.id).toBe(admin.organizationId);
  return { adminPage, close: () => adminContext.close() };
}

test('a registration waits for approval reading nothing; the administrator approves it live from /residents, choosing a unit', async ({ page, context }) => {
  const { domain, organization, admin, property, rules, broadcast } = await building();
  // The administrator is already on /residents when the person registers: the request appears live.
  const { adminPage, close } = await administratorOn(context, admin, organization);
  try {
    await registerOn(page, domain, property.name);
    await page.getByText(`Pidió unirse a ${property.name}.`).waitFor();

    // Nothing of the property: not on the screen, not in the menu, refused by the server.
    expect(await page.getByText(rules.title).count()).toBe(0);
    expect(await page.getByText(broadcast.title).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Documentos' }).count()).toBe(0);
    for (const path of ['/api/documents', `/api/properties/${property.id}`, `/api/broadcasts?propertyId=${property.id}`, '/api/dashboard']) {
      const response = await fetchInPage(page, path);
      expect(response.status, path).toBe(403);
      expect(response.text).not.toContain(rules.title);
    }
    await page.goto(`http://${domain}:${port()}/documents`);
    await page.getByRole('heading', { name: 'Su cuenta espera aprobación', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    const row = adminPage.getByTestId('join-request-row').filter({ hasText: 'Lucía Martínez' });
    await row.waitFor();
    expect(await row.textContent()).toContain(property.name);
    await row.getByRole('button', { name: 'Aprobar la solicitud de Lucía Martínez' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Aprobar la solicitud de Lucía Martínez' });
    await dialog.waitFor();
    await adminPage.waitForFunction(
      (id) => (document.querySelector('[role="dialog"] select') as HTMLSelectElement | null)?.value === String(id),
      property.id,
    );
    // A unit that does not exist is offered for creation, never created silently.
    await dialog.getByLabel('Unidad').fill('12C');
    await dialog.getByTestId('unit-missing').getByText('La unidad «12C» no existe en esta propiedad.').waitFor();
    await dialog.getByLabel('Crear la unidad «12C» al aprobar').check();
    await dialog.getByRole('button', { name: 'Aprobar', exact: true }).click();
    await notice(adminPage).getByText(`Lucía Martínez ya es residente de ${property.name}, unidad 12C.`).waitFor();
    await adminPage.getByTestId('join-requests').waitFor({ state: 'detached' });
    await adminPage.getByTestId('resident-row').filter({ hasText: 'Lucía Martínez' }).waitFor();
  } finally {
    await close();
  }

  // The new resident's screen switches by itself: the dashboard, the property's notice, its documents.
  await page.getByRole('heading', { name: 'Hola, Lucía' }).waitFor({ timeout: 15_000 });
  await page.getByText(broadcast.title).waitFor();
  await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Documentos' }).click();
  await page.getByText(rules.title).first().waitFor();
  expect((await fetchInPage(page, `/api/properties/${property.id}`)).status).toBe(200);
});

test('a declined request reaches the person live, who may send a new one', async ({ page, context }) => {
  const { domain, organization, admin, property } = await building();
  await registerOn(page, domain, 'Torre que no existe');
  await page.getByText('Indicó «Torre que no existe».', { exact: false }).waitFor();

  const { adminPage, close } = await administratorOn(context, admin, organization);
  try {
    const row = adminPage.getByTestId('join-request-row').filter({ hasText: 'Lucía Martínez' });
    await row.waitFor();
    expect(await row.getByText('Sin propiedad').count()).toBe(1);
    await row.getByRole('button', { name: 'Rechazar la solicitud de Lucía Martínez' }).click();
    const confirm = adminPage.getByRole('dialog', { name: 'Rechazar la solicitud' });
    await confirm.getByText('Lucía Martínez no tendrá acceso a ninguna propiedad.', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Rechazar' }).click();
    await notice(adminPage).getByText('Solicitud rechazada').waitFor();
  } finally {
    await close();
  }

  await page.getByRole('heading', { name: 'Su solicitud fue rechazada' }).waitFor({ timeout: 15_000 });
  const form = page.getByRole('form', { name: 'Enviar una nueva solicitud' });
  await form.getByLabel('Propiedad (nombre o número)').fill(property.name);
  await form.getByRole('button', { name: 'Enviar solicitud' }).click();
  await page.getByText(`Pidió unirse a ${property.name}.`).waitFor();
});
