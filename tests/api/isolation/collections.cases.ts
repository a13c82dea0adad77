import { db } from '../../../server/db';
import { createCharge } from '../../support/factories';
import type { IsolationCase, World } from './types';

/** The other organization's collecting: a past-due charge with a scheduled and a manual reminder, and its own schedule. */
async function otherReminders(world: World) {
  const { other } = world;
  const charge = await createCharge({ unitId: other.unit.id, description: `Cuota ajena ${other.property.name}`, invoiceNumber: `FAC-AJENA-${other.unit.id}`, dueDate: '2026-01-05' });
  await db()('chargeReminders').insert([
    { organizationId: other.organization.id, unitId: other.unit.id, chargeId: charge.id, step: 5, kind: 'scheduled', amount: 2_500_00 },
    { organizationId: other.organization.id, unitId: other.unit.id, kind: 'manual', amount: 2_500_00, sentById: other.admin.id },
  ]);
  await db()('organizations').where({ id: other.organization.id }).update({ settings: db().raw(`jsonb_set(settings, '{collections}', '{"reminderSteps":[-29,77]}'::jsonb)`) });
}

const secrets = () => ['Cuota ajena', 'FAC-AJENA', '[-29,77]'];

/** The other organization's agreement over its unit's debt, and its transfer account. */
async function otherAgreement(world: World) {
  const { other } = world;
  await createCharge({ unitId: other.unit.id, description: `Cuota ajena ${other.property.name}`, invoiceNumber: `FAC-AJENA-A-${other.unit.id}`, dueDate: '2026-01-05', amount: 77_777 });
  const [agreement] = await db()('paymentAgreements')
    .insert({ organizationId: other.organization.id, propertyId: other.property.id, unitId: other.unit.id, total: 77_777, note: 'Acuerdo ajeno', createdById: other.admin.id })
    .returning('id');
  await db()('paymentAgreementInstalments').insert({ agreementId: agreement.id, number: 1, dueDate: '2099-01-05', amount: 77_777 });
  return agreement.id as number;
}
async function otherAccount(world: World) {
  const [row] = await db()('transferAccounts')
    .insert({ organizationId: world.other.organization.id, bank: 'bhd', accountType: 'checking', number: '555-999999-1', holder: 'Cuenta ajena' })
    .returning('id');
  return row.id as number;
}
const agreementSecrets = () => ['Acuerdo ajeno', '77,777', '777.77'];
const accountSecrets = () => ['555-999999-1', 'Cuenta ajena'];
const ACCOUNT = { bank: 'popular', accountType: 'savings', number: '800-000001-1', holder: 'Propio' };
const ROLES = ['admin', 'owner', 'resident', 'supplier'] as const;

export const cases: IsolationCase[] = [
  // The schedule is always the caller's organization's; an organization id in the body is ignored.
  {
    route: 'GET /api/billing/reminder-schedule',
    request: async (world) => {
      await otherReminders(world);
      return { path: '/api/billing/reminder-schedule' };
    },
    expect: 200,
    mustNotContain: secrets,
  },
  { route: 'GET /api/billing/reminder-schedule', as: 'resident', request: () => ({ path: '/api/billing/reminder-schedule' }), expect: 403 },
  {
    route: 'PUT /api/billing/reminder-schedule',
    request: (world) => ({ path: '/api/billing/reminder-schedule', body: { steps: [-3, 0, 3], organizationId: world.other.organization.id } }),
    expect: 200,
  },
  { route: 'PUT /api/billing/reminder-schedule', as: 'owner', request: () => ({ path: '/api/billing/reminder-schedule', body: { steps: [1] } }), expect: 403 },
  // Reminding another organization's unit, alone or among one's own.
  {
    route: 'POST /api/billing/reminders',
    request: async (world) => {
      await otherReminders(world);
      return { path: '/api/billing/reminders', body: { unitIds: [world.other.unit.id] } };
    },
    mustNotContain: secrets,
  },
  {
    route: 'POST /api/billing/reminders',
    request: async (world) => {
      await otherReminders(world);
      return { path: '/api/billing/reminders', body: { unitIds: [world.own.unit.id, world.other.unit.id] } };
    },
    mustNotContain: secrets,
  },
  ...ROLES.map(
    (as): IsolationCase => ({
      route: 'GET /api/units/:id/reminders',
      as,
      request: async (world) => {
        await otherReminders(world);
        return { path: `/api/units/${world.other.unit.id}/reminders` };
      },
      // A supplier reads no ledger at all: refused by role before any unit is looked up.
      expect: as === 'supplier' ? 403 : 404,
      mustNotContain: secrets,
    }),
  ),
  // Agreements: another organization's unit or agreement is not found, whoever asks (a supplier reads no ledger: 403).
  ...ROLES.map(
    (as): IsolationCase => ({
      route: 'GET /api/units/:id/agreements',
      as,
      request: async (world) => {
        await otherAgreement(world);
        return { path: `/api/units/${world.other.unit.id}/agreements` };
      },
      expect: as === 'supplier' ? 403 : 404,
      mustNotContain: agreementSecrets,
    }),
  ),
  {
    route: 'POST /api/units/:id/agreements',
    request: async (world) => {
      await otherAgreement(world);
      return { path: `/api/units/${world.other.unit.id}/agreements`, body: { instalments: [{ dueDate: '2099-01-05', amount: 77_777 }] } };
    },
    mustNotContain: agreementSecrets,
  },
  {
    route: 'POST /api/agreements/:id/cancel',
    request: async (world) => ({ path: `/api/agreements/${await otherAgreement(world)}/cancel`, body: { reason: 'Ajeno' } }),
    mustNotContain: agreementSecrets,
  },
  { route: 'POST /api/agreements/:id/cancel', as: 'owner', request: async (world) => ({ path: `/api/agreements/${await otherAgreement(world)}/cancel`, body: { reason: 'Ajeno' } }) },
  // Where to pay: only the caller's organization's accounts, to read or to change.
  ...(['admin', 'owner', 'resident'] as const).map(
    (as): IsolationCase => ({
      route: 'GET /api/transfer-accounts',
      as,
      request: async (world) => {
        await otherAccount(world);
        return { path: '/api/transfer-accounts' };
      },
      expect: 200,
      mustNotContain: accountSecrets,
    }),
  ),
  { route: 'GET /api/transfer-accounts', as: 'supplier', request: () => ({ path: '/api/transfer-accounts' }), expect: 403 },
  { route: 'POST /api/transfer-accounts', request: (world) => ({ path: '/api/transfer-accounts', body: { ...ACCOUNT, propertyId: world.other.property.id } }) },
  { route: 'POST /api/transfer-accounts', as: 'resident', request: () => ({ path: '/api/transfer-accounts', body: ACCOUNT }), expect: 403 },
  { route: 'PUT /api/transfer-accounts/:id', request: async (world) => ({ path: `/api/transfer-accounts/${await otherAccount(world)}`, body: ACCOUNT }), mustNotContain: accountSecrets },
  { route: 'DELETE /api/transfer-accounts/:id', request: async (world) => ({ path: `/api/transfer-accounts/${await otherAccount(world)}` }), mustNotContain: accountSecrets },
];
