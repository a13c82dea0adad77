import type { Knex } from 'knex';
import { backfillBooks } from '../server/books/backfill';

/**
 * The journal entries of the billing and finance rows written before the books
 * (docs/modules/finances.md, "The books underneath"): charges, payments and how their
 * allocations reached the funds, refunds, credit notes, expenses, their payments and voids,
 * transfers and funds' opening balances. Idempotent: rows with their entry are left alone.
 */
export async function up(knex: Knex) {
  await backfillBooks(knex);
}

export async function down() {
  // The entries stay: the journal is never edited (the tables go with the previous migration's down).
}
