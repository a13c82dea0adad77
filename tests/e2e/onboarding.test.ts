import path from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import type { Page } from 'playwright-core';
import { afterAll, expect } from 'vitest';
import { Unit } from '../../server/models';
import { createProperty, createUnit, createUser } from '../support/factories';
import { PHONE, notice, signInAs, useBrowser } from './support/browser';
import { startWorker, type RunningWorker } from '../../worker/worker';
import { expectAccessible, expectSpanish } from './support/accessibility';
import { downloaded, markNoReload, notReloaded, signInLive } from './support/pages';
import { WORKER_IMPORT_ROWS } from '../../shared/onboarding';

/**
 * Onboarding's screens (docs/modules/onboarding.md): the import wizard on the repository's real
 * files, "Crear unidades" in a property, and "Exportar todo" in the system settings.
 */
const { test } = useBrowser();

let worker: RunningWorker | undefined;
afterAll(async () => {
  await worker?.close();
});
/** The worker of this file's tests (imports past WORKER_IMPORT_ROWS rows, exports), started once. */
const useWorker = async () => {
  worker ??= await startWorker({ redisUrl: process.env.REDIS_URL!, prefix: process.env.REDIS_PREFIX!, sweepEveryMs: 60 * 60 * 1000 });
};

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/onboarding');

const step = (page: Page, name: string) => page.getByRole('heading', { name, level: 2 });
const rowOf = (page: Page, line: number) => page.locator(`[data-testid="import-row"][data-line="${line}"]`);
const selectedText = (page: Page, label: string) => page.getByLabel(label, { exact: true }).evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent ?? '');

async function community() {
  const admin = await createUser({ role: 'Administrador' });
  const property = await createProperty({ organizationId: admin.organizationId });
  return { admin, property };
}

test('the wizard imports the CSV Excel saves in Spanish (Windows-1252, semicolons) from the properties screen, and the same file twice changes nothing', async ({ page }) => {
  const { admin, property } = await community();
  await signInAs(page, admin, '/properties');
  await page.getByRole('link', { name: 'Importar' }).click();
  await page.getByRole('heading', { name: 'Importar', level: 1 }).waitFor();
  await page.getByRole('navigation', { name: 'Pasos de la importación' }).locator('[aria-current="step"]').getByText('Archivo').waitFor();
  await expectAccessible(page, 'importar: archivo');
  await expectSpanish(page, 'importar: archivo');

  // Nothing chosen: both fields say so, nothing is sent.
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByText('Seleccione un archivo').waitFor();
  expect(await page.getByLabel('Qué desea importar').inputValue()).toBe('units');
  await page.getByLabel('Propiedad').selectOption(String(property.id));
  await page.getByLabel('Archivo (CSV o XLSX)').setInputFiles(path.join(FIXTURES, 'unidades-excel-es.csv'));
  await page.getByRole('button', { name: 'Continuar' }).click();

  // The mapping, guessed from the file's Spanish headers (accents read from Windows-1252).
  await step(page, 'Columnas').waitFor();
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Columnas');
  expect(await selectedText(page, 'Unidad')).toBe('Apto');
  expect(await selectedText(page, 'Piso')).toBe('Piso');
  expect(await selectedText(page, 'Área m²')).toBe('Área m²');
  expect(await selectedText(page, 'Alícuota')).toBe('Alícuota');
  expect(await selectedText(page, 'Correo del propietario')).toBe('— No importar —');
  await expectAccessible(page, 'importar: columnas');
  await expectSpanish(page, 'importar: columnas');
  // A required field left without a column cannot be previewed; chosen again, it can.
  await page.getByLabel('Unidad', { exact: true }).selectOption('');
  await page.getByText('Elija la columna de este dato').waitFor();
  expect(await page.getByRole('button', { name: 'Ver vista previa' }).isDisabled()).toBe(true);
  await page.getByLabel('Unidad', { exact: true }).selectOption({ label: 'Apto' });
  await page.getByRole('button', { name: 'Ver vista previa' }).click();

  // The dry run: five new units, nothing written yet.
  await step(page, 'Vista previa').waitFor();
  expect(await page.getByTestId('import-total-rows').textContent()).toBe('5');
  expect(await page.getByTestId('import-total-create').textContent()).toBe('5');
  expect(await page.getByTestId('import-total-error').textContent()).toBe('0');
  expect(await rowOf(page, 6).textContent()).toContain('Local Peñón');
  expect(await rowOf(page, 2).getByTestId('import-outcome').textContent()).toBe('Nueva');
  expect(await Unit.query().where({ propertyId: property.id }).resultSize()).toBe(0);
  await expectAccessible(page, 'importar: vista previa');

  await page.getByRole('button', { name: 'Aplicar (5 filas)' }).click();
  await step(page, 'Resultado').waitFor();
  await page.getByText('Importación completada').waitFor();
  expect(await page.getByTestId('import-result').textContent()).toContain('5 nuevas, 0 actualizadas, 0 sin cambios.');
  await expectAccessible(page, 'importar: resultado');
  const units = await Unit.query().where({ propertyId: property.id }).orderBy('unitNumber');
  expect(units.map((unit) => [unit.unitNumber, unit.floor, Number(unit.squareMeters), Number(unit.share)])).toEqual([
    ['101', 1, 85.5, 2.5],
    ['102', 1, 90, 2.5],
    ['201', 2, 85.5, 2.5],
    ['202', 2, 90, 2.5],
    ['Local Peñón', 0, 120.75, 5],
  ]);

  // Another file: the wizard starts again with the same kind and property; the same file is all unchanged.
  await page.getByRole('button', { name: 'Importar otro archivo' }).click();
  await step(page, 'Archivo').waitFor();
  expect(await page.getByLabel('Propiedad').inputValue()).toBe(String(property.id));
  await page.getByLabel('Archivo (CSV o XLSX)').setInputFiles(path.join(FIXTURES, 'unidades-excel-es.csv'));
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('button', { name: 'Ver vista previa' }).click();
  await step(page, 'Vista previa').waitFor();
  expect(await page.getByTestId('import-total-unchanged').textContent()).toBe('5');
  await page.getByText('No hay filas nuevas ni cambios que guardar.').waitFor();
  expect(await page.getByRole('button', { name: 'Aplicar (0 filas)' }).isDisabled()).toBe(true);

  // A reload resumes the same import (its id is in the address).
  expect(page.url()).toMatch(/[?&]id=\d+/);
  await page.reload();
  await step(page, 'Vista previa').waitFor();
  expect(await page.getByTestId('import-total-unchanged').textContent()).toBe('5');
});

