import type { ChargeStatus, ChargeType, PaymentMethod, PaymentStatus } from '@shared/enums';

export type { BillingSummary } from '@shared/schemas/billing';

/** A charge as the API answers it (server/presenters/billing.ts); money in centavos. */
export type Charge = {
  id: number;
  invoiceNumber: string;
  propertyId: number;
  propertyName: string;
  unitId: number;
  unitNumber: string;
  userId: number | null;
  userName: string | null;
  type: ChargeType;
  description: string | null;
  amount: number;
  paidAmount: number;
  balance: number;
  status: ChargeStatus;
  /** Pending and past its due date. */
  overdue: boolean;
  /** 'YYYY-MM-DD' */
  dueDate: string;
  paidAt: string | null;
  /** First day of the month of a plan's cuota or late fee. */
  period: string | null;
  /** The reserve fund's part of the amount (plan cuotas). */
  reserveAmount: number;
  /** The overdue charge a late fee is for. */
  sourceChargeId: number | null;
  createdAt: string;
};

/** A payment (money received) as the API answers it. */
export type Payment = {
  id: number;
  receiptNumber: string | null;
  propertyId: number;
  propertyName: string;
  unitId: number;
  unitNumber: string;
  userId: number | null;
  userName: string | null;
  amount: number;
  allocatedAmount: number;
  /** What it left for later charges. */
  credit: number;
  method: PaymentMethod;
  reference: string | null;
  /** 'YYYY-MM-DD' */
  receivedAt: string;
  status: PaymentStatus;
  /** Why a reported transfer was rejected. */
  reason: string | null;
  recordedBy: { id: number; name: string | null };
  reviewedAt: string | null;
  allocations: Array<{ chargeId: number; invoiceNumber: string; description: string | null; amount: number }>;
  proof: { fileName: string | null; fileType: string; sizeBytes: number } | null;
  refund: { amount: number; reason: string; refundedAt: string; refundedBy: string | null } | null;
  createdAt: string;
};

/** A unit whose ledger the user reads (GET /api/billing/units). */
export type BillingUnit = { id: number; unitNumber: string; propertyId: number; propertyName: string };

export type StatementEntry = {
  kind: 'charge' | 'payment' | 'refund' | 'credit_note';
  id: number;
  date: string;
  number: string | null;
  description: string | null;
  type: ChargeType | null;
  dueDate: string | null;
  method: PaymentMethod | null;
  reference: string | null;
  charge: number;
  payment: number;
  balance: number;
};

/** GET /api/units/:id/statement: positive balances are owed, negative ones credit. */
export type Statement = {
  unit: { id: number; unitNumber: string; propertyId: number; propertyName: string };
  from: string | null;
  to: string | null;
  openingBalance: number;
  totalCharges: number;
  totalPayments: number;
  closingBalance: number;
  entries: StatementEntry[];
};
