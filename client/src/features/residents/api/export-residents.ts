import { withQuery } from '@client/lib/api';
import { residentFilterQuery, type ResidentFilters } from './get-residents';

/** GET /api/residents/export: the filtered directory (every page) as CSV (a ListToolbar's `csv`). */
export const residentsExport = (filters: Omit<ResidentFilters, 'page'>) => ({
  path: withQuery('/api/residents/export', residentFilterQuery(filters)),
  fileName: 'residentes.csv',
});
