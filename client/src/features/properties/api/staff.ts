import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, withQuery } from '@client/lib/api';
import type { StaffService } from '@shared/enums';
import type { StaffMemberView } from '@shared/schemas/maintenance';
import { propertyQueryKey } from './get-property';
import type { PropertyUser } from './users';

export type StaffMember = StaffMemberView;

export const staffQueryKey = (propertyId: number) => [...propertyQueryKey(propertyId), 'staff'] as const;

/** GET /api/properties/:id/staff: the suppliers of the property and their service. */
export const useStaff = (propertyId: number) =>
  useQuery({ queryKey: staffQueryKey(propertyId), queryFn: () => api.get<StaffMember[]>(`/api/properties/${propertyId}/staff`) });

/** Suplidores of the property's organization, by name (`GET /api/users?role=Suplidor&q=`). */
export const useSupplierCandidates = (organizationId: number, q: string) =>
  useQuery({
    queryKey: ['properties', 'suppliers', organizationId, q.trim()] as const,
    queryFn: () => api.get<PropertyUser[]>(withQuery('/api/users', { role: 'Suplidor', organizationId, q: q.trim(), limit: 20 })),
  });

export function useAddStaff(propertyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: number; service: StaffService }) => api.post<StaffMember>(`/api/properties/${propertyId}/staff`, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffQueryKey(propertyId) }),
  });
}

export function useRemoveStaff(propertyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (staffId: number) => api.delete<void>(`/api/properties/${propertyId}/staff/${staffId}`),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: staffQueryKey(propertyId) });
      void queryClient.invalidateQueries({ queryKey: ['maintenance'] });
    },
  });
}
