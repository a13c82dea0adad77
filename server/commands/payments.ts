import type { Knex } from 'knex';
import { todayThere } from '../../shared/time';
import { formatMoney } from '../../shared/format';
import { messageText } from '../../shared/messages';
import {
  MAX_PROOF_BYTES,
  PROOF_FILE_TYPES,
  type PaymentCreateInput,
  type PaymentListQuery,
  type PaymentReportInput,
  type PaymentUpdateInput,
} from '../../shared/schemas/billing';
import { db } from '../db';
import { conflict, validationError } from '../errors';
import { recordEvent } from '../events/outbox';
import type { Payment, User } from '../models';
import { isAdministrator } from '../../shared/permissions';
import { wherePaymentReadable } from '../policies/billing';
import { reachableOrganizationIds } from '../policies/tenancy';
import type { PaymentRow } from '../rows/billing';
import type { PlacedUnit } from '../rows/properties';
import { checkedFileBytes } from '../services/files';
import { allocateUnit, billedUserId, checkChosenCharges, ledgerEvents, lockUnit, nextNumberSql, openCharges, settleUnit, whereLedgerFilters } from './ledger';
import { rememberedPage } from '../services/listTotals';
import { fullName } from '../../shared/format';
import { postReceiptEntries, postRefund, receiptEntries, type MadeAllocation } from '../books/post';
import { assertPeriodOpen } from '../policies/periods';


/** Payments with their unit, property, payer, recorder and reviewer names (no allocations yet). */
function paymentRows(trx: Knex) {
  return trx('payments')
    .join('units', 'units.id', 'payments.unit_id')
    .join('properties', 'properties.id', 'payments.property_id')
    .leftJoin('users as payer', 'payer.id', 'payments.user_id')
    .leftJoin('users as recorder', 'recorder.id', 'payments.recorded_by_id')
    .leftJoin('users as reviewer', 'reviewer.id', 'payments.reviewed_by_id')
    .select(
      'payments.*',
      'units.unit_number',
      'properties.name as property_name',
      'payer.name as user_name',
      'payer.last_name as user_last_name',
      'recorder.name as recorded_by_name',
      'recorder.last_name as recorded_by_last_name',
      'reviewer.name as reviewed_by_name',
      'reviewer.last_name as reviewed_by_last_name',
    );
}

/** The tables withDetails reads. */
const DETAIL_TABLES = ['payment_allocations', 'charges', 'payment_proofs', 'payment_refunds', 'users'];

/** Adds what each payment paid (invoice numbers), its proof's description and its refund. */
async function withDetails(trx: Knex, payments: Array<Omit<PaymentRow, 'allocations' | 'proof' | 'refund'>>): Promise<PaymentRow[]> {
  const ids = payments.map((payment) => payment.id);
  if (!ids.length) return [];
  const [allocations, proofs, refunds] = await Promise.all([
    trx('paymentAllocations as a')
      .join('charges', 'charges.id', 'a.charge_id')
      .whereIn('a.payment_id', ids)
      .orderBy(['charges.due_date', 'a.id'])
      .select('a.payment_id', 'a.charge_id', 'a.amount', 'charges.invoice_number', 'charges.description'),
    trx('paymentProofs').whereIn('paymentId', ids).select('paymentId', 'fileName', 'fileType', 'sizeBytes'),
    trx('paymentRefunds as r')
      .leftJoin('users', 'users.id', 'r.refunded_by_id')
      .whereIn('r.payment_id', ids)
      .select('r.payment_id', 'r.amount', 'r.reason', 'r.refunded_at', 'users.name', 'users.last_name'),
  ]);
  return payments.map((payment) => {
    const refund = refunds.find((row) => row.paymentId === payment.id);
    const proof = proofs.find((row) => row.paymentId === payment.id);
    return {
      ...payment,
      allocations: allocations
        .filter((row) => row.paymentId === payment.id)
        .map((row) => ({ chargeId: row.chargeId, invoiceNumber: row.invoiceNumber, description: row.description, amount: row.amount })),
      proof: proof ? { fileName: proof.fileName, fileType: proof.fileType, sizeBytes: proof.sizeBytes } : null,
      refund: refund
        ? { amount: refund.amount, reason: refund.reason, refundedAt: refund.refundedAt, refundedByName: fullName(refund.name, refund.lastName) || null }
        : null,
    };
  });
}

export async function getPayment(trx: Knex, id: number): Promise<PaymentRow> {
  const [row] = await withDetails(trx, [await paymentRows(trx).where('payments.id', id).first()]);
  return row;
}

