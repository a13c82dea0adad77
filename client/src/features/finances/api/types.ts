import type { PaymentMethod } from '@shared/enums';
import type { ExpenseStatus, FundKind } from '@shared/finances';

/** What the finances API answers (server/presenters/finances.ts). Money is integer centavos. */

export type Fund = {
  id: number;
  propertyId: number;
  name: string;
  kind: FundKind;
  openingBalance: number;
  openingDate: string;
  balance: number;
};

export type Supplier = {
  id: number;
  name: string;
  taxId: string | null;
  phone: string | null;
  email: string | null;
  category: string | null;
  bankAccount: string | null;
  notes: string | null;
  createdAt: string;
};

export type Expense = {
  id: number;
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
  total: number;
  paidAmount: number;
  balance: number;
  description: string;
  maintenanceRequestId: number | null;
  status: ExpenseStatus;
  createdById: number | null;
  voidedAt: string | null;
  voidedById: number | null;
  voidReason: string | null;
  createdAt: string;
  updatedAt: string;
};

export type ExpensePayment = {
  id: number;
  amount: number;
  paidAt: string;
  method: PaymentMethod;
  reference: string | null;
  createdAt: string;
};

export type ExpenseAttachment = {
  id: number;
  fileName: string | null;
  fileType: string;
  sizeBytes: number;
  createdAt: string;
  url: string;
};

export type ExpenseDetail = Expense & { payments: ExpensePayment[]; attachments: ExpenseAttachment[] };

/** The cards of GET /api/finances/summary (written beside this screen; read tolerantly). */
export type FinancesCards = {
  funds?: Array<{ id: number; name: string; kind?: FundKind; balance: number }>;
  monthIncome?: number;
  monthExpenses?: number;
  pendingExpenses?: { count?: number; amount?: number; total?: number } | number;
};

/** GET /api/finances/summary?propertyId: the cards (at the top level or under `cards`) and 12 months of cash flow. */
export type FinancesSummary = FinancesCards & { cards?: FinancesCards; cashFlow?: Array<{ month: string; income: number; expenses: number }> };
