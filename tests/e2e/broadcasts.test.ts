import { addMonths, endOfDay, setDate, startOfDay } from 'date-fns';
import type { Page } from 'playwright-core';
import { afterAll, expect } from 'vitest';
import { Broadcast } from '../../server/models';
import { startWorker, type RunningWorker } from '../../worker/worker';
import { createBroadcast, createOrganization, createProperty, createResident, createUser } from '../support/factories';
import { PHONE, notice, signInAs, useBrowser } from './support/browser';
import { calendarDay, nowThere, shownDay } from './support/dates';
import { banner, notReloaded, openAs, rendered, requestsSent, signInLive } from './support/pages';

const { test } = useBrowser();

/** An organization with an administrator, a property with a resident, and a neighbouring property with its own resident. */
async function community() {
  const organization = await createOrganization();
  const admin = await createUser({ role: 'Administrador', organizationId: organization.id, name: 'Pedro', lastName: 'Sosa' });
  const property = await createProperty({ organizationId: organization.id, name: 'Torre Las Palmas' });
  const { user: resident } = await createResident({ property, user: { name: 'Rosa' } });
  const neighbour = await createProperty({ organizationId: organization.id, name: 'Residencial Los Pinos' });
  const { user: neighbourResident } = await createResident({ property: neighbour, user: { name: 'Luis' } });
  return { organization, admin, property, resident, neighbour, neighbourResident };
}

/** The broadcasts of the open tab ("Mensajes activos" or "Mensajes archivados"). */
const items = (page: Page, tab: 'Mensajes activos' | 'Mensajes archivados') => page.getByRole('tabpanel', { name: tab }).getByTestId('broadcast-item');
const day = shownDay;
const today = () => day(new Date());
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

