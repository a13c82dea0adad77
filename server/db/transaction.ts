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
