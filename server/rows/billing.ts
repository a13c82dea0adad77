import type { ChargeStatus, ChargeType, PaymentMethod, PaymentStatus } from '../../shared/enums';

/** Where a charge or payment stands: its property and unit, and the person it names. */
type UnitPlaced = {
  id: number;
  organizationId: number;
  propertyId: number;
  propertyName: string;
  unitId: number;
  unitNumber: string;
  userId: number | null;
  userName: string | null;
  userLastName: string | null;
};

/** A charge as commands/charges.ts reads it. */
export type ChargeRow = UnitPlaced & {
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

/** A payment as commands/payments.ts reads it, with its allocations, proof and refund. */
export type PaymentRow = UnitPlaced & {
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
  /** The administrator who confirmed or rejected a reported transfer. */
  reviewedByName: string | null;
  reviewedByLastName: string | null;
  reviewedAt: Date | null;
  createdAt: Date;
  allocations: Array<{ chargeId: number; invoiceNumber: string; description: string | null; amount: number }>;
  proof: { fileName: string | null; fileType: string; sizeBytes: number } | null;
  refund: { amount: number; reason: string; refundedAt: Date; refundedByName: string | null } | null;
};
