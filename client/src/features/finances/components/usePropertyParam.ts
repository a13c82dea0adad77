import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { usePropertyOptions } from '@client/lib/property-options';

/**
 * The property a finances page shows (`?propertyId=` in the URL, so links and Back keep it);
 * without one, all of them (null), or with `firstByDefault` the first of the user's properties
 * (a page that shows one property at a time).
 */
export function usePropertyParam({ firstByDefault = false } = {}) {
  const [params, setParams] = useSearchParams();
  const chosen = Number(params.get('propertyId'));
  const options = usePropertyOptions('');
  const fallback = firstByDefault ? (options.data?.items[0]?.id ?? null) : null;
  const propertyId = Number.isSafeInteger(chosen) && chosen > 0 ? chosen : fallback;
  const setPropertyId = useCallback(
    (id: number | null) => {
      const next = new URLSearchParams(params);
      if (id === null) next.delete('propertyId');
      else next.set('propertyId', String(id));
      setParams(next, { replace: true });
    },
    [params, setParams],
  );
  return { propertyId, setPropertyId, loading: firstByDefault && options.isPending };
}
