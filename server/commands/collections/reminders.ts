import type { Knex } from 'knex';
import {
  DEFAULT_REMINDER_STEPS,
  REMINDER_CATCH_UP_DAYS,
  ReminderScheduleSchema,
  whatsappUrl,
  type ReminderSchedule,
  type ReminderSendResult,
  type ReminderView,
} from '../../../shared/schemas/collections';
import { formatMoney } from '../../../shared/format';
import { messageWith } from '../../../shared/messages';
import { todayThere } from '../../../shared/time';
import { db } from '../../db';
import { fullNameSql } from '../../db/names';
import { recordEvent } from '../../events/outbox';
import type { User } from '../../models';
import { ledgerEvents } from '../ledger';
import { unitOverdue } from '../delinquency';
import { underKeptAgreementSql } from '../../db/charges';

/**
 * Reminders of what units owe (avisos de cobro, docs/modules/collections.md). The organization's
 * schedule (settings.collections.reminderSteps: days relative to the due date) decides which
 * charges are due a reminder; the worker sends one per charge and step (a unique row), the
 * administrators send them by hand from Morosidad. Each reminder is a `charge.reminder` event
 * to the administrators and each person who acts for the unit: the inbox and the email (their
 * `payment` switch) come from it.
 */

// Schedule ------------------------------------------------------------------------------------

/** An organization's reminder schedule: its steps, else -5, 0, 5 and 15 days. */
export async function reminderScheduleOf(organizationId: number, trx: Knex = db()): Promise<ReminderSchedule> {
  const row = await trx('organizations').where({ id: organizationId }).first(trx.raw("settings -> 'collections' as collections"));
  const parsed = ReminderScheduleSchema.safeParse({ steps: row?.collections?.reminderSteps });
  return parsed.success ? parsed.data : { steps: [...DEFAULT_REMINDER_STEPS] };
}

export async function updateReminderSchedule(trx: Knex, actor: User, input: ReminderSchedule) {
  await trx('organizations')
    .where({ id: actor.organizationId })
    .update({
      settings: trx.raw("jsonb_set(coalesce(settings, '{}'::jsonb), '{collections}', coalesce(settings -> 'collections', '{}'::jsonb) || ?::jsonb)", [
        JSON.stringify({ reminderSteps: input.steps }),
      ]),
    });
  await recordEvent(trx, {
    type: 'billing.reminder_schedule_updated',
    organizationId: actor.organizationId,
    audience: 'administrators',
    actorId: actor.id,
    subject: { type: 'organization', id: actor.organizationId },
    payload: input,
  });
  return input;
}

// Scheduled reminders -------------------------------------------------------------------------

/** The organization's steps (a jsonb array), the default when unset (`?` is the default). */
const STEPS_ARRAY = `case when jsonb_typeof(organizations.settings -> 'collections' -> 'reminderSteps') = 'array'
  then organizations.settings -> 'collections' -> 'reminderSteps' else ?::jsonb end`;
const STEPS_SQL = `lateral (select s.value::int as step from jsonb_array_elements(${STEPS_ARRAY}) as s where jsonb_typeof(s.value) = 'number') as steps`;

/**
 * The (charge, step) pairs due a reminder on `today`: a charge still pending with something to
 * pay whose due date plus the step came, at most REMINDER_CATCH_UP_DAYS ago, the latest step
 * that came (a step missed while the worker was down is not sent after a later one), and not
 * yet reminded at that step, and not covered by a kept payment agreement.
 */
function dueReminders(trx: Knex, today: string) {
  const defaults = JSON.stringify(DEFAULT_REMINDER_STEPS);
  return trx('charges')
    .join('organizations', 'organizations.id', 'charges.organization_id')
    .joinRaw(`cross join ${STEPS_SQL}`, [defaults])
    .where('charges.status', 'pending')
    .whereRaw('charges.paid_amount < charges.amount')
    .whereRaw('charges.due_date + steps.step between ?::date - ?::int and ?::date', [today, REMINDER_CATCH_UP_DAYS, today])
    .whereRaw(
      `not exists (select 1 from jsonb_array_elements(${STEPS_ARRAY}) as later
        where jsonb_typeof(later.value) = 'number' and later.value::int > steps.step and charges.due_date + later.value::int <= ?::date)`,
      [defaults, today],
    )
    .whereNotExists(trx('charge_reminders as r').whereRaw('r.charge_id = charges.id and r.step = steps.step').where('r.kind', 'scheduled'))
    // None for a charge under a kept payment agreement (collections/agreements).
    .whereRaw(`not ${underKeptAgreementSql('charges.id')}`);
}

/** The reminders due on `today` (the sweep enqueues one job each), oldest charge first. */
export async function dueChargeReminders(today = todayThere(), trx: Knex = db(), limit = 1000): Promise<Array<{ chargeId: number; step: number }>> {
  return dueReminders(trx, today).select('charges.id as charge_id', 'steps.step').orderBy([{ column: 'charges.id' }, { column: 'steps.step' }]).limit(limit);
}

const unitText = (unit: { unitNumber: string; propertyName: string }) => ({ unitNumber: unit.unitNumber, propertyName: unit.propertyName });

/**
 * Sends the reminder of a charge at a step, once: the charge is locked and the condition read
 * again, and the row is unique per charge and step, so a job run twice, or a job and the
 * sweep at once, remind once. Nothing for a charge paid, waived or credited meanwhile, or a
 * step no longer in the schedule. Answers whether it reminded.
 */
