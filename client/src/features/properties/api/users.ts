import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import type { Role } from '@shared/enums';
import { propertyQueryKey } from './get-property';

/** A user linked to a property (spec "Property user"). */
export type PropertyUser = { id: number; name: string; lastName: string | null; username: string; email: string | null; role: Role };

/** GET /api/properties/:id/users: its residents, owner and staff suppliers (administrators only). */
export const getPropertyUsers = (propertyId: number) => api.get<PropertyUser[]>(`/api/properties/${propertyId}/users`);

export const propertyUsersQueryKey = (propertyId: number) => [...propertyQueryKey(propertyId), 'users'] as const;

export const propertyUsersQueryOptions = (propertyId: number) =>
  queryOptions({ queryKey: propertyUsersQueryKey(propertyId), queryFn: () => getPropertyUsers(propertyId) });

export const usePropertyUsers = (propertyId: number, enabled = true) => useQuery({ ...propertyUsersQueryOptions(propertyId), enabled });

/**
 * POST /api/users/:id/reset-password: `{ tempPassword }`, shown once. The user must choose a
 * new password at the next sign-in; their open sessions end.
 */
export const resetPassword = (userId: number) => api.post<{ tempPassword: string }>(`/api/users/${userId}/reset-password`);

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
