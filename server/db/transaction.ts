import type { Knex } from 'knex';
import { db } from './index';

// Deadlock detected, serialization failure: PostgreSQL rolled the transaction back because a
// concurrent one holds what it needs (an edit racing a delete of the same rows, in another
// order). Running it again sees the other's outcome (the row is gone: 404).
const TRANSIENT = new Set(['40P01', '40001']);
const ATTEMPTS = 3;

const errorCode = (error: unknown) =>
  ((error as { nativeError?: { code?: string } })?.nativeError ?? (error as { code?: string }))?.code;

/**
 * Runs `work` in one transaction: everything it writes commits together or not at all. A
 * transaction PostgreSQL aborts for a transient conflict is run again (from the start, so
 * `work` must only write through `trx`), up to three times.
 */
export async function transaction<T>(work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db().transaction(work);
    } catch (error) {
      if (attempt >= ATTEMPTS || !TRANSIENT.has(errorCode(error) ?? '')) throw error;
    }
  }
}

/**
 * Runs independent reads: at once outside a transaction (each on a connection of the pool), one
 * after another inside one (its single connection runs one query at a time; pg deprecates
 * queueing queries on a busy client).
 */
export async function readTogether<T extends unknown[]>(trx: Knex, ...reads: { [K in keyof T]: () => Promise<T[K]> }): Promise<T> {
  if (!trx.isTransaction) return (await Promise.all(reads.map((read) => read()))) as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as T;
}