export async function remindCharge(trx: Knex, chargeId: number, step: number, today = todayThere()): Promise<boolean> {
  await trx('charges').where({ id: chargeId }).forUpdate().first('id');
  const due = await dueReminders(trx, today)
    .where('charges.id', chargeId)
    .where('steps.step', step)
    .first('charges.id', 'charges.organization_id', 'charges.property_id', 'charges.unit_id', 'charges.amount', 'charges.paid_amount', 'charges.due_date', 'charges.invoice_number', 'charges.description');
  if (!due) return false;
  const [row] = await trx('charge_reminders')
    .insert({ organizationId: due.organizationId, unitId: due.unitId, chargeId, step, kind: 'scheduled', amount: due.amount - due.paidAmount })
    .onConflict(trx.raw('(charge_id, step) where kind = ?', ['scheduled']))
    .ignore()
    .returning('id');
  if (!row) return false;
  const unit = await trx('units').join('properties', 'properties.id', 'units.property_id').where('units.id', due.unitId).first('units.unit_number', 'properties.name as property_name');
  await recordEvent(
    trx,
    ...(await ledgerEvents(trx, due.unitId, {
      type: 'charge.reminder',
      organizationId: due.organizationId,
      propertyId: due.propertyId,
      actorId: null,
      subject: { type: 'charge', id: chargeId },
      payload: {
        reminderId: row.id,
        kind: 'scheduled',
        unitId: due.unitId,
        ...unitText(unit),
        chargeId,
        invoiceNumber: due.invoiceNumber,
        title: due.description,
        dueDate: due.dueDate,
        step,
        amount: due.amount - due.paidAmount,
      },
    })),
  );
  return true;
}

// Manual reminders ----------------------------------------------------------------------------

/** The phone a WhatsApp reminder goes to: the owner's, else the first current resident's with one. */
async function unitPhone(trx: Knex, unitId: number): Promise<string | null> {
  const row = await trx('units')
    .leftJoin('users as owner', 'owner.id', 'units.owner_id')
    .where('units.id', unitId)
    .first(
      trx.raw(`coalesce(nullif(owner.phone, ''), (select u.phone from residents r join users u on u.id = r.user_id
        where r.unit_id = units.id and r.status <> 'inactive' and coalesce(u.phone, '') <> '' order by r.id limit 1)) as phone`),
    );
  return row?.phone ?? null;
}

/**
 * "Enviar recordatorio" from Morosidad: a reminder of what each unit owes past due (the caller
 * checked the units are the actor's to manage), with a WhatsApp link for the administrator to
 * send. A unit that owes nothing past due gets none (`sent: false`).
 */
export async function sendUnitReminders(trx: Knex, actor: User, unitIds: number[], today = todayThere()): Promise<ReminderSendResult[]> {
  const results: ReminderSendResult[] = [];
  const organization = await trx('organizations').where({ id: actor.organizationId }).first('name');
  for (const unitId of [...new Set(unitIds)]) {
    await trx('units').where({ id: unitId }).forUpdate().first('id');
    // What it owes past due, less what a kept payment agreement covers (its instalments are its terms).
    const amount = await unitOverdue(trx, unitId, today, { exceptAgreed: true });
    if (amount <= 0) {
      results.push({ unitId, sent: false, amount: 0, whatsappUrl: null });
      continue;
    }
    const unit = await trx('units')
      .join('properties', 'properties.id', 'units.property_id')
      .where('units.id', unitId)
      .first('units.unit_number', 'properties.name as property_name', 'properties.id as property_id', 'properties.organization_id');
    const [row] = await trx('charge_reminders').insert({ organizationId: unit.organizationId, unitId, kind: 'manual', amount, sentById: actor.id }).returning('id');
    await recordEvent(
      trx,
      ...(await ledgerEvents(trx, unitId, {
        type: 'charge.reminder',
        organizationId: unit.organizationId,
        propertyId: unit.propertyId,
        actorId: actor.id,
        subject: { type: 'unit', id: unitId },
        payload: { reminderId: row.id, kind: 'manual', unitId, ...unitText(unit), amount },
      })),
    );
    const message = messageWith(
      'reminder_whatsapp_text',
      { organization: organization?.name ?? '', unit: unit.unitNumber, property: unit.propertyName, amount: formatMoney(amount) },
      actor.language,
    );
    results.push({ unitId, sent: true, amount, whatsappUrl: whatsappUrl(await unitPhone(trx, unitId), message) });
  }
  return results;
}

// History -------------------------------------------------------------------------------------

/** Every reminder a unit was sent, newest first. */
export async function unitReminders(unitId: number, trx: Knex = db()): Promise<ReminderView[]> {
  const rows = await trx('charge_reminders as r')
    .leftJoin('charges as c', 'c.id', 'r.charge_id')
    .leftJoin('users as sender', 'sender.id', 'r.sent_by_id')
    .where('r.unit_id', unitId)
    .orderBy([{ column: 'r.created_at', order: 'desc' }, { column: 'r.id', order: 'desc' }])
    .limit(500)
    .select('r.id', 'r.kind', 'r.charge_id', 'c.invoice_number', 'r.step', 'r.amount', 'r.created_at', trx.raw(`case when sender.id is null then null else ${fullNameSql('sender')} end as sent_by`));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    chargeId: row.chargeId,
    invoiceNumber: row.invoiceNumber,
    step: row.step,
    amount: Number(row.amount),
    sentBy: row.sentBy,
    createdAt: new Date(row.createdAt).toISOString(),
  }));
}
