import type { Knex } from 'knex';
import { db } from './index';

/** Runs `work` in one transaction: everything it writes commits together or not at all. */
export function transaction<T>(work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  return db().transaction(work);
}
