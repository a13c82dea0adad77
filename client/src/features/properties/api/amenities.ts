import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import type { AMENITY_TYPES } from '@shared/enums';
import type { AmenityCreateInput } from '@shared/schemas/amenities';
import { propertyQueryKey } from './get-property';

export type AmenityType = (typeof AMENITY_TYPES)[number];

/** An amenity as the API answers it (server/presenters/amenity.ts): `hourlyRate` in centavos, hours 'HH:MM'. */
export type Amenity = {
  id: number;
  name: string;
  type: AmenityType;
  description: string | null;
  capacity: number;
  hourlyRate: number;
  isBookable: boolean;
  openingTime: string | null;
  closingTime: string | null;
  /** Booking rules (docs/modules/bookings.md): ISO weekdays open (1 = Monday), minutes, hours, days; deposit in centavos. */
  daysOpen: number[];
  slotMinutes: number;
  minNoticeHours: number;
  maxAdvanceDays: number;
  bufferMinutes: number;
  maxPerUnitPerMonth: number | null;
  exclusive: boolean;
  requiresApproval: boolean;
  cancelHoursBefore: number;
  blockIfOverdue: boolean;
  deposit: number;
  propertyId: number;
  organizationId: number;
  createdAt: string;
  updatedAt: string;
  /** Sent back by an edit (409 when the amenity changed since). */
  version: number;
};

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
