import type { Knex } from 'knex';
import { addVersionTriggers, dropVersionTriggers, type VERSIONED_TABLES } from './20261211000001_data_versions';

/**
 * The desk's lists are remembered per data version like the other lists
 * (server/services/listTotals.ts): packages, vehicles and pets raise their organization's
 * version. A carrier's log reads its own index in date order, and counts from it alone.
 */
const BY_PROPERTY = 'select organization_id from properties where id = $1';
const TABLES: typeof VERSIONED_TABLES = {
  packages: ['property_id', BY_PROPERTY],
  vehicles: ['property_id', BY_PROPERTY],
  pets: ['property_id', BY_PROPERTY],
};

export async function up(knex: Knex) {
  await addVersionTriggers(knex, TABLES);
  await knex.raw('create index packages_carrier on packages (carrier, created_at desc, id desc) include (property_id)');
}

export async function down(knex: Knex) {
  await knex.raw('drop index if exists packages_carrier');
  await dropVersionTriggers(knex, TABLES);
}
