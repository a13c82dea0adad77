import type { Knex } from 'knex';
import { messageText } from '../../shared/messages';
import { can, isAdministrator } from '../../shared/permissions';
import { db } from '../db';
import { forbidden, notFound } from '../errors';
import { Payment, Property, Unit, type User } from '../models';
import { PROPERTY_COLUMNS, type PlacedUnit } from '../rows/properties';
import { whereOrganizationReachable } from './tenancy';

/**
 * Who reads a unit's ledger (docs/modules/billing.md, "Who is billed"): administrators of the
 * organizations they reach; owners and residents of the units they are linked to (the unit's
 * owner and its active residents), within their organization; nobody else. Suppliers are
 * refused billing outright (403).
 */
export const readsBilling = (user: User) => can(user, 'billing.readAll') || user.role === 'Propietario' || user.role === 'Residente';

/** Ids of the units whose charges, payments and statement the user reads (a subquery). */
export function billingUnitIds(user: User, trx: Knex = db()): Knex.QueryBuilder {
  const units = trx('units').select('units.id');
  if (isAdministrator(user)) {
    return whereOrganizationReachable(
      units.join('properties', 'properties.id', 'units.property_id'),
      'properties.organization_id',
      user,
    );
  }
  if (!readsBilling(user)) return units.whereRaw('false');
  return units
    .join('properties', 'properties.id', 'units.property_id')
    .where('properties.organization_id', user.organizationId)
    .where((linked) =>
      linked
        .where('units.owner_id', user.id)
        .orWhereIn('units.id', trx('residents').select('unit_id').where('user_id', user.id).whereNot('status', 'inactive').whereNotNull('unit_id')),
    );
}

/**
 * Restricts a query on `charges` or `payments` (`table`) to the rows the user reads. For
 * administrators by organization (the tables carry it); given their organizations as values
 * (`reachableOrganizationIds`), PostgreSQL reads the organization's indexes in order instead
 * of joining the organization tree.
 */
export function whereLedgerReadable(
  query: Knex.QueryBuilder,
  table: 'charges' | 'payments',
  user: User,
  trx: Knex = db(),
  organizationIds?: number[] | null,
) {
  if (isAdministrator(user)) {
    if (organizationIds === undefined) return whereOrganizationReachable(query, `${table}.organization_id`, user);
    return organizationIds === null ? query : query.whereIn(`${table}.organization_id`, organizationIds);
  }
  return query.whereIn(`${table}.unit_id`, billingUnitIds(user, trx));
}

/**
 * Restricts a query on `payments` to those the user reads: the ledger of their units (above)
 * and, for an owner or resident, the payments made by them or recorded for them
 * (`payments.user_id`), also once they left the unit: their receipts stay theirs (docs/permissions.md,
 * "What a resident keeps after leaving"). Summaries and statements stay the units' own
 * (whereLedgerReadable).
 */
export function wherePaymentReadable(query: Knex.QueryBuilder, user: User, trx: Knex = db(), organizationIds?: number[] | null) {
  if (isAdministrator(user) || !readsBilling(user)) return whereLedgerReadable(query, 'payments', user, trx, organizationIds);
  return query.where((readable) =>
    readable
      .whereIn('payments.unit_id', billingUnitIds(user, trx))
      .orWhere((own) => own.where('payments.user_id', user.id).where('payments.organization_id', user.organizationId)),
  );
}

/** The users linked to a unit: its owner and its active residents (events and notifications go to them). */
export function unitPeopleIds(unitId: number, trx: Knex = db()): Knex.QueryBuilder {
  return trx('residents')
    .select('user_id as id')
    .where({ unitId })
    .whereNot('status', 'inactive')
    .union(trx('units').select('owner_id as id').where({ id: unitId }).whereNotNull('owner_id'));
}

/** Billing's lists and summary: 403 for a role that has no billing at all. */
export function authorizeBillingRead(user: User) {
  if (!readsBilling(user)) throw forbidden(messageText('billing_read_forbidden'));
}

/** Charges, payments and confirmations are the administrators'. */
export function authorizeBillingManage(user: User) {
  if (!can(user, 'billing.manage')) throw forbidden();
}

/**
 * A unit whose ledger the user reads, with its property: 404 outside their reach (also for a
 * request naming it in its body, so nobody learns that another's unit exists).
 */
export async function findBillingUnit(user: User, id: number, trx: Knex = db()): Promise<PlacedUnit> {
  authorizeBillingRead(user);
  const unit = await Unit.query(trx).findById(id).whereIn('id', billingUnitIds(user, trx));
  if (!unit) throw notFound(messageText('billing_unit_not_found'));
  const property = await Property.query(trx).select(PROPERTY_COLUMNS).findById(unit.propertyId).throwIfNotFound();
  return { unit, property };
}

export async function findReadablePayment(user: User, id: number, trx: Knex = db()): Promise<Payment> {
  authorizeBillingRead(user);
  const payment = await wherePaymentReadable(Payment.query(trx).findById(id) as unknown as Knex.QueryBuilder, user, trx);
  if (!payment) throw notFound(messageText('billing_payment_not_found'));
  return payment as unknown as Payment;
}

/** A payment an administrator may confirm, reject or refund: 404 / 403 as usual. */
export async function findManageablePayment(user: User, id: number, trx: Knex = db()): Promise<Payment> {
  const payment = await findReadablePayment(user, id, trx);
  authorizeBillingManage(user);
  return payment;
}

/** A charge an administrator may correct (waive a late fee): 404 outside their reach, 403 for other roles. */
export async function findManageableCharge(user: User, id: number, trx: Knex = db()) {
  authorizeBillingRead(user);
  const charge = await whereLedgerReadable(trx('charges').where('charges.id', id), 'charges', user, trx).first('charges.id');
  if (!charge) throw notFound(messageText('billing_charge_not_found'));
  authorizeBillingManage(user);
  return charge.id as number;
}

/** The delinquency report is the administrators' (owners and residents read their own statement). */
export function authorizeDelinquency(user: User) {
  authorizeBillingRead(user);
  if (!can(user, 'billing.readAll')) throw forbidden();
}
