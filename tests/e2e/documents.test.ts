import fs from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { db } from '../../server/db';
import { Document } from '../../server/models';
import { createDocument, createOrganization, createProperty, createResident, createUser, unique } from '../support/factories';
import { englishOnScreen } from './support/accessibility';
import { DESKTOP, PHONE, notice, signInAs, useBrowser } from './support/browser';
import { shownDay } from './support/dates';
import { apiSessionAs, liveConnected } from './support/pages';

const { test } = useBrowser();

const MISSING = 'Faltan campos: complete todos los campos requeridos y seleccione un archivo.';
const TOO_LARGE = 'Archivo demasiado grande: el tamaño máximo es 10 MB';
const INVALID_TYPE = 'Tipo de archivo no válido: suba un PDF, un documento de Word, una hoja de Excel o una imagen';

/** A one-page PDF with a line of text that a PDF viewer renders (cross-reference table included). */
function pdfWithText(text: string): Buffer {
  const content = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = pdf.length;
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

type FilePayload = { name: string; mimeType: string; buffer: Buffer };

/** Drags a file from "outside the browser" onto the drop zone (dragenter, dragover, drop). */
async function dropFile(target: Locator, file: FilePayload) {
  const dataTransfer = await target.page().evaluateHandle(
    ({ name, mimeType, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], name, { type: mimeType }));
      return transfer;
    },
    { name: file.name, mimeType: file.mimeType, base64: file.buffer.toString('base64') },
  );
  for (const type of ['dragenter', 'dragover', 'drop']) await target.dispatchEvent(type, { dataTransfer });
}

const uploadDialog = (page: Page) => page.getByRole('dialog', { name: 'Subir documento' });
const rows = (page: Page) => page.getByTestId('document-row');
const row = (page: Page, title: string) => rows(page).filter({ has: page.getByTestId('document-title').getByText(title, { exact: true }) });
const tileCount = (page: Page, category: string) => page.getByTestId(`category-${category}-count`);