/** The payments the user reads, filtered (no order, no page), on `base` (as readableCharges). */
export function readablePayments(
  user: User,
  filters: Omit<PaymentListQuery, 'limit' | 'offset'>,
  trx: Knex = db(),
  { base = trx('payments'), organizationIds }: { base?: Knex.QueryBuilder; organizationIds?: number[] | null } = {},
) {
  const query = whereLedgerFilters(wherePaymentReadable(base, user, trx, organizationIds), 'payments', filters, 'received_at', ['receipt_number', 'reference'], trx);
  if (filters.status) query.where('payments.status', filters.status);
  return query;
}

/** One page of payments, latest received first (reported ones by when they were reported), and the total. */
export async function listPayments(user: User, filters: PaymentListQuery, trx: Knex = db()) {
  const organizationIds = isAdministrator(user) ? await reachableOrganizationIds(user, trx) : undefined;
  const page = readablePayments(user, filters, trx, { base: paymentRows(trx), organizationIds })
    .orderBy([
      { column: 'payments.received_at', order: 'desc' },
      { column: 'payments.id', order: 'desc' },
    ])
    .offset(filters.offset);
  if (filters.limit) page.limit(filters.limit);
  return rememberedPage(user, { page, filtered: () => readablePayments(user, filters, trx, { organizationIds }) }, trx, {
    finish: (payments: Parameters<typeof withDetails>[1]) => withDetails(trx, payments),
    alsoReads: DETAIL_TABLES,
  });
}

const notFuture = (receivedAt: string) => {
  if (receivedAt > todayThere()) throw validationError({ receivedAt: messageText('billing_received_at_future') });
};

const paymentPayload = (payment: PaymentRow) => ({
  id: payment.id,
  unitId: payment.unitId,
  unitNumber: payment.unitNumber,
  propertyName: payment.propertyName,
  receiptNumber: payment.receiptNumber,
  title: payment.receiptNumber ?? formatMoney(payment.amount),
  amount: payment.amount,
  status: payment.status,
  reason: payment.reason,
});

async function tell(trx: Knex, type: 'payment.recorded' | 'payment.reported' | 'payment.rejected' | 'payment.refunded', actor: User, payment: PaymentRow, extra: Record<string, unknown> = {}) {
  await recordEvent(
    trx,
    ...(await ledgerEvents(trx, payment.unitId, {
      type,
      organizationId: payment.organizationId,
      propertyId: payment.propertyId,
      actorId: actor.id,
      subject: { type: 'payment', id: payment.id },
      payload: { ...paymentPayload(payment), ...extra },
    })),
  );
}

/**
 * An administrator records money received for a unit: confirmed at once with its receipt
 * number, it pays the charges chosen (else the oldest due first), then the next ones; what is
 * left is the unit's credit (once per Idempotency-Key: routes/once.ts).
 */
export async function recordPayment(trx: Knex, actor: User, { unit, property }: PlacedUnit, input: PaymentCreateInput) {
  notFuture(input.receivedAt);
  await lockUnit(trx, unit.id);
  await assertPeriodOpen(trx, property.id, input.receivedAt);
  if (input.allocations?.length) checkChosenCharges(input.allocations, await openCharges(trx, unit.id), input.amount);
  const [{ id }] = await trx('payments')
    .insert({
      organizationId: property.organizationId,
      propertyId: property.id,
      unitId: unit.id,
      userId: await billedUserId(trx, unit.id),
      amount: input.amount,
      method: input.method,
      reference: input.reference,
      receivedAt: input.receivedAt,
      status: 'confirmed',
      recordedById: actor.id,
    })
    .returning('id');
  return receipted(trx, actor, id, property.organizationId, await allocateUnit(trx, unit.id, { paymentId: id, chosen: input.allocations }));
}

/**
 * A payment just confirmed, with the allocations it made, gets its receipt number last in its
 * transaction: the organization's receipt counter stays locked from the number until commit,
 * so everything else is read and prepared first (its journal entries, the payment as
 * answered), and after the number come only the writes that name it and the event. The rule
 * that a confirmed payment has its number is checked at commit
 * (migrations/20261229000100_receipt_at_commit).
 */
