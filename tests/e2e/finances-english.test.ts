import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { db } from '../../server/db';
import { addDays, todayThere } from '../../shared/time';
import { createOrganization, createProperty, createUnit, createUser } from '../support/factories';
import { signInAs, useBrowser } from './support/browser';
import { BANK_LABELS } from '../../shared/financesBank';

const { test } = useBrowser();

/**
 * Every finances screen in English (issue 28): no translation key shown raw (i18next shows the
 * key of a text it does not have, e.g. `reports.invoice`) and no Spanish left in what the
 * screen says, to sight and to screen readers. The rows are named in English (the funds and
 * the chart of accounts a property starts with are data, named in Spanish when created), so
 * that any Spanish found is the screen's.
 */
const SPANISH = [
  'de', 'del', 'los', 'las', 'el', 'la', 'y', 'para', 'con', 'sin', 'una', 'gasto', 'gastos', 'fondo', 'fondos', 'propiedad',
  'guardar', 'cancelar', 'informe', 'informes', 'presupuesto', 'suplidor', 'suplidores', 'cierre', 'mes', 'año', 'añadir',
  'nuevo', 'nueva', 'registrar', 'pagar', 'pagado', 'pendiente', 'monto', 'saldo', 'ingresos', 'egresos', 'cuenta', 'cuentas',
  'banco', 'estados', 'resumen', 'descargar', 'cargando', 'seleccione', 'elija', 'mensual', 'factura', 'acciones', 'buscar',
  'filtrar', 'exportar', 'anular', 'reabrir', 'cerrar', 'cerrado', 'abierto', 'activo', 'recurrentes', 'diario', 'hoy', 'ninguno',
];
const SPANISH_WORD = new RegExp(`(?<![\\p{L}\\d@./-])(${SPANISH.join('|')})(?![\\p{L}\\d@-])`, 'giu');
const ACCENTED = /[\p{L}]*[áéíóúñ¿¡][\p{L}]*/giu;
/** What a missing key looks like: dotted camelCase words (file names and e.g. left out). */
const RAW_KEY = /(?<![\w@/.-])[a-z][a-zA-Z]*(?:\.[a-zA-Z][a-zA-Z0-9]*)+(?![\w@/-])/g;
/** Language names are written in their own language (the language menu offers "Español"). */
const OWN_NAMES = new Set(['Español']);
/** Banks are named by their own names ("Banco Popular"), in every language. */
const BANK_NAMES = new RegExp(Object.entries(BANK_LABELS).filter(([bank]) => bank !== 'other').map(([, name]) => name).join('|'), 'g');
/** Dominican terms an English screen keeps, as it keeps RNC, NCF and ITBIS: the cédula is the national identity card's name. */
const TERMS = new Set(['cédula']);
const notAKey = (token: string) => /\.(png|jpe?g|pdf|csv|com|do)$/i.test(token) || token === 'e.g';

async function leftovers(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const found: string[] = [document.title, document.body.innerText];
    for (const element of Array.from(document.querySelectorAll('body *'))) {
      if (element.closest('script, style, svg, [translate="no"]')) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt', 'aria-valuetext']) {
        const value = element.getAttribute(name);
        if (value) found.push(value);
      }
      if (element.classList.contains('visually-hidden')) found.push(element.textContent ?? '');
    }
    return found;
  });
  const found = texts.flatMap((text) => [
    ...(text.match(RAW_KEY) ?? []).filter((token) => !notAKey(token)).map((token) => `raw key "${token}"`),
    ...(text.replace(/Español/g, ' ').replace(BANK_NAMES, ' ').match(SPANISH_WORD) ?? []).map((word) => `Spanish "${word}" in "${text.replace(/\s+/g, ' ').slice(0, 160)}"`),
    ...(text.match(ACCENTED) ?? []).filter((word) => !OWN_NAMES.has(word) && !TERMS.has(word.toLowerCase())).map((word) => `Spanish "${word}"`),
  ]);
  return [...new Set(found)];
}

