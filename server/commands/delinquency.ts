import { randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import { AGING_BUCKETS, addDays, agingBucket, billingToday } from '../../shared/billing';
import type { DelinquencyQuery, DelinquencyReport, DelinquencyRow } from '../../shared/schemas/billing';
import { db } from '../db';
import type { Property, Unit, User } from '../models';
import { whereLedgerReadable } from '../policies/billing';
import { reachableOrganizationIds } from '../policies/tenancy';

const zeroBuckets = () => Object.fromEntries(AGING_BUCKETS.map((bucket) => [bucket, 0])) as DelinquencyRow['buckets'];

/**
 * The delinquency report (morosidad, the "relación de cuotas adeudadas"): every unit with an
 * overdue balance (pending charges past their due date on `today`), that balance by age in
 * days past due (0-30, 31-60, 61-90, 90+: a charge 30 days late is in 0-30, 31 in 31-60), its
 * oldest due date and last payment received. `bucket` keeps the units whose oldest overdue
 * charge is in it; `q` finds a unit number. Largest debt first; `totals` over every row found.
 */
export async function delinquencyReport(user: User, filters: DelinquencyQuery, trx: Knex = db(), today = billingToday()): Promise<DelinquencyReport> {
  const organizationIds = await reachableOrganizationIds(user, trx);
  const overdue = whereLedgerReadable(trx('charges'), 'charges', user, trx, organizationIds)
    .join('units', 'units.id', 'charges.unit_id')
    .join('properties', 'properties.id', 'charges.property_id')
    .leftJoin('users as owner', 'owner.id', 'units.owner_id')
    .where('charges.status', 'pending')
    .where('charges.due_date', '<', today)
    .select(
      'charges.unit_id',
      'units.unit_number',
      'charges.property_id',
      'properties.name as property_name',
      trx.raw("nullif(concat_ws(' ', owner.name, owner.last_name), '') as owner_name"),
      'charges.due_date',
      trx.raw('(?::date - charges.due_date)::int as days_late', [today]),
      trx.raw('charges.amount - charges.paid_amount as balance'),
    );
  if (filters.propertyId) overdue.where('charges.property_id', filters.propertyId);
  if (filters.q) overdue.whereILike('units.unit_number', `%${filters.q.replace(/[\\%_]/g, '\\$&')}%`);
  const charges: Array<{ unitId: number; unitNumber: string; propertyId: number; propertyName: string; ownerName: string | null; dueDate: string; daysLate: number; balance: number }> = await overdue;

  const units = new Map<number, DelinquencyRow>();
  for (const charge of charges) {
    const row =
      units.get(charge.unitId) ??
      ({
        unitId: charge.unitId,
        unitNumber: charge.unitNumber,
        propertyId: charge.propertyId,
        propertyName: charge.propertyName,
        ownerName: charge.ownerName,
        overdue: 0,
        overdueCount: 0,
        oldestDueDate: charge.dueDate,
        daysLate: 0,
        buckets: zeroBuckets(),
        lastPaymentAt: null,
      } satisfies DelinquencyRow);
    row.overdue += charge.balance;
    row.overdueCount += 1;
    row.buckets[agingBucket(charge.daysLate)] += charge.balance;
    if (charge.daysLate > row.daysLate) {
      row.daysLate = charge.daysLate;
      row.oldestDueDate = charge.dueDate;
    }
    units.set(charge.unitId, row);
  }
  let rows = [...units.values()];
  if (filters.bucket) rows = rows.filter((row) => agingBucket(row.daysLate) === filters.bucket);
  rows.sort((a, b) => b.overdue - a.overdue || a.propertyName.localeCompare(b.propertyName) || a.unitNumber.localeCompare(b.unitNumber, 'es', { numeric: true }));

  const totals = { ...zeroBuckets(), overdue: 0 };
  for (const row of rows) {
    totals.overdue += row.overdue;
    for (const bucket of AGING_BUCKETS) totals[bucket] += row.buckets[bucket];
  }
  const page = rows.slice(filters.offset, filters.limit ? filters.offset + filters.limit : undefined);
  if (page.length) {
    const payments: Array<{ unitId: number; last: string }> = await trx('payments')
      .whereIn('unitId', page.map((row) => row.unitId))
      .whereIn('status', ['confirmed', 'refunded'])
      .groupBy('unitId')
      .select('unitId', trx.raw('max(received_at)::text as last'));
    const last = new Map(payments.map((payment) => [payment.unitId, payment.last]));
    for (const row of page) row.lastPaymentAt = last.get(row.unitId) ?? null;
  }
  return { rows: page, total: rows.length, totals, units: rows.length };
}

/** What a unit owes past due on `today` (centavos). */
export async function unitOverdue(trx: Knex, unitId: number, today = billingToday()) {
  const row = await trx('charges')
    .where({ unitId, status: 'pending' })
    .where('dueDate', '<', today)
    .first(trx.raw('coalesce(sum(amount - paid_amount), 0)::bigint as overdue'));
  return Number(row.overdue);
}

/** Certificates are valid this many days from their issue. */
export const CERTIFICATE_VALID_DAYS = 30;

/** A verification code people can read out and type: 16 characters without 0/O or 1/I, in groups of 4. */
function certificateCode() {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const chars = Array.from({ length: 16 }, () => alphabet[randomInt(alphabet.length)]);
  return [0, 4, 8, 12].map((start) => chars.slice(start, start + 4).join('')).join('-');
}

/** Records a no-debt certificate of a unit (the caller checked it owes nothing past due). */
export async function issueCertificate(trx: Knex, actor: User, { unit, property }: { unit: Unit; property: Property }, today = billingToday()) {
  const [row] = await trx('noDebtCertificates')
    .insert({ code: certificateCode(), organizationId: property.organizationId, unitId: unit.id, issuedById: actor.id, validUntil: addDays(today, CERTIFICATE_VALID_DAYS) })
    .returning(['code', 'issuedAt', 'validUntil']);
  return { code: row.code as string, issuedAt: new Date(row.issuedAt), validUntil: row.validUntil as string, issuedOn: today };
}

/**
 * The public verification of a certificate: only the unit, the day issued, until when it is
 * valid and whether it still is. No names, no amounts.
 */
export async function verifyCertificate(code: string, trx: Knex = db(), today = billingToday()) {
  const row = await trx('noDebtCertificates as c')
    .join('units', 'units.id', 'c.unit_id')
    .join('properties', 'properties.id', 'units.property_id')
    .join('organizations', 'organizations.id', 'c.organization_id')
    .where('c.code', code)
    .first('c.code', 'units.unit_number', 'properties.name as property_name', 'organizations.name as organization_name', trx.raw("(c.issued_at at time zone 'America/Santo_Domingo')::date::text as issued_on"), 'c.valid_until');
  if (!row) return null;
  return {
    code: row.code as string,
    organizationName: row.organizationName as string,
    propertyName: row.propertyName as string,
    unitNumber: row.unitNumber as string,
    issuedOn: row.issuedOn as string,
    validUntil: row.validUntil as string,
    valid: row.validUntil >= today,
  };
}
