import { useMutation, useQueryClient } from '@tanstack/react-query';
import { brandingQueryKey } from '@client/lib/branding';
import { api } from '@client/lib/api';
import type { OrganizationUpdateInput } from '@shared/schemas/organizations';
import { organizationsQueryKey, type Organization } from './get-organizations';

/** PUT /api/organizations/:id: changes only the fields sent. */
export const updateOrganization = ({ id, ...input }: OrganizationUpdateInput & { id: number }) =>
  api.put<Organization>(`/api/organizations/${id}`, input);

export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrganization,
    onSuccess: async () => {
      // The colours and contact details edited here are also the organization's branding.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: organizationsQueryKey() }),
        queryClient.invalidateQueries({ queryKey: brandingQueryKey() }),
      ]);
    },
  });
}
