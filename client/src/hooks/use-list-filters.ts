import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Page } from '@client/lib/api';
import { DAY_PATTERN } from '@shared/time';

/**
 * The filters of a list page, one reader per URL parameter: it takes the raw text (`null` when
 * absent) and answers the filter's value, its default for anything else, so a hand-edited or
 * outdated link still opens the list:
 *
 *   const WORK_ORDER_FILTERS = { q: param.text, status: param.oneOf(WORK_ORDER_STATUSES), propertyId: param.id };
 *
 * Declare it once at module level (its identity is a dependency). `q` is the search box by
 * convention: it is not counted among the active filters. (Plain functions, not zod: a list
 * page paints without the forms' validation library.)
 */
export type FilterParam<T extends string | number | boolean | null> = (raw: string | null) => T;
export type FilterParams = Record<string, FilterParam<string | number | boolean | null>>;
export type FiltersOf<S extends FilterParams> = { [K in keyof S]: ReturnType<S[K]> };

const SEARCH_KEY = 'q';

const positive = (value: string | null) => {
  const number = Number(value);
  return Number.isSafeInteger(number) && number > 0 ? number : null;
};

function oneOf<const V extends readonly string[]>(values: V): FilterParam<V[number] | null>;
function oneOf<const V extends readonly string[]>(values: V, fallback: V[number]): FilterParam<V[number]>;
function oneOf(values: readonly string[], fallback: string | null = null): FilterParam<string | null> {
  return (raw) => (raw !== null && values.includes(raw) ? raw : fallback);
}

/** The kinds of URL parameter a list filters by. */
export const param = {
  /** Free text (the search box): '' when absent. */
  text: (raw: string | null) => raw ?? '',
  /** Any text but the empty one, or null. */
  nonEmpty: (raw: string | null) => raw || null,
  /** One of the values, or the fallback (without one: null, no filter). */
  oneOf,
  /** A row's id (a positive integer), or null. */
  id: positive,
  /** A day as yyyy-mm-dd, or null. */
  day: (raw: string | null) => (raw !== null && DAY_PATTERN.test(raw) ? raw : null),
};

const byKey = (values: object) => values as Record<string, unknown>;

const parseAll = <S extends FilterParams>(readers: S, raw: (key: string) => string | null) =>
  Object.fromEntries(Object.entries(readers).map(([key, reader]) => [key, reader(raw(key))])) as FiltersOf<S>;

/**
 * A list's filters and page kept in the URL (`?q=&status=&page=`), so links, reloads and Back
 * keep them. `update(changes)` starts again at page 1; values equal to their default leave the
 * URL; history entries are replaced, not added, while the user types and filters. Other
 * parameters (`?action=upload`) are left alone.
 */
export function useListFilters<S extends FilterParams>(readers: S) {
  const [params, setParams] = useSearchParams();
  const defaults = useMemo(() => parseAll(readers, () => null), [readers]);
  const filters = useMemo(() => parseAll(readers, (key) => params.get(key)), [readers, params]);
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

  const changed = Object.keys(readers).filter((key) => byKey(filters)[key] !== byKey(defaults)[key]);
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
