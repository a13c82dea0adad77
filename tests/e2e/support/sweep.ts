import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { transaction } from '../../../server/db/transaction';
import { Resident, type User } from '../../../server/models';
import {
  createAmenity,
  createBroadcast,
  createCharge,
  createDocument,
  createMaintenanceRequest,
  createOrganization,
  createProperty,
  createResident,
  createUnit,
  createUser,
  createVisitorPass,
} from '../../support/factories';
import { accessibilityReport, englishOnScreen } from './accessibility';
import { DESKTOP, PHONE, signInAs, useBrowser } from './browser';

/**
 * Every screen, for the roles that use it, on a desktop and on a 375 px phone: no serious or
 * critical axe-core violation (WCAG 2.1 AA and best practices), no English on a Spanish
 * screen and nothing the Content-Security-Policy refused. A module adds its screens to its own tests with expectAccessible/expectSpanish. The
 * two devices are two test files (tests/e2e/accessibility-*.test.ts), so two workers share them.
 */

type Screen = {
  name: string;
  path: string;
  /** What to do once the screen is there (open a tab or a dialog). */
  then?: (page: Page) => Promise<void>;
};

/** An organization with something on every screen: a property with units, residents and amenities, documents, notices. */
async function community() {
  const organization = await createOrganization({ type: 'master' });
  const admin = await createUser({ role: 'Administrador', organizationId: organization.id, name: 'Pedro', lastName: 'Sosa' });
  const owner = await createUser({ role: 'Propietario', organizationId: organization.id, name: 'Olga', lastName: 'Dueña' });
  const supplier = await createUser({ role: 'Suplidor', organizationId: organization.id, name: 'Marcos' });
  const property = await createProperty({ organizationId: organization.id, name: 'Torre Las Palmas', ownerId: owner.id, status: 'reserved' });
  await createProperty({ organizationId: organization.id, name: 'Plaza Naco', status: 'maintenance', ownerId: owner.id });
  const unit = await createUnit({ propertyId: property.id, unitNumber: '4B', floor: 4, squareMeters: 120, monthlyRent: 4_500_000 });
  await createUnit({ propertyId: property.id, unitNumber: '5A', isAvailable: false });
  const { user: resident } = await createResident({ property, unit, user: { name: 'Rosa', lastName: 'Medina' } });
  const leak = await createMaintenanceRequest({ propertyId: property.id, unitId: unit.id, requestedById: resident.id, title: 'Fuga en el baño', assignedToId: supplier.id, status: 'scheduled' });
  await createCharge({ unitId: unit.id, description: 'Cuota de mantenimiento' });
  await createVisitorPass({ propertyId: property.id, unitId: unit.id, hostId: resident.id, name: 'Laura Sánchez', vehiclePlate: 'A123456' });
  const { resident: temporary } = await createResident({ property, user: { name: 'Luis', lastName: 'Peña' } });
  await Resident.query().patchAndFetchById(temporary.id, { status: 'temporary' });
  await createAmenity({ propertyId: property.id, organizationId: organization.id, name: 'Piscina' });
  await createDocument({ organizationId: organization.id, uploadedById: admin.id, title: 'Reglamento interno', category: 'regulations' });
  await createDocument({ organizationId: organization.id, uploadedById: admin.id, title: 'Acta de asamblea', category: 'meeting-minutes', access: 'residents', propertyId: property.id });
  await createBroadcast({ propertyId: property.id, title: 'Corte de agua', message: 'No habrá agua el jueves por la mañana.', category: 'emergency', createdBy: admin.id });
  await createBroadcast({ propertyId: property.id, title: 'Asamblea anual', message: 'Les esperamos el martes a las siete.', category: 'event', createdBy: admin.id });
  await createBroadcast({ propertyId: property.id, title: 'Fumigación', message: 'El viernes se fumigan las áreas comunes.', category: 'maintenance', status: 'expired', createdBy: admin.id });
  await transaction((trx) =>
    trx('notifications').insert([admin, resident].map((user, i) => ({
      organizationId: organization.id,
      userId: user.id,
      type: 'user.registered',
      category: 'account',
      key: `accessibility-${i}`,
      payload: { name: 'Nuevo Vecino' },
      link: '/residents',
    }))),
  );
  return { admin, owner, supplier, resident, property, leak };
}

const tab = (name: string) => async (page: Page) => {
  await page.getByRole('tab', { name }).click();
  await page.getByRole('tab', { name, selected: true }).waitFor();
};

const openDialog = (button: string, dialog: string) => async (page: Page) => {
  // Once the page has all its data: a notice's banner arriving last pushes the button down,
  // and a click at its former place opens nothing (seen on a phone under load).
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: button }).first().click();
  await page.getByRole('dialog', { name: dialog }).waitFor();
};

