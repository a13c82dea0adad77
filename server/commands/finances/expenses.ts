import type { Knex } from 'knex';
import { messageText } from '../../../shared/messages';
import type { ExpenseCreateInput, ExpenseListQuery, ExpenseUpdateInput } from '../../../shared/schemas/finances';
import { db } from '../../db';
import { conflict, notFound } from '../../errors';
import { recordEvent } from '../../events/outbox';
import type { Property, User } from '../../models';
import { findFund, findSupplier, whereFinancesReachable } from '../../policies/finances';
import type { ExpenseDetail, ExpenseRow, StoredExpense } from '../../rows/finances';
import { postExpense, repostExpense } from '../../books/post';
import { assertPeriodOpen } from '../../policies/periods';

const expenseRows = (trx: Knex) =>
  trx('expenses')
    .join('properties', 'properties.id', 'expenses.propertyId')
    .join('funds', 'funds.id', 'expenses.fundId')
    .leftJoin('suppliers', 'suppliers.id', 'expenses.supplierId')
    .select('expenses.*', 'properties.name as propertyName', 'funds.name as fundName', 'suppliers.name as supplierName');

/**
 * The expenses the administrator reaches, newest issue date first. `from`/`to` bound the issue
 * date; `q` finds a description, invoice number, NCF or supplier name. The route has checked
 * that the property, fund and supplier filtered by are within reach.
 */
export async function listExpenses(user: User, filters: ExpenseListQuery, trx: Knex = db()): Promise<{ rows: ExpenseRow[]; total: number }> {
  const query = whereFinancesReachable(expenseRows(trx), 'expenses', user);
  if (filters.propertyId) query.where('expenses.propertyId', filters.propertyId);
  if (filters.fundId) query.where('expenses.fundId', filters.fundId);
  if (filters.supplierId) query.where('expenses.supplierId', filters.supplierId);
  if (filters.category) query.where('expenses.category', filters.category);
  if (filters.status) query.where('expenses.status', filters.status);
  if (filters.from) query.where('expenses.issueDate', '>=', filters.from);
  if (filters.to) query.where('expenses.issueDate', '<=', filters.to);
  if (filters.q) {
    const like = `%${filters.q.replace(/[\\%_]/g, '\\$&')}%`;
    query.where((found) =>
      found
        .whereILike('expenses.description', like)
        .orWhereILike('expenses.invoiceNumber', like)
        .orWhereILike('expenses.ncf', like)
        .orWhereILike('suppliers.name', like),
    );
  }
  const [{ count }] = await query.clone().clearSelect().count({ count: '*' });
  const page = query
    .orderBy([
      { column: 'expenses.issueDate', order: 'desc' },
      { column: 'expenses.id', order: 'desc' },
    ])
    .offset(filters.offset);
  if (filters.limit) page.limit(filters.limit);
  return { rows: await page, total: Number(count) };
}

/** An expense with its payments and its files (without their bytes), oldest first. */
export async function readExpense(trx: Knex, id: number): Promise<ExpenseDetail> {
  const expense: ExpenseRow = await expenseRows(trx).where('expenses.id', id).first();
  const payments = await trx('expensePayments').where({ expenseId: id }).orderBy(['paidAt', 'id']);
  const attachments = await trx('expenseAttachments')
    .where({ expenseId: id })
    .orderBy('id')
    .select('id', 'expenseId', 'fileName', 'fileType', 'sizeBytes', 'uploadedById', 'createdAt');
  return { ...expense, payments, attachments };
}

export const expensePayload = (expense: ExpenseRow) => ({
  id: expense.id,
  description: expense.description,
  category: expense.category,
  fundId: expense.fundId,
  amount: expense.amount,
  itbis: expense.itbis,
  paidAmount: expense.paidAmount,
  status: expense.status,
});

export async function tellExpense(trx: Knex, type: 'expense.created' | 'expense.updated' | 'expense.paid' | 'expense.voided', actor: User, expense: ExpenseRow, extra: Record<string, unknown> = {}) {
  await recordEvent(trx, {
    type,
    organizationId: expense.organizationId,
    audience: 'administrators',
    propertyId: expense.propertyId,
    actorId: actor.id,
    subject: { type: 'expense', id: expense.id },
    payload: { ...expensePayload(expense), ...extra },
  });
}

type Links = { fundId?: number; supplierId?: number | null; maintenanceRequestId?: number | null };

/**
 * The fund, supplier and maintenance request an expense names: each within the administrator's
 * reach (404 otherwise); the fund and the request of the expense's property, the supplier of
 * its organization.
 */
async function checkLinks(trx: Knex, user: User, property: Pick<Property, 'id' | 'organizationId'>, links: Links) {
  if (links.fundId !== undefined) {
    const fund = await findFund(user, links.fundId, trx);
    if (fund.propertyId !== property.id) throw notFound(messageText('finances_fund_not_found'));
  }
  if (links.supplierId) {
    const supplier = await findSupplier(user, links.supplierId, trx);
    if (supplier.organizationId !== property.organizationId) throw notFound(messageText('finances_supplier_not_found'));
  }
  if (links.maintenanceRequestId) {
    const request = await trx('maintenanceRequests').where({ id: links.maintenanceRequestId, propertyId: property.id }).first('id');
    if (!request) throw notFound(messageText('finances_maintenance_not_found'));
  }
}

/** A pending expense of the property, paid later from its fund. */
export async function createExpense(trx: Knex, actor: User, property: Property, input: ExpenseCreateInput): Promise<ExpenseDetail> {
  await checkLinks(trx, actor, property, input);
  await assertPeriodOpen(trx, property.id, input.issueDate);
  const [{ id }] = await trx('expenses')
    .insert({ ...input, organizationId: property.organizationId, status: 'pending', createdById: actor.id })
    .returning('id');
  await postExpense(trx, id, actor.id);
  const expense = await readExpense(trx, id);
  await tellExpense(trx, 'expense.created', actor, expense);
  return expense;
}

/** Edits a pending expense nothing has been paid of; afterwards corrections are a void and a new expense (409). */
export async function updateExpense(trx: Knex, actor: User, current: StoredExpense, input: ExpenseUpdateInput): Promise<ExpenseDetail> {
  if (current.status !== 'pending' || current.paidAmount > 0) throw conflict(messageText('finances_expense_not_editable'), 'expense_not_editable');
  await checkLinks(trx, actor, { id: current.propertyId, organizationId: current.organizationId }, input);
  await assertPeriodOpen(trx, current.propertyId, current.issueDate, input.issueDate);
  const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  if (Object.keys(changes).length) {
    await trx('expenses').where({ id: current.id }).update({ ...changes, updatedAt: trx.fn.now() });
    await repostExpense(trx, current.id, actor.id);
  }
  const expense = await readExpense(trx, current.id);
  await tellExpense(trx, 'expense.updated', actor, expense, { changed: Object.keys(changes) });
  return expense;
}
