import { tz } from '@date-fns/tz';
import { format, type Day } from 'date-fns';
import { es } from 'date-fns/locale';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { db } from '../../server/db';
import type { User } from '../../server/models';
import { TIME_ZONE, addDays, dayEnd, zonedInstant, zonedParts } from '../../shared/time';
import { createOrganization, createProperty, createResident, createStaff, createUnit, createUser, createVisitorPass } from '../support/factories';
import { sessionCookie } from '../support/live';
import { DESKTOP, PHONE, notice, signInAs, useBrowser } from './support/browser';
import { shownDay } from './support/dates';
import { markNoReload, notReloaded, openAs, signInLive } from './support/pages';

const { test } = useBrowser();

const TABLET = { width: 1024, height: 768 };

/** A building with a unit, its resident and an administrator of the organization. */
async function building() {
  const organization = await createOrganization();
  const property = await createProperty({ organizationId: organization.id, name: 'Torre Vista Mar' });
  const unit = await createUnit({ propertyId: property.id, unitNumber: '9C' });
  const { user: resident } = await createResident({ property, unit, user: { name: 'Carmen' } });
  const admin = await createUser({ role: 'Administrador', organizationId: organization.id });
  return { property, unit, resident, admin };
}

/** `user` at the desk in `page`, with a lookup that answers the verdict once it names `name`. */
async function openDesk(page: Page, user: User) {
  await signInAs(page, user, '/visitors/desk');
  await page.getByRole('heading', { name: 'Recepción', level: 1 }).waitFor();
  return async (code: string, name: string) => {
    await page.getByTestId('desk-code').fill(code);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.getByTestId('verdict-name').filter({ hasText: name }).waitFor();
    return page.getByTestId('desk-verdict');
  };
}

