import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import type { OrganizationCreateInput } from '@shared/schemas/organizations';
import { organizationsQueryKey, type Organization } from './get-organizations';

/** POST /api/organizations: answers 201 with the new organization. */
export const createOrganization = (input: OrganizationCreateInput) => api.post<Organization>('/api/organizations', input);

export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrganization,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationsQueryKey() }),
  });
}
