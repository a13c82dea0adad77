import type { Knex } from 'knex';
import { messageText } from '../../../shared/messages';
import type { RecurringExpenseCreateInput, RecurringExpenseUpdateInput } from '../../../shared/schemas/financesClose';
import { todayThere, zonedInstant } from '../../../shared/time';
import { db } from '../../db';
import { notFound } from '../../errors';
import { recordEvent } from '../../events/outbox';
import type { Property, User } from '../../models';
import { findFund, findSupplier } from '../../policies/finances';
import { whereMonthOpen } from '../../policies/periods';
import { expensePayload } from './expenses';

/**
 * Recurring expenses (docs/modules/finances.md): a template (payroll, the elevator contract)
 * the worker issues as a pending expense on its day of each month, like the monthly cuotas:
 * a delayed job per template and month (stable id), a sweep every minute for lost ones, and
 * the unique key (template, month) on expenses so that a rerun adds nothing. A template
 * issues from the month it was created (until its day; else the next), only while active,
 * and never into a closed month.
 */

export type RecurringExpenseRow = {
  id: number;
  organizationId: number;
  propertyId: number;
  fundId: number;
  fundName: string;
  category: string;
  supplierId: number | null;
  supplierName: string | null;
  amount: number;
  itbis: number;
  description: string;
  dayOfMonth: number;
  active: boolean;
  firstMonth: string;
  lastIssuedMonth: string | null;
  createdAt: Date;
  updatedAt: Date;
};

const templateRows = (trx: Knex) =>
  trx('recurringExpenses')
    .join('funds', 'funds.id', 'recurringExpenses.fundId')
    .leftJoin('suppliers', 'suppliers.id', 'recurringExpenses.supplierId')
    .whereNull('recurringExpenses.deletedAt')
    .select(
      'recurringExpenses.*',
      'funds.name as fundName',
      'suppliers.name as supplierName',
      trx.raw('(select max(e.recurring_month) from expenses e where e.recurring_expense_id = recurring_expenses.id) as last_issued_month'),
    );

export const listRecurring = (propertyId: number, trx: Knex = db()): Promise<RecurringExpenseRow[]> =>
  templateRows(trx).where('recurringExpenses.propertyId', propertyId).orderBy('recurringExpenses.id');

export const readRecurring = (trx: Knex, id: number): Promise<RecurringExpenseRow> => templateRows(trx).where('recurringExpenses.id', id).first();

/** The month a template created on `today` first issues: this one until its day, else the next. */
export function firstMonthOf(dayOfMonth: number, today = todayThere()) {
  const month = today.slice(0, 7);
  return Number(today.slice(8, 10)) <= dayOfMonth ? month : nextMonth(month);
}

export function nextMonth(month: string) {
  const [year, number] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
}

const dayIn = (month: string, dayOfMonth: number) => `${month}-${String(dayOfMonth).padStart(2, '0')}`;

/** The fund (of the property) and supplier (of its organization) a template names: 404 otherwise. */
async function checkLinks(trx: Knex, user: User, property: Pick<Property, 'id' | 'organizationId'>, links: { fundId?: number; supplierId?: number | null }) {
  if (links.fundId !== undefined) {
    const fund = await findFund(user, links.fundId, trx);
    if (fund.propertyId !== property.id) throw notFound(messageText('finances_fund_not_found'));
  }
  if (links.supplierId) {
    const supplier = await findSupplier(user, links.supplierId, trx);
    if (supplier.organizationId !== property.organizationId) throw notFound(messageText('finances_supplier_not_found'));
  }
}

type TemplateEvent = 'recurring_expense.created' | 'recurring_expense.updated' | 'recurring_expense.deleted';
const tellTemplate = (trx: Knex, type: TemplateEvent, actor: User, template: Pick<RecurringExpenseRow, 'id' | 'organizationId' | 'propertyId' | 'description' | 'amount' | 'itbis' | 'dayOfMonth' | 'active'>) =>
  recordEvent(trx, {
    type,
    organizationId: template.organizationId,
    audience: 'administrators',
    propertyId: template.propertyId,
    actorId: actor.id,
    subject: { type: 'recurring_expense', id: template.id },
    payload: { id: template.id, description: template.description, amount: template.amount, itbis: template.itbis, dayOfMonth: template.dayOfMonth, active: template.active },
  });

export async function createRecurring(trx: Knex, actor: User, property: Property, input: RecurringExpenseCreateInput) {
  await checkLinks(trx, actor, property, input);
  const [{ id }] = await trx('recurringExpenses')
    .insert({ ...input, organizationId: property.organizationId, propertyId: property.id, firstMonth: firstMonthOf(input.dayOfMonth), createdById: actor.id })
    .returning('id');
  const template = await readRecurring(trx, id);
  await tellTemplate(trx, 'recurring_expense.created', actor, template);
  return template;
}