test('a resident creates a recurring pass on a phone and opens its link; the desk (no camera: the scan dialog says so) types the code on a tablet and checks the visitor in; the resident sees the arrival live and approves a walk-in live', async ({ page, context, url }) => {
  const organization = await createOrganization();
  const property = await createProperty({ organizationId: organization.id, name: 'Torre Piantini' });
  const unit = await createUnit({ propertyId: property.id, unitNumber: '7A' });
  const { user: resident } = await createResident({ property, unit, user: { name: 'Ana', lastName: 'Alba' } });
  const guard = await createUser({ role: 'Suplidor', organizationId: organization.id, name: 'Julio', lastName: 'Guardia' });
  await createStaff({ propertyId: property.id, userId: guard.id, service: 'security' });
  const browser = context.browser()!;
  const origin = url('');

  // The resident, on her phone, registers the nanny for every day of the week.
  await page.setViewportSize(PHONE);
  await signInLive(page, resident, '/visitors');
  await page.getByRole('heading', { name: 'Visitantes', level: 1 }).waitFor();
  await page.getByText('Aún no hay visitantes').waitFor();
  await page.getByRole('button', { name: 'Registrar visitante' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Registrar visitante' });
  await expect.poll(() => dialog.getByLabel('Unidad', { exact: true }).inputValue()).toBe(String(unit.id));
  await dialog.getByLabel('Nombre del visitante').fill('Rosa Niñera');
  await dialog.getByLabel('Tipo de visita').selectOption('service');
  await dialog.getByLabel('Recurrente (días de la semana)').check();
  await dialog.getByLabel('Sábado').check();
  await dialog.getByLabel('Domingo').check();
  // A minute ago on the organization's clock (the browser's is 18 hours ahead of it).
  const arrival = zonedParts(new Date(Date.now() - 60_000));
  await dialog.getByLabel('Llegada').fill(`${arrival.day}T${arrival.time}`);
  await dialog.getByLabel('Placa del vehículo (opcional)').fill('g123456');
  await dialog.getByRole('button', { name: 'Registrar', exact: true }).click();
  await notice(page).getByText('Visitante registrado').waitFor();
  const stored = await db()('visitors').where({ name: 'Rosa Niñera' }).first('expectedArrival');
  expect(stored.expectedArrival.getTime()).toBe(zonedInstant(arrival.day, arrival.minutes).getTime());

  // The pass to send: the code, a WhatsApp link with the pass's address.
  const share = page.getByRole('dialog', { name: 'Pase de Rosa Niñera' });
  const code = (await share.getByTestId('pass-code').textContent())!.trim();
  expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  const link = await share.getByTestId('pass-link').inputValue();
  expect(link).toMatch(new RegExp(`^${origin}/pass/[A-Za-z0-9_-]{24}$`));
  const whatsapp = await share.getByTestId('share-whatsapp').getAttribute('href');
  expect(whatsapp).toBe(`https://wa.me/?text=${encodeURIComponent(`Hola Rosa, este es su pase para visitar Torre Piantini: ${link}`)}`);
  await share.getByRole('button', { name: 'Cerrar' }).click();
  const row = page.getByTestId('visitor-row').filter({ hasText: 'Rosa Niñera' });
  await row.getByTestId('visitor-status').filter({ hasText: 'Programada' }).waitFor();
  expect(await row.textContent()).toContain(shownDay(stored.expectedArrival));
  await markNoReload(page);

  // The visitor opens the link (no sign-in): the QR and the code.
  const visitorContext = await browser.newContext({ viewport: PHONE, locale: 'es-DO', isMobile: true, hasTouch: true });
  try {
    const passPage = await visitorContext.newPage();
    await passPage.goto(link);
    await passPage.getByRole('heading', { name: 'Hola, Rosa', level: 1 }).waitFor();
    expect((await passPage.getByTestId('pass-page-code').textContent())!.trim()).toBe(code);
    await expect.poll(() => passPage.getByTestId('pass-qr').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await passPage.content()).not.toContain('Niñera');
  } finally {
    await visitorContext.close();
  }

  // The desk, on the guardhouse tablet, types the code and checks her in.
  const desk = await openAs(browser, origin, guard, '/visitors/desk', TABLET);
  try {
    await desk.page.getByRole('heading', { name: 'Recepción', level: 1 }).waitFor();

    // Scanning: the QR library is loaded only when the camera dialog opens. Headless Chromium
    // has no camera: the dialog says so, and "Escribir el código" goes back to the typed code.
    const scannerLoaded = () => desk.page.evaluate(() => performance.getEntriesByType('resource').some((entry) => /\/qr-scanner[.-][^/]*\.js$/.test(new URL(entry.name).pathname)));
    expect(await scannerLoaded()).toBe(false);
    await desk.page.getByRole('button', { name: 'Escanear código QR' }).click();
    const scan = desk.page.getByRole('dialog', { name: 'Escanear el pase' });
    await scan.getByRole('alert').getByText('No hay una cámara disponible en este equipo.').waitFor();
    await scan.getByText('Escriba el código del pase en el campo «Código del pase».').waitFor();
    expect(await scannerLoaded()).toBe(true);
    await scan.getByRole('button', { name: 'Escribir el código' }).click();
    await scan.waitFor({ state: 'detached' });
    await expect.poll(() => desk.page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('desk-code');

    // A tablet with a camera whose permission was refused: the dialog says so.
    const refused = await desk.context.newPage();
    await refused.addInitScript(() =>
      Object.defineProperty(navigator, 'mediaDevices', {
        value: {
          enumerateDevices: async () => [{ kind: 'videoinput', deviceId: 'trasera', groupId: 'tableta', label: '' }],
          getUserMedia: async () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')),
        },
      }),
    );
    await refused.goto('/visitors/desk');
    await refused.getByRole('button', { name: 'Escanear código QR' }).click();
    await refused.getByRole('dialog', { name: 'Escanear el pase' }).getByRole('alert').getByText('No se dio permiso para usar la cámara.', { exact: false }).waitFor();
    await refused.close();

    await desk.page.getByTestId('desk-code').fill(code.toLowerCase());
    await desk.page.getByRole('button', { name: 'Verificar' }).click();
    const verdict = desk.page.getByTestId('desk-verdict');
    await verdict.getByText('Pase válido').waitFor();
    expect(await verdict.getByTestId('verdict-name').textContent()).toContain('Rosa Niñera');
    await verdict.getByText('Ana Alba').waitFor();
    await verdict.getByText('G123456').waitFor();
    await desk.page.getByTestId('verdict-check-in').click();
    await notice(desk.page).getByText('Entrada registrada').waitFor();
    await desk.page.getByTestId('desk-inside').getByText('Rosa Niñera').waitFor();

    // The resident's open page shows the arrival live: a notice and the status.
    await notice(page).getByText('Llegó su visita').waitFor();
    await row.getByTestId('visitor-status').filter({ hasText: 'Dentro' }).waitFor();
    await page.getByTestId('visitors-count-insideNow').filter({ hasText: '1' }).waitFor();
    expect(await notReloaded(page)).toBe(true);
    const [visit] = await db()('visits').join('visitors', 'visitors.id', 'visits.visitor_id').where('visitors.name', 'Rosa Niñera').select('visits.*');
    expect(visit.checkedInById).toBe(guard.id);

    // A delivery without a pass: the desk asks, the resident allows it from her phone.
    await desk.page.getByLabel('Nombre del visitante').fill('Pedro Mensajero');
    await desk.page.getByLabel('Unidad', { exact: true }).selectOption(String(unit.id));
    await desk.page.getByLabel('Tipo de visita').selectOption('delivery');
    await desk.page.getByRole('button', { name: 'Preguntar al anfitrión' }).click();
    const ask = page.getByRole('dialog', { name: 'Pedro Mensajero pide entrar' });
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Permitir' }).click();
    await notice(desk.page).getByText('Pedro Mensajero: el anfitrión permitió la entrada').waitFor();
    await desk.page.getByTestId('desk-expected').getByText('Pedro Mensajero').waitFor();
    expect(await notReloaded(desk.page)).toBe(true);
  } finally {
    await desk.context.close();
  }
});

test('a supplier made a guard of a property finds the desk in the menu at once, and loses it when removed', async ({ page, url }) => {
  const property = await createProperty();
  const admin = await createUser({ role: 'Administrador', organizationId: property.organizationId });
  const supplier = await createUser({ role: 'Suplidor', organizationId: property.organizationId, name: 'Julio' });
  await signInLive(page, supplier, '/');
  await markNoReload(page);
  const desk = page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Recepción', exact: true });
  expect(await desk.count()).toBe(0);

  const cookie = await sessionCookie(url(''), admin);
  const added = await fetch(url(`/api/properties/${property.id}/staff`), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', cookie },
    body: JSON.stringify({ userId: supplier.id, service: 'security' }),
  });
  expect(added.status).toBe(201);
  await desk.waitFor();

  await fetch(url(`/api/properties/${property.id}/staff/${(await added.json()).id}`), { method: 'DELETE', headers: { cookie } });
  await desk.waitFor({ state: 'detached' });
  expect(await notReloaded(page)).toBe(true);
});

test('the desk refuses the pass of a host who no longer lives in the unit, and says so (issue 26)', async ({ page, url }) => {
  const property = await createProperty({ name: 'Torre Naco' });
  const admin = await createUser({ role: 'Administrador', organizationId: property.organizationId });
  const { user: host, unit, resident } = await createResident({ property, user: { name: 'Ana', lastName: 'Alba' } });
  const guard = await createUser({ role: 'Suplidor', organizationId: property.organizationId, name: 'Julio' });
  await createStaff({ propertyId: property.id, userId: guard.id, service: 'security' });
  const pass = await createVisitorPass({ propertyId: property.id, unitId: unit.id, hostId: host.id, name: 'Rosa Niñera' });
  const cookie = await sessionCookie(url(''), admin);
  const ended = await fetch(url(`/api/properties/${property.id}/residents/${resident.id}/deactivate`), { method: 'POST', headers: { cookie } });
  expect(ended.status).toBe(200);

  await page.setViewportSize(TABLET);
  await signInAs(page, guard, '/visitors/desk');
  await page.getByRole('heading', { name: 'Recepción', level: 1 }).waitFor();
  await page.getByTestId('desk-code').fill(pass.accessCode);
  await page.getByRole('button', { name: 'Verificar' }).click();
  const verdict = page.getByTestId('desk-verdict');
  await verdict.getByText('El anfitrión ya no reside en la unidad').waitFor();
  expect(await verdict.getAttribute('data-valid')).toBe('false');
  expect(await verdict.textContent()).toContain('Rosa Niñera');
});

test('registered at 23:14 on the organization\'s clock, the form shows the arrival it saves, today, and the desk lets the guest in', async ({ page, context, url }) => {
  const { unit, resident, admin } = await building();
  // Every message of the page: an input given a value it rejects says so in the console.
  const messages: string[] = [];
  page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));

  // 23:14 today in Santo Domingo (the browser's own clock reads the next afternoon).
  const today = zonedParts(new Date()).day;
  await page.clock.setFixedTime(new Date(zonedInstant(today, 23 * 60 + 14).getTime() + 20_000));
  await signInAs(page, resident, '/visitors');
  await page.getByRole('heading', { name: 'Visitantes', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Registrar visitante' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Registrar visitante' });
  await expect.poll(() => dialog.getByLabel('Unidad', { exact: true }).inputValue()).toBe(String(unit.id));
  // The arrival it will save, shown: now rounded up to the minute, today.
  expect(await dialog.getByLabel('Llegada').inputValue()).toBe(`${today}T23:15`);
  await dialog.getByText('Hora de Santo Domingo').waitFor();
  await dialog.getByLabel('Nombre del visitante').fill('Laura Invitada');
  await dialog.getByRole('button', { name: 'Registrar', exact: true }).click();
  await notice(page).getByText('Visitante registrado').waitFor();
  const stored = await db()('visitors').where({ name: 'Laura Invitada' }).first('expectedArrival', 'validTo', 'accessCode');
  expect(stored.expectedArrival.getTime()).toBe(zonedInstant(today, 23 * 60 + 15).getTime());
  expect(zonedParts(stored.validTo).day).toBe(today);
  expect(messages.filter((line) => line.includes('does not conform')), messages.join('\n')).toEqual([]);

  // The desk lets her in today.
  const desk = await context.browser()!.newContext({ viewport: DESKTOP, baseURL: url(''), locale: 'es-DO' });
  try {
    const lookUp = await openDesk(await desk.newPage(), admin);
    await (await lookUp(stored.accessCode, 'Laura Invitada')).getByText('Pase válido').waitFor();
  } finally {
    await desk.close();
  }
});

