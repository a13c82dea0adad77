import type { Knex } from 'knex';
import { messageText } from '../../shared/messages';
import { can } from '../../shared/permissions';
import { db } from '../db';
import { forbidden, notFound } from '../errors';
import { Property, type User } from '../models';
import { transparencyOf } from '../commands/finances/transparency';
import { findExpense, findFinancesProperty } from './finances';
import { actingUnitIds } from './residency';

/**
 * Who reads a property's monthly reports (docs/modules/finances.md, "The owners' monthly
 * report"): its administrators (every month, live figures and PDFs), and, of the published
 * reports only, the people who own or live in it now (the owner of the property, the owner of
 * one of its units, a resident whose residence is not inactive: policies/residency.ts).
 * Suppliers are refused (403); anyone else, and another organization, 404.
 */
export type ReportReader = { property: Property; manager: boolean };

export async function findReportProperty(user: User, propertyId: number, trx: Knex = db()): Promise<ReportReader> {
  if (can(user, 'finances.manage')) return { property: await findFinancesProperty(user, propertyId, trx), manager: true };
  if (user.role === 'Suplidor') throw forbidden();
  const property = await Property.query(trx)
    .findById(propertyId)
    .where((related) =>
      related
        .where('properties.ownerId', user.id)
        .orWhereExists(trx('units').whereRaw('units.property_id = properties.id').whereIn('units.id', actingUnitIds(user, trx))),
    );
  if (!property) throw notFound(messageText('property_not_found'));
  return { property, manager: false };
}

/** The owners and residents of a property now (who are told of a published report): ids as `id`. */
export const propertyReaders = (trx: Knex, propertyId: number) =>
  trx
    .from('units')
    .join('residents', 'residents.unit_id', 'units.id')
    .where('units.propertyId', propertyId)
    .whereNot('residents.status', 'inactive')
    .select('residents.userId as id')
    .union((owners) => owners.from('units').where('units.propertyId', propertyId).whereNotNull('units.ownerId').select('units.ownerId as id'))
    .union((landlord) => landlord.from('properties').where('properties.id', propertyId).whereNotNull('properties.ownerId').select('properties.ownerId as id'));

/**
 * Whether the user may open the invoices of a property's reports: its administrators always;
 * its owners and residents (a `ReportReader` that is not a manager) while the organization's
 * transparency switch is on.
 */
export async function mayOpenInvoices(user: User, reader: ReportReader, trx: Knex = db()): Promise<boolean> {
  return reader.manager || (await transparencyOf(user.organizationId, trx)).enabled;
}

/**
 * The expense whose invoice (attachment) the user may open: any of the organization's for its
 * administrators (policies/finances.ts); for the owners and residents of a property (as
 * findReportProperty decides), only an expense listed in one of that property's published
 * monthly reports, and only while the organization's transparency switch is on. Suppliers are
 * refused (403, as for the rest of finances); with the switch off, and with it on for any other
 * expense (not in a published report, another property's or organization's): 404, as a file
 * that is not theirs to see.
 */
export async function findExpenseForInvoice(user: User, id: number, trx: Knex = db()): Promise<{ id: number; organizationId: number; propertyId: number }> {
  if (can(user, 'finances.manage')) return findExpense(user, id, trx);
  if (user.role === 'Suplidor') throw forbidden();
  const missing = () => notFound(messageText('finances_expense_not_found'));
  if (!(await transparencyOf(user.organizationId, trx)).enabled) throw missing();
  const expense = await trx('expenses').where({ id, organizationId: user.organizationId }).first('id', 'organizationId', 'propertyId');
  if (!expense) throw missing();
  await findReportProperty(user, expense.propertyId, trx).catch(() => {
    throw missing();
  });
  const listed = await trx('financeReports')
    .where({ propertyId: expense.propertyId, status: 'published' })
    .whereRaw('jsonb_path_exists(figures, cast(? as jsonpath), jsonb_build_object(\'id\', ?::int))', ['$.expenses.byCategory[*].items[*] ? (@.id == $id)', expense.id])
    .first('id');
  if (!listed) throw missing();
  return expense;
}