/** Changes a template: the months already issued keep their expenses. */
export async function updateRecurring(trx: Knex, actor: User, current: { id: number; propertyId: number; organizationId: number }, input: RecurringExpenseUpdateInput) {
  await checkLinks(trx, actor, { id: current.propertyId, organizationId: current.organizationId }, input);
  const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  if (Object.keys(changes).length) await trx('recurringExpenses').where({ id: current.id }).update({ ...changes, updatedAt: trx.fn.now() });
  const template = await readRecurring(trx, current.id);
  await tellTemplate(trx, 'recurring_expense.updated', actor, template);
  return template;
}

/** Removes a template (kept as a row for the expenses it issued; it issues no more). */
export async function deleteRecurring(trx: Knex, actor: User, current: RecurringExpenseRow) {
  await trx('recurringExpenses').where({ id: current.id }).update({ deletedAt: trx.fn.now(), active: false, updatedAt: trx.fn.now() });
  await tellTemplate(trx, 'recurring_expense.deleted', actor, { ...current, active: false });
}

type StoredTemplate = Omit<RecurringExpenseRow, 'fundName' | 'supplierName' | 'lastIssuedMonth'> & { deletedAt: Date | null };

/** Whether a template issues the month of `today` on that day: active, from its first month, its day come, the month open. */
const issuesIn = (template: StoredTemplate, today: string) =>
  template.active && !template.deletedAt && today.slice(0, 7) >= template.firstMonth && Number(today.slice(8, 10)) >= template.dayOfMonth;

/**
 * Issues a template's expense of the month of `today` when it is due (issuesIn, the month not
 * closed): a pending expense dated its day of the month, from its fund. The template's row is
 * locked, and the unique key (template, month) refuses a second one whatever happens: running
 * it again adds nothing. Answers the expense's id, or null when nothing was issued now.
 */
export async function issueRecurringExpense(trx: Knex, templateId: number, today = todayThere()): Promise<number | null> {
  const template: StoredTemplate | undefined = await trx('recurringExpenses').where({ id: templateId }).forUpdate().first();
  if (!template || !issuesIn(template, today)) return null;
  const open = await whereMonthOpen(trx('properties'), trx, 'properties.id', today).where('properties.id', template.propertyId).first('id');
  if (!open) return null;
  const month = today.slice(0, 7);
  const [issued] = await trx('expenses')
    .insert({
      organizationId: template.organizationId,
      propertyId: template.propertyId,
      fundId: template.fundId,
      category: template.category,
      supplierId: template.supplierId,
      issueDate: dayIn(month, template.dayOfMonth),
      amount: template.amount,
      itbis: template.itbis,
      description: template.description,
      status: 'pending',
      recurringExpenseId: template.id,
      recurringMonth: month,
    })
    .onConflict(['recurringExpenseId', 'recurringMonth'])
    .ignore()
    .returning('*');
  if (!issued) return null;
  await recordEvent(trx, {
    type: 'expense.created',
    organizationId: issued.organizationId,
    audience: 'administrators',
    propertyId: issued.propertyId,
    actorId: null,
    subject: { type: 'expense', id: issued.id },
    payload: { ...expensePayload(issued), recurringExpenseId: template.id, month },
  });
  return issued.id;
}

/** Templates whose expense of this month is due today and missing, in open months (the sweep). */
export async function recurringDue(today = todayThere(), trx: Knex = db()): Promise<number[]> {
  const month = today.slice(0, 7);
  const rows: Array<{ id: number }> = await whereMonthOpen(trx('recurringExpenses as r'), trx, 'r.property_id', today)
    .where({ 'r.active': true })
    .whereNull('r.deletedAt')
    .where('r.firstMonth', '<=', month)
    .where('r.dayOfMonth', '<=', Number(today.slice(8, 10)))
    .whereNotExists(trx('expenses as e').whereRaw('e.recurring_expense_id = r.id').where('e.recurringMonth', month))
    .orderBy('r.id')
    .select('r.id');
  return rows.map((row) => row.id);
}

/**
 * A template's next job: the month it issues next (this one if not issued yet, from its first
 * month) at 06:00 of its day in the organization's zone; null for a template that issues no more.
 */
export async function nextRecurringIssue(templateId: number, today = todayThere(), trx: Knex = db()): Promise<{ month: string; at: Date; active: boolean } | null> {
  const template: StoredTemplate | undefined = await trx('recurringExpenses').where({ id: templateId }).first();
  if (!template) return null;
  const current = today.slice(0, 7);
  let month = template.firstMonth > current ? template.firstMonth : current;
  if (await trx('expenses').where({ recurringExpenseId: templateId, recurringMonth: month }).first('id')) month = nextMonth(month);
  return { month, at: zonedInstant(dayIn(month, template.dayOfMonth), 6 * 60), active: template.active && !template.deletedAt };
}
