import { BANK_LABELS } from '../../shared/financesBank';
import type { BankAccountRow, BankLineRow, BookEntry, OtherIncomeRow, StoredBankLine } from '../rows/financesBank';

const isoTime = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

/** A bank account (centavos): `bookBalance` today, `mapping` the CSV columns remembered (null until the first CSV). */
export function presentBankAccount(row: BankAccountRow) {
  return {
    id: row.id,
    propertyId: row.propertyId,
    bank: row.bank,
    bankName: BANK_LABELS[row.bank],
    name: row.name,
    last4: row.last4,
    currency: row.currency,
    openingBalance: row.openingBalance,
    openingDate: row.openingDate,
    receivesPayments: row.receivesPayments,
    fundIds: row.fundIds,
    mapping: row.statementMapping,
    bookBalance: Number(row.bookBalance),
    createdAt: isoTime(row.createdAt),
    updatedAt: isoTime(row.updatedAt),
  };
}

export const presentBookEntry = (entry: BookEntry) => ({ ...entry });

/** A statement line (money in > 0) with the entry it is matched to, or the one suggested. */
export function presentBankLine(row: StoredBankLine & Partial<Pick<BankLineRow, 'matched' | 'suggestion'>>) {
  return {
    id: row.id,
    bankAccountId: row.bankAccountId,
    statementId: row.statementId,
    date: row.date,
    description: row.description,
    reference: row.reference,
    amount: Number(row.amount),
    balance: row.balance === null ? null : Number(row.balance),
    status: row.matchedAt ? 'matched' : 'unmatched',
    matched: row.matched ?? null,
    matchedAt: isoTime(row.matchedAt),
    matchedById: row.matchedById,
    suggestion: row.suggestion ?? null,
  };
}

export function presentOtherIncome(row: OtherIncomeRow) {
  return {
    id: row.id,
    propertyId: row.propertyId,
    fundId: row.fundId,
    bankAccountId: row.bankAccountId,
    date: row.date,
    amount: row.amount,
    description: row.description,
    createdById: row.createdById,
    createdAt: isoTime(row.createdAt),
  };
}
