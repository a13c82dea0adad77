import { randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import { AGING_BUCKETS, AGING_LAST_DAY, addDays, billingToday, type AgingBucket } from '../../shared/billing';
import type { DelinquencyQuery, DelinquencyReport, DelinquencyRow } from '../../shared/schemas/billing';
import { db } from '../db';
import type { Property, Unit, User } from '../models';
import { whereLedgerReadable } from '../policies/billing';
import { reachableOrganizationIds } from '../policies/tenancy';
import { containsPattern } from './properties';

/** SQL: `days` past due (written once) fall in `bucket` as `agingBucket` draws it; the limits are the code's own numbers. */
function inBucket(days: string, bucket: AgingBucket) {
  const index = AGING_BUCKETS.indexOf(bucket);
  const after = index ? AGING_LAST_DAY[AGING_BUCKETS[index - 1]] : null;
  const last = AGING_LAST_DAY[bucket];
  if (after === null) return `${days} <= ${last}`;
  return last === null ? `${days} > ${after}` : `${days} between ${after + 1} and ${last}`;
}

/**
 * Largest debt first, then the property's name and the unit's number as people read them (101
 * before 1001: the `unit_number_order` collation), then the unit: the same order on every page.
 */
const largestDebtFirst = (row: string) => `${row}.overdue desc, ${row}.property_name collate "und-x-icu", ${row}.unit_number collate unit_number_order, ${row}.unit_id`;

/**
 * The delinquency report (morosidad, the "relación de cuotas adeudadas"): every unit with an
 * overdue balance (pending charges past their due date on `today`), that balance by age in
 * days past due (0-30, 31-60, 61-90, 90+: a charge 30 days late is in 0-30, 31 in 31-60), its
 * oldest due date and last payment received. `bucket` keeps the units whose oldest overdue
 * charge is in it; `q` finds a unit number. Largest debt first; `totals` over every row found.
 * One statement adds each unit's charges up (from the pending charges' index alone) and
 * answers the totals with the page: tens of thousands of units owing never leave the database.
 */
export async function delinquencyReport(user: User, filters: DelinquencyQuery, trx: Knex = db(), today = billingToday()): Promise<DelinquencyReport> {
  const organizationIds = await reachableOrganizationIds(user, trx);
  const balance = 'charges.amount - charges.paid_amount';
  const daysLate = (dueDate: string) => `(?::date - ${dueDate})`;
  const perUnit = whereLedgerReadable(trx('charges'), 'charges', user, trx, organizationIds)
    .where('charges.status', 'pending')
    .where('charges.due_date', '<', today)
    .groupBy('charges.unit_id', 'charges.property_id')
    .select(
      'charges.unit_id',
      'charges.property_id',
      trx.raw(`sum(${balance})::bigint as overdue`),
      trx.raw('count(*)::int as overdue_count'),
      trx.raw('min(charges.due_date) as oldest_due_date'),
      trx.raw(`${daysLate('min(charges.due_date)')}::int as days_late`, [today]),
      ...AGING_BUCKETS.map((bucket, index) =>
        trx.raw(`coalesce(sum(${balance}) filter (where ${inBucket(daysLate('charges.due_date'), bucket)}), 0)::bigint as bucket_${index}`, [today]),
      ),
    );
  if (filters.propertyId) perUnit.where('charges.property_id', filters.propertyId);
  if (filters.q) perUnit.whereIn('charges.unit_id', trx('units').select('id').whereILike('unit_number', containsPattern(filters.q)));
  if (filters.bucket) perUnit.havingRaw(inBucket(daysLate('min(charges.due_date)'), filters.bucket), [today]);

  const page = trx
    .from(
      trx('per_unit')
        .join('units', 'units.id', 'per_unit.unit_id')
        .join('properties', 'properties.id', 'per_unit.property_id')
        .select('per_unit.*', 'units.unit_number', 'units.owner_id', 'properties.name as property_name')
        .as('found'),
    )
    .select('found.*')
    .orderByRaw(largestDebtFirst('found'))
    .offset(filters.offset);
  if (filters.limit) page.limit(filters.limit);
  const totals = trx('per_unit').select(
    trx.raw('count(*)::int as units'),
    trx.raw('coalesce(sum(overdue), 0)::bigint as total_overdue'),
    ...AGING_BUCKETS.map((_, index) => trx.raw(`coalesce(sum(bucket_${index}), 0)::bigint as total_bucket_${index}`)),
  );
  // The totals' one row, beside each row of the page (or alone past the last page); owners' names for the page only.
  const found: Array<Record<string, number | string | null>> = await trx
    .with('per_unit', perUnit)
    .with('totals', totals)
    .with('page', page)
    .from('totals')
    .joinRaw('left join page on true')
    .leftJoin('users as owner', 'owner.id', 'page.owner_id')
    .select('totals.*', 'page.*', trx.raw("nullif(concat_ws(' ', owner.name, owner.last_name), '') as owner_name"))
    .orderByRaw(largestDebtFirst('page'));

  const [sums] = found;
  const buckets = (row: Record<string, unknown>, prefix: string) =>
    Object.fromEntries(AGING_BUCKETS.map((bucket, index) => [bucket, row[`${prefix}${index}`]])) as DelinquencyRow['buckets'];
  const rows = found
    .filter((row) => row.unitId !== null)
    .map(
      (row): DelinquencyRow => ({
        unitId: row.unitId as number,
        unitNumber: row.unitNumber as string,
        propertyId: row.propertyId as number,
        propertyName: row.propertyName as string,
        ownerName: row.ownerName as string | null,
        overdue: row.overdue as number,
        overdueCount: row.overdueCount as number,
        oldestDueDate: row.oldestDueDate as string,
        daysLate: row.daysLate as number,
        buckets: buckets(row, 'bucket'),
        lastPaymentAt: null,
      }),
    );
  if (rows.length) {
    const payments: Array<{ unitId: number; last: string }> = await trx('payments')
      .whereIn('unitId', rows.map((row) => row.unitId))
      .whereIn('status', ['confirmed', 'refunded'])
      .groupBy('unitId')
      .select('unitId', trx.raw('max(received_at)::text as last'));
    const last = new Map(payments.map((payment) => [payment.unitId, payment.last]));
    for (const row of rows) row.lastPaymentAt = last.get(row.unitId) ?? null;
  }
  const units = sums.units as number;
  return { rows, total: units, totals: { ...buckets(sums, 'totalBucket'), overdue: sums.totalOverdue as number }, units };
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