test('the preview marks each bad row and field with the forms\' message; the valid rows alone are applied, and the error rows download as CSV', async ({ page }) => {
  const { admin, property } = await community();
  await signInAs(page, admin, `/import?kind=units&property=${property.id}`);
  await page.getByLabel('Archivo (CSV o XLSX)').setInputFiles(path.join(FIXTURES, 'unidades-errores.csv'));
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('button', { name: 'Ver vista previa' }).click();
  await step(page, 'Vista previa').waitFor();

  const errors = Number(await page.getByTestId('import-total-error').textContent());
  const created = Number(await page.getByTestId('import-total-create').textContent());
  expect(errors).toBeGreaterThanOrEqual(15);
  expect(created).toBeGreaterThan(0);
  // Only the rows in error are listed at first; each names its field.
  expect(await page.getByLabel('Mostrar solo las filas con errores').isChecked()).toBe(true);
  expect(await page.getByTestId('import-row').count()).toBe(errors);
  await expectAccessible(page, 'importar: vista previa con errores');
  await expectSpanish(page, 'importar: vista previa con errores');
  // Line 3: no unit number; line 4: floor "uno"; line 11: a bad owner email.
  expect(await rowOf(page, 3).locator('td[data-field="unitNumber"] [data-testid="import-cell-error"]').count()).toBe(1);
  const floor = rowOf(page, 4).locator('td[data-field="floor"] [data-testid="import-cell-error"]');
  expect(await floor.textContent()).toMatch(/^Error en Piso: .+/);
  expect(await rowOf(page, 4).getAttribute('class')).toContain('table-danger');
  expect(await rowOf(page, 4).locator('td[data-field="squareMeters"] [data-testid="import-cell-error"]').count()).toBe(0);
  expect(await rowOf(page, 11).locator('td[data-field="ownerEmail"] [data-testid="import-cell-error"]').count()).toBe(1);
  // Row 2 (A1) is valid: shown once every row is.
  await page.getByLabel('Mostrar solo las filas con errores').uncheck();
  expect(await page.getByTestId('import-row').count()).toBe(errors + created);
  expect(await rowOf(page, 2).getByTestId('import-outcome').textContent()).toBe('Nueva');

  // All or nothing cannot apply with errors; skipping them can.
  expect(await page.getByRole('button', { name: new RegExp(`^Aplicar \\(${created} filas?\\)$`) }).isDisabled()).toBe(true);
  await page.getByText('Hay filas con errores: corríjalas o elija omitirlas.').waitFor();
  const file = await downloaded(page, () => page.getByRole('button', { name: 'Descargar filas con errores (CSV)' }).click());
  expect(file.name).toMatch(/\.csv$/);
  const text = file.bytes.toString('utf8');
  expect(text).toContain('B1');
  expect(text).toContain('uno');
  expect(text).not.toMatch(/^A2[,;]/m);

  await page.getByLabel('Guardar las filas válidas y omitir las que tienen errores').check();
  await page.getByRole('button', { name: new RegExp(`^Aplicar \\(${created} filas?\\)$`) }).click();
  await page.getByText('Importación completada').waitFor();
  await page.getByText(`Se omitieron ${errors} filas con errores.`).waitFor();
  expect(await Unit.query().where({ propertyId: property.id }).resultSize()).toBe(created);
  expect(await Unit.query().where({ propertyId: property.id, unitNumber: 'B1' }).resultSize()).toBe(0);
});

