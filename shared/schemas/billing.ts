import { z } from 'zod';
import { CHARGE_FILTER_STATUSES, CHARGE_TYPES, PAYMENT_METHODS, PAYMENT_STATUSES } from '../enums';
import { normalizeCertificateCode } from '../certificates';
import { PageQuerySchema, optionalText, requiredText, text } from './common';
import { dayField } from './dates';

/**
 * Billing requests (docs/modules/billing.md, "Storage and API"). Money is integer centavos of RD$:
 * a fractional or negative amount is refused, never rounded.
 */

/** The largest amount one charge or payment may have: RD$ 20,000,000.00. */
export const MAX_BILLING_AMOUNT = 2_000_000_000;

/** A positive amount in centavos (a charge, a payment, an allocation). */
export const amountField = () =>
  z
    .number({ error: 'integer_required' })
    .int({ error: 'integer_required' })
    .min(1, { error: 'billing_amount_positive' })
    .max(MAX_BILLING_AMOUNT, { error: 'billing_amount_too_large' });

const idField = (key: string) => z.number({ error: key }).int({ error: key }).positive({ error: key });

/** A filter's day, 'YYYY-MM-DD'. */
const filterDay = () => dayField('billing_date_invalid').optional();

/** A filter's id from a query string (`?unitId=12`). */
const queryId = z.coerce.number({ error: 'invalid_value' }).int({ error: 'invalid_value' }).positive({ error: 'invalid_value' }).optional();