/** What is not English on the screen now, each prefixed with the screen's name. */
async function notEnglish(page: Page, screen: string) {
  // The screen has drawn its data (no spinner left).
  await page.getByRole('status').filter({ hasText: /Loading/ }).waitFor({ state: 'detached' }).catch(() => undefined);
  return (await leftovers(page)).map((problem) => `${screen}: ${problem}`);
}

test('every finances screen renders in English: no raw keys, no Spanish left', async ({ page }) => {
  const organization = await createOrganization({ name: 'Sunset Management' });
  const admin = await createUser({ role: 'Administrador', organizationId: organization.id, name: 'Peter', lastName: 'Stone', language: 'en' });
  const property = await createProperty({ organizationId: organization.id, name: 'Sunset Tower', address: 'Ocean Avenue 10' });
  await createUnit({ propertyId: property.id, unitNumber: '1A' });
  await db()('funds').where({ propertyId: property.id, kind: 'operating' }).update({ name: 'Operating fund' });
  await db()('funds').where({ propertyId: property.id, kind: 'reserve' }).update({ name: 'Reserve fund' });
  await db()('accounts').where({ organizationId: organization.id }).update({ name: db().raw(`'Account ' || code`) });
  const operating = await db()('funds').where({ propertyId: property.id, kind: 'operating' }).first('id');
  const [supplier] = await db()('suppliers').insert({ organizationId: organization.id, name: 'Acme Power', category: 'electricity' }).returning('id');
  const lastMonth = addDays(`${todayThere().slice(0, 7)}-01`, -1).slice(0, 7);
  const [expense] = await db()('expenses')
    .insert({ organizationId: organization.id, propertyId: property.id, fundId: operating.id, supplierId: supplier.id, category: 'electricity', issueDate: `${lastMonth}-05`, amount: 1_845_000, itbis: 0, description: 'Lobby lights', status: 'pending', createdById: admin.id })
    .returning('id');
  await db()('recurringExpenses').insert({ organizationId: organization.id, propertyId: property.id, fundId: operating.id, category: 'payroll', amount: 3_500_000, itbis: 0, description: 'Concierge payroll', dayOfMonth: 15, active: true, firstMonth: todayThere().slice(0, 7), createdById: admin.id });
  await db()('bankAccounts').insert({ organizationId: organization.id, propertyId: property.id, bank: 'popular', name: 'Tower account', last4: '4821', openingDate: `${lastMonth}-01`, openingBalance: 0, receivesPayments: true });

  const screens: Array<[string, string]> = [
    ['/finances', 'summary'],
    [`/finances/gastos?propertyId=${property.id}`, 'expenses'],
    [`/finances/gastos/${expense.id}`, 'expense detail'],
    [`/finances/recurrentes?propertyId=${property.id}`, 'recurring'],
    ['/finances/suplidores', 'suppliers'],
    [`/finances/fondos?propertyId=${property.id}`, 'funds'],
    [`/finances/conciliacion?propertyId=${property.id}`, 'reconciliation'],
    [`/finances/presupuesto?propertyId=${property.id}`, 'budget'],
    [`/finances/cierre?propertyId=${property.id}`, 'close'],
    [`/finances/estados?propertyId=${property.id}`, 'statements'],
    [`/finances/reportes?propertyId=${property.id}&month=${lastMonth}`, 'reports'],
  ];
  await signInAs(page, admin, '/finances');
  const problems: string[] = [];
  for (const [path, screen] of screens) {
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    problems.push(...(await notEnglish(page, screen)));
  }
  // The expense form too, as the administrator opens it.
  await page.goto(`/finances/gastos?propertyId=${property.id}`);
  await page.getByRole('button', { name: 'Record expense' }).first().click();
  await page.getByRole('dialog').waitFor();
  problems.push(...(await notEnglish(page, 'record expense')));
  expect(problems).toEqual([]);
}, { timeout: 120_000 });
