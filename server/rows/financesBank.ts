import type { Bank, BookEntryKind, StatementFormat } from '../../shared/financesBank';
import type { StatementMapping } from '../../shared/schemas/financesBank';

/** A property's bank account as stored. */
export type StoredBankAccount = {
  id: number;
  organizationId: number;
  propertyId: number;
  bank: Bank;
  name: string | null;
  last4: string;
  currency: string;
  openingBalance: number;
  openingDate: string;
  receivesPayments: boolean;
  statementMapping: StatementMapping | null;
  createdAt: Date;
  updatedAt: Date;
};

/** A bank account with the funds it holds and its book balance today. */
export type BankAccountRow = StoredBankAccount & { fundIds: number[]; bookBalance: number };

/** One movement of an imported statement (money in > 0), matched to at most one book entry. */
export type StoredBankLine = {
  id: number;
  organizationId: number;
  bankAccountId: number;
  statementId: number;
  date: string;
  description: string;
  reference: string | null;
  amount: number;
  balance: number | null;
  occurrence: number;
  paymentId: number | null;
  expensePaymentId: number | null;
  otherIncomeId: number | null;
  matchedAt: Date | null;
  matchedById: number | null;
  createdAt: Date;
};

/** A book entry of the account as reconciliation sees it (money in > 0). */
export type BookEntry = {
  kind: BookEntryKind;
  id: number;
  date: string;
  amount: number;
  reference: string | null;
  description: string;
};

/** A line with the entry it is matched to, or the one suggested. */
export type BankLineRow = StoredBankLine & { matched: BookEntry | null; suggestion: BookEntry | null };

export type StatementImportRow = { id: number; bankAccountId: number; fileName: string; format: StatementFormat; imported: number; duplicates: number };

/** Money in that is not a unit's payment (interest, a refund, a donation), to a fund. */
export type OtherIncomeRow = {
  id: number;
  organizationId: number;
  propertyId: number;
  fundId: number;
  bankAccountId: number | null;
  date: string;
  amount: number;
  description: string;
  createdById: number | null;
  createdAt: Date;
};