/** A new emergency for the property shown, up to the question that names where it goes. */
const confirmEmergency = async (page: Page) => {
  await openDialog('Nuevo mensaje', 'Nuevo mensaje')(page);
  const dialog = page.getByRole('dialog', { name: 'Nuevo mensaje' });
  await dialog.getByLabel('Título', { exact: true }).fill('Fuga de gas');
  await dialog.getByLabel('Mensaje', { exact: true }).fill('Desalojen el edificio por la escalera.');
  await dialog.getByLabel('Categoría').selectOption('emergency');
  await dialog.getByRole('button', { name: 'Crear mensaje' }).click();
  await page.getByRole('dialog', { name: '¿Enviar emergencia a Torre Las Palmas?' }).waitFor();
};

const openMenu = async (page: Page) => {
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await page.getByRole('dialog', { name: 'Vecindad' }).getByRole('link', { name: 'Inicio' }).waitFor();
};

function screensOf(role: 'admin' | 'resident' | 'owner' | 'supplier', propertyId: number, requestId: number): Screen[] {
  const manage = (tabName: string, path: string) => ({ name: `gestionar: ${tabName}`, path: `/properties?manage=${propertyId}${path}` });
  const common: Screen[] = [
    { name: 'inicio', path: '/' },
    { name: 'configuración: perfil', path: '/settings' },
    { name: 'configuración: notificaciones', path: '/settings', then: tab('Notificaciones') },
    { name: 'configuración: privacidad', path: '/settings', then: tab('Privacidad') },
    { name: 'configuración: facturación', path: '/settings', then: tab('Facturación') },
    { name: 'notificaciones', path: '/notifications' },
    { name: 'propiedades', path: '/properties' },
    { name: 'página no encontrada', path: '/no-existe' },
    { name: 'mantenimiento', path: '/maintenance' },
    { name: 'mantenimiento: solicitud', path: `/maintenance/${requestId}` },
  ];
  if (role === 'supplier') return common;
  const readers: Screen[] = [
    ...common,
    { name: 'documentos', path: '/documents' },
    { name: 'mensajes', path: '/properties/broadcasts' },
    { name: 'residentes', path: '/residents' },
    manage('detalles', ''),
    manage('residentes', '&tab=residents'),
    manage('unidades', '&tab=units'),
    manage('amenidades', '&tab=amenities'),
    { name: 'facturación', path: '/billing' },
    { name: 'áreas comunes', path: '/amenities' },
    { name: 'mis reservas', path: '/amenities?tab=mine' },
    { name: 'reservar', path: '/amenities', then: openDialog('Reservar Piscina', 'Reservar Piscina') },
    { name: 'visitantes', path: '/visitors' },
    { name: 'registrar visitante', path: '/visitors', then: openDialog('Registrar visitante', 'Registrar visitante') },
  ];
  if (role !== 'admin') return [...readers, { name: 'subir documento', path: '/documents', then: openDialog('Subir documento', 'Subir documento') }];
  // Administrators: the screens above, and the ones that manage.
  return [
    ...readers,
    { name: 'subir documento', path: '/documents', then: openDialog('Subir documento', 'Subir documento') },
    { name: 'agregar propiedad', path: '/properties', then: openDialog('Agregar propiedad', 'Agregar propiedad') },
    manage('cuotas', '&tab=fees'),
    { name: 'facturación: morosidad', path: '/billing?tab=delinquency' },
    { name: 'facturación: cuota extraordinaria', path: '/billing', then: openDialog('Cuota extraordinaria', 'Cuota extraordinaria') },
    { name: 'facturación: crear factura', path: '/billing', then: openDialog('Crear factura', 'Crear factura') },
    { name: 'verificar certificado', path: '/verificar/AAAA-BBBB-CCCC-DDDD' },
    { name: 'mensajes archivados', path: `/properties/broadcasts?propertyId=${propertyId}&tab=archived` },
    { name: 'nuevo mensaje', path: '/properties/broadcasts', then: openDialog('Nuevo mensaje', 'Nuevo mensaje') },
    { name: 'nuevo mensaje: confirmar emergencia', path: `/properties/broadcasts?propertyId=${propertyId}`, then: confirmEmergency },
    { name: 'agregar residente', path: '/residents', then: openDialog('Agregar residente', 'Agregar residente') },
    { name: 'configuración del sistema: general', path: '/admin/system-settings' },
    { name: 'configuración del sistema: apariencia', path: '/admin/system-settings', then: tab('Apariencia') },
    { name: 'configuración del sistema: funciones', path: '/admin/system-settings', then: tab('Funciones') },
    { name: 'configuración del sistema: mantenimiento', path: '/admin/system-settings', then: tab('Mantenimiento') },
    { name: 'configuración del sistema: visitantes', path: '/admin/system-settings', then: tab('Visitantes') },
    { name: 'organizaciones', path: '/admin/organizations' },
    { name: 'organizaciones: nueva', path: '/admin/organizations', then: openDialog('Agregar organización', 'Nueva organización') },
    { name: 'correo saliente', path: '/admin/mail' },
    { name: 'estado del sistema', path: '/admin/status' },
    manage('personal', '&tab=staff'),
    { name: 'facturación: pagos', path: '/billing?tab=payments' },
    { name: 'facturación: transferencias', path: '/billing?tab=reported' },
    { name: 'reservas', path: '/amenities?tab=manage' },
    { name: 'recepción', path: '/visitors/desk' },
    { name: 'recepción: escanear (sin cámara)', path: '/visitors/desk', then: openDialog('Escanear código QR', 'Escanear el pase') },
  ];
}

