import { apiRouter } from './router';
import { ReminderScheduleSchema, ReminderSendSchema } from '../../shared/schemas/collections';
import { AgreementCancelSchema, AgreementCreateSchema, TransferAccountSchema } from '../../shared/schemas/agreements';
import { cancelAgreement, createAgreement, unitAgreements } from '../commands/collections/agreements';
import { createTransferAccount, deleteTransferAccount, listTransferAccounts, updateTransferAccount } from '../commands/collections/transferAccounts';
import { reminderScheduleOf, sendUnitReminders, unitReminders, updateReminderSchedule } from '../commands/collections/reminders';
import { transaction } from '../db/transaction';
import { currentUser, requireUser } from '../middleware/auth';
import { requireFeature } from '../middleware/features';
import { findBillingUnit } from '../policies/billing';
import {
  authorizeReminderSchedule,
  checkTransferAccountProperty,
  findManageableAgreement,
  findManageableTransferAccount,
  findRemindableUnits,
  transferAccountScope,
} from '../policies/collections';
import { authorizeBillingManage } from '../policies/billing';
import { idParam, parse } from '../validation';
import { answerOnce } from './once';

/**
 * Collecting money (docs/modules/collections.md): the reminder schedule (avisos de cobro),
 * "Enviar recordatorio" from Morosidad with its WhatsApp links, and a unit's reminders;
 * payment agreements (acuerdos de pago) and where to pay (the transfer accounts).
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

// Payment agreements ----------------------------------------------------------------------------

/** The unit's overdue debt and its agreements: whoever reads its ledger (the statement shows them). */
collectionsRouter.get('/units/:id/agreements', async (ctx) => {
  const { unit } = await findBillingUnit(currentUser(ctx), idParam(ctx.params.id));
  ctx.body = await unitAgreements(unit.id);
});

/** An administrator turns the unit's overdue debt into instalments (once per Idempotency-Key). */
collectionsRouter.post('/units/:id/agreements', async (ctx) => {
  const user = currentUser(ctx);
  const unitId = idParam(ctx.params.id);
  await findBillingUnit(user, unitId);
  authorizeBillingManage(user);
  const input = parse(AgreementCreateSchema, ctx.request.body);
  await answerOnce(ctx, user, input, async (trx) => createAgreement(trx, user, await findBillingUnit(user, unitId, trx), input));
});

collectionsRouter.post('/agreements/:id/cancel', async (ctx) => {
  const user = currentUser(ctx);
  const id = await findManageableAgreement(user, idParam(ctx.params.id));
  const { reason } = parse(AgreementCancelSchema, ctx.request.body);
  ctx.body = await transaction((trx) => cancelAgreement(trx, user, id, reason));
});

// Where to pay ----------------------------------------------------------------------------------

/** The accounts to transfer to: the organization's users that read billing (403 for the others). */
collectionsRouter.get('/transfer-accounts', async (ctx) => {
  const user = currentUser(ctx);
  ctx.body = await listTransferAccounts(user.organizationId, transferAccountScope(user));
});

collectionsRouter.post('/transfer-accounts', async (ctx) => {
  const user = currentUser(ctx);
  authorizeBillingManage(user);
  const input = parse(TransferAccountSchema, ctx.request.body);
  await checkTransferAccountProperty(user, input.propertyId);
  ctx.body = await transaction((trx) => createTransferAccount(trx, user, input));
  ctx.status = 201;
});

collectionsRouter.put('/transfer-accounts/:id', async (ctx) => {
  const user = currentUser(ctx);
  const id = await findManageableTransferAccount(user, idParam(ctx.params.id));
  const input = parse(TransferAccountSchema, ctx.request.body);
  await checkTransferAccountProperty(user, input.propertyId);
  ctx.body = await transaction((trx) => updateTransferAccount(trx, user, id, input));
});

collectionsRouter.delete('/transfer-accounts/:id', async (ctx) => {
  const user = currentUser(ctx);
  const id = await findManageableTransferAccount(user, idParam(ctx.params.id));
  await transaction((trx) => deleteTransferAccount(trx, user, id));
  ctx.status = 204;
});