test('a notice created, edited, expired and deleted by an administrator appears, changes and disappears in the resident\'s banner live', async ({ page, context, url }) => {
  const { admin, property, resident, neighbourResident } = await community();
  const browser = context.browser()!;
  const origin = url('');
  await signInLive(page, admin, `/properties/broadcasts?propertyId=${property.id}`);
  const home = await openAs(browser, origin, resident, '/');
  const neighbour = await openAs(browser, origin, neighbourResident, '/');
  try {
    await page.getByRole('heading', { name: 'Mensajes', level: 1 }).waitFor();
    expect(await page.getByLabel('Propiedad', { exact: true }).inputValue()).toBe(String(property.id));
    await page.getByText('No hay mensajes activos').waitFor();
    await home.page.getByRole('heading', { name: 'Hola, Rosa' }).waitFor();
    expect(await banner(home.page).count()).toBe(0);

    // Created: the resident's banner shows it, in maintenance amber.
    await page.getByRole('button', { name: 'Nuevo mensaje' }).filter({ visible: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo mensaje' });
    await dialog.getByLabel('Título', { exact: true }).fill('Corte de agua');
    await dialog.getByLabel('Mensaje', { exact: true }).fill('Mañana de 8:00 a 12:00 no habrá agua en la torre.');
    await dialog.getByLabel('Categoría').selectOption('maintenance');
    await dialog.getByRole('button', { name: 'Crear mensaje' }).click();
    await notice(page).getByText('Mensaje creado').waitFor();
    await notice(page).getByText('El mensaje ha sido creado exitosamente').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await items(page, 'Mensajes activos').getByText('Corte de agua').waitFor();

    await banner(home.page).getByText('Corte de agua').waitFor({ timeout: 15_000 });
    await banner(home.page).getByText('Mañana de 8:00 a 12:00 no habrá agua en la torre.').waitFor();
    expect(await banner(home.page).getAttribute('data-category')).toBe('maintenance');
    expect(await banner(home.page).getAttribute('class')).toContain('alert-warning');
    expect(await home.page.getByRole('region', { name: 'Avisos' }).count()).toBe(1);
    await home.page.locator('[aria-live="polite"]').getByText('Nuevo aviso, Mantenimiento: Corte de agua.').waitFor({ state: 'attached' });
    expect(await banner(neighbour.page).count()).toBe(0);

    // Edited: the banner changes, in emergency red, announced at once.
    await page.getByRole('button', { name: 'Editar «Corte de agua»' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar mensaje' });
    expect(await edit.getByLabel('Título', { exact: true }).inputValue()).toBe('Corte de agua');
    await edit.getByLabel('Título', { exact: true }).fill('Corte de agua prolongado');
    await edit.getByLabel('Categoría').selectOption('emergency');
    await edit.getByRole('button', { name: 'Guardar cambios' }).click();
    await notice(page).getByText('Mensaje actualizado').waitFor();
    await notice(page).getByText('El mensaje ha sido actualizado exitosamente').waitFor();
    await banner(home.page).getByText('Corte de agua prolongado').waitFor({ timeout: 15_000 });
    expect(await banner(home.page).getAttribute('class')).toContain('alert-danger');
    await home.page.locator('[aria-live="assertive"]').getByText('Aviso actualizado, Emergencia: Corte de agua prolongado.').waitFor({ state: 'attached' });

    // Expired (status set by the administrator): gone from the banner and the active tab, kept in the archive.
    await page.getByRole('button', { name: 'Editar «Corte de agua prolongado»' }).click();
    await edit.getByLabel('Estado').selectOption('expired');
    await edit.getByRole('button', { name: 'Guardar cambios' }).click();
    await notice(page).getByText('Mensaje actualizado').waitFor();
    await banner(home.page).waitFor({ state: 'detached', timeout: 15_000 });
    await page.getByText('No hay mensajes activos').waitFor();
    await page.getByRole('tab', { name: 'Mensajes archivados' }).click();
    const archived = items(page, 'Mensajes archivados').filter({ hasText: 'Corte de agua prolongado' });
    await archived.getByText('Expirado').waitFor();

    // Another notice, then deleted after confirmation: it appears, then disappears.
    await page.getByRole('tab', { name: 'Mensajes activos' }).click();
    await page.getByRole('tab', { name: 'Mensajes activos', selected: true }).waitFor();
    await page.getByRole('button', { name: 'Nuevo mensaje' }).filter({ visible: true }).click();
    await dialog.getByLabel('Título', { exact: true }).fill('Asamblea de propietarios');
    await dialog.getByLabel('Mensaje', { exact: true }).fill('El sábado a las 10:00 en el salón de eventos.');
    await dialog.getByLabel('Categoría').selectOption('event');
    await dialog.getByRole('button', { name: 'Crear mensaje' }).click();
    await banner(home.page).getByText('Asamblea de propietarios').waitFor({ timeout: 15_000 });
    expect(await banner(home.page).getAttribute('class')).toContain('alert-primary');

    await page.getByRole('button', { name: 'Eliminar «Asamblea de propietarios»' }).click();
    const confirm = page.getByRole('dialog', { name: '¿Eliminar este mensaje?' });
    const deletes = requestsSent(page, 'DELETE');
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await confirm.waitFor({ state: 'hidden' });
    const asamblea = await Broadcast.query().where({ propertyId: property.id, title: 'Asamblea de propietarios' });
    expect(asamblea).toHaveLength(1);
    await page.getByRole('button', { name: 'Eliminar «Asamblea de propietarios»' }).click();
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await notice(page).getByText('Mensaje eliminado').waitFor();
    // Cancel sent nothing: the one deletion is the confirmed one.
    expect(deletes).toEqual([`/api/broadcasts/${asamblea[0].id}`]);
    await notice(page).getByText('El mensaje ha sido eliminado exitosamente').waitFor();
    await banner(home.page).waitFor({ state: 'detached', timeout: 15_000 });
    await page.getByText('No hay mensajes activos').waitFor();
    expect(await Broadcast.query().where({ propertyId: property.id, title: 'Asamblea de propietarios' }).resultSize()).toBe(0);

    // All of it without a reload; the other property's resident never saw any of it.
    expect(await notReloaded(home.page)).toBe(true);
    expect(await banner(neighbour.page).count()).toBe(0);
    expect(home.frames.filter((frame) => frame.includes('"broadcast.')).length).toBeGreaterThanOrEqual(5);
    expect(neighbour.frames.filter((frame) => frame.includes('broadcast'))).toEqual([]);
  } finally {
    await home.context.close();
    await neighbour.context.close();
  }
});

let worker: RunningWorker | undefined;
afterAll(async () => {
  await worker?.close();
});

test('a notice reaching its end date leaves the banner by itself, and the worker archives it live', async ({ page, context, url }) => {
  const { admin, property, resident, neighbourResident } = await community();
  worker = await startWorker({ redisUrl: process.env.REDIS_URL!, prefix: process.env.REDIS_PREFIX!, sweepEveryMs: 60 * 60 * 1000 });
  const lasting = await createBroadcast({ propertyId: property.id, title: 'Fumigación', category: 'other' });
  const home = await openAs(context.browser()!, url(''), resident, '/');
  const neighbour = await openAs(context.browser()!, url(''), neighbourResident, '/');
  try {
    await banner(home.page).getByText('Fumigación').waitFor();
    expect(await banner(home.page).getAttribute('class')).toContain('alert-secondary');

    await signInLive(page, admin, `/properties/broadcasts?propertyId=${property.id}&tab=archived`);
    const item = items(page, 'Mensajes archivados').filter({ hasText: 'Fumigación' });
    await item.getByText('Activo', { exact: true }).waitFor();

    // The administrator gives it an end eight seconds away (time for the live update to arrive first on a loaded machine).
    const endDate = new Date(Date.now() + 8000);
    const response = await page.request.patch(`/api/broadcasts/${lasting.id}`, { data: { endDate: endDate.toISOString() } });
    expect(response.status()).toBe(200);
    await banner(home.page).getByText(`Hasta el ${day(endDate)}`).waitFor({ timeout: 15_000 });

    await banner(home.page).waitFor({ state: 'detached', timeout: 15_000 });
    expect(Date.now()).toBeGreaterThanOrEqual(endDate.getTime());
    // The worker's job marks it expired; its event refreshes the administrator's archive.
    await item.getByText('Expirado').waitFor({ timeout: 15_000 });
    expect(await Broadcast.query().findById(lasting.id)).toMatchObject({ status: 'expired' });
    expect(await notReloaded(home.page)).toBe(true);
    expect(await banner(neighbour.page).count()).toBe(0);
    expect(neighbour.frames.filter((frame) => frame.includes('broadcast'))).toEqual([]);
  } finally {
    await home.context.close();
    await neighbour.context.close();
  }
});

test('rotates every 8 seconds with a counter, pauses while pointed at, and dismisses for the session only', async ({ page, context, url }) => {
  const { property, resident } = await community();
  await createBroadcast({ propertyId: property.id, title: 'Piscina cerrada', category: 'maintenance', startDate: minutesAgo(3) });
  await createBroadcast({ propertyId: property.id, title: 'Fuga de gas', category: 'emergency', startDate: minutesAgo(30) });
  await createBroadcast({ propertyId: property.id, title: 'Fiesta de fin de año', category: 'event', startDate: minutesAgo(2) });
  // Not shown: a draft, an expired one, one that starts tomorrow.
  await createBroadcast({ propertyId: property.id, title: 'Borrador', status: 'draft' });
  await createBroadcast({ propertyId: property.id, title: 'Vencido', startDate: minutesAgo(5), endDate: minutesAgo(1) });
  await createBroadcast({ propertyId: property.id, title: 'Mañana', startDate: new Date(Date.now() + 24 * 3600_000) });

  // The page's clock is the test's to move forward (it also runs on its own until paused).
  await page.clock.install();
  await signInAs(page, resident, '/notifications');
  const counter = page.getByTestId('broadcast-counter');
  const title = page.getByTestId('broadcast-banner-title');
  // Emergencies first, then the newest.
  await counter.getByText('1/3').waitFor();
  expect(await title.textContent()).toBe('Fuga de gas');
  expect(await counter.textContent()).toContain('Aviso 1 de 3');
  // The 8 seconds counted from a moment the test knows, whatever the real time of a loaded
  // machine: pointed at, the banner holds still while the page's clock stops (a jump forward
  // the rotation ignores), and the pointer leaving starts the 8 seconds afresh.
  await banner(page).hover();
  await rendered(page);
  await page.clock.pauseAt(Date.now() + 5000);
  await page.mouse.move(0, 0);
  await rendered(page);
  // Not yet after 7 seconds; at 8.
  await page.clock.runFor(7000);
  await rendered(page);
  expect(await counter.textContent()).toContain('1/3');
  await page.clock.runFor(1000);
  await counter.getByText('2/3').waitFor({ timeout: 3000 });
  expect(await title.textContent()).toBe('Fiesta de fin de año');

  // Pointed at, it stays, past its 8 seconds.
  await banner(page).hover();
  await rendered(page);
  await page.clock.runFor(9000);
  await rendered(page);
  expect(await counter.textContent()).toContain('2/3');
  await page.mouse.move(0, 0);
  await page.clock.resume();

  await page.getByRole('button', { name: 'Aviso siguiente' }).click();
  await expect.poll(() => title.textContent()).toBe('Piscina cerrada');
  await page.getByRole('button', { name: 'Aviso anterior' }).click();
  await expect.poll(() => title.textContent()).toBe('Fiesta de fin de año');

  // Dismissed: hidden in this session, even after a reload...
  await page.getByRole('button', { name: 'Descartar aviso: Fiesta de fin de año' }).click();
  // The rotation starts over at the first notice.
  await counter.getByText('1/2').waitFor();
  expect(await page.getByText('Fiesta de fin de año').count()).toBe(0);
  await page.reload();
  await counter.getByText('1/2').waitFor();
  expect(await page.getByText('Fiesta de fin de año').count()).toBe(0);
  for (const shown of ['Borrador', 'Vencido', 'Mañana']) expect(await page.getByText(shown).count()).toBe(0);

  // ...but shown again in a new session.
  const other = await openAs(context.browser()!, url(''), resident, '/');
  try {
    await other.page.getByTestId('broadcast-counter').getByText('1/3').waitFor();
  } finally {
    await other.context.close();
  }

  // The last ones dismissed, the banner goes and the focus moves to the content.
  await page.getByRole('button', { name: /^Descartar aviso: / }).click();
  await counter.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: /^Descartar aviso: / }).click();
  await banner(page).waitFor({ state: 'detached' });
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
});

test('when the notice on show ends, the banner starts over at 1/N', async ({ page }) => {
  const { property, resident } = await community();
  await createBroadcast({ propertyId: property.id, title: 'Asamblea', category: 'event', startDate: minutesAgo(3) });
  const ending = await createBroadcast({ propertyId: property.id, title: 'Jornada de limpieza', category: 'other', startDate: minutesAgo(2), endDate: new Date(Date.now() + 60_000) });
  await createBroadcast({ propertyId: property.id, title: 'Piscina abierta', category: 'announcement', startDate: minutesAgo(1) });

  // The page's clock is the test's: the notice ends when the test moves it past its end, not
  // when a loaded machine happens to get there.
  await page.clock.install();
  await signInAs(page, resident, '/');
  const counter = page.getByTestId('broadcast-counter');
  const title = page.getByTestId('broadcast-banner-title');
  await counter.getByText('1/3').waitFor();
  // Newest first: the second notice is the one about to end.
  expect(await title.textContent()).toBe('Piscina abierta');
  await page.getByRole('button', { name: 'Aviso siguiente' }).click();
  await counter.getByText('2/3').waitFor();
  expect(await title.textContent()).toBe(ending.title);

  // Its end (the page learns it by its clock): back to the first notice, counted anew.
  await page.clock.fastForward(new Date(ending.endDate!).getTime() - (await page.evaluate(() => Date.now())) + 1000);
  await counter.getByText('1/2').waitFor();
  expect(await title.textContent()).toBe('Piscina abierta');
});

test('the form: spec defaults, Spanish validation messages, the end date picker and a failed save', async ({ page }) => {
  const { admin, property } = await community();
  await signInAs(page, admin, `/properties/broadcasts?propertyId=${property.id}`);
  await page.getByRole('button', { name: 'Nuevo mensaje' }).filter({ visible: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo mensaje' });

  // Defaults: announcement, active, starting today, no end date.
  expect(await dialog.getByLabel('Categoría').inputValue()).toBe('announcement');
  expect(await dialog.getByLabel('Estado').inputValue()).toBe('active');
  expect(await dialog.getByRole('button', { name: `Fecha de inicio ${today()}` }).count()).toBe(1);
  expect(await dialog.getByRole('button', { name: 'Fecha de fin Sin fecha de fin' }).count()).toBe(1);

  await dialog.getByLabel('Título', { exact: true }).fill('ab');
  await dialog.getByLabel('Mensaje', { exact: true }).fill('corto');
  await dialog.getByRole('button', { name: 'Crear mensaje' }).click();
  await dialog.getByText('El título debe tener al menos 3 caracteres').waitFor();
  await dialog.getByText('El mensaje debe tener al menos 10 caracteres').waitFor();
  expect(await Broadcast.query().where({ propertyId: property.id }).resultSize()).toBe(0);

  // Start on the 10th of next month; the end calendar (weeks from Monday) refuses the days before.
  const start = setDate(addMonths(startOfDay(nowThere()), 1), 10);
  await dialog.getByRole('button', { name: /^Fecha de inicio/ }).click();
  const calendar = dialog.getByRole('group', { name: 'Fecha de inicio' });
  await calendar.getByRole('button', { name: 'Ir al mes siguiente' }).click();
  await calendar.getByRole('button', { name: new RegExp(`, ${calendarDay(start)}$`) }).click();
  await calendar.waitFor({ state: 'detached' });
  expect(await dialog.getByRole('button', { name: `Fecha de inicio ${day(start)}` }).count()).toBe(1);

  await dialog.getByRole('button', { name: /^Fecha de fin/ }).click();
  const endCalendar = dialog.getByRole('group', { name: 'Fecha de fin' });
  await endCalendar.getByRole('grid').waitFor();
  expect((await endCalendar.locator('th').first().getAttribute('aria-label'))?.toLowerCase()).toBe('lunes');
  const dayButton = (date: number) => endCalendar.getByRole('button', { name: new RegExp(`, ${calendarDay(setDate(start, date))}$`) });
  expect(await dayButton(9).isDisabled()).toBe(true);
  expect(await dayButton(10).isDisabled()).toBe(false);
  await dayButton(12).click();
  expect(await dialog.getByRole('button', { name: `Fecha de fin ${day(setDate(start, 12))}` }).count()).toBe(1);

  await dialog.getByLabel('Título', { exact: true }).fill('Mantenimiento de ascensores');
  await dialog.getByLabel('Mensaje', { exact: true }).fill('Los ascensores estarán fuera de servicio durante la mañana.');
  await dialog.getByRole('button', { name: 'Crear mensaje' }).click();
  await notice(page).getByText('Mensaje creado').waitFor();
  const saved = await Broadcast.query().where({ propertyId: property.id }).first();
  expect(saved).toMatchObject({ title: 'Mantenimiento de ascensores', category: 'announcement', status: 'active' });
  expect(new Date(saved!.startDate).getTime()).toBe(start.getTime());
  expect(new Date(saved!.endDate!).getTime()).toBe(endOfDay(setDate(start, 12)).getTime());

  // Scheduled for later: only in the archive, marked as such, with its dates as "10 dic 2026".
  await page.getByText('No hay mensajes activos').waitFor();
  await page.getByRole('tab', { name: 'Mensajes archivados' }).click();
  const item = items(page, 'Mensajes archivados').filter({ hasText: 'Mantenimiento de ascensores' });
  await item.getByText('Programado').waitFor();
  await item.getByText(`Inicio: ${day(start)}`).waitFor();
  await item.getByText(`Fin: ${day(setDate(start, 12))}`).waitFor();

  // A save the server refuses (the property was deleted meanwhile): the spec's failure notice.
  await page.getByRole('button', { name: 'Nuevo mensaje' }).last().click();
  await dialog.getByLabel('Título', { exact: true }).fill('Aviso tardío');
  await dialog.getByLabel('Mensaje', { exact: true }).fill('Este aviso no llegará a publicarse.');
  await Broadcast.knex()('properties').where({ id: property.id }).delete();
  await dialog.getByRole('button', { name: 'Crear mensaje' }).click();
  await notice(page).getByText('No se pudo crear el mensaje. Por favor, inténtelo de nuevo.').waitFor();
  expect(await notice(page).getByText('Error', { exact: true }).count()).toBe(1);
  expect(await dialog.isVisible()).toBe(true);
});

test('works on a phone: the banner and the dialog with its calendar fit 375 px', async ({ page }) => {
  const { admin, property } = await community();
  await signInAs(page, admin, `/properties/broadcasts?propertyId=${property.id}`);
  await page.getByRole('button', { name: 'Nuevo mensaje' }).filter({ visible: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo mensaje' });
  await dialog.getByRole('button', { name: /^Fecha de fin/ }).click();
  await dialog.getByRole('grid').waitFor();
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, dialog: document.querySelector('.modal-dialog')!.scrollWidth }));
  expect(widths.page).toBeLessThanOrEqual(PHONE.width);
  expect(widths.dialog).toBeLessThanOrEqual(PHONE.width);
  await page.keyboard.press('Escape');
  await dialog.getByRole('grid').waitFor({ state: 'detached' });
  expect(await dialog.isVisible()).toBe(true);
}, { viewport: PHONE });

test('shows other users the active broadcasts of their property, read only; administrators choose among their properties', async ({ page, context, url }) => {
  const { admin, property, resident, neighbour } = await community();
  await createBroadcast({ propertyId: property.id, title: 'Recogida de basura', message: 'Los martes y viernes a las 7:00.' });
  await createBroadcast({ propertyId: property.id, title: 'Borrador interno', status: 'draft' });
  await createBroadcast({ propertyId: neighbour.id, title: 'Pintura de fachada', message: 'Desde el lunes pintamos la fachada.' });
  await createBroadcast({ propertyId: (await createProperty()).id, title: 'De otra organización' });

  await signInAs(page, resident, '/properties/broadcasts');
  await page.getByTestId('broadcast-item').getByText('Recogida de basura').waitFor();
  expect(await page.getByTestId('broadcast-item').count()).toBe(1);
  expect(await page.getByRole('button', { name: 'Nuevo mensaje' }).count()).toBe(0);
  expect(await page.getByRole('tab', { name: 'Mensajes archivados' }).count()).toBe(0);
  expect(await page.getByRole('button', { name: /^Editar/ }).count()).toBe(0);
  expect(await page.getByLabel('Propiedad', { exact: true }).locator('option').allTextContents()).toEqual(['Torre Las Palmas']);

  const adminPage = await openAs(context.browser()!, url(''), admin, '/properties/broadcasts');
  try {
    const select = adminPage.page.getByLabel('Propiedad', { exact: true });
    await adminPage.page.getByTestId('broadcast-item').first().waitFor();
    expect((await select.locator('option').allTextContents()).sort()).toEqual(['Residencial Los Pinos', 'Torre Las Palmas']);
    await select.selectOption(String(neighbour.id));
    await adminPage.page.getByTestId('broadcast-item').getByText('Pintura de fachada').waitFor();
    expect(new URL(adminPage.page.url()).searchParams.get('propertyId')).toBe(String(neighbour.id));
    await select.selectOption(String(property.id));
    await adminPage.page.getByRole('tab', { name: 'Mensajes archivados' }).click();
    await adminPage.page.getByTestId('broadcast-item').getByText('Borrador interno').waitFor();
    expect(await adminPage.page.getByText('De otra organización').count()).toBe(0);
  } finally {
    await adminPage.context.close();
  }
});

test('an emergency goes to the buildings the administrator chose: the dialog names them, the confirmation and the notice say where it went', async ({ page, context, url }) => {
  const organization = await createOrganization();
  const admin = await createUser({ role: 'Administrador', organizationId: organization.id, name: 'Pedro' });
  const piantini = await createProperty({ organizationId: organization.id, name: 'Edificio Piantini', address: 'Av. Abraham Lincoln 1001' });
  const vistaMar = await createProperty({ organizationId: organization.id, name: 'Torre Vista Mar', address: 'Av. George Washington 500' });
  const naco = await createProperty({ organizationId: organization.id, name: 'Plaza Naco' });
  const { user: seaside } = await createResident({ property: vistaMar, user: { name: 'Marta' } });
  const { user: inland } = await createResident({ property: naco, user: { name: 'Nelson' } });
  const sentHere = () => Broadcast.query().where({ title: 'Escape de gas' }).whereIn('propertyId', [piantini.id, vistaMar.id, naco.id]);
  const home = await openAs(context.browser()!, url(''), seaside, '/');
  const elsewhere = await openAs(context.browser()!, url(''), inland, '/');
  try {
    // The page shows the first building's notices; the dialog chooses none by itself.
    await signInAs(page, admin, '/properties/broadcasts');
    expect(await page.getByLabel('Propiedad', { exact: true }).inputValue()).toBe(String(piantini.id));
    await page.getByText('No hay mensajes activos').waitFor();
    await page.getByRole('button', { name: 'Nuevo mensaje' }).filter({ visible: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo mensaje' });
    const sendTo = dialog.getByRole('group', { name: 'Enviar a' });
    await sendTo.getByLabel('Torre Vista Mar').waitFor();
    for (const name of ['Edificio Piantini', 'Plaza Naco', 'Torre Vista Mar']) expect(await sendTo.getByLabel(name).isChecked(), name).toBe(false);
    await sendTo.getByText('Av. George Washington 500').waitFor();
    await dialog.getByTestId('broadcast-recipients').getByText('Ninguna propiedad elegida').waitFor();

    await dialog.getByLabel('Título', { exact: true }).fill('Escape de gas');
    await dialog.getByLabel('Mensaje', { exact: true }).fill('Desalojen el edificio por la escalera de emergencia.');
    await dialog.getByLabel('Categoría').selectOption('emergency');
    await dialog.getByRole('button', { name: 'Crear mensaje' }).click();
    await sendTo.getByText('Seleccione una propiedad').waitFor();
    expect(await sentHere().resultSize()).toBe(0);

    // Two buildings, in the order chosen.
    await sendTo.getByLabel('Torre Vista Mar').check();
    await sendTo.getByLabel('Edificio Piantini').check();
    await dialog.getByTestId('broadcast-recipients').getByText('Se enviará a Torre Vista Mar y Edificio Piantini').waitFor();
    expect(await sendTo.getByText('Seleccione una propiedad').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Crear mensaje' }).click();

    // An emergency asks first, naming where it goes; going back keeps the form.
    const confirm = page.getByRole('dialog', { name: '¿Enviar emergencia a Torre Vista Mar y Edificio Piantini?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Volver' }).click();
    await sendTo.waitFor();
    expect(await dialog.getByLabel('Título', { exact: true }).inputValue()).toBe('Escape de gas');
    expect(await sendTo.getByLabel('Torre Vista Mar').isChecked()).toBe(true);
    expect(await sentHere().resultSize()).toBe(0);
    await dialog.getByRole('button', { name: 'Crear mensaje' }).click();
    await confirm.getByRole('button', { name: 'Enviar emergencia' }).click();
    await notice(page).getByText('Mensaje creado').waitFor();
    await notice(page).getByText('El mensaje ha sido creado exitosamente para Torre Vista Mar y Edificio Piantini').waitFor();
    await confirm.waitFor({ state: 'detached' });

    const sent = await sentHere().orderBy('id');
    expect(sent.map((broadcast) => [broadcast.propertyId, broadcast.category])).toEqual([
      [vistaMar.id, 'emergency'],
      [piantini.id, 'emergency'],
    ]);
    await banner(home.page).getByText('Escape de gas').waitFor({ timeout: 15_000 });
    await items(page, 'Mensajes activos').getByText('Escape de gas').waitFor();
    expect(await banner(elsewhere.page).count()).toBe(0);

    // Editing names its building, which does not change.
    await page.getByRole('button', { name: 'Editar «Escape de gas»' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar mensaje' });
    await edit.getByTestId('broadcast-property').getByText('Edificio Piantini').waitFor();
    expect(await edit.getByRole('group', { name: 'Enviar a' }).count()).toBe(0);
    await edit.getByRole('button', { name: 'Cancelar' }).click();
    await edit.waitFor({ state: 'detached' });

    // The building the administrator chose on the page is the dialog's first choice.
    await page.getByLabel('Propiedad', { exact: true }).selectOption(String(naco.id));
    await page.getByRole('button', { name: 'Nuevo mensaje' }).filter({ visible: true }).click();
    await dialog.getByTestId('broadcast-recipients').getByText('Se enviará a Plaza Naco').waitFor();
    expect(await sendTo.getByLabel('Plaza Naco').isChecked()).toBe(true);
    expect(await sendTo.getByLabel('Edificio Piantini').isChecked()).toBe(false);
    expect(await sendTo.getByLabel('Torre Vista Mar').isChecked()).toBe(false);
  } finally {
    await home.context.close();
    await elsewhere.context.close();
  }
});
