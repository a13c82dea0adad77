import type { Knex } from 'knex';
import type { User } from '../models';
import { reachableOrganizationIds } from '../policies/tenancy';
import { lookupsOf } from '../session/lookups';

/**
 * Lists without querying on every request: their totals (X-Total-Count), their pages' rows and
 * other figures that only their rows decide (the residents directory's bookmarks). What a query
 * answers is remembered with the versions of the organizations the user reaches (data_versions,
 * raised at the commit of any change to their rows); while those versions stay, the same query
 * gives the same answer.
 *
 * Why it stays correct: the versions are read before the query runs, so a remembered answer is
 * never older than its versions (a change committed in between is read and moves the version:
 * the next request queries again). Only queries whose every table raises versions, and whose
 * SQL does not read the clock (a date passed as a value is part of the key), are remembered;
 * any other runs every time.
 */
const remembered = new Map<string, { versions: string; value: unknown; weight: number }>();
// Bounds the memory: a remembered list weighs its rows, any other answer 1; the least recently used leave first.
const REMEMBERED_WEIGHT = 20_000;
let rememberedWeight = 0;

function remember(key: string, entry: { versions: string; value: unknown; weight: number }) {
  forget(key);
  // (A whole list, as an export asks it, would push out everything else: not remembered.)
  if (entry.weight > REMEMBERED_WEIGHT / 4) return;
  remembered.set(key, entry);
  rememberedWeight += entry.weight;
  while (rememberedWeight > REMEMBERED_WEIGHT) forget(remembered.keys().next().value!);
}

function forget(key: string) {
  rememberedWeight -= remembered.get(key)?.weight ?? 0;
  remembered.delete(key);
}

// Every name after from/join, quoted or not (a function's name makes the query unremembered).
const TABLE_NAMES = /\b(?:from|join)\s+"?(\w+)/gi;
// Names the query gives its own subqueries (WITH): read through them, they are their tables.
const CTE_NAMES = /(?:\bwith(?:\s+recursive)?|,)\s+"?(\w+)"?\s+as\s+(?:not\s+)?(?:materialized\s+)?\(/gi;
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

/** Whether what `sql` (and a computation reading `alsoReads` besides) answers may be remembered; known per text. */
const judged = new Map<string, boolean>();
async function rememberable(sql: string, alsoReads: string[], trx: Knex) {
  const text = `${sql}\u0000${alsoReads}`;
  let verdict = judged.get(text);
  if (verdict === undefined) {
    const versioned = await tablesWithVersions(trx);
    const named = new Set([...sql.matchAll(CTE_NAMES)].map(([, name]) => name));
    verdict =
      !READS_CLOCK.test(sql) &&
      [...[...sql.matchAll(TABLE_NAMES)].map(([, table]) => table), ...alsoReads].every((table) => versioned.has(table) || DERIVED_TABLES.has(table) || named.has(table));
    // (Texts differ by their shape, not their values: a few hundred at most.)
    if (judged.size >= 1000) judged.clear();
    judged.set(text, verdict);
  }
  return verdict;
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

/** A list (or a page with its total) weighs its rows; anything else 1. */
function weightOf(value: unknown) {
  const rows = Array.isArray(value) ? value : (value as { rows?: unknown } | null)?.rows;
  return Array.isArray(rows) ? Math.max(1, rows.length) : 1;
}

/**
 * What `compute` answers for `query` (its SQL and values are the key), remembered while the
 * versions of the organizations `user` reaches stay the same. `alsoReads` names the tables
 * `compute` reads beyond `query`'s own. Queries that read the clock or a table without
 * versions, run in a transaction, or of super-admins (they reach every organization), are
 * computed every time. What is answered is shared: never change it.
 */
export async function rememberedForVersions<T>(
  user: User,
  query: Knex.QueryBuilder | Knex.Raw,
  compute: () => Promise<T>,
  trx: Knex,
  alsoReads: string[] = [],
): Promise<T> {
  // Inside a transaction a query may see its own uncommitted rows: never remembered.
  if (trx.isTransaction) return compute();
  const { sql, bindings } = query.toSQL();
  return rememberedUnder(user, sql, `${sql}\u0000${JSON.stringify(bindings)}`, compute, trx, alsoReads);
}

/**
 * What `compute` answers, remembered like a query's answer (rememberedForVersions) under `key`:
 * a name for what it computes and every value it depends on (ids, days: never the clock, which
 * must be read by the caller and put in the key), when it reads only the tables `reads` names
 * (and SQL that does not read the clock). For answers made of several queries and the
 * computation between them (finances' figures).
 */
export async function rememberedRead<T>(user: User, key: { name: string; values: unknown[] }, reads: string[], compute: () => Promise<T>, trx: Knex): Promise<T> {
  if (trx.isTransaction) return compute();
  return rememberedUnder(user, '', `read:${key.name}\u0000${JSON.stringify(key.values)}`, compute, trx, reads);
}

async function rememberedUnder<T>(user: User, sql: string, key: string, compute: () => Promise<T>, trx: Knex, alsoReads: string[]): Promise<T> {
  const organizationIds = await reachableOrganizationIds(user, trx);
  if (!organizationIds || !(await rememberable(sql, alsoReads, trx))) return compute();

  // Read before computing: what is remembered is never older than the versions it is kept with.
  const versions = await versionsOf(user, organizationIds, trx);
  const known = remembered.get(key);
  if (known?.versions === versions) {
    remember(key, known);
    return known.value as T;
  }
  const value = await compute();
  remember(key, { versions, value, weight: weightOf(value) });
  return value;
}

/**
 * The rows of a list's page (`page`: its query with order and limit), remembered like its
 * total; `finish` makes them what the list answers, reading the tables `alsoReads` names.
 */
export function rememberedRows<Row, T = Row>(
  user: User,
  page: Knex.QueryBuilder,
  trx: Knex,
  { finish, alsoReads }: { finish?: (rows: Row[]) => T[] | Promise<T[]>; alsoReads?: string[] } = {},
): Promise<T[]> {
  return rememberedForVersions(user, page, async () => (finish ? finish(await page) : await page), trx, alsoReads);
}

/**
 * A list's page and the list's total (X-Total-Count). `page` is the `filtered` list with its
 * order, offset and limit, so its SQL names every filter: both are remembered under the page's
 * query alone (one query to compile per request), and the total also under the list's own,
 * which every page of the list shares. `finish` and `alsoReads` as for rememberedRows.
 */
export function rememberedPage<Row, T = Row>(
  user: User,
  { page, filtered }: { page: Knex.QueryBuilder; filtered: () => Knex.QueryBuilder },
  trx: Knex,
  { finish, alsoReads }: { finish?: (rows: Row[]) => T[] | Promise<T[]>; alsoReads?: string[] } = {},
): Promise<{ rows: T[]; total: number }> {
  return rememberedForVersions(
    user,
    page,
    async () => {
      const [rows, total] = await Promise.all([page.then((read: Row[]) => (finish ? finish(read) : (read as unknown as T[]))), listTotal(user, filtered(), trx)]);
      return { rows, total };
    },
    trx,
    alsoReads,
  );
}

/** How many rows `filtered` (a list's query with its filters, no page) finds for `user`. */
export function listTotal(user: User, filtered: Knex.QueryBuilder, trx: Knex): Promise<number> {
  const query = filtered.clone().clearSelect().clearOrder().count({ total: '*' });
  return rememberedForVersions(user, query, async () => Number((await query)[0].total), trx);
}
