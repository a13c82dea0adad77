import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { param, type FiltersOf } from '@client/hooks/use-list-filters';
import { api, withQuery } from '@client/lib/api';
import { RESIDENT_STATUSES } from '@shared/enums';
import type { Resident } from '@client/lib/types/resident';
import { residentsQueryKey } from '@client/lib/query-keys';

export const RESIDENTS_PAGE_SIZE = 10;

/** The directory's filters as the URL keeps them (`?q=&status=&propertyId=`), for useListFilters. */
export const RESIDENT_FILTERS = {
  q: param.text,
  status: param.oneOf(RESIDENT_STATUSES),
  propertyId: param.id,
};

/** What the directory shows: search, status and property filters, page (1-based). */
export type ResidentFilters = FiltersOf<typeof RESIDENT_FILTERS> & { page: number };

/** The query of the directory and its CSV export (same filters, no page). */
export const residentFilterQuery = ({ q, status, propertyId }: Omit<ResidentFilters, 'page'>) => ({ q: q.trim(), status, propertyId });

/** GET /api/residents: one page of the residents the user may see, by name, and the total. */
export const getResidents = (filters: ResidentFilters) =>
  api.page<Resident>(
    withQuery('/api/residents', {
      ...residentFilterQuery(filters),
      limit: RESIDENTS_PAGE_SIZE,
      offset: (filters.page - 1) * RESIDENTS_PAGE_SIZE,
    }),
  );

export const residentListQueryKey = (filters: ResidentFilters) => [...residentsQueryKey(), 'list', filters] as const;

export const residentListQueryOptions = (filters: ResidentFilters) =>
  queryOptions({ queryKey: residentListQueryKey(filters), queryFn: () => getResidents(filters), placeholderData: keepPreviousData });

export const useResidents = (filters: ResidentFilters) => useQuery(residentListQueryOptions(filters));

export { residentsQueryKey };
