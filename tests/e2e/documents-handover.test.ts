import zlib from 'node:zlib';
import { expect } from 'vitest';
import { db } from '../../server/db';
import { Organization } from '../../server/models';
import { createOrganization, createProperty, createUnit, createUser } from '../support/factories';
import { PHONE, notice, signInAs, useBrowser } from './support/browser';

const { test } = useBrowser();

/** A 24×24 PNG of one colour: a logo the browser really draws. */
function solidPng(size: number) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, 0x2a)]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

test('the administrator uploads the logo in Settings: it shows in the header at once; a wrong file is refused; removing asks first', async ({ page }) => {
  const organization = await createOrganization();
  const admin = await createUser({ role: 'Administrador', organizationId: organization.id, name: 'Marta' });
  await signInAs(page, admin, '/admin/system-settings');
  await page.getByRole('tab', { name: 'Apariencia' }).click();
  const field = page.getByTestId('logo-field');
  await field.getByText('Sin logo').waitFor();

  // Not an image: refused before sending, with the reason.
  await field.getByTestId('logo-input').setInputFiles({ name: 'logo.html', mimeType: 'text/html', buffer: Buffer.from('<html></html>') });
  await field.getByRole('alert').getByText('El logo debe ser una imagen PNG o JPG').waitFor();

  await field.getByTestId('logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: solidPng(24) });
  await notice(page).getByText('Logo actualizado').waitFor();
  const preview = field.getByRole('img', { name: 'Logo de la organización' });
  await preview.waitFor();
  const src = await preview.getAttribute('src');
  expect(src).toMatch(/^\/api\/logos\/[a-f0-9]{32}$/);
  // The header shows the same image, drawn (loaded, 24 px wide).
  const headerLogo = page.locator('header img').first();
  await page.waitForFunction((expected) => {
    const image = document.querySelector('header img') as HTMLImageElement | null;
    return image?.getAttribute('src') === expected && image.complete && image.naturalWidth === 24;
  }, src);
  expect(await headerLogo.getAttribute('src')).toBe(src);
  expect((await Organization.query().findById(organization.id))!.logo).toBe(src);

  // Removing asks first; cancelling keeps it.
  await field.getByRole('button', { name: 'Quitar logo' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Quitar el logo?' });
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await dialog.waitFor({ state: 'detached' });
  await preview.waitFor();
  await field.getByRole('button', { name: 'Quitar logo' }).click();
  await page.getByRole('dialog', { name: '¿Quitar el logo?' }).getByRole('button', { name: 'Quitar logo' }).click();
  await notice(page).getByText('Logo eliminado').waitFor();
  await field.getByText('Sin logo').waitFor();
  expect((await Organization.query().findById(organization.id))!.logo).toBeNull();
});

test('the RNC is saved in Settings > General, refused with a wrong check digit', async ({ page }) => {
  const organization = await createOrganization();
  const admin = await createUser({ role: 'Administrador', organizationId: organization.id });
  await signInAs(page, admin, '/admin/system-settings');
  const general = page.getByRole('form', { name: 'General' });
  await general.getByLabel('RNC').fill('1-30-12345-5');
  await general.getByRole('button', { name: 'Guardar cambios' }).click();
  await general.getByText('RNC o cédula', { exact: false }).waitFor();
  await general.getByLabel('RNC').fill('130123454');
  await general.getByRole('button', { name: 'Guardar cambios' }).click();
  await notice(page).getByText('Cambios guardados').waitFor();
  expect((await Organization.query().findById(organization.id))!.rnc).toBe('130123454');
  await page.reload();
  expect(await page.getByRole('form', { name: 'General' }).getByLabel('RNC').inputValue()).toBe('1-30-12345-4');
});

test('on a phone, /verificar alone shows a box; a code typed in lower case without dashes finds the certificate', async ({ page, url }) => {
  await page.setViewportSize(PHONE);
  const property = await createProperty({ name: 'Torre Mar' });
  const unit = await createUnit({ propertyId: property.id, unitNumber: '1A' });
  await db()('noDebtCertificates').insert({ code: 'KQ7M-3XPA-9RTE-W2HN', organizationId: property.organizationId, unitId: unit.id, validUntil: '2099-12-31' });

  await page.goto(url('/verificar'));
  const box = page.getByLabel('Código de verificación');
  await box.waitFor();
  expect(await page.getByTestId('certificate-status').count()).toBe(0);
  await box.fill('kq7m3xpa9rtew2hn');
  await page.getByRole('button', { name: 'Verificar' }).click();
  await page.getByTestId('certificate-status').getByText('Certificado válido').waitFor();
  await page.getByText('Torre Mar · 1A').waitFor();
  expect(new URL(page.url()).pathname).toBe('/verificar/KQ7M-3XPA-9RTE-W2HN');

  // Another code from the same box: not found, said plainly.
  await page.getByLabel('Código de verificación').fill('aaaa bbbb cccc dddd');
  await page.getByRole('button', { name: 'Verificar' }).click();
  await page.getByTestId('certificate-not-found').waitFor();
  expect(new URL(page.url()).pathname).toBe('/verificar/AAAA-BBBB-CCCC-DDDD');
  // The box fits the phone's width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
