import type { Knex } from 'knex';
import type { User } from '../models';
import { reachableOrganizationIds } from '../policies/tenancy';
import { lookupsOf } from '../session/lookups';

/**
 * Totals of lists (X-Total-Count) without counting on every page, and other figures of a list
 * that only its rows decide (the residents directory's bookmarks). A count is remembered with
 * the versions of the organizations the user reaches (data_versions, raised at the commit of
 * any change to their rows); while those versions stay, the same count gives the same total.
 *
 * Why it stays correct: the versions are read before the count runs, so a remembered total is
 * never older than its versions (a change committed in between is counted and moves the
 * version: the next request counts again). Only counts whose every table raises versions, and
 * whose SQL does not read the clock (a date passed as a value is part of the key), are
 * remembered; any other count runs every time.
 */
const REMEMBERED_MAX = 10_000;
const remembered = new Map<string, { versions: string; value: unknown }>();

// Every name after from/join, quoted or not (a CTE's or a function's name makes the count unremembered).
const TABLE_NAMES = /\b(?:from|join)\s+"?(\w+)/gi;
const READS_CLOCK = /\b(?:now\(\)|current_date|current_timestamp|localtimestamp|clock_timestamp)/i;

/** The tables whose changes raise versions, as the database says (migration 20261211000001), read once. */
let versionedTables: Promise<Set<string>> | undefined;
const tablesWithVersions = (trx: Knex) =>
  (versionedTables ??= trx
    .raw(`select tgrelid::regclass::text as name from pg_trigger where tgname like '%\\_data_version'`)
    .then(({ rows }) => new Set<string>(rows.map((row: { name: string }) => row.name)))
    .catch((error) => {
      versionedTables = undefined;
      throw error;
    }));

/**
 * Tables kept by triggers of versioned tables, in the changes' own transactions, so their rows
 * move with those versions: unit_debts (charges, units, properties; and the day it is kept
 * for, which its queries name as a value).
 */
const DERIVED_TABLES = new Set(['unit_debts']);

async function rememberable(sql: string, trx: Knex) {
  if (READS_CLOCK.test(sql)) return false;
  const versioned = await tablesWithVersions(trx);
  return [...sql.matchAll(TABLE_NAMES)].every(([, table]) => versioned.has(table) || DERIVED_TABLES.has(table));
}

/**
 * SQL: the versions of the organizations whose ids the array expression `ids` gives, as one
 * string (absent rows are version 0). The session query reads it too (session/lookups.ts).
 */
export const dataVersionsSql = (ids: string) =>
  `(select coalesce(string_agg(v.organization_id || ':' || v.version, ',' order by v.organization_id), '') from data_versions v where v.organization_id = any(${ids}))`;

/** The versions of these organizations: loaded with an HTTP request's session, else read now. */
async function versionsOf(user: User, organizationIds: number[], trx: Knex): Promise<string> {
  const loaded = lookupsOf(user)?.dataVersions;
  if (loaded !== undefined) return loaded;
  const { rows } = await trx.raw(`select ${dataVersionsSql('?')} as versions`, [organizationIds]);
  return rows[0].versions;
}

/**
 * What `compute` answers for `query` (its SQL and values are the key), remembered while the
 * versions of the organizations `user` reaches stay the same. Queries that read the clock or
 * a table without versions, run in a transaction, or of super-admins (they reach every
 * organization), are computed every time.
 */
export async function rememberedForVersions<T>(user: User, query: Knex.QueryBuilder | Knex.Raw, compute: () => Promise<T>, trx: Knex): Promise<T> {
  // Inside a transaction a count may see its own uncommitted rows: never remembered.
  if (trx.isTransaction) return compute();
  const { sql, bindings } = query.toSQL();
  const organizationIds = await reachableOrganizationIds(user, trx);
  if (!organizationIds || !(await rememberable(sql, trx))) return compute();

  const key = `${sql}\u0000${JSON.stringify(bindings)}`;
  // Read before computing: what is remembered is never older than the versions it is kept with.
  const versions = await versionsOf(user, organizationIds, trx);
  const known = remembered.get(key);
  // Most recently used last: the oldest entries leave first when the map is full.
  remembered.delete(key);
  if (known?.versions === versions) {
    remembered.set(key, known);
    return known.value as T;
  }
  const value = await compute();
  remembered.set(key, { versions, value });
  if (remembered.size > REMEMBERED_MAX) remembered.delete(remembered.keys().next().value!);
  return value;
}

/** How many rows `filtered` (a list's query with its filters, no page) finds for `user`. */
export function listTotal(user: User, filtered: Knex.QueryBuilder, trx: Knex): Promise<number> {
  const query = filtered.clone().clearSelect().clearOrder().count({ total: '*' });
  return rememberedForVersions(user, query, async () => Number((await query)[0].total), trx);
}
