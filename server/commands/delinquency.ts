import { randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import { AGING_BUCKETS, agingBucketSql } from '../../shared/billing';
import type { DelinquencyQuery, DelinquencyReport, DelinquencyRow } from '../../shared/schemas/billing';
import { db } from '../db';
import type { User } from '../models';
import type { PlacedUnit } from '../rows/properties';
import { reachableOrganizationIds } from '../policies/tenancy';
import { containsPattern } from '../db/search';
import { rememberedForVersions, rememberedRows } from '../services/listTotals';
import { TIME_ZONE, addDays, todayThere } from '../../shared/time';
import { pastDue, underKeptAgreementSql } from '../db/charges';
import { fullName } from '../../shared/format';
import { fullNameSql } from '../db/names';

/** A row of unit_debts as a page reads it (bucket_0..3 as bucket0..3). */
type KeptDebtRow = Omit<DelinquencyRow, 'buckets' | 'contact' | 'agreement'> &
  Record<`bucket${number}`, number> & {
    contactName: string | null;
    contactEmail: string | null;
    contactPhone: string | null;
    contactIsOwner: boolean;
    agreementId: number | null;
    agreementStatus: 'active' | 'broken' | null;
  };

/** Largest debt first, then the property's name and the unit's number as people read them (101 before 1001), then the unit. */
const LARGEST_DEBT_FIRST = [
  ['d.overdue', 'desc'],
  ['d.property_name collate "und-x-icu"', 'asc'],
  ['d.unit_number collate unit_number_order', 'asc'],
  ['d.unit_id', 'asc'],
] as const;
const inOrder = (reversed: boolean) =>
  LARGEST_DEBT_FIRST.map(([column, direction]) => `${column} ${(direction === 'desc') !== reversed ? 'desc' : 'asc'}`).join(', ');

/**
 * The delinquency report (morosidad, the "relación de cuotas adeudadas"): every unit with an
 * overdue balance (pending charges past their due date on `today`), that balance by age in
 * days past due (0-30, 31-60, 61-90, 90+: a charge 30 days late is in 0-30, 31 in 31-60), its
 * oldest due date and last payment received. `bucket` keeps the units whose oldest overdue
 * charge is in it; `q` finds a unit number. Largest debt first; `totals` over every row found.
 *
 * The units' debts are kept (unit_debts, migration 20261212000001): the day's first report
 * moves the organizations to `today`, then a page reads the kept rows in the report's order
 * from their index. A page past the middle is read from the end, backwards.
 */
export async function delinquencyReport(user: User, filters: DelinquencyQuery, trx: Knex = db(), today = todayThere()): Promise<DelinquencyReport> {
  const organizationIds = await reachableOrganizationIds(user, trx);
  // Done once per day and data version: moving to a new day raises the version.
  const move = keepDebtsCurrent(today, organizationIds ?? trx.raw('array(select id from organizations)'), trx);
  await rememberedForVersions(user, move, () => move.then(() => true), trx);

  // (Every kept row is past due on its day: the condition names the day, which remembered totals need in their key.)
  const found = trx('unit_debts as d').where('d.oldest_due_date', '<', today);
  if (organizationIds) found.whereIn('d.organization_id', organizationIds);
  if (filters.propertyId) found.where('d.property_id', filters.propertyId);
  if (filters.q) found.whereILike('d.unit_number', containsPattern(filters.q));
  if (filters.bucket) found.whereRaw(agingBucketSql('(?::date - d.oldest_due_date)', filters.bucket), [today]);
  const totals = found
    .clone()
    .first(
      trx.raw('count(*)::int as units'),
      trx.raw('coalesce(sum(d.overdue), 0)::bigint as overdue'),
      ...AGING_BUCKETS.map((_, index) => trx.raw(`coalesce(sum(d.bucket_${index}), 0)::bigint as bucket_${index}`)),
    );
  const sums: Record<string, number> = await rememberedForVersions(user, totals, async () => totals, trx);
  const units = sums.units;

  const limit = Math.max(0, Math.min(filters.limit ?? units, units - filters.offset));
  const reversed = filters.offset + limit / 2 > units / 2;
  const pageQuery = found
    .leftJoin('units as u', 'u.id', 'd.unit_id')
    .leftJoin('users as owner', 'owner.id', 'u.owner_id')
    // Who to call: the unit's owner, else its first current resident (the report is the administrators').
    .joinRaw(
      `left join lateral (select c.id, c.name, c.last_name, c.email, c.phone from users c
        where c.id = u.owner_id
           or (u.owner_id is null and c.id = (select r.user_id from residents r where r.unit_id = u.id and r.status <> 'inactive' order by r.id limit 1))
        limit 1) as contact on true`,
    )
    // The unit's latest payment agreement, shown while active or once broken.
    .joinRaw(
      `left join lateral (select a.id, a.status from payment_agreements a where a.unit_id = d.unit_id order by a.id desc limit 1) as agreement
        on agreement.status in ('active', 'broken')`,
    )
    .select(
      'd.*',
      trx.raw(`${fullNameSql('owner')} as owner_name`),
      trx.raw(`${fullNameSql('contact')} as contact_name`),
      'contact.email as contact_email',
      'contact.phone as contact_phone',
      trx.raw('(u.owner_id is not null) as contact_is_owner'),
      trx.raw('(?::date - d.oldest_due_date) as days_late', [today]),
      trx.raw("(select max(p.received_at)::text from payments p where p.unit_id = d.unit_id and p.status in ('confirmed', 'refunded')) as last_payment_at"),
      'agreement.id as agreement_id',
      'agreement.status as agreement_status',
    )
    .orderByRaw(inOrder(reversed))
    .offset(reversed ? units - filters.offset - limit : filters.offset)
    .limit(limit);
  const buckets = (row: Record<string, unknown>) =>
    Object.fromEntries(AGING_BUCKETS.map((bucket, index) => [bucket, row[`bucket${index}`]])) as DelinquencyRow['buckets'];
  const presented = (row: KeptDebtRow): DelinquencyRow => ({
    unitId: row.unitId,
    unitNumber: row.unitNumber,
    propertyId: row.propertyId,
    propertyName: row.propertyName,
    ownerName: row.ownerName,
    overdue: row.overdue,
    overdueCount: row.overdueCount,
    oldestDueDate: row.oldestDueDate,
    daysLate: row.daysLate,
    buckets: buckets(row),
    lastPaymentAt: row.lastPaymentAt,
    contact: row.contactName || row.contactEmail ? { name: row.contactName, email: row.contactEmail, phone: row.contactPhone, isOwner: row.contactIsOwner } : null,
    agreement: row.agreementId ? { id: row.agreementId, status: row.agreementStatus! } : null,
  });
  const rows = limit ? await rememberedRows(user, pageQuery, trx, { finish: (read: KeptDebtRow[]) => (reversed ? read.reverse() : read).map(presented) }) : [];
  return { rows, total: units, totals: { ...buckets(sums), overdue: sums.overdue }, units };
}

/**
 * Moves the kept debts of these organizations (ids, or an SQL array of them) to `today` where
 * they are of another day: the ages of what their units owe change with the date.
 */
export const keepDebtsCurrent = (today: string, organizationIds: number[] | Knex.Raw, trx: Knex = db()) =>
  trx.raw('select vecindad_unit_debts_as_of(?::int[], ?::date)', [organizationIds, today]);

/** Moves every organization's kept debts to `today` (the worker's sweep, soon after midnight). */
export const keepEveryDebtCurrent = (today: string, trx: Knex = db()) =>
  keepDebtsCurrent(today, trx.raw('array(select organization_id from unit_debt_days where as_of <> ?::date)', [today]), trx);

/** What a unit owes past due on `today` (centavos). */
export async function unitOverdue(trx: Knex, unitId: number, today = todayThere(), options: { exceptAgreed?: boolean } = {}) {
  const query = trx('charges').where({ unitId }).where(pastDue(today));
  if (options.exceptAgreed) query.whereRaw(`not ${underKeptAgreementSql('charges.id')}`);
  const row = await query
    .first(trx.raw('coalesce(sum(amount - paid_amount), 0)::bigint as overdue'));
  return Number(row.overdue);
}

/** The owner's name of a unit: its own owner, else the owner of the whole property (null: none). */
export async function unitOwnerName(trx: Knex, { unit, property }: PlacedUnit) {
  const ownerId = unit.ownerId ?? property.ownerId;
  if (!ownerId) return null;
  const owner = await trx('users').where({ id: ownerId }).first('name', 'lastName');
  return owner ? fullName(owner.name, owner.lastName) || null : null;
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
export async function issueCertificate(trx: Knex, actor: User, { unit, property }: PlacedUnit, today = todayThere()) {
  const [row] = await trx('noDebtCertificates')
    .insert({ code: certificateCode(), organizationId: property.organizationId, unitId: unit.id, issuedById: actor.id, validUntil: addDays(today, CERTIFICATE_VALID_DAYS) })
    .returning(['code', 'issuedAt', 'validUntil']);
  return { code: row.code as string, issuedAt: new Date(row.issuedAt), validUntil: row.validUntil as string, issuedOn: today };
}

/**
 * The public verification of a certificate: only the unit, the day issued, until when it is
 * valid and whether it still is. No names, no amounts.
 */
export async function verifyCertificate(code: string, trx: Knex = db(), today = todayThere()) {
  const row = await trx('noDebtCertificates as c')
    .join('units', 'units.id', 'c.unit_id')
    .join('properties', 'properties.id', 'units.property_id')
    .join('organizations', 'organizations.id', 'c.organization_id')
    .where('c.code', code)
    .first('c.code', 'units.unit_number', 'properties.name as property_name', 'organizations.name as organization_name', trx.raw('(c.issued_at at time zone ?)::date::text as issued_on', [TIME_ZONE]), 'c.valid_until');
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
