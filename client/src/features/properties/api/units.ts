import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, withQuery } from '@client/lib/api';
import type { UnitCreateInput } from '@shared/schemas/units';
import { refreshProperties } from './save-property';
import { unitsQueryKey } from '@client/lib/query-keys';

/** A unit as the API answers it (server/presenters/unit.ts); `monthlyRent` in centavos. */
export type Unit = {
  id: number;
  propertyId: number;
  unitNumber: string;
  floor: number | null;
  squareMeters: number | null;
  bedrooms: number | null;
  bathrooms: number | null;
  isAvailable: boolean;
  monthlyRent: number | null;
  /** Participation percentage (alícuota), 0 to 100; null when not set. */
  share: number | null;
  /** The unit's owner (a Propietario), billed before its residents. */
  ownerId: number | null;
  ownerName: string | null;
  /** Active and temporary residents (a unit with any cannot be deleted). */
  residentCount: number;
  createdAt: string;
  updatedAt: string;
  /** Sent back by an edit (409 when the unit changed since). */
  version: number;
};

export const UNITS_PAGE_SIZE = 10;

export type UnitListParams = { q: string; page: number };

/** GET /api/properties/:id/units?q=&limit=&offset=: in natural unit-number order. */
export const getUnits = (propertyId: number, { q, page }: UnitListParams) =>
  api.page<Unit>(withQuery(`/api/properties/${propertyId}/units`, { q: q.trim(), limit: UNITS_PAGE_SIZE, offset: (page - 1) * UNITS_PAGE_SIZE }));

export const unitListQueryOptions = (propertyId: number, params: UnitListParams) =>
  queryOptions({
    queryKey: [...unitsQueryKey(propertyId), params] as const,
    queryFn: () => getUnits(propertyId, params),
    placeholderData: keepPreviousData,
  });

export const useUnits = (propertyId: number, params: UnitListParams) => useQuery(unitListQueryOptions(propertyId, params));

/** The sum of the units' shares (alícuotas) and how many units have none: the whole list, for the warning when it is not 100. */
export const useSharesTotal = (propertyId: number) =>
  useQuery({
    queryKey: [...unitsQueryKey(propertyId), 'shares'] as const,
    queryFn: async () => {
      const units = await api.get<Unit[]>(`/api/properties/${propertyId}/units`);
      const total = units.reduce((sum, unit) => sum + Math.round((unit.share ?? 0) * 10_000), 0) / 10_000;
      return { total, count: units.length, missing: units.filter((unit) => !unit.share).length };
    },
  });

/** The body of POST /api/properties/:id/units and PATCH /api/units/:id. */
export type UnitBody = UnitCreateInput;

/** POST /api/properties/:id/units (409 with a field message for a unit number already used). */
export const createUnit = (propertyId: number, body: UnitBody) => api.post<Unit>(`/api/properties/${propertyId}/units`, body);

/** GET /api/units/:id */
export const getUnit = (id: number) => api.get<Unit>(`/api/units/${id}`);

/** PATCH /api/units/:id with the version the form was filled from. */
export const updateUnit = (id: number, body: UnitBody, version?: number) => api.patch<Unit>(`/api/units/${id}`, { ...body, version });

/** DELETE /api/units/:id (409 while residents live there). */
export const deleteUnit = (id: number) => api.delete<{ success: true }>(`/api/units/${id}`);

/** Create (`id` null) or update a unit; the property's counts change too. */
export function useSaveUnit(propertyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, version }: { id: number | null; body: UnitBody; version?: number }) =>
      id === null ? createUnit(propertyId, body) : updateUnit(id, body, version),
    onSuccess: () => refreshProperties(queryClient),
  });
}

export function useDeleteUnit() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteUnit, onSuccess: () => refreshProperties(queryClient) });
}

export { unitsQueryKey };