const SIGNED_OUT: Screen[] = [
  { name: 'iniciar sesión', path: '/auth' },
  { name: 'registrarse', path: '/auth?tab=register' },
  { name: 'restablecer contraseña', path: '/auth', then: async (page) => page.getByRole('button', { name: '¿Olvidó su contraseña?' }).click() },
  { name: 'términos', path: '/terms' },
  { name: 'privacidad', path: '/privacy' },
  { name: 'página no encontrada', path: '/no-existe' },
  { name: 'pase de visita desconocido', path: '/pass/enlace-que-no-existe-000' },
];

/** Waits until the screen has settled: its heading, no spinner or placeholder left. */
async function settled(page: Page) {
  await page.locator('h1').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('.spinner-border, .placeholder-glow, [aria-busy="true"]'));
}

/**
 * What the page's Content-Security-Policy refused since the last look: Chromium reports a refused
 * `eval` even when the script caught it (and Lighthouse counts each report against best practices).
 */
async function refusedByPolicy(page: Page) {
  return page.evaluate(() => {
    const seen = window as unknown as { vecindadRefused?: string[] };
    const found = seen.vecindadRefused ?? [];
    seen.vecindadRefused = [];
    return found.map((refused) => `Content-Security-Policy: ${refused}`);
  });
}

/** Visits the screens one by one and answers what each one fails, by screen. */
async function sweep(page: Page, screens: Screen[], phone: boolean) {
  const problems: Record<string, string[]> = {};
  await page.addInitScript(() => {
    const seen = window as unknown as { vecindadRefused: string[] };
    seen.vecindadRefused = [];
    document.addEventListener('securitypolicyviolation', (event) => seen.vecindadRefused.push(`${event.effectiveDirective} ${event.blockedURI} (${event.sourceFile})`));
  });
  let last: Screen | undefined;
  for (const screen of screens) {
    // Through the app's router, as a link would (no reload: half the time of the sweep), once
    // the previous screen's heading is gone. A reload instead after a screen that opened a tab
    // or a dialog, or for another view of the same screen (its heading stays).
    const pathname = (path: string) => new URL(path, 'http://app').pathname;
    if (!last || last.then || pathname(last.path) === pathname(screen.path)) await page.goto(screen.path);
    else {
      await page.evaluate((path) => {
        document.querySelectorAll('h1').forEach((heading) => heading.setAttribute('data-left', ''));
        history.pushState(null, '', path);
        dispatchEvent(new PopStateEvent('popstate'));
      }, screen.path);
      await page.waitForFunction(() => !document.querySelector('h1[data-left]'));
    }
    last = screen;
    await settled(page);
    await screen.then?.(page);
    await settled(page);
    const found = [...(await accessibilityReport(page)), ...(await englishOnScreen(page)).map((word) => `English: ${word}`), ...(await refusedByPolicy(page))];
    if (found.length) problems[screen.name] = found;
  }
  if (phone && screens.some((screen) => screen.path === '/')) {
    await page.goto('/');
    await settled(page);
    await openMenu(page);
    const found = await accessibilityReport(page);
    if (found.length) problems['menú'] = found;
  }
  return problems;
}

export function sweepEveryScreen(device: 'desktop' | 'phone') {
  const { test } = useBrowser();
  const viewport = device === 'phone' ? PHONE : DESKTOP;
  test(`signed-out screens (${device})`, async ({ page }) => {
    expect(await sweep(page, SIGNED_OUT, false)).toEqual({});
  }, { viewport });

  for (const role of ['admin', 'resident', 'owner', 'supplier'] as const) {
    test(`every screen of ${role === 'admin' ? 'an administrator' : `a ${role}`} (${device})`, async ({ page }) => {
      const world = await community();
      const user: User = world[role];
      await signInAs(page, user, '/');
      expect(await sweep(page, screensOf(role, world.property.id, world.leak.id), device === 'phone')).toEqual({});
      // An administrator's sweep (every screen, each checked by axe) takes about 60 s alone and
      // ran past 180 s beside the other device's sweep and a third browser file on 2 cores.
    }, { viewport, timeout: 360_000 });
  }
}
