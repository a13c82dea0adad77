import type { Knex } from 'knex';
import { addVersionTriggers, dropVersionTriggers, type VERSIONED_TABLES } from './20261211000001_data_versions';

/**
 * Pages of lists are remembered per data version too (server/services/listTotals.ts): the
 * tables they read for their rows' details raise versions as well (a payment's proof, a
 * request's photos and updates).
 */
const BY_REQUEST = 'select p.organization_id from maintenance_requests r join properties p on p.id = r.property_id where r.id = $1';
const TABLES: typeof VERSIONED_TABLES = {
  payment_proofs: ['payment_id', 'select organization_id from payments where id = $1'],
  maintenance_photos: ['request_id', BY_REQUEST],
  maintenance_updates: ['request_id', BY_REQUEST],
};

export const up = (knex: Knex) => addVersionTriggers(knex, TABLES);
export const down = (knex: Knex) => dropVersionTriggers(knex, TABLES);
