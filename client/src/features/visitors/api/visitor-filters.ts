import { param, type FiltersOf } from '@client/hooks/use-list-filters';
import { VISIT_TYPES, VISITOR_TABS } from '@shared/enums';

// Apart from visitors.ts: the layout's visitor alerts (every signed-in page) do without zod.
/** The log's filters as the URL keeps them (`?q=&tab=&visitType=&propertyId=`). */
export const VISITOR_FILTERS = {
  q: param.text,
  tab: param.oneOf(VISITOR_TABS, 'all'),
  visitType: param.oneOf(VISIT_TYPES),
  propertyId: param.id,
};
export type VisitorFilters = FiltersOf<typeof VISITOR_FILTERS>;
