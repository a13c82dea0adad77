import { z } from 'zod';
import type { FiltersOf } from '@client/hooks/use-list-filters';
import { VISIT_TYPES } from '@shared/enums';
import { VISITOR_TABS } from '@shared/schemas/visitors';

// Apart from visitors.ts: the layout's visitor alerts (every signed-in page) do without zod.
/** The log's filters as the URL keeps them (`?q=&tab=&visitType=&propertyId=`). */
export const VISITOR_FILTERS = {
  q: z.string().catch(''),
  tab: z.enum(VISITOR_TABS).catch('all'),
  visitType: z.enum(VISIT_TYPES).nullable().catch(null),
  propertyId: z.coerce.number().int().positive().nullable().catch(null),
};
export type VisitorFilters = FiltersOf<typeof VISITOR_FILTERS>;
