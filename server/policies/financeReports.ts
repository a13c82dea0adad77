import type { Knex } from 'knex';
import { messageText } from '../../shared/messages';
import { can } from '../../shared/permissions';
import { db } from '../db';
import { forbidden, notFound } from '../errors';
import { Property, type User } from '../models';
import { findFinancesProperty } from './finances';
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
