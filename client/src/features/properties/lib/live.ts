import { useQueryClient } from '@tanstack/react-query';
import { dashboardQueryKey, residentsQueryKey } from '@client/lib/query-keys';
import { useLiveEvents } from '@client/lib/live-events';
import type { LiveEvent } from '@shared/events';
import { propertiesQueryKey } from '../api/get-properties';
import { amenitiesQueryKey } from '../api/amenities';

/**
 * Changes made elsewhere (another administrator, another tab) refresh what is shown: a
 * property, unit or resident event refreshes the properties (lists, counts, details, units,
 * users) and the residents; an amenity event the amenities of its property.
 */
export function usePropertyLiveUpdates(onEvent?: (event: LiveEvent) => void) {
  const queryClient = useQueryClient();
  useLiveEvents((event) => {
    const [domain] = event.type.split('.');
    if (domain === 'amenity' && event.propertyId) {
      void queryClient.invalidateQueries({ queryKey: amenitiesQueryKey(event.propertyId) });
    } else if (domain === 'property' || domain === 'unit' || domain === 'resident') {
      void queryClient.invalidateQueries({ queryKey: propertiesQueryKey() });
      if (domain !== 'unit') void queryClient.invalidateQueries({ queryKey: residentsQueryKey() });
      void queryClient.invalidateQueries({ queryKey: dashboardQueryKey() });
    } else {
      return;
    }
    onEvent?.(event);
  });
}