/** The transfer proof: the file types a phone or a bank's page gives, at most 10 MB (checked on the bytes). */
export const PROOF_FILE_TYPES = {
  'application/pdf': ['.pdf'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
} as const satisfies Record<string, readonly string[]>;
export type ProofFileType = keyof typeof PROOF_FILE_TYPES;
export const MAX_PROOF_BYTES = 10 * 1024 * 1024;

/** `POST /api/charges`: one charge to one unit; the invoice number and who is billed come from the server. */
export const ChargeCreateSchema = z.object({
  unitId: idField('billing_unit_required'),
  type: z.enum(CHARGE_TYPES, { error: 'billing_type_invalid' }),
  amount: amountField(),
  dueDate: dayField('billing_due_date_invalid'),
  description: requiredText('billing_description_required', 'title'),
  /** The fund an extraordinary charge's money goes to (of the unit's property; the operating fund when not given). */
  fundId: idField('finances_fund_required').nullish(),
}).refine((input) => !input.fundId || input.type === 'extraordinary', { error: 'books_fund_extraordinary_only', path: ['fundId'] });
export type ChargeCreateInput = z.infer<typeof ChargeCreateSchema>;

/** `GET /api/charges`: `from`/`to` bound the due date; `q` finds an invoice number, description or unit. */
export const ChargeListQuerySchema = PageQuerySchema.extend({
  propertyId: queryId,
  unitId: queryId,
  userId: queryId,
  status: z.enum(CHARGE_FILTER_STATUSES, { error: 'invalid_value' }).optional(),
  type: z.enum(CHARGE_TYPES, { error: 'invalid_value' }).optional(),
  from: filterDay(),
  to: filterDay(),
});
export type ChargeListQuery = z.infer<typeof ChargeListQuerySchema>;

/** Money given to one charge: its whole balance (or what the payment has left) when no amount is given. */
const AllocationSchema = z.object({ chargeId: idField('billing_charge_invalid'), amount: amountField().optional() });
export type AllocationChoice = z.infer<typeof AllocationSchema>;

/**
 * `POST /api/payments` (administrators; `Idempotency-Key` header). Without `allocations` the
 * payment pays the unit's oldest due charges first; with them, those charges first. What is
 * left pays the next charges, then stays as the unit's credit.
 */
export const PaymentCreateSchema = z.object({
  unitId: idField('billing_unit_required'),
  amount: amountField(),
  method: z.enum(PAYMENT_METHODS, { error: 'billing_method_invalid' }),
  reference: optionalText('code'),
  receivedAt: dayField('billing_received_at_invalid'),
  allocations: z.array(AllocationSchema, { error: 'billing_allocations_invalid' }).max(200, { error: 'billing_allocations_invalid' }).optional(),
});
export type PaymentCreateInput = z.infer<typeof PaymentCreateSchema>;

/** `POST /api/payments/report` (owners and residents): a bank transfer with its proof, waiting for confirmation. */
export const PaymentReportSchema = z.object({
  unitId: idField('billing_unit_required'),
  amount: amountField(),
  receivedAt: dayField('billing_received_at_invalid'),
  reference: requiredText('billing_reference_required', 'code'),
  proof: z.object(
    {
      fileName: text('line').nullish().transform((value) => value?.split(/[\\/]/).pop() || null),
      fileType: z.enum(Object.keys(PROOF_FILE_TYPES) as [ProofFileType, ...ProofFileType[]], { error: 'billing_proof_type' }),
      content: z.string({ error: 'billing_proof_required' }).min(1, { error: 'billing_proof_required' }),
    },
    { error: 'billing_proof_required' },
  ),
});
export type PaymentReportInput = z.infer<typeof PaymentReportSchema>;

const reason = requiredText('billing_reason_required', 'text');

/** `PATCH /api/payments/:id`: confirm or reject a reported transfer (a rejection says why), or refund a payment (saying why). */
export const PaymentUpdateSchema = z.discriminatedUnion(
  'status',
  [
    z.object({ status: z.literal('confirmed'), reason: optionalText('text') }),
    z.object({ status: z.literal('rejected'), reason }),
    z.object({ status: z.literal('refunded'), reason }),
  ],
  { error: 'billing_status_invalid' },
);
export type PaymentUpdateInput = z.infer<typeof PaymentUpdateSchema>;

/** `GET /api/payments`: `from`/`to` bound the day received; `q` finds a receipt number, reference or unit. */
export const PaymentListQuerySchema = PageQuerySchema.extend({
  propertyId: queryId,
  unitId: queryId,
  status: z.enum(PAYMENT_STATUSES, { error: 'invalid_value' }).optional(),
  from: filterDay(),
  to: filterDay(),
});
export type PaymentListQuery = z.infer<typeof PaymentListQuerySchema>;

/** `GET /api/billing/summary?propertyId=` */
export const BillingSummaryQuerySchema = z.object({ propertyId: queryId });

/** `GET /api/billing/units?propertyId=&q=`: the units whose ledger the caller reads, for pickers. */
export const BillingUnitsQuerySchema = PageQuerySchema.extend({ propertyId: queryId });

/** `GET /api/units/:id/statement?from=&to=`: the entries of those days, after the balance brought forward. */
export const StatementQuerySchema = z.object({ from: filterDay(), to: filterDay() });
export type StatementQuery = z.infer<typeof StatementQuerySchema>;

/** The `Idempotency-Key` header: a client's id for one intended charge, split or payment (a UUID, say). */
export const IdempotencyKeySchema = z
  .string({ error: 'billing_idempotency_key_invalid' })
  .regex(/^[\w.:-]{8,200}$/, { error: 'billing_idempotency_key_invalid' });

/** `GET /api/billing/summary`: centavos; `overdueCount` is the number of overdue charges. */
export type BillingSummary = {
  outstanding: number;
  overdue: number;
  overdueCount: number;
  collectedThisMonth: number;
  collectedThisYear: number;
  credit: number;
  /** The reserve fund's part of this year's charges (a line of their own on plan cuotas). */
  reserveThisYear: number;
};

const hasDecimals = (value: number, decimals: number) => Math.abs(Math.round(value * 10 ** decimals) - value * 10 ** decimals) < 1e-9;
const wholeIn = (min: number, max: number, key: string) => z.number({ error: key }).int({ error: key }).min(min, { error: key }).max(max, { error: key });
const percentField = (key: string) =>
  z
    .number({ error: key })
    .min(0, { error: key })
    .max(100, { error: key })
    .refine((value) => hasDecimals(value, 2), { error: key });

export const PLAN_SPLITS = ['equal', 'share'] as const;
export const LATE_FEE_KINDS = ['none', 'flat', 'percent'] as const;

/**
 * `PUT /api/properties/:id/billing-plan`. `monthlyFee` (centavos) is each unit's cuota when
 * `split` is `equal`, the month's budget split by the units' shares when `share`. The late fee
 * is `none`, a `flat` amount (centavos) or a `percent` (2 decimals) of the overdue balance,
 * once per overdue charge and month, after `graceDays` past the due date.
 */
export const BillingPlanSchema = z.object({
  monthlyFee: amountField(),
  split: z.enum(PLAN_SPLITS, { error: 'billing_split_invalid' }),
  issueDay: wholeIn(1, 28, 'billing_issue_day_invalid'),
  dueDays: wholeIn(0, 90, 'billing_due_days_invalid'),
  reservePercent: percentField('billing_reserve_percent_invalid'),
  lateFee: z
    .object(
      {
        kind: z.enum(LATE_FEE_KINDS, { error: 'billing_late_fee_kind_invalid' }),
        value: z.number({ error: 'billing_late_fee_value_invalid' }).min(0, { error: 'billing_late_fee_value_invalid' }).max(MAX_BILLING_AMOUNT, { error: 'billing_late_fee_value_invalid' }),
        graceDays: wholeIn(0, 90, 'billing_grace_days_invalid'),
      },
      { error: 'billing_late_fee_kind_invalid' },
    )
    .superRefine((fee, ctx) => {
      const bad = (message: string) => ctx.addIssue({ code: 'custom', path: ['value'], message });
      if (fee.kind === 'flat' && (!Number.isInteger(fee.value) || fee.value < 1)) bad('billing_late_fee_flat_invalid');
      if (fee.kind === 'percent' && (fee.value <= 0 || fee.value > 100 || !hasDecimals(fee.value, 2))) bad('billing_late_fee_percent_invalid');
    })
    .transform((fee) => (fee.kind === 'none' ? { ...fee, value: 0 } : fee)),
});
export type BillingPlanInput = z.infer<typeof BillingPlanSchema>;
export type BillingPlan = BillingPlanInput & { propertyId: number; updatedAt: string | null };

/** The charge types a split may issue. */
export const SPLIT_CHARGE_TYPES = ['extraordinary', 'maintenance', 'fees', 'other'] as const;

/** `POST /api/properties/:id/charges/split`: a total split across the property's units, in one transaction. */
export const ChargeSplitSchema = z.object({
  total: amountField(),
  split: z.enum(PLAN_SPLITS, { error: 'billing_split_invalid' }),
  type: z.enum(SPLIT_CHARGE_TYPES, { error: 'billing_type_invalid' }).default('extraordinary'),
  dueDate: dayField('billing_due_date_invalid'),
  description: requiredText('billing_description_required', 'title'),
  /** The fund an extraordinary assessment's money goes to (of the property; the operating fund when not given). */
  fundId: idField('finances_fund_required').nullish(),
}).refine((input) => !input.fundId || input.type === 'extraordinary', { error: 'books_fund_extraordinary_only', path: ['fundId'] });
export type ChargeSplitInput = z.infer<typeof ChargeSplitSchema>;

/** `POST /api/charges/:id/waive`: an administrator forgives a late fee with a credit note saying why. */
export const ChargeWaiveSchema = z.object({ reason: requiredText('billing_reason_required', 'text') });
export type ChargeWaiveInput = z.infer<typeof ChargeWaiveSchema>;

/** `GET /api/billing/delinquency?propertyId=&bucket=&q=`: `bucket` keeps units whose oldest overdue charge is in it. */
export const DelinquencyQuerySchema = PageQuerySchema.extend({
  propertyId: queryId,
  bucket: z.enum(['0-30', '31-60', '61-90', '90+'], { error: 'invalid_value' }).optional(),
});
export type DelinquencyQuery = z.infer<typeof DelinquencyQuerySchema>;

/** A certificate's verification code (`/verificar/<code>`), normalized to the printed form. */
export const CertificateCodeSchema = z
  .string({ error: 'billing_certificate_not_found' })
  .max(64, { error: 'billing_certificate_not_found' })
  .transform(normalizeCertificateCode)
  .pipe(z.string().regex(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/, { error: 'billing_certificate_not_found' }));

/** One line of the delinquency report (centavos; `buckets` by days past due). */
export type DelinquencyRow = {
  unitId: number;
  unitNumber: string;
  propertyId: number;
  propertyName: string;
  ownerName: string | null;
  overdue: number;
  overdueCount: number;
  oldestDueDate: string;
  daysLate: number;
  buckets: Record<'0-30' | '31-60' | '61-90' | '90+', number>;
  lastPaymentAt: string | null;
  /** Who to call about the debt: the owner, else the first current resident (docs/modules/collections.md). */
  contact: { name: string | null; email: string | null; phone: string | null; isOwner: boolean } | null;
  /** The unit's latest payment agreement when active or broken (docs/modules/collections.md). */
  agreement: { id: number; status: 'active' | 'broken' } | null;
};
export type DelinquencyReport = { rows: DelinquencyRow[]; total: number; totals: DelinquencyRow['buckets'] & { overdue: number }; units: number };
