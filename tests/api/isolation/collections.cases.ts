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
];
