import { afterAll, beforeAll, expect } from 'vitest';
import { startWorker, type RunningWorker } from '../../worker/worker';
import { createOrganization, createProperty, createResident, createUser } from '../support/factories';
import { startSmtpServer, type ReceivedEmail, type TestSmtpServer } from '../support/smtp';
import { signInAs, useBrowser } from './support/browser';
import { apiSessionAs, markNoReload, notReloaded, signInLive } from './support/pages';

/**
 * Notifications in the browser, with the real worker and a real SMTP server in this process:
 * the bell rises live, the inbox, and the emailed links of password recovery and invitations.
 */
const { test } = useBrowser();
let worker: RunningWorker;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  worker = await startWorker({ redisUrl: process.env.REDIS_URL!, prefix: process.env.REDIS_PREFIX!, smtpUrl: smtp.url, sweepEveryMs: 60 * 60 * 1000 });
});

afterAll(async () => {
  await worker?.close();
  await smtp?.close();
});

async function community() {
  const organization = await createOrganization({ settings: { appName: 'Torre Vista Mar', companyName: 'Caribe Administración' } });
  const admin = await createUser({ role: 'Administrador', organizationId: organization.id, name: 'Marta', lastName: 'Gil' });
  const property = await createProperty({ organizationId: organization.id });
  const resident = await createResident({ property, user: { name: 'Rosa', lastName: 'Peña' } });
  return { organization, admin, property, resident };
}

/** The emailed link, opened on this test's server (emails link to APP_ORIGIN). */
function linkIn(mail: ReceivedEmail, page: string) {
  const link = new RegExp(`https?://[^\\s]+${page}#[\\w.-]+`).exec(mail.text ?? '')?.[0];
  if (!link) throw new Error(`no ${page} link in: ${mail.text}`);
  const { pathname, hash } = new URL(link);
  return `${pathname}${hash}`;
}

test('a resident receives a direct message: the bell rises live, the inbox shows it, the email arrives', async ({ page }) => {
  const { admin, resident } = await community();
  await signInLive(page, resident.user, '/');
  const bell = page.getByTestId('notification-bell');
  await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notificaciones');
  await markNoReload(page);

  // The administration sends a message (from its own session).
  const adminSession = await apiSessionAs(page, admin);
  const sent = await adminSession.request.post(`/api/residents/${resident.resident.id}/messages`, {
    data: { title: 'Entrega de llaves', message: 'Pase por la administración a recoger las llaves del parqueo.' },
  });
  expect(sent.status()).toBe(201);
  await adminSession.close();

  await expect.poll(() => page.getByTestId('notification-count').textContent(), { timeout: 10_000 }).toBe('1');
  expect(await bell.getAttribute('aria-label')).toBe('Notificaciones: 1 sin leer');
  expect(await notReloaded(page)).toBe(true);

  await bell.click();
  await page.getByTestId('bell-item').filter({ hasText: 'Entrega de llaves' }).waitFor();
  await page.getByRole('link', { name: 'Ver todas las notificaciones' }).click();
  await page.getByRole('heading', { name: 'Notificaciones', level: 1 }).waitFor();
  const item = page.getByTestId('notification-item').filter({ hasText: 'Entrega de llaves' });
  await item.getByText('Pase por la administración a recoger las llaves del parqueo.').waitFor();
  expect(await item.getAttribute('data-read')).toBe('false');
  await item.getByRole('button', { name: 'Marcar como leída' }).click();
  await expect.poll(() => item.getAttribute('data-read')).toBe('true');
  await expect.poll(() => page.getByTestId('notification-count').count()).toBe(0);

  const mail = await smtp.next(resident.user.email!, (m) => m.subject === 'Entrega de llaves');
  expect(mail.text).toContain('Hola, Rosa Peña:');
  expect(mail.text).toContain('Pase por la administración a recoger las llaves del parqueo.');
  expect(mail.from?.value[0].name).toBe('Caribe Administración');
});

test('a user resets a forgotten password through the emailed link', async ({ page }) => {
  const { resident } = await community();
  await page.goto('/auth');
  await page.getByRole('button', { name: '¿Olvidó su contraseña?' }).click();
  await page.getByLabel('Correo electrónico').fill(resident.user.username);
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await page.getByTestId('forgot-sent').getByText('Revise su correo').waitFor();

  const mail = await smtp.next(resident.user.email!, (m) => /Restablecer/.test(m.subject ?? ''));
  await page.goto(linkIn(mail, '/reset-password'));
  await page.getByRole('heading', { name: 'Elija una nueva contraseña' }).waitFor();
  await page.getByLabel('Nueva contraseña', { exact: true }).fill('Mi-clave-nueva-2026');
  await page.getByLabel('Confirmar contraseña', { exact: true }).fill('Mi-clave-nueva-2026');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await page.getByTestId('password-saved').waitFor();

  await page.getByRole('link', { name: 'Iniciar sesión' }).click();
  await page.waitForURL('**/auth');
  expect(await page.getByLabel('Correo electrónico').inputValue()).toBe(resident.user.username);
  await page.getByLabel('Contraseña', { exact: true }).fill('Mi-clave-nueva-2026');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.getByTestId('header-user-name').getByText('Rosa Peña').waitFor();

  // The link worked once.
  await page.goto(linkIn(mail, '/reset-password'));
  await page.getByTestId('link-invalid').waitFor();
});

test('an invited resident sets their password and signs in', async ({ page }) => {
  const { admin, property } = await community();
  await signInAs(page, admin, '/residents');
  const created = await page.context().request.post(`/api/properties/${property.id}/residents`, {
    data: { name: 'Luisa', lastName: 'Gómez', username: 'luisa.invitada@example.com', unit: '7A', createUnit: true },
  });
  expect(await created.json()).toMatchObject({ invited: true });
  await page.context().request.post('/api/logout');

  const mail = await smtp.next('luisa.invitada@example.com', (m) => /invitamos/.test(m.subject ?? ''));
  await page.goto(linkIn(mail, '/invitation'));
  await page.getByRole('heading', { name: 'Le damos la bienvenida a Torre Vista Mar, Luisa' }).waitFor();
  await page.getByLabel('Nueva contraseña', { exact: true }).fill('Luisa-elige-2026');
  await page.getByLabel('Confirmar contraseña', { exact: true }).fill('Luisa-elige-2026');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await page.getByRole('link', { name: 'Iniciar sesión' }).click();
  await page.getByLabel('Contraseña', { exact: true }).fill('Luisa-elige-2026');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  // Straight to the dashboard: no temporary password to change any more.
  await page.getByTestId('header-user-name').getByText('Luisa Gómez').waitFor();
  expect(new URL(page.url()).pathname).toBe('/');
});
