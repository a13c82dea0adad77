/**
 * Bank accounts and reconciliation's shared vocabulary (docs/modules/finances.md, "Bank
 * accounts and reconciliation"). Money is integer centavos; a statement line's amount is signed
 * (money in > 0, money out < 0).
 */

/** The banks offered for a property's account. */
export const BANKS = ['banreservas', 'popular', 'bhd', 'scotiabank', 'apap', 'santa_cruz', 'other'] as const;
export type Bank = (typeof BANKS)[number];

export const BANK_LABELS: Record<Bank, string> = {
  banreservas: 'Banreservas',
  popular: 'Banco Popular',
  bhd: 'BHD',
  scotiabank: 'Scotiabank',
  apap: 'APAP',
  santa_cruz: 'Banco Santa Cruz',
  other: 'Otro',
};

export const BANK_CURRENCIES = ['DOP'] as const;

/** The statement formats read. */
export const STATEMENT_FORMATS = ['csv', 'ofx'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/** The largest statement file taken (a year of a busy account is far below it). */
export const MAX_STATEMENT_BYTES = 2 * 1024 * 1024;
/** The most lines one file may bring. */
export const MAX_STATEMENT_LINES = 20_000;

/** How a CSV's dates are written. */
export const STATEMENT_DATE_FORMATS = ['dd/mm/yyyy', 'mm/dd/yyyy', 'yyyy-mm-dd', 'dd-mm-yyyy'] as const;
export type StatementDateFormat = (typeof STATEMENT_DATE_FORMATS)[number];

/** How a CSV's amounts are written: `1,234.56` (dot) or `1.234,56` (comma). */
export const STATEMENT_DECIMAL_FORMATS = ['dot', 'comma'] as const;
export type StatementDecimalFormat = (typeof STATEMENT_DECIMAL_FORMATS)[number];

/** A line's reconciliation state. */
export const BANK_LINE_STATUSES = ['matched', 'unmatched'] as const;
export type BankLineStatus = (typeof BANK_LINE_STATUSES)[number];

/** Book entries a line may be matched to. */
export const BOOK_ENTRY_KINDS = ['payment', 'expense_payment', 'income'] as const;
export type BookEntryKind = (typeof BOOK_ENTRY_KINDS)[number];

/** A suggestion's date window: a book entry dated within this many days of the line. */
export const SUGGESTION_DAYS = 3;

/** The digits of a reference (what banks and payers keep of it). */
export const referenceDigits = (value: string | null | undefined) => (value ?? '').replace(/\D/g, '');
