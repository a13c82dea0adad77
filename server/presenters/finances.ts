import type { ExpenseAttachmentRow, ExpenseDetail, ExpensePaymentRow, ExpenseRow, FundRow, FundTransferRow, SupplierRow } from '../rows/finances';

const isoTime = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

/** A fund (centavos): `balance` at the end of the day asked. */
export function presentFund(row: FundRow) {
  return {
    id: row.id,
    propertyId: row.propertyId,
    name: row.name,
    kind: row.kind,
    openingBalance: row.openingBalance,
    openingDate: row.openingDate,
    balance: Number(row.balance),
    createdAt: isoTime(row.createdAt),
    updatedAt: isoTime(row.updatedAt),
  };
}

export function presentTransfer(row: FundTransferRow) {
  return {
    id: row.id,
    propertyId: row.propertyId,
    fromFundId: row.fromFundId,
    toFundId: row.toFundId,
    amount: row.amount,
    date: row.date,
    description: row.description,
    createdById: row.createdById,
    createdAt: isoTime(row.createdAt),
  };
}

export function presentSupplier(row: SupplierRow) {
  return {
    id: row.id,
    name: row.name,
    taxId: row.taxId,
    phone: row.phone,
    email: row.email,
    category: row.category,
    bankAccount: row.bankAccount,
    notes: row.notes,
    createdAt: isoTime(row.createdAt),
    updatedAt: isoTime(row.updatedAt),
  };
}

export function presentExpensePayment(row: ExpensePaymentRow) {
  return {
    id: row.id,
    expenseId: row.expenseId,
    fundId: row.fundId,
    amount: row.amount,
    paidAt: row.paidAt,
    method: row.method,
    bankAccountId: row.bankAccountId,
    reference: row.reference,
    createdById: row.createdById,
    createdAt: isoTime(row.createdAt),
  };
}

/**
 * An expense (centavos): `amount` before tax, `itbis` apart, `total` their sum; `balance` is
 * what it still owes (0 once paid or voided). A void says who, when and why.
 */
export function presentExpense(row: ExpenseRow) {
  const total = row.amount + row.itbis;
  return {
    id: row.id,
    propertyId: row.propertyId,
    propertyName: row.propertyName,
    fundId: row.fundId,
    fundName: row.fundName,
    category: row.category,
    supplierId: row.supplierId,
    supplierName: row.supplierName,
    invoiceNumber: row.invoiceNumber,
    ncf: row.ncf,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    amount: row.amount,
    itbis: row.itbis,
    total,
    paidAmount: row.paidAmount,
    balance: row.status === 'pending' ? total - row.paidAmount : 0,
    description: row.description,
    maintenanceRequestId: row.maintenanceRequestId,
    status: row.status,
    createdById: row.createdById,
    voidedAt: isoTime(row.voidedAt),
    voidedById: row.voidedById,
    voidReason: row.voidReason,
    createdAt: isoTime(row.createdAt),
    updatedAt: isoTime(row.updatedAt),
  };
}

/** A file of an expense; `url` shows it (administrators). */
export function presentExpenseAttachment(row: ExpenseAttachmentRow) {
  return {
    id: row.id,
    fileName: row.fileName,
    fileType: row.fileType,
    sizeBytes: row.sizeBytes,
    uploadedById: row.uploadedById,
    createdAt: isoTime(row.createdAt),
    url: `/api/expenses/${row.expenseId}/attachments/${row.id}`,
  };
}

/** The detail: the expense with its payments and files. */
export const presentExpenseDetail = (row: ExpenseDetail) => ({
  ...presentExpense(row),
  payments: row.payments.map(presentExpensePayment),
  attachments: row.attachments.map(presentExpenseAttachment),
});
