import type { ChargeStatus, ChargeType, PaymentMethod, PaymentStatus } from '../../shared/enums';
import { fullName } from '../../shared/format';

const isoTime = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

/** A charge as commands/charges.ts reads it. */
export type ChargeRow = {
  id: number;
  organizationId: number;
  propertyId: number;
  propertyName: string;
  unitId: number;
  unitNumber: string;
  userId: number | null;
  userName: string | null;
  userLastName: string | null;
  type: ChargeType;
  description: string | null;
  amount: number;
  paidAmount: number;
  status: ChargeStatus;
  overdue: boolean;
  dueDate: string;
  paidAt: Date | null;
  invoiceNumber: string;
  period: string | null;
  reserveAmount: number;
  sourceChargeId: number | null;
  createdAt: Date;
};

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

/** A payment as commands/payments.ts reads it, with its allocations, proof and refund. */
export type PaymentRow = {
  id: number;
  organizationId: number;
  propertyId: number;
  propertyName: string;
  unitId: number;
  unitNumber: string;
  userId: number | null;
  userName: string | null;
  userLastName: string | null;
  amount: number;
  allocatedAmount: number;
  method: PaymentMethod;
  reference: string | null;
  receivedAt: string;
  receiptNumber: string | null;
  status: PaymentStatus;
  reason: string | null;
  recordedById: number;
  recordedByName: string | null;
  recordedByLastName: string | null;
  reviewedAt: Date | null;
  createdAt: Date;
  allocations: Array<{ chargeId: number; invoiceNumber: string; description: string | null; amount: number }>;
  proof: { fileName: string | null; fileType: string; sizeBytes: number } | null;
  refund: { amount: number; reason: string; refundedAt: Date; refundedByName: string | null } | null;
};

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
