import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import type { Page } from '@client/lib/api';

/**
 * The filters of a list page, one zod schema per URL parameter. Each schema reads the raw text
 * (`null` when absent) and falls back to its default with `.catch()`, so a hand-edited or
 * outdated link still opens the list:
 *
 *   const WORK_ORDER_FILTERS = {
 *     q: z.string().catch(''),
 *     status: z.enum(WORK_ORDER_STATUSES).nullable().catch(null),
 *     propertyId: z.coerce.number().int().positive().nullable().catch(null),
 *   };
 *
 * Declare it once at module level (its identity is a dependency). `q` is the search box by
 * convention: it is not counted among the active filters.
 */
export type FilterSchemas = Record<string, z.ZodType<string | number | boolean | null>>;
export type FiltersOf<S extends FilterSchemas> = { [K in keyof S]: z.output<S[K]> };

const SEARCH_KEY = 'q';

const positive = (value: string | null) => {
  const number = Number(value);
  return Number.isSafeInteger(number) && number > 0 ? number : null;
};

const byKey = (values: object) => values as Record<string, unknown>;

const parseAll = <S extends FilterSchemas>(schemas: S, read: (key: string) => string | null) =>
  Object.fromEntries(Object.entries(schemas).map(([key, schema]) => [key, schema.parse(read(key))])) as FiltersOf<S>;

/**
 * A list's filters and page kept in the URL (`?q=&status=&page=`), so links, reloads and Back
 * keep them. `update(changes)` starts again at page 1; values equal to their default leave the
 * URL; history entries are replaced, not added, while the user types and filters. Other
 * parameters (`?action=upload`) are left alone.
 */
export function useListFilters<S extends FilterSchemas>(schemas: S) {
  const [params, setParams] = useSearchParams();
  const defaults = useMemo(() => parseAll(schemas, () => null), [schemas]);
  const filters = useMemo(() => parseAll(schemas, (key) => params.get(key)), [schemas, params]);
  const page = positive(params.get('page')) ?? 1;

  // The router hands its updater the parameters of the last render, so a second change made
  // before the first has rendered (two filters picked in quick succession) would undo the
  // first. Each change starts from the latest one written instead.
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);
  const write = useCallback(
    (changes: Record<string, unknown>) => {
      const next = new URLSearchParams(latest.current);
      for (const [key, value] of Object.entries(changes)) {
        const isDefault = key === 'page' ? value === 1 : value === byKey(defaults)[key];
        if (value === null || value === undefined || value === '' || isDefault) next.delete(key);
        else next.set(key, String(value));
      }
      latest.current = next;
      setParams(next, { replace: true });
    },
    [setParams, defaults],
  );

  /** Sets some filters (null: back to the default) and starts again at page 1. */
  const update = useCallback((changes: { [K in keyof S]?: FiltersOf<S>[K] | null }) => write({ ...changes, page: null }), [write]);
  const setPage = useCallback((next: number) => write({ page: next }), [write]);
  /** Search and every filter back to their defaults (Clear filters). */
  const clear = useCallback(() => write({ ...defaults, page: null }), [write, defaults]);

  const changed = Object.keys(schemas).filter((key) => byKey(filters)[key] !== byKey(defaults)[key]);
  return {
    filters,
    page,
    update,
    setPage,
    clear,
    /** How many filters other than the search are set (the Filter button's badge). */
    activeFilters: changed.filter((key) => key !== SEARCH_KEY).length,
    /** Whether the search or any filter narrows the list (the empty state says so). */
    filtered: changed.length > 0,
  };
}

/**
 * A page emptied by changes (a deletion here or elsewhere, a live update) turns to the last
 * page that still has rows, once the answer for the page shown has arrived.
 */
export function useKeepPageInRange(
  list: { page: number; setPage: (page: number) => void },
  result: { data?: Page<unknown>; isPlaceholderData: boolean },
  pageSize: number,
) {
  const { data, isPlaceholderData } = result;
  const lastPage = data ? Math.max(1, Math.ceil(data.total / pageSize)) : 1;
  const pastTheEnd = Boolean(data && !isPlaceholderData && !data.items.length && list.page > lastPage);
  const { setPage } = list;
  useEffect(() => {
    if (pastTheEnd) setPage(lastPage);
  }, [pastTheEnd, lastPage, setPage]);
}