test('an administrator uploads a PDF by drag and drop, views, downloads and deletes it', async ({ page }) => {
  const admin = await createUser({ role: 'Administrador' });
  await createProperty({ organizationId: admin.organizationId, name: 'Torre Las Palmas' });
  const pdf = pdfWithText('Acta de la asamblea');
  const title = unique('Acta asamblea');

  // The dashboard's quick action opens the dialog through ?action=upload.
  await signInAs(page, admin, '/documents?action=upload');
  const dialog = uploadDialog(page);
  await dialog.waitFor();
  expect(await page.getByRole('navigation', { name: 'Ruta de navegación' }).textContent()).toContain('Inicio');
  expect(await dialog.getByLabel('Acceso').inputValue()).toBe('public');
  expect(await dialog.getByLabel('Acceso').locator('option').allTextContents()).toEqual([
    'Público',
    'Residentes',
    'Solo administradores',
    'Personalizado',
  ]);

  await dropFile(dialog.getByTestId('document-dropzone'), { name: 'Acta asamblea día 1.pdf', mimeType: 'application/pdf', buffer: pdf });
  await dialog.getByTestId('selected-file').getByText('Acta asamblea día 1.pdf').waitFor();
  // The title is suggested from the file name.
  expect(await dialog.getByLabel('Título').inputValue()).toBe('Acta asamblea día 1');
  await dialog.getByLabel('Título').fill(title);
  await dialog.getByLabel('Categoría').selectOption('meeting-minutes');
  await dialog.getByLabel('Propiedad (opcional)').selectOption({ label: 'Torre Las Palmas' });
  await dialog.getByRole('button', { name: 'Subir documento' }).click();
  await notice(page).getByText('Documento subido').waitFor();
  await dialog.waitFor({ state: 'hidden' });
  expect(new URL(page.url()).searchParams.get('action')).toBeNull();

  const stored = await Document.query().where({ organizationId: admin.organizationId, title }).first();
  expect(stored).toMatchObject({ category: 'meeting-minutes', access: 'public', fileName: 'Acta asamblea día 1.pdf', fileType: 'application/pdf' });
  const { content } = await db()('documents').select('content').where({ id: stored!.id }).first();
  expect(Buffer.compare(content, pdf)).toBe(0);

  // In the table (the day as "22 nov 2026", last modified "Hoy") and in its tile's count.
  const uploaded = row(page, title);
  await uploaded.waitFor();
  const text = await uploaded.textContent();
  expect(text).toContain(shownDay(new Date()));
  expect(text).toContain('Hoy');
  expect(text).toContain('Actas de reuniones');
  expect(text).toContain(`PDF · ${stored!.fileSize}`);
  expect(await tileCount(page, 'meeting-minutes').textContent()).toBe('1 archivo');
  expect(await tileCount(page, 'regulations').textContent()).toBe('0 archivos');

  // View: the PDF is loaded inline in the dialog's viewer.
  const inline = page.waitForResponse((response) => response.url().endsWith(`/api/documents/${stored!.id}/download?inline=1`));
  await uploaded.getByRole('button', { name: `Ver ${title}` }).click();
  const viewer = page.getByRole('dialog', { name: title });
  const object = viewer.getByTestId('document-viewer-pdf');
  await object.waitFor();
  expect(await object.getAttribute('data')).toBe(`/api/documents/${stored!.id}/download?inline=1`);
  const response = await inline;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect(response.headers()['content-disposition']).toMatch(/^inline;/);
  // Chromium hands the bytes to its PDF viewer (the body seen here is the viewer's page).
  expect(Number(response.headers()['content-length'])).toBe(pdf.length);
  await viewer.getByRole('button', { name: 'Cerrar' }).first().click();
  await viewer.waitFor({ state: 'hidden' });

  // Download: the same bytes, under the uploaded name (accent kept).
  const download = page.waitForEvent('download');
  await uploaded.getByRole('button', { name: `Descargar ${title}` }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Acta asamblea día 1.pdf');
  expect(Buffer.compare(fs.readFileSync((await file.path())!), pdf)).toBe(0);
  await notice(page).getByText('Descarga iniciada').waitFor();

  // Delete, after confirming.
  await uploaded.getByRole('button', { name: `Eliminar ${title}` }).click();
  const confirm = page.getByRole('dialog', { name: '¿Eliminar documento?' });
  await confirm.getByText(title).waitFor();
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await notice(page).getByText('Documento eliminado').waitFor();
  await page.getByRole('heading', { name: 'Aún no hay documentos' }).waitFor();
  await tileCount(page, 'meeting-minutes').getByText('0 archivos').waitFor();
  expect(await Document.query().findById(stored!.id)).toBeUndefined();
});

test('shows the spec message for a wrong type, a too-large file and missing fields; the server refuses a disguised file', async ({ page }) => {
  const admin = await createUser({ role: 'Administrador' });
  await signInAs(page, admin, '/documents');
  await page.getByRole('heading', { name: 'Aún no hay documentos' }).waitFor();
  await page.getByRole('button', { name: 'Subir documento' }).first().click();
  const dialog = uploadDialog(page);
  const problem = dialog.getByTestId('upload-problem');
  const input = dialog.getByTestId('document-file-input');

  await dialog.getByRole('button', { name: 'Subir documento' }).click();
  expect(await problem.textContent()).toBe(MISSING);
  expect(await dialog.getByLabel('Título').getAttribute('aria-invalid')).toBe('true');

  await input.setInputFiles({ name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('hola') });
  await problem.getByText(INVALID_TYPE).waitFor();
  await dropFile(dialog.getByTestId('document-dropzone'), { name: 'programa.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') });
  await problem.getByText(INVALID_TYPE).waitFor();

  const tooLarge = Buffer.concat([pdfWithText('grande'), Buffer.alloc(10 * 1024 * 1024)]);
  await input.setInputFiles({ name: 'grande.pdf', mimeType: 'application/pdf', buffer: tooLarge });
  await problem.getByText(TOO_LARGE).waitFor();

  // A valid file but no category: the missing-fields message again.
  await input.setInputFiles({ name: 'reglamento.pdf', mimeType: 'application/pdf', buffer: pdfWithText('Reglamento') });
  await problem.waitFor({ state: 'detached' });
  await dialog.getByRole('button', { name: 'Subir documento' }).click();
  await problem.getByText(MISSING).waitFor();
  expect(await dialog.getByLabel('Categoría').getAttribute('aria-invalid')).toBe('true');

  // An HTML page renamed .pdf passes the browser's check; the server reads the bytes and refuses it.
  await dialog.getByRole('button', { name: 'Quitar archivo' }).click();
  const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
  await input.setInputFiles({ name: 'factura.pdf', mimeType: 'application/pdf', buffer: html });
  await dialog.getByLabel('Categoría').selectOption('financial');
  await dialog.getByRole('button', { name: 'Subir documento' }).click();
  await notice(page).getByText('No se pudo subir', { exact: true }).waitFor();
  await notice(page).getByText(`No se pudo subir el documento: ${INVALID_TYPE}`).waitFor();
  await problem.getByText(INVALID_TYPE).waitFor();

  expect(await Document.query().where({ organizationId: admin.organizationId }).resultSize()).toBe(0);
});

