import type { PaymentMethod } from '../../shared/enums';
import type { ExpenseStatus, FundKind } from '../../shared/finances';

/** A fund as commands/finances/funds.ts reads it, with its balance at the day asked. */
export type FundRow = {
  id: number;
  organizationId: number;
  propertyId: number;
  name: string;
  kind: FundKind;
  openingBalance: number;
  openingDate: string;
  balance: number;
  createdAt: Date;
  updatedAt: Date;
};

/** Money moved between two funds of one property. */
export type FundTransferRow = {
  id: number;
  organizationId: number;
  propertyId: number;
  fromFundId: number;
  toFundId: number;
  amount: number;
  date: string;
  description: string;
  createdById: number | null;
  createdAt: Date;
};

/** A company or person the building pays. */
export type SupplierRow = {
  id: number;
  organizationId: number;
  name: string;
  taxId: string | null;
  phone: string | null;
  email: string | null;
  category: string | null;
  bankAccount: string | null;
  notes: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/** One payment of an expense, from the expense's fund. */
export type ExpensePaymentRow = {
  id: number;
  organizationId: number;
  expenseId: number;
  fundId: number;
  amount: number;
  paidAt: string;
  method: PaymentMethod;
  /** The bank account it left from (null: cash, or paid before bank accounts). */
  bankAccountId: number | null;
  reference: string | null;
  createdById: number | null;
  createdAt: Date;
};

/** An expense as commands/finances/expenses.ts reads it, with its fund, supplier and property names. */
export type ExpenseRow = {
  id: number;
  organizationId: number;
  propertyId: number;
  propertyName: string;
  fundId: number;
  fundName: string;
  category: string;
  supplierId: number | null;
  supplierName: string | null;
  invoiceNumber: string | null;
  ncf: string | null;
  issueDate: string;
  dueDate: string | null;
  amount: number;
  itbis: number;
  paidAmount: number;
  description: string;
  maintenanceRequestId: number | null;
  status: ExpenseStatus;
  createdById: number | null;
  voidedAt: Date | null;
  voidedById: number | null;
  voidReason: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/** An expense's own columns (what the policy finds and locks). */
export type StoredExpense = Omit<ExpenseRow, 'propertyName' | 'fundName' | 'supplierName'>;

/** A file of an expense (its invoice's photo or PDF), without its bytes. */
export type ExpenseAttachmentRow = {
  id: number;
  expenseId: number;
  fileName: string | null;
  fileType: string;
  sizeBytes: number;
  uploadedById: number | null;
  createdAt: Date;
};

/** An expense with its payments and attachments (the detail). */
export type ExpenseDetail = ExpenseRow & { payments: ExpensePaymentRow[]; attachments: ExpenseAttachmentRow[] };
