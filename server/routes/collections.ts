import { apiRouter } from './router';
import { ReminderScheduleSchema, ReminderSendSchema } from '../../shared/schemas/collections';
import { reminderScheduleOf, sendUnitReminders, unitReminders, updateReminderSchedule } from '../commands/collections/reminders';
import { transaction } from '../db/transaction';
import { currentUser, requireUser } from '../middleware/auth';
import { requireFeature } from '../middleware/features';
import { findBillingUnit } from '../policies/billing';
import { authorizeReminderSchedule, findRemindableUnits } from '../policies/collections';
import { idParam, parse } from '../validation';

/**
 * Collecting money (docs/modules/collections.md): the reminder schedule (avisos de cobro),
 * "Enviar recordatorio" from Morosidad with its WhatsApp links, and a unit's reminders.
 */
export const collectionsRouter = apiRouter();
collectionsRouter.use(requireUser);
collectionsRouter.use(requireFeature('billing'));

collectionsRouter.get('/billing/reminder-schedule', async (ctx) => {
  const user = currentUser(ctx);
  authorizeReminderSchedule(user);
  ctx.body = await reminderScheduleOf(user.organizationId);
});

collectionsRouter.put('/billing/reminder-schedule', async (ctx) => {
  const user = currentUser(ctx);
  authorizeReminderSchedule(user);
  const input = parse(ReminderScheduleSchema, ctx.request.body);
  ctx.body = await transaction((trx) => updateReminderSchedule(trx, user, input));
});

/** Reminds each unit of what it owes past due; answers per unit whether it was sent and its wa.me link. */
collectionsRouter.post('/billing/reminders', async (ctx) => {
  const user = currentUser(ctx);
  const { unitIds } = parse(ReminderSendSchema, ctx.request.body);
  const units = await findRemindableUnits(user, unitIds);
  ctx.body = await transaction((trx) => sendUnitReminders(trx, user, units));
});

collectionsRouter.get('/units/:id/reminders', async (ctx) => {
  const { unit } = await findBillingUnit(currentUser(ctx), idParam(ctx.params.id));
  ctx.body = await unitReminders(unit.id);
});