async function receipted(trx: Knex, actor: User, paymentId: number, organizationId: number, allocations: MadeAllocation[], extra: Record<string, unknown> = {}) {
  const { entries, accounts } = await receiptEntries(trx, paymentId, allocations, actor.id);
  const unnumbered = await getPayment(trx, paymentId);
  const [{ receiptNumber: receipt }] = await trx('payments').where({ id: paymentId }).update({ receiptNumber: nextNumberSql(trx, organizationId, 'receipt') }).returning('receiptNumber');
  await postReceiptEntries(trx, organizationId, entries, { paymentId, receipt }, accounts);
  const payment = { ...unnumbered, receiptNumber: receipt };
  await tell(trx, 'payment.recorded', actor, payment, extra);
  return payment;
}

/** Proofs: the transfer's photo or PDF, checked by its content like every upload. */
const PROOF_RULES = {
  types: PROOF_FILE_TYPES,
  maxBytes: MAX_PROOF_BYTES,
  messages: { invalidContent: 'billing_proof_invalid', empty: 'billing_proof_required', tooLarge: 'billing_proof_too_large', invalidType: 'billing_proof_type' },
  fields: { content: 'proof.content', fileType: 'proof.fileType' },
};

/**
 * An owner or resident of the unit reports a bank transfer with its proof: it waits as
 * `reported` (no receipt, paying nothing) until an administrator confirms or rejects it.
 */
export async function reportPayment(trx: Knex, actor: User, { unit, property }: PlacedUnit, input: PaymentReportInput) {
  notFuture(input.receivedAt);
  const bytes = await checkedFileBytes(input.proof, PROOF_RULES);
  await lockUnit(trx, unit.id);
  await assertPeriodOpen(trx, property.id, input.receivedAt);
  const [{ id }] = await trx('payments')
    .insert({
      organizationId: property.organizationId,
      propertyId: property.id,
      unitId: unit.id,
      userId: actor.id,
      amount: input.amount,
      method: 'bank_transfer',
      reference: input.reference,
      receivedAt: input.receivedAt,
      status: 'reported',
      recordedById: actor.id,
    })
    .returning('id');
  await trx('paymentProofs').insert({ paymentId: id, fileName: input.proof.fileName, fileType: input.proof.fileType, sizeBytes: bytes.length, content: bytes });
  const payment = await getPayment(trx, id);
  await tell(trx, 'payment.reported', actor, payment);
  return payment;
}

/**
 * An administrator's decision on a payment: confirm a reported transfer (it gets its receipt
 * and pays the oldest charges), reject it saying why, or refund a confirmed payment saying
 * why (a refund row points to it; what it paid is owed again, unless other credit covers it).
 */
export async function reviewPayment(trx: Knex, actor: User, current: Payment, input: PaymentUpdateInput) {
  await lockUnit(trx, current.unitId);
  const payment = await trx('payments').where({ id: current.id }).forUpdate().first();
  await assertPeriodOpen(trx, payment.propertyId, payment.receivedAt, todayThere());
  if (input.status === 'refunded') {
    if (payment.status !== 'confirmed') throw conflict(messageText('billing_not_refundable'), 'not_refundable');
    await trx('paymentRefunds').insert({ organizationId: payment.organizationId, paymentId: payment.id, amount: payment.amount, reason: input.reason, refundedById: actor.id });
    await trx('payments').where({ id: payment.id }).update({ status: 'refunded', updatedAt: trx.fn.now() });
    await postRefund(trx, payment.id, actor.id);
    await settleUnit(trx, payment.unitId);
    const refunded = await getPayment(trx, payment.id);
    await tell(trx, 'payment.refunded', actor, refunded, { reason: input.reason });
    return refunded;
  }
  if (payment.status !== 'reported') throw conflict(messageText('billing_not_reported'), 'already_reviewed');
  if (input.status === 'rejected') {
    await trx('payments').where({ id: payment.id }).update({ status: 'rejected', reason: input.reason, reviewedById: actor.id, reviewedAt: trx.fn.now(), updatedAt: trx.fn.now() });
    const rejected = await getPayment(trx, payment.id);
    await tell(trx, 'payment.rejected', actor, rejected);
    return rejected;
  }
  await trx('payments').where({ id: payment.id }).update({ status: 'confirmed', reviewedById: actor.id, reviewedAt: trx.fn.now(), updatedAt: trx.fn.now() });
  return receipted(trx, actor, payment.id, payment.organizationId, await allocateUnit(trx, payment.unitId, { paymentId: payment.id }), { reported: true });
}

/** The proof of a payment (its bytes and how to serve them), or undefined. */
export async function paymentProof(trx: Knex, paymentId: number): Promise<{ fileName: string | null; fileType: string; content: Buffer } | undefined> {
  return trx('paymentProofs').where({ paymentId }).first('fileName', 'fileType', 'content');
}
