import type { Knex } from 'knex';
import { TIME_ZONE, todayThere } from '../../shared/time';
import type { BillingSummary, StatementQuery } from '../../shared/schemas/billing';
import { isAdministrator } from '../../shared/permissions';
import type { PageQuery } from '../../shared/schemas/common';
import { db } from '../db';
import type { User } from '../models';
import type { PlacedUnit } from '../rows/properties';
import { billingUnitIds, whereLedgerReadable } from '../policies/billing';
import { reachableOrganizationIds } from '../policies/tenancy';
import { containsPattern } from '../db/search';

/** `coalesce(sum(x) filter (...), 0)`: a sum that is 0 over no rows. */
const sum = (column: string, filter = '') => `coalesce(sum(${column})${filter ? ` filter (where ${filter})` : ''}, 0)::bigint`;

/**
 * What the user's readable pending charges add up to (optionally one property): `outstanding`,
 * and of it what is past due on `today` (`overdue`, `overdueCount` charges). The dashboard's
 * outstanding balance too.
 */
export function pendingTotals(user: User, propertyId: number | undefined, today = todayThere(), trx: Knex = db(), organizationIds?: number[] | null) {
  const query = whereLedgerReadable(trx('charges'), 'charges', user, trx, organizationIds).where('charges.status', 'pending');
  if (propertyId) query.where('charges.property_id', propertyId);
  return query.first(
    trx.raw(`${sum('amount - paid_amount')} as outstanding`),
    trx.raw(`${sum('amount - paid_amount', 'due_date < ?')} as overdue`, [today]),
    trx.raw('count(*) filter (where due_date < ?)::int as overdue_count', [today]),
  ) as Promise<{ outstanding: number; overdue: number; overdueCount: number }>;
}

/**
 * The billing cards (centavos) over what the user reads, optionally one property: what is
 * owed (`outstanding`), of it what is past due (`overdue`, and how many charges), what was
 * collected this month and this year (confirmed payments by day received), and unused credit.
 * Overdue is decided here, from the due dates, never stored. Administrators' collections come
 * from the monthly totals the database keeps, so the answer reads a few rows per property.
 */
export async function billingSummary(user: User, propertyId: number | undefined, trx: Knex = db()): Promise<BillingSummary> {
  const today = todayThere();
  const [monthStart, yearStart] = [`${today.slice(0, 7)}-01`, `${today.slice(0, 4)}-01-01`];
  const scoped = (query: Knex.QueryBuilder, table: string) => (propertyId ? query.where(`${table}.property_id`, propertyId) : query);
  const organizationIds = isAdministrator(user) ? await reachableOrganizationIds(user, trx) : undefined;

  const pending = pendingTotals(user, propertyId, today, trx, organizationIds);
  const credit = scoped(whereLedgerReadable(trx('payments'), 'payments', user, trx, organizationIds), 'payments')
    .where('payments.status', 'confirmed')
    .whereRaw('payments.allocated_amount < payments.amount')
    .first(trx.raw(`${sum('amount - allocated_amount')} as credit`));
  const collected = isAdministrator(user)
    ? scoped(organizationIds ? trx('payment_totals').whereIn('organization_id', organizationIds) : trx('payment_totals'), 'payment_totals')
        .where('month', '>=', yearStart)
        .first(trx.raw(`${sum('amount', 'month = ?')} as month`, [monthStart]), trx.raw(`${sum('amount')} as year`))
    : scoped(whereLedgerReadable(trx('payments'), 'payments', user, trx), 'payments')
        .where('payments.status', 'confirmed')
        .where('payments.received_at', '>=', yearStart)
        .first(trx.raw(`${sum('amount', 'received_at >= ?')} as month`, [monthStart]), trx.raw(`${sum('amount')} as year`));

  // The reserve fund's part of the charges due this year (billing plans' own line).
  const reserve = scoped(whereLedgerReadable(trx('charges'), 'charges', user, trx, organizationIds), 'charges')
    .whereIn('charges.status', ['pending', 'completed'])
    .where('charges.due_date', '>=', yearStart)
    .where('charges.reserve_amount', '>', 0)
    .first(trx.raw(`${sum('reserve_amount')} as reserve`));

  const [owed, unused, received, reserved] = await Promise.all([pending, credit, collected, reserve]);
  return {
    outstanding: Number(owed.outstanding),
    overdue: Number(owed.overdue),
    overdueCount: owed.overdueCount,
    collectedThisMonth: Number(received.month),
    collectedThisYear: Number(received.year),
    credit: Number(unused.credit),
    reserveThisYear: Number(reserved.reserve),
  };
}

/** One line of a statement: a charge raises the balance, a payment lowers it, a refund raises it again. */
export type StatementEntry = {
  kind: 'charge' | 'payment' | 'refund' | 'credit_note';
  id: number;
  /** 'YYYY-MM-DD': the day a charge was issued, a payment received or a refund made. */
  date: string;
  /** The invoice number of a charge, the receipt number of a payment or of the payment refunded. */
  number: string | null;
  description: string | null;
  type: string | null;
  dueDate: string | null;
  method: string | null;
  reference: string | null;
  charge: number;
  payment: number;
  balance: number;
};