test('shows the real progress of a slow upload, and Cancel stops it', async ({ page }) => {
  const admin = await createUser({ role: 'Administrador' });
  await signInAs(page, admin, '/documents?action=upload');
  const dialog = uploadDialog(page);
  const pdf = Buffer.concat([pdfWithText('Plano'), Buffer.alloc(1024 * 1024, 32)]);
  await dialog.getByTestId('document-file-input').setInputFiles({ name: 'plano.pdf', mimeType: 'application/pdf', buffer: pdf });
  await dialog.getByLabel('Categoría').selectOption('property-info');

  // A slow connection (200 KB/s up): the bar follows the bytes actually sent.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 200 * 1024 });
  const upload = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/documents');
  await dialog.getByRole('button', { name: 'Subir documento' }).click();
  const bar = dialog.getByRole('progressbar', { name: 'Progreso de la subida' });
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 10_000 }).toBeGreaterThan(10);
  expect(Number(await bar.getAttribute('aria-valuenow'))).toBeLessThan(100);
  expect(await bar.getAttribute('aria-valuetext')).toMatch(/^Subiendo \d+ %$/);

  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await dialog.waitFor({ state: 'hidden' });
  // Stopped: the request ended without an answer.
  expect(await (await upload).response()).toBeNull();
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  // Another upload after it: once its notice shows, a notice of the cancelled one would show too.
  await page.getByRole('button', { name: 'Subir documento' }).first().click();
  await dialog.getByTestId('document-file-input').setInputFiles({ name: 'nota.pdf', mimeType: 'application/pdf', buffer: pdfWithText('Nota') });
  await dialog.getByLabel('Categoría').selectOption('other');
  await dialog.getByRole('button', { name: 'Subir documento' }).click();
  await notice(page).getByText('Documento subido').waitFor();
  expect(await notice(page).count()).toBe(1);
  expect((await Document.query().where({ organizationId: admin.organizationId })).map((document) => document.fileName)).toEqual(['nota.pdf']);
});

