import { fullName } from '../../shared/format';
import type { ChargeRow, PaymentRow } from '../rows/billing';

const isoTime = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

/** A charge (centavos): `balance` is what is still owed; `overdue` means pending past its due date. */
export function presentCharge(row: ChargeRow) {
  return {
    id: row.id,
    invoiceNumber: row.invoiceNumber,
    propertyId: row.propertyId,
    propertyName: row.propertyName,
    unitId: row.unitId,
    unitNumber: row.unitNumber,
    userId: row.userId,
    userName: fullName(row.userName, row.userLastName),
    type: row.type,
    description: row.description,
    amount: row.amount,
    paidAmount: row.paidAmount,
    balance: row.status === 'pending' ? row.amount - row.paidAmount : 0,
    status: row.status,
    overdue: Boolean(row.overdue),
    dueDate: row.dueDate,
    period: row.period,
    reserveAmount: row.reserveAmount,
    sourceChargeId: row.sourceChargeId,
    paidAt: isoTime(row.paidAt),
    createdAt: isoTime(row.createdAt),
  };
}
export type PresentedCharge = ReturnType<typeof presentCharge>;

/**
 * A payment (centavos). `credit` is what it left for later charges (confirmed payments only);
 * `reason` says why a report was rejected; `refund` why and when it was returned.
 */
export function presentPayment(row: PaymentRow) {
  return {
    id: row.id,
    receiptNumber: row.receiptNumber,
    propertyId: row.propertyId,
    propertyName: row.propertyName,
    unitId: row.unitId,
    unitNumber: row.unitNumber,
    userId: row.userId,
    userName: fullName(row.userName, row.userLastName),
    amount: row.amount,
    allocatedAmount: row.allocatedAmount,
    credit: row.status === 'confirmed' ? row.amount - row.allocatedAmount : 0,
    method: row.method,
    reference: row.reference,
    receivedAt: row.receivedAt,
    status: row.status,
    reason: row.reason,
    recordedBy: { id: row.recordedById, name: fullName(row.recordedByName, row.recordedByLastName) },
    reviewedAt: isoTime(row.reviewedAt),
    allocations: row.allocations,
    proof: row.proof,
    refund: row.refund && { amount: row.refund.amount, reason: row.refund.reason, refundedAt: isoTime(row.refund.refundedAt), refundedBy: row.refund.refundedByName },
    createdAt: isoTime(row.createdAt),
  };
}
export type PresentedPayment = ReturnType<typeof presentPayment>;