const KIND_ORDER = { charge: 0, payment: 1, refund: 2, credit_note: 3 } as const;

/**
 * A unit's statement (estado de cuenta): every charge, payment and refund in date order with
 * the running balance (charges minus payments, plus refunds: positive is owed, negative is
 * credit). `from`/`to` keep the entries of those days after the balance brought forward.
 */
export async function unitStatement(trx: Knex, { unit, property }: PlacedUnit, query: StatementQuery) {
  const day = (column: string) => trx.raw(`(${column} at time zone ?)::date::text as date`, [TIME_ZONE]);
  const [charges, payments, refunds, credits] = await Promise.all([
    trx('charges')
      .where({ unitId: unit.id })
      .whereIn('status', ['pending', 'completed'])
      .select('id', 'invoiceNumber as number', 'description', 'type', 'dueDate', 'amount', day('created_at')),
    trx('payments')
      .where({ unitId: unit.id })
      .whereIn('status', ['confirmed', 'refunded'])
      .select('id', 'receiptNumber as number', 'method', 'reference', 'amount', 'receivedAt as date'),
    trx('paymentRefunds as r')
      .join('payments as p', 'p.id', 'r.payment_id')
      .where('p.unit_id', unit.id)
      .select('r.id', 'p.receipt_number as number', 'r.reason as description', 'r.amount', day('r.refunded_at')),
    trx('chargeCreditNotes as n')
      .join('charges as c', 'c.id', 'n.charge_id')
      .where('c.unit_id', unit.id)
      .select('n.id', 'c.invoice_number as number', 'n.reason as description', 'n.amount', day('n.created_at')),
  ]);
  const blank = { description: null, type: null, dueDate: null, method: null, reference: null, charge: 0, payment: 0, balance: 0 };
  const all: StatementEntry[] = [
    ...charges.map((row) => ({ ...blank, kind: 'charge' as const, id: row.id, date: row.date, number: row.number, description: row.description, type: row.type, dueDate: row.dueDate, charge: row.amount })),
    ...payments.map((row) => ({ ...blank, kind: 'payment' as const, id: row.id, date: row.date, number: row.number, method: row.method, reference: row.reference, payment: row.amount })),
    ...refunds.map((row) => ({ ...blank, kind: 'refund' as const, id: row.id, date: row.date, number: row.number, description: row.description, charge: row.amount })),
    // A credit note (a waived late fee, a cancelled booking's charge) lowers the balance like a payment.
    ...credits.map((row) => ({ ...blank, kind: 'credit_note' as const, id: row.id, date: row.date, number: row.number, description: row.description, payment: row.amount })),
  ].sort((a, b) => a.date.localeCompare(b.date) || KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.id - b.id);

  let balance = 0;
  let openingBalance = 0;
  const entries: StatementEntry[] = [];
  for (const entry of all) {
    balance += entry.charge - entry.payment;
    if (query.from && entry.date < query.from) openingBalance = balance;
    else if (!query.to || entry.date <= query.to) entries.push({ ...entry, balance });
  }
  const closingBalance = entries.length ? entries[entries.length - 1].balance : openingBalance;
  const totals = entries.reduce((t, e) => ({ charges: t.charges + e.charge, payments: t.payments + e.payment }), { charges: 0, payments: 0 });
  return {
    unit: { id: unit.id, unitNumber: unit.unitNumber, propertyId: property.id, propertyName: property.name, organizationId: property.organizationId },
    from: query.from ?? null,
    to: query.to ?? null,
    openingBalance,
    totalCharges: totals.charges,
    totalPayments: totals.payments,
    closingBalance,
    entries,
  };
}
export type UnitStatement = Awaited<ReturnType<typeof unitStatement>>;

/** The units whose ledger the user reads (`?propertyId=&q=`), for the billing screen's pickers. */
export async function billingUnits(user: User, filters: PageQuery & { propertyId?: number }, trx: Knex = db()) {
  const query = trx('units')
    .join('properties', 'properties.id', 'units.property_id')
    .whereIn('units.id', billingUnitIds(user, trx));
  if (filters.propertyId) query.where('units.property_id', filters.propertyId);
  if (filters.q) query.whereILike('units.unit_number', containsPattern(filters.q));
  const page = query
    .clone()
    .select('units.id', 'units.unit_number', 'units.property_id', 'properties.name as property_name')
    .orderBy('properties.name')
    .orderByRaw('length(units.unit_number), units.unit_number, units.id')
    .offset(filters.offset);
  if (filters.limit) page.limit(filters.limit);
  const [rows, [{ total }]] = await Promise.all([page, query.clone().count({ total: '*' })]);
  return { rows: rows as Array<{ id: number; unitNumber: string; propertyId: number; propertyName: string }>, total: Number(total) };
}