test('the desk\'s "not today" says which day the pass is for, or on which weekdays', async ({ page }) => {
  const { property, unit, resident, admin } = await building();
  const lookUp = await openDesk(page, admin);
  const today = zonedParts(new Date()).day;

  // A pass for three days from now: the refusal names that day.
  const dayName = (instant: Date) => format(instant, "EEEE d 'de' MMMM", { locale: es, in: tz(TIME_ZONE) });
  const later = zonedInstant(addDays(today, 3), 10 * 60);
  const future = await createVisitorPass({ propertyId: property.id, unitId: unit.id, hostId: resident.id, name: 'Pedro Futuro', expectedArrival: later, validFrom: later, validTo: dayEnd(addDays(today, 3)) });
  const refusedFuture = await lookUp(future.accessCode, 'Pedro Futuro');
  await refusedFuture.getByText('El pase no vale hoy').waitFor();
  await refusedFuture.getByText(`El pase es para el ${dayName(later)}`).waitFor();

  // A recurring pass on other weekdays: the refusal names its days.
  const weekday = zonedParts(new Date()).weekday;
  const otherDays = [1, 2, 3, 4, 5, 6, 7].filter((day) => day !== weekday).slice(0, 2);
  const names = otherDays.map((day) => es.localize.day((day % 7) as Day, { width: 'wide' }));
  const nanny = await createVisitorPass({
    propertyId: property.id,
    unitId: unit.id,
    hostId: resident.id,
    name: 'Rosa Niñera',
    passKind: 'recurring',
    weekdays: otherDays,
    maxUses: null,
    validTo: dayEnd(addDays(today, 30)),
  });
  const refusedNanny = await lookUp(nanny.accessCode, 'Rosa Niñera');
  await refusedNanny.getByText('El pase no vale hoy').waitFor();
  await refusedNanny.getByText(`El pase vale los días ${names[0]} y ${names[1]}`).waitFor();

  // A recurring pass that starts later: its first day and its weekdays.
  const starts = zonedInstant(addDays(today, 2), 8 * 60);
  const course = await createVisitorPass({
    propertyId: property.id,
    unitId: unit.id,
    hostId: resident.id,
    name: 'Profesor Luis',
    passKind: 'recurring',
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    maxUses: null,
    expectedArrival: starts,
    validFrom: starts,
    validTo: dayEnd(addDays(today, 30)),
  });
  await (await lookUp(course.accessCode, 'Profesor Luis')).getByText(`El pase empieza el ${dayName(starts)}`).waitFor();
});
