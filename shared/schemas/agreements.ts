import { z } from 'zod';
import { BANKS } from '../financesBank';
import { amountField } from './billing';
import { optionalText, requiredText, text } from './common';
import { dayField } from './dates';

/**
 * Collecting money (docs/modules/collections.md): payment agreements (acuerdos de pago) and
 * the bank accounts residents transfer to ("dónde pagar"). Money is integer centavos.
 */

export const MAX_INSTALMENTS = 36;
export const AGREEMENT_STATUSES = ['active', 'kept', 'broken', 'cancelled'] as const;
export type AgreementStatus = (typeof AGREEMENT_STATUSES)[number];

const InstalmentSchema = z.object({
  dueDate: dayField('agreement_instalment_date_invalid'),
  amount: amountField(),
});

/**
 * `POST /api/units/:id/agreements`: the unit's overdue debt in instalments. Their dates go
 * forward, one per day at most; the server checks that their sum is the debt to the centavo.
 */
export const AgreementCreateSchema = z.object({
  instalments: z
    .array(InstalmentSchema, { error: 'agreement_instalments_required' })
    .min(1, { error: 'agreement_instalments_required' })
    .max(MAX_INSTALMENTS, { error: 'agreement_instalments_too_many' })
    .refine((list) => list.every((item, index) => index === 0 || item.dueDate > list[index - 1].dueDate), { error: 'agreement_instalments_order' }),
  note: optionalText('text'),
});
export type AgreementCreateInput = z.infer<typeof AgreementCreateSchema>;

/** `POST /api/agreements/:id/cancel`: why. */
export const AgreementCancelSchema = z.object({ reason: requiredText('agreement_reason_required', 'text') });

export type AgreementInstalmentView = { number: number; dueDate: string; amount: number; paid: number; missed: boolean };
export type AgreementView = {
  id: number;
  unitId: number;
  status: AgreementStatus;
  total: number;
  paid: number;
  note: string | null;
  createdBy: string | null;
  createdAt: string;
  endedAt: string | null;
  cancelledBy: string | null;
  cancelReason: string | null;
  instalments: AgreementInstalmentView[];
};
/** `GET /api/units/:id/agreements`: what the unit owes past due today, and its agreements (newest first). */
export type UnitAgreements = { overdue: number; agreements: AgreementView[] };

/**
 * Splits `total` centavos into `count` instalments a month apart from `firstDate` (the same
 * day of each month, the month's last day when it has fewer): equal parts, the first ones
 * one centavo more while some are left, so they add up exactly.
 */
export function proposeInstalments(total: number, count: number, firstDate: string): Array<{ dueDate: string; amount: number }> {
  const base = Math.floor(total / count);
  const extra = total - base * count;
  const [year, month, day] = firstDate.split('-').map(Number);
  return Array.from({ length: count }, (_, index) => {
    const monthIndex = month - 1 + index;
    const y = year + Math.floor(monthIndex / 12);
    const m = (monthIndex % 12) + 1;
    const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
    const dueDate = `${y}-${String(m).padStart(2, '0')}-${String(Math.min(day, last)).padStart(2, '0')}`;
    return { dueDate, amount: base + (index < extra ? 1 : 0) };
  });
}

// Where to pay -------------------------------------------------------------------------------

export const ACCOUNT_TYPES = ['checking', 'savings'] as const;

const accountNumber = () =>
  text('code', 'transfer_account_number_invalid').regex(/^[0-9][0-9-]{3,29}$/, { error: 'transfer_account_number_invalid' });
const rncField = () =>
  optionalText('code').refine((value) => value === null || /^(\d{9}|\d{11}|\d{3}-\d{5}-\d|\d{3}-\d{7}-\d)$/.test(value), { error: 'transfer_account_rnc_invalid' });

/** `POST /api/transfer-accounts` and `PUT /api/transfer-accounts/:id` (the whole account). */
export const TransferAccountSchema = z.object({
  propertyId: z.number({ error: 'invalid_value' }).int({ error: 'invalid_value' }).positive({ error: 'invalid_value' }).nullish().transform((value) => value ?? null),
  bank: z.enum(BANKS, { error: 'finances_bank_invalid' }),
  accountType: z.enum(ACCOUNT_TYPES, { error: 'transfer_account_type_invalid' }),
  number: accountNumber(),
  holder: requiredText('transfer_account_holder_required', 'name'),
  rnc: rncField(),
});
export type TransferAccountInput = z.infer<typeof TransferAccountSchema>;

export type TransferAccountView = {
  id: number;
  propertyId: number | null;
  propertyName: string | null;
  bank: (typeof BANKS)[number];
  accountType: (typeof ACCOUNT_TYPES)[number];
  number: string;
  holder: string;
  rnc: string | null;
};