test('"Crear unidades" previews the numbers, skips the existing ones and gives equal shares', async ({ page }) => {
  const { admin, property } = await community();
  await createUnit({ propertyId: property.id, unitNumber: '101' });
  await signInAs(page, admin, '/properties');
  await page.getByTestId('property-card').filter({ hasText: property.name }).getByRole('button', { name: `Gestionar ${property.name}` }).click();
  const manage = page.getByRole('dialog', { name: `Gestionar ${property.name}` });
  await manage.getByRole('tab', { name: 'Unidades' }).click();
  await manage.getByRole('button', { name: 'Crear unidades' }).click();

  const dialog = page.getByRole('dialog', { name: 'Crear unidades' });
  await dialog.getByLabel('Desde el piso').fill('1');
  await dialog.getByLabel('Hasta el piso').fill('2');
  await dialog.getByLabel('Unidades por piso').fill('2');
  expect(await dialog.getByLabel('Numeración').inputValue()).toBe('{floor}0{n}');
  await dialog.getByLabel('Repartir la alícuota en partes iguales').check();
  await dialog.getByTestId('bulk-totals').getByText('3 nuevas; 1 ya existen y se omitirán. Alícuota de cada una: 25 %.').waitFor();
  expect(await dialog.getByTestId('bulk-numbers').locator('li').allTextContents()).toEqual(['101 (ya existe)', '102', '201', '202']);
  await expectAccessible(page, 'crear unidades');
  await expectSpanish(page, 'crear unidades');

  // Another pattern and prefix: the preview follows; a pattern without {n} or {letter} is refused.
  await dialog.getByLabel('Numeración').fill('{floor}');
  await dialog.getByText(/\{n\}|\{letter\}|numeración|patrón/i).first().waitFor();
  await dialog.getByLabel('Numeración').fill('{floor}{letter}');
  await dialog.getByLabel('Prefijo (opcional)').fill('Apto ');
  await dialog.getByTestId('bulk-numbers').getByText('Apto 2B').waitFor();
  await dialog.getByLabel('Numeración').fill('{floor}0{n}');
  await dialog.getByLabel('Prefijo (opcional)').fill('');
  await dialog.getByTestId('bulk-numbers').getByText('101 (ya existe)').waitFor();

  await dialog.getByRole('button', { name: 'Crear 3 unidades' }).click();
  await notice(page).getByText('Unidades creadas').waitFor();
  await dialog.waitFor({ state: 'detached' });
  const units = await Unit.query().where({ propertyId: property.id }).orderBy('unitNumber');
  expect(units.map((unit) => [unit.unitNumber, unit.floor, unit.share === null ? null : Number(unit.share)])).toEqual([
    ['101', null, null],
    ['102', 1, 25],
    ['201', 2, 25],
    ['202', 2, 25],
  ]);
  await manage.getByTestId('units-list').getByText('Unidad 202').waitFor();

  // The tab's "Importar" opens the wizard for this property's units.
  await manage.getByRole('link', { name: 'Importar' }).click();
  await page.getByRole('heading', { name: 'Importar', level: 1 }).waitFor();
  expect(await page.getByLabel('Qué desea importar').inputValue()).toBe('units');
  expect(await page.getByLabel('Propiedad').inputValue()).toBe(String(property.id));
  expect(await page.getByRole('dialog').count()).toBe(0);
});

test('on a phone the wizard reads without sideways scrolling, and the import link is on the residents screen', async ({ page }) => {
  const { admin, property } = await community();
  await signInAs(page, admin, '/residents');
  await page.getByRole('link', { name: 'Importar' }).click();
  await page.getByRole('heading', { name: 'Importar', level: 1 }).waitFor();
  expect(await page.getByLabel('Qué desea importar').inputValue()).toBe('people');
  await page.getByLabel('Qué desea importar').selectOption('units');
  await page.getByLabel('Propiedad').selectOption(String(property.id));
  await page.getByLabel('Archivo (CSV o XLSX)').setInputFiles(path.join(FIXTURES, 'unidades-excel-es.csv'));
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('button', { name: 'Ver vista previa' }).click();
  await step(page, 'Vista previa').waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}, { viewport: PHONE });

