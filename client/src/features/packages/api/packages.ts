import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, withQuery } from '@client/lib/api';
import { param, type FiltersOf } from '@client/hooks/use-list-filters';
import { PACKAGE_CARRIERS, PACKAGE_STATUSES } from '@shared/enums';
import type { PackageView, PetView, PlateMatch, VehicleView } from '@shared/schemas/packages';

export type { PackageView, PetView, PlateMatch, VehicleView };

export const PACKAGES_PAGE_SIZE = 20;

/** Every read of the module lives under this key: a live event refreshes them all. */
export const packagesQueryKey = () => ['packages'] as const;

/** The administrators' log filters as the URL keeps them. */
export const PACKAGE_FILTERS = {
  q: param.text,
  status: param.oneOf(PACKAGE_STATUSES),
  carrier: param.oneOf(PACKAGE_CARRIERS),
  propertyId: param.id,
};
export type PackageFilters = FiltersOf<typeof PACKAGE_FILTERS>;
const listQuery = ({ q, ...filters }: PackageFilters) => ({ q: q.trim(), ...filters });

export const usePackageLog = (filters: PackageFilters, page: number) =>
  useQuery({
    queryKey: [...packagesQueryKey(), 'log', filters, page] as const,
    queryFn: () => api.page<PackageView>(withQuery('/api/packages', { ...listQuery(filters), limit: PACKAGES_PAGE_SIZE, offset: (page - 1) * PACKAGES_PAGE_SIZE })),
    placeholderData: keepPreviousData,
  });
export const packageExport = (filters: PackageFilters) => ({ path: withQuery('/api/packages/export.csv', listQuery(filters)), fileName: 'paquetes.csv' });

/** Waiting packages (oldest first), of one property for the desk, of the user's units for residents. */
export const useWaitingPackages = (propertyId: number | null) =>
  useQuery({
    queryKey: [...packagesQueryKey(), 'waiting', propertyId] as const,
    queryFn: () => api.get<PackageView[]>(withQuery('/api/packages', { propertyId, status: 'waiting', limit: 500 })),
  });
export const usePackageHistory = () =>
  useQuery({ queryKey: [...packagesQueryKey(), 'history'] as const, queryFn: () => api.get<PackageView[]>(withQuery('/api/packages', { limit: 50 })) });

export type DeskProperty = { id: number; name: string };
export const useDeskProperties = () => useQuery({ queryKey: [...packagesQueryKey(), 'desk-properties'] as const, queryFn: () => api.get<DeskProperty[]>('/api/desk/properties') });
export type UnitOption = { id: number; unitNumber: string };
/** The units of a property a package may be logged for (every unit for the desk; a resident's own). */
export const usePropertyUnits = (propertyId: number | null) =>
  useQuery({
    queryKey: [...packagesQueryKey(), 'units', propertyId] as const,
    queryFn: () => api.get<UnitOption[]>(withQuery('/api/visitors/units', { propertyId })),
    enabled: propertyId !== null,
  });
export type PropertyOption = { id: number; name: string };
export const useMyProperties = () => useQuery({ queryKey: [...packagesQueryKey(), 'properties'] as const, queryFn: () => api.get<PropertyOption[]>('/api/properties?limit=100') });

function useRefresh() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: packagesQueryKey() });
}

type Upload = { fileType: string; fileName?: string | null; content: string };
export type DeskUnit = { id: number; unitNumber: string; residents: string[] };
/** The desk's units of a property with their residents' names, for the unit search of the log form. */
export const useDeskUnits = (propertyId: number) =>
  useQuery({
    queryKey: [...packagesQueryKey(), 'desk-units', propertyId] as const,
    queryFn: () => api.get<DeskUnit[]>(withQuery('/api/packages/units', { propertyId })),
  });

export type PackageInput = { propertyId: number; unitId: number; carrier: string; tracking?: string; size: string; perishable: boolean; shelf?: string; notes?: string; photo?: Upload | null };
export type PickupInput = { id: number; code?: string; pickedUpBy: { userId?: number; name?: string; idNumber?: string }; signature?: Upload | null };

export function useLogPackage() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (input: PackageInput) => api.post<PackageView>('/api/packages', input), onSettled: refresh });
}
export function usePickup() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: ({ id, ...body }: PickupInput) => api.post<PackageView>(`/api/packages/${id}/pickup`, body), onSettled: refresh });
}
export function useReturnPackage() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: ({ id, reason }: { id: number; reason: string }) => api.post<PackageView>(`/api/packages/${id}/return`, { reason }), onSettled: refresh });
}

/** Who may pick up for a unit by name: its residents (from the residents directory of the property). */
export type UnitPerson = { id: number; name: string };

export const usePlateSearch = (propertyId: number | null, plate: string) =>
  useQuery({
    queryKey: [...packagesQueryKey(), 'plates', propertyId, plate] as const,
    queryFn: () => api.get<PlateMatch[]>(withQuery('/api/desk/vehicles', { propertyId, plate })),
    enabled: propertyId !== null && plate.replace(/[\s-]/g, '').length >= 2,
  });

export const useUnitVehicles = (unitId: number) => useQuery({ queryKey: [...packagesQueryKey(), 'vehicles', unitId] as const, queryFn: () => api.get<VehicleView[]>(`/api/units/${unitId}/vehicles`) });
export const useUnitPets = (unitId: number) => useQuery({ queryKey: [...packagesQueryKey(), 'pets', unitId] as const, queryFn: () => api.get<PetView[]>(`/api/units/${unitId}/pets`) });
export const useExpiringRecords = (propertyId: number | null) =>
  useQuery({ queryKey: [...packagesQueryKey(), 'expiring', propertyId] as const, queryFn: () => api.get<PetView[]>(withQuery('/api/pets/expiring', { propertyId })) });

export type VehicleInput = { plate: string; make?: string; model?: string; colour?: string; parkingSpot?: string };
export function useAddVehicle(unitId: number) {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (input: VehicleInput) => api.post<VehicleView>(`/api/units/${unitId}/vehicles`, input), onSettled: refresh });
}
export function useRemoveVehicle() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: number) => api.delete(`/api/vehicles/${id}`), onSettled: refresh });
}
export type PetInput = { name: string; species: string; breed?: string; recordExpiresOn?: string; record?: Upload | null };
export function useAddPet(unitId: number) {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (input: PetInput) => api.post<PetView>(`/api/units/${unitId}/pets`, input), onSettled: refresh });
}
export function useRemovePet() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: number) => api.delete(`/api/pets/${id}`), onSettled: refresh });
}
