import type { Knex } from 'knex';

/** The user's text for LIKE, its wildcards taken literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%text%` for (I)LIKE. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;

/**
 * A LIKE pattern for the folded (lowercase, unaccented) `search_text` columns: "perez" and
 * "PÉREZ" both find "Pérez". See migration 20261122000400.
 */
export const foldedContains = (trx: Knex, text: string) => trx.raw("'%' || public.vecindad_fold(?) || '%'", [escapeLike(text)]);

/**
 * Narrows `query` to rows where any of these text columns (the first required, the rest
 * nullable) contains the user's text, folded as `foldedContains` folds it.
 */
export function whereAnyContains<Q extends Knex.QueryBuilder>(query: Q, trx: Knex, columns: [string, ...string[]], text: string): Q {
  const [first, ...rest] = columns;
  const joined = [first, ...rest.map((column) => `coalesce(${column}, '')`)].join(" || ' ' || ");
  return query.where(trx.raw(`public.vecindad_fold(${joined})`), 'like', foldedContains(trx, text)) as Q;
}
