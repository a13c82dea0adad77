import type { Knex } from 'knex';
import { formatMoney } from '../../../shared/format';
import type { AgreementCreateInput, AgreementStatus, AgreementView, UnitAgreements } from '../../../shared/schemas/agreements';
import { messageText } from '../../../shared/messages';
import { todayThere } from '../../../shared/time';
import { db } from '../../db';
import { pastDue } from '../../db/charges';
import { fullNameSql } from '../../db/names';
import { AppError, conflict, textsWith, validationError } from '../../errors';
import { recordEvent } from '../../events/outbox';
import type { User } from '../../models';
import type { PlacedUnit } from '../../rows/properties';
import { ledgerEvents, lockUnit } from '../ledger';
import { unitOverdue } from '../delinquency';

/**
 * Payment agreements (acuerdos de pago, docs/modules/collections.md): an administrator turns a
 * unit's overdue debt (its pending charges past due) into instalments whose sum is that debt.
 * An agreement is never edited: `active` while kept, then `kept` once paid in full, `broken`
 * once an instalment is missed (the worker decides: reviewAgreements), or `cancelled` by an
 * administrator with the reason. What it paid is what its charges owed when it was made less
 * what they owe now (payments, credits and waivers all count), taken by the instalments in
 * order.
 */

/** What each agreement's charges have been paid since it was made (a subquery: agreement_id, paid). */
const paidSql = `select ac.agreement_id, coalesce(sum(ac.balance - least(ac.balance, case when c.status = 'pending' then greatest(c.amount - c.paid_amount, 0) else 0 end)), 0)::bigint as paid
  from payment_agreement_charges ac join charges c on c.id = ac.charge_id group by ac.agreement_id`;

/** Turns the unit's overdue debt into these instalments (the caller checked the actor manages the unit). */
export async function createAgreement(trx: Knex, actor: User, { unit, property }: PlacedUnit, input: AgreementCreateInput, today = todayThere()) {
  await lockUnit(trx, unit.id);
  if (await trx('paymentAgreements').where({ unitId: unit.id, status: 'active' }).first('id')) throw conflict(messageText('agreement_exists', actor.language), 'agreement_exists');
  const charges: Array<{ id: number; balance: string }> = await trx('charges')
    .where({ unitId: unit.id })
    .where(pastDue(today))
    .whereRaw('amount > paid_amount')
    .orderBy([{ column: 'dueDate' }, { column: 'id' }])
    .select('id', trx.raw('amount - paid_amount as balance'));
  const debt = charges.reduce((sum, charge) => sum + Number(charge.balance), 0);
  if (debt <= 0) throw conflict(messageText('agreement_no_debt', actor.language), 'agreement_no_debt');
  if (input.instalments[0].dueDate < today) throw validationError({ instalments: messageText('agreement_instalments_past', actor.language) });
  const sum = input.instalments.reduce((total, item) => total + item.amount, 0);
  if (sum !== debt) {
    const texts = textsWith('agreement_sum_mismatch', () => ({ sum: formatMoney(sum), debt: formatMoney(debt) }));
    throw new AppError(400, 'validation_error', texts, { instalments: texts[actor.language] });
  }
  const [agreement] = await trx('paymentAgreements')
    .insert({ organizationId: property.organizationId, propertyId: property.id, unitId: unit.id, total: debt, note: input.note, createdById: actor.id })
    .returning('*');
  await trx('paymentAgreementInstalments').insert(input.instalments.map((item, index) => ({ agreementId: agreement.id, number: index + 1, dueDate: item.dueDate, amount: item.amount })));
  await trx('paymentAgreementCharges').insert(charges.map((charge) => ({ agreementId: agreement.id, chargeId: charge.id, balance: Number(charge.balance) })));
  await tell(trx, 'agreement.created', actor.id, agreement.id, { instalments: input.instalments.length, firstDueDate: input.instalments[0].dueDate });
  return (await agreementsOf(trx, { id: agreement.id }, today))[0];
}

/** Cancels an active agreement, saying why: its charges get late fees and reminders again. */
export async function cancelAgreement(trx: Knex, actor: User, agreementId: number, reason: string, today = todayThere()) {
  const [cancelled] = await trx('paymentAgreements')
    .where({ id: agreementId, status: 'active' })
    .update({ status: 'cancelled', endedAt: trx.fn.now(), cancelledById: actor.id, cancelReason: reason })
    .returning('id');
  if (!cancelled) throw conflict(messageText('agreement_not_active', actor.language), 'agreement_not_active');
  await tell(trx, 'agreement.cancelled', actor.id, agreementId, { reason });
  return (await agreementsOf(trx, { id: agreementId }, today))[0];
}

/**
 * The worker's decision, on `today` (the organization's day): each active agreement whose
 * charges are paid in full is `kept`; one with an instalment due before today not covered by
 * what was paid is `broken` (its charges get late fees and reminders again). Idempotent: only
 * an active agreement changes, under its row's lock, and each change writes its one event.
 */
