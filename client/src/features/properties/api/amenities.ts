import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import type { Amenity } from '@client/lib/types/amenity';
import type { AmenityCreateInput } from '@shared/schemas/amenities';
import { propertyQueryKey } from './get-property';

export type { Amenity, AmenityType } from '@client/lib/types/amenity';


/** GET /api/properties/:id/amenities: the whole catalogue of the property, by name. */
export const getAmenities = (propertyId: number) => api.get<Amenity[]>(`/api/properties/${propertyId}/amenities`);

export const amenitiesQueryKey = (propertyId: number) => [...propertyQueryKey(propertyId), 'amenities'] as const;

export const amenitiesQueryOptions = (propertyId: number) =>
  queryOptions({ queryKey: amenitiesQueryKey(propertyId), queryFn: () => getAmenities(propertyId) });

export const useAmenities = (propertyId: number) => useQuery(amenitiesQueryOptions(propertyId));

/** The body of POST /api/amenities (PATCH /api/amenities/:id takes the same without propertyId). */
export type AmenityBody = AmenityCreateInput;

export const createAmenity = (body: AmenityBody) => api.post<Amenity>('/api/amenities', body);

/** GET /api/amenities/:id */
export const getAmenity = (id: number) => api.get<Amenity>(`/api/amenities/${id}`);

/** PATCH /api/amenities/:id with the version the form was filled from. */
export const updateAmenity = (id: number, { propertyId: _propertyId, ...body }: AmenityBody, version?: number) =>
  api.patch<Amenity>(`/api/amenities/${id}`, { ...body, version });

/** DELETE /api/amenities/:id (409 while bookings are still to come). */
export const deleteAmenity = (id: number) => api.delete<{ success: true }>(`/api/amenities/${id}`);

/** The property's catalogue and the amenities screen (key `amenities`) after a change. */
function useRefreshAmenities(propertyId: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: amenitiesQueryKey(propertyId) });
    void queryClient.invalidateQueries({ queryKey: ['amenities'] });
  };
}

export function useSaveAmenity(propertyId: number) {
  const refresh = useRefreshAmenities(propertyId);
  return useMutation({
    mutationFn: ({ id, body, version }: { id: number | null; body: AmenityBody; version?: number }) =>
      id === null ? createAmenity(body) : updateAmenity(id, body, version),
    onSuccess: refresh,
  });
}

export function useDeleteAmenity(propertyId: number) {
  const refresh = useRefreshAmenities(propertyId);
  return useMutation({ mutationFn: deleteAmenity, onSuccess: refresh });
}
