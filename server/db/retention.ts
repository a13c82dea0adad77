import { performance } from 'node:perf_hooks';
import type { Knex } from 'knex';
import { DEFAULT_RETENTION_DAYS } from '../../shared/schemas/visitors';
import { db } from './index';
import { transaction } from './transaction';

/**
 * The organization's retention period for the desk's personal data (Ley 172-13; the visitors'
 * setting, docs/modules/visitors.md) as an SQL interval, in a query joined to `organizations`.
 * Visits and packages are anonymised after it.
 */
export const retentionInterval = (trx: Knex) =>
  trx.raw(
    `make_interval(days => coalesce(case when jsonb_typeof(organizations.settings -> 'visitors' -> 'retentionDays') = 'number'
      then (organizations.settings -> 'visitors' ->> 'retentionDays')::int end, ?))`,
    [DEFAULT_RETENTION_DAYS],
  );

/**
 * One batch of the retention sweep: the rows with `after` < id <= `through` (primary key order),
 * at most `limit` of them. Each statement reads at most the range's rows not yet anonymised (the
 * partial `*_retention` index on id) and writes at most `limit`: its time and its locks stay
 * bounded however large the table is.
 */
export type RetentionRange = { after: number; through: number; limit: number };

/** The highest `integer` id: a range to the end of the table. */
export const MAX_ID = 2_147_483_647;

/**
 * How the sweep cuts its work: at most `limit` rows anonymised per transaction and `span` ids
 * read per statement; a batch that takes over `budgetMs` (commit included: the data-version
 * triggers run there, one call per row) halves the next one, down to 100 rows, and a quick one
 * doubles it, up to `limit` (the first holds 100), so a loaded database gets smaller transactions, not longer ones.
 */
export type RetentionBatchSizes = { limit: number; span: number; budgetMs?: number };
export const RETENTION_BATCH: RetentionBatchSizes = { limit: 1000, span: 20_000, budgetMs: 250 };
/**
 * The first batch's limit, and the least a slow batch halves to: below it a batch's fixed cost
 * (its round trips, the event) outweighs its rows, and smaller batches only go slower.
 */
const FIRST_LIMIT = 100;

/** Restricts a query on `table` to a batch's range, by id, at most its limit. */
export const inRetentionRange = (query: Knex.QueryBuilder, table: string, range: RetentionRange) =>
  query.where(`${table}.id`, '>', range.after).where(`${table}.id`, '<=', range.through).orderBy(`${table}.id`).limit(range.limit);

/**
 * Where the next batch starts: after the last row anonymised when the batch was full (rows of
 * its range may remain), else after the range.
 */
export const nextAfter = (done: Array<{ id: number }>, range: RetentionRange) =>
  done.length >= range.limit ? Math.max(...done.map((row) => row.id)) : range.through;

/**
 * Runs `batch` over the ids of `table` not yet anonymised, one short transaction per batch
 * (its row locks held only while it runs), until the highest id there when it started: rows
 * added meanwhile wait for the next sweep. Idempotent and resumable: anonymised rows leave the
 * partial index, so a sweep cut short, or run twice, starts again where work remains. Answers
 * how many rows were anonymised.
 */
export async function inRetentionBatches(
  table: 'visitors' | 'packages',
  batch: (trx: Knex.Transaction, range: RetentionRange) => Promise<{ count: number; next: number }>,
  sizes: RetentionBatchSizes = RETENTION_BATCH,
) {
  const bounds = await db()(table).whereNull('anonymized_at').first(db().raw('min(id) as first'), db().raw('max(id) as last'));
  if (bounds?.first == null) return 0;
  const last = Number(bounds.last);
  const budgetMs = sizes.budgetMs ?? Infinity;
  let after = Number(bounds.first) - 1;
  let limit = Math.min(sizes.limit, FIRST_LIMIT);
  let total = 0;
  while (after < last) {
    const span = Math.max(1, Math.round((sizes.span * limit) / sizes.limit));
    const range = { after, through: Math.min(after + span, last), limit };
    const started = performance.now();
    const { count, next } = await transaction((trx) => batch(trx, range));
    const ms = performance.now() - started;
    if (ms > budgetMs) limit = Math.max(Math.min(sizes.limit, FIRST_LIMIT), Math.floor(limit / 2));
    else if (ms < budgetMs / 2) limit = Math.min(sizes.limit, limit * 2);
    total += count;
    after = next;
  }
  return total;
}