export async function reviewAgreements(trx: Knex, today = todayThere(), options: { agreementId?: number } = {}) {
  const candidates = trx('paymentAgreements as a')
    .joinRaw(`left join (${paidSql}) as p on p.agreement_id = a.id`)
    .where('a.status', 'active')
    .select('a.id')
    .where((decided) =>
      decided
        .whereRaw('coalesce(p.paid, 0) >= a.total')
        .orWhereRaw('(select coalesce(sum(i.amount), 0) from payment_agreement_instalments i where i.agreement_id = a.id and i.due_date < ?::date) > coalesce(p.paid, 0)', [today]),
    )
    .orderBy('a.id');
  if (options.agreementId) candidates.where('a.id', options.agreementId);
  const changed: Array<{ id: number; status: AgreementStatus }> = [];
  for (const { id } of await candidates) {
    const locked = await trx('paymentAgreements').where({ id, status: 'active' }).forUpdate().first('id');
    if (!locked) continue;
    const [view] = await agreementsOf(trx, { id }, today);
    const status: AgreementStatus | null = view.paid >= view.total ? 'kept' : view.instalments.some((item) => item.missed) ? 'broken' : null;
    if (!status) continue;
    await trx('paymentAgreements').where({ id, status: 'active' }).update({ status, endedAt: trx.fn.now() });
    await tell(trx, `agreement.${status}` as 'agreement.kept' | 'agreement.broken', null, id, { paid: view.paid });
    changed.push({ id, status });
  }
  return changed;
}

async function tell(trx: Knex, type: 'agreement.created' | 'agreement.cancelled' | 'agreement.kept' | 'agreement.broken', actorId: number | null, agreementId: number, extra: Record<string, unknown>) {
  const agreement = await trx('paymentAgreements as a')
    .join('units as u', 'u.id', 'a.unit_id')
    .join('properties as p', 'p.id', 'a.property_id')
    .where('a.id', agreementId)
    .first('a.organization_id', 'a.property_id', 'a.unit_id', 'a.total', 'u.unit_number', 'p.name as property_name');
  await recordEvent(
    trx,
    ...(await ledgerEvents(trx, agreement.unitId, {
      type,
      organizationId: agreement.organizationId,
      propertyId: agreement.propertyId,
      actorId,
      subject: { type: 'payment_agreement', id: agreementId },
      payload: { agreementId, unitId: agreement.unitId, unitNumber: agreement.unitNumber, propertyName: agreement.propertyName, amount: Number(agreement.total), ...extra },
    })),
  );
}

/** Agreements with their instalments and what was paid, newest first. */
async function agreementsOf(trx: Knex, where: { id?: number; unitId?: number }, today: string): Promise<AgreementView[]> {
  const query = trx('paymentAgreements as a')
    .joinRaw(`left join (${paidSql}) as p on p.agreement_id = a.id`)
    .leftJoin('users as creator', 'creator.id', 'a.created_by_id')
    .leftJoin('users as canceller', 'canceller.id', 'a.cancelled_by_id')
    .orderBy('a.id', 'desc')
    .limit(100)
    .select(
      'a.*',
      trx.raw('coalesce(p.paid, 0)::bigint as paid'),
      trx.raw(`case when creator.id is null then null else ${fullNameSql('creator')} end as created_by`),
      trx.raw(`case when canceller.id is null then null else ${fullNameSql('canceller')} end as cancelled_by`),
    );
  if (where.id) query.where('a.id', where.id);
  if (where.unitId) query.where('a.unit_id', where.unitId);
  const rows = await query;
  if (!rows.length) return [];
  const instalments = await trx('paymentAgreementInstalments')
    .whereIn('agreementId', rows.map((row) => row.id))
    .orderBy(['agreementId', 'number'])
    .select('agreementId', 'number', trx.raw("to_char(due_date, 'YYYY-MM-DD') as due_date"), 'amount');
  return rows.map((row) => {
    const paid = Math.min(Number(row.paid), Number(row.total));
    let left = paid;
    return {
      id: row.id,
      unitId: row.unitId,
      status: row.status,
      total: Number(row.total),
      paid,
      note: row.note,
      createdBy: row.createdBy,
      createdAt: new Date(row.createdAt).toISOString(),
      endedAt: row.endedAt ? new Date(row.endedAt).toISOString() : null,
      cancelledBy: row.cancelledBy,
      cancelReason: row.cancelReason,
      instalments: instalments
        .filter((item) => item.agreementId === row.id)
        .map((item) => {
          const amount = Number(item.amount);
          const covered = Math.min(left, amount);
          left -= covered;
          return { number: item.number, dueDate: item.dueDate, amount, paid: covered, missed: covered < amount && item.dueDate < today };
        }),
    };
  });
}

/** A unit's overdue debt today and its agreements (for whoever reads its ledger). */
export async function unitAgreements(unitId: number, trx: Knex = db(), today = todayThere()): Promise<UnitAgreements> {
  return { overdue: await unitOverdue(trx, unitId, today), agreements: await agreementsOf(trx, { unitId }, today) };
}