test('"Exportar todo": the worker builds the zip, the screen follows its status, and it opens with the expected CSVs', async ({ page }) => {
  const { admin, property } = await community();
  await createUnit({ propertyId: property.id, unitNumber: 'PH-1' });
  await useWorker();
  await signInAs(page, admin, '/admin/system-settings?tab=export');
  await page.getByRole('heading', { name: 'Exportar todo', level: 2 }).waitFor();
  await expectAccessible(page, 'configuración del sistema: exportar todo');
  await expectSpanish(page, 'configuración del sistema: exportar todo');
  expect(await selectedText(page, 'Qué exportar')).toBe('Toda la organización');
  await page.getByLabel('Qué exportar').selectOption(String(property.id));
  await page.getByRole('button', { name: 'Exportar todo' }).click();
  await page.getByTestId('export-status').waitFor();
  await page.getByRole('button', { name: 'Descargar zip' }).waitFor({ timeout: 30_000 });
  expect(await page.getByTestId('export-status').textContent()).toContain('El archivo está listo.');

  const file = await downloaded(page, () => page.getByRole('button', { name: 'Descargar zip' }).click());
  expect(file.name).toMatch(/\.zip$/);
  const entries = unzipSync(new Uint8Array(file.bytes));
  const names = Object.keys(entries).sort();
  for (const expected of ['propiedades.csv', 'unidades.csv', 'personas.csv', 'cargos.csv', 'pagos.csv', 'gastos.csv', 'reservas.csv', 'visitantes.csv', 'mantenimiento.csv', 'documentos.csv']) {
    expect(names).toContain(expected);
  }
  expect(strFromU8(entries['propiedades.csv'])).toContain(property.name);
  expect(strFromU8(entries['unidades.csv'])).toContain('PH-1');

  // The inbox links it back to "Exportar todo", where the zip is ready to download.
  await page.goto('/');
  await page.getByTestId('notification-bell').click();
  await page.getByTestId('bell-item').filter({ hasText: 'Su exportación está lista' }).click();
  await page.getByRole('heading', { name: 'Exportar todo', level: 2 }).waitFor();
  expect(page.url()).toContain('exportId=');
  await page.getByRole('button', { name: 'Descargar zip' }).waitFor();
});

test('a file too big to apply at once goes to the worker: the progress bar follows its live events to the result, without a reload', async ({ page }) => {
  const { admin, property } = await community();
  await useWorker();
  const count = WORKER_IMPORT_ROWS + 100;
  const csv = ['Unidad;Piso', ...Array.from({ length: count }, (_, i) => `T-${i + 1};${Math.floor(i / 10)}`)].join('\r\n');
  const frames: string[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', (frame) => frames.push(String(frame.payload))));
  await signInLive(page, admin, `/import?kind=units&property=${property.id}`);
  await page.getByLabel('Archivo (CSV o XLSX)').setInputFiles({ name: 'torre-grande.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('button', { name: 'Ver vista previa' }).click();
  await step(page, 'Vista previa').waitFor();
  expect(await page.getByTestId('import-total-create').textContent()).toBe(String(count));

  // The bar may come and go quickly: the page notes whether it was ever drawn.
  await markNoReload(page);
  await page.evaluate(() => {
    const seen = () => document.querySelector('[data-testid="import-progress"]') && Object.assign(window, { vecindadProgressSeen: true });
    new MutationObserver(seen).observe(document.body, { childList: true, subtree: true });
  });
  await page.getByRole('button', { name: `Aplicar (${count} filas)` }).click();
  await page.getByText('Importación completada').waitFor({ timeout: 150_000 });
  expect(await page.evaluate(() => (window as unknown as { vecindadProgressSeen?: boolean }).vecindadProgressSeen === true)).toBe(true);
  expect(await notReloaded(page)).toBe(true);
  expect(frames.some((frame) => frame.includes('import.progress'))).toBe(true);
  // The end may show first from the import asked again meanwhile; its event follows.
  await expect.poll(() => frames.some((frame) => frame.includes('import.finished')), { timeout: 15_000 }).toBe(true);
  expect(await Unit.query().where({ propertyId: property.id }).resultSize()).toBe(count);
}, { timeout: 240_000 });