test('a Residente cannot delete an administrator’s document and does not see administrators-only ones', async ({ page }) => {
  const property = await createProperty();
  const organizationId = property.organizationId;
  const admin = await createUser({ role: 'Administrador', organizationId });
  const { user: resident } = await createResident({ property });
  await createDocument({ organizationId, uploadedById: admin.id, title: 'Reglamento de la piscina', category: 'regulations' });
  await createDocument({ organizationId, uploadedById: admin.id, title: 'Presupuesto confidencial', category: 'financial', access: 'admin' });
  await createDocument({ organizationId, uploadedById: resident.id, title: 'Mi contrato', category: 'contracts', access: 'public' });
  await createDocument({ organizationId: (await createOrganization()).id, title: 'De otra organización' });

  await signInAs(page, resident, '/documents');
  const pool = row(page, 'Reglamento de la piscina');
  await pool.waitFor();
  expect(await rows(page).count()).toBe(2);
  expect(await page.getByText('Presupuesto confidencial').count()).toBe(0);
  expect(await page.getByText('De otra organización').count()).toBe(0);
  expect(await pool.getByRole('button', { name: 'Eliminar Reglamento de la piscina' }).isDisabled()).toBe(true);
  expect(await row(page, 'Mi contrato').getByRole('button', { name: 'Eliminar Mi contrato' }).isEnabled()).toBe(true);
  expect(await tileCount(page, 'financial').textContent()).toBe('0 archivos');
  expect(await tileCount(page, 'regulations').textContent()).toBe('1 archivo');

  // The server answers 404 for the hidden one even when asked directly.
  const hidden = await Document.query().where({ organizationId, title: 'Presupuesto confidencial' }).first();
  expect((await page.context().request.get(`/api/documents/${hidden!.id}/download`)).status()).toBe(404);

  // Show: my uploads.
  await page.getByLabel('Mostrar').selectOption('mine');
  await rows(page).filter({ hasText: 'Reglamento de la piscina' }).waitFor({ state: 'detached' });
  expect(await rows(page).count()).toBe(1);
  await row(page, 'Mi contrato').waitFor();

  // The upload dialog does not offer "administrators only" to a Residente.
  await page.getByRole('button', { name: 'Subir documento' }).first().click();
  await uploadDialog(page).getByLabel('Acceso').waitFor();
  expect(await uploadDialog(page).getByLabel('Acceso').locator('option').allTextContents()).toEqual(['Público', 'Residentes', 'Personalizado']);
});

test('shares a document with chosen residents through the file chooser (custom access)', async ({ page }) => {
  const property = await createProperty();
  const admin = await createUser({ role: 'Administrador', organizationId: property.organizationId });
  const { user: lucia } = await createResident({ property, user: { name: 'Lucía', lastName: 'Marte' } });
  await createResident({ property, user: { name: 'Pedro', lastName: 'Sosa' } });

  await signInAs(page, admin, '/documents');
  await page.getByRole('button', { name: 'Subir documento' }).first().click();
  const dialog = uploadDialog(page);
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByTestId('document-dropzone').click();
  await (await chooser).setFiles({ name: 'contrato.pdf', mimeType: 'application/pdf', buffer: pdfWithText('Contrato') });
  await dialog.getByLabel('Categoría').selectOption('contracts');
  await dialog.getByLabel('Acceso').selectOption('custom');
  await dialog.getByRole('button', { name: 'Subir documento' }).click();
  await dialog.getByTestId('upload-problem').getByText('Seleccione al menos un usuario con quien compartir el documento').waitFor();

  await dialog.getByLabel('Buscar residentes por nombre, correo o unidad').fill('luc');
  await dialog.getByRole('checkbox', { name: /Lucía Marte/ }).check();
  await dialog.getByRole('list', { name: 'Seleccionados' }).getByText('Lucía Marte').waitFor();
  await dialog.getByRole('button', { name: 'Subir documento' }).click();
  await notice(page).getByText('Documento subido').waitFor();

  const stored = await Document.query().where({ organizationId: property.organizationId, title: 'contrato' }).first();
  expect(stored?.access).toBe('custom');
  expect(await db()('document_shares').where({ documentId: stored!.id }).pluck('user_id')).toEqual([lucia.id]);

  // Lucía finds it under "Shared with me".
  await page.context().clearCookies();
  await signInAs(page, lucia, '/documents?show=shared');
  await row(page, 'contrato').waitFor();
  expect(await page.getByLabel('Mostrar').inputValue()).toBe('shared');
});

