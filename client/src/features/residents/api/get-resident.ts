import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import { residentsQueryKey } from './get-residents';
import type { Resident } from '@client/lib/types/resident';

/** GET /api/residents/:id: the profile (user data, property, unit, status, join date). */
export const getResident = (id: number) => api.get<Resident>(`/api/residents/${id}`);

export const residentQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...residentsQueryKey(), 'detail', id] as const, queryFn: () => getResident(id) });

export const useResident = (id: number | null) => useQuery({ ...residentQueryOptions(id ?? 0), enabled: id !== null });