test('pages five at a time, searches and filters, and refreshes live when someone else uploads', async ({ page }) => {
  const admin = await createUser({ role: 'Administrador' });
  const organizationId = admin.organizationId;
  const base = Date.now() - 60 * 24 * 3600 * 1000;
  for (let i = 1; i <= 7; i++) {
    const at = new Date(base + i * 1000);
    await createDocument({ organizationId, uploadedById: admin.id, title: `Circular ${i}`, category: i === 7 ? 'financial' : 'other', uploadedAt: at, lastModified: at });
  }

  const connected = liveConnected(page);
  await signInAs(page, admin, '/documents');
  await row(page, 'Circular 7').waitFor();
  expect(await rows(page).count()).toBe(5);
  await page.getByText('Mostrando 1–5 de 7').waitFor();
  // Uploaded about two months ago.
  expect(await row(page, 'Circular 7').textContent()).toContain('Hace 2 meses');

  // The pager speaks Spanish to screen readers too (no "Previous", "Next", "(current)").
  const pager = page.getByRole('navigation', { name: 'Páginas de documentos' });
  await pager.getByRole('button', { name: 'Página siguiente' }).waitFor();
  expect(await englishOnScreen(page)).toEqual([]);
  await pager.getByRole('button', { name: '2' }).click();
  await row(page, 'Circular 1').waitFor();
  expect(await rows(page).count()).toBe(2);
  expect(new URL(page.url()).searchParams.get('page')).toBe('2');

  // A tile filters (and goes back to the first page); the search narrows by title.
  await page.getByTestId('category-financial').click();
  await page.getByText('Mostrando 1–1 de 1').waitFor();
  expect(await page.getByLabel('Categoría', { exact: true }).inputValue()).toBe('financial');
  await page.getByTestId('category-financial').click();
  await page.getByRole('searchbox', { name: 'Buscar documentos' }).fill('circular 3');
  await page.getByText('Mostrando 1–1 de 1').waitFor();
  await row(page, 'Circular 3').waitFor();
  await page.getByRole('button', { name: 'Quitar filtros' }).first().click();
  await page.getByText('Mostrando 1–5 de 7').waitFor();

  // Another session uploads: the list and the counts follow without a reload.
  await connected;
  const other = await apiSessionAs(page, admin);
  const created = await other.request.post('/api/documents', {
    data: {
      title: 'Aviso nuevo',
      category: 'regulations',
      access: 'public',
      fileType: 'application/pdf',
      fileName: 'aviso.pdf',
      content: pdfWithText('Aviso').toString('base64'),
    },
  });
  expect(created.status()).toBe(201);
  await other.close();
  await row(page, 'Aviso nuevo').waitFor({ timeout: 15_000 });
  await tileCount(page, 'regulations').getByText('1 archivo').waitFor();
  await page.getByText('Mostrando 1–5 de 8').waitFor();
}, { viewport: DESKTOP });

test('works on a phone: documents as cards with their actions', async ({ page }) => {
  const admin = await createUser({ role: 'Administrador' });
  await createDocument({ organizationId: admin.organizationId, uploadedById: admin.id, title: 'Reglamento interno' });

  await signInAs(page, admin, '/documents');
  const card = row(page, 'Reglamento interno');
  await card.waitFor();
  expect(await page.getByTestId('documents-table').count()).toBe(0);
  await card.getByRole('button', { name: 'Ver Reglamento interno' }).waitFor();
  expect(await card.textContent()).toContain('Descargar');
  // Nothing is wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  await page.getByRole('button', { name: 'Subir documento' }).first().click();
  await uploadDialog(page).getByTestId('document-dropzone').waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}, { viewport: PHONE });
