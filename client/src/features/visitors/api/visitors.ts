import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, withQuery } from '@client/lib/api';
import type {
  DeskVerdict,
  PublicPass,
  VisitorBlockView,
  VisitorSettings,
  VisitorSummary,
  VisitorView,
} from '@shared/schemas/visitors';
import type { VisitorFilters } from './visitor-filters';

export type { DeskVerdict, PublicPass, VisitorSummary, VisitorView, VisitorBlockView };

export const VISITORS_PAGE_SIZE = 10;

const listQuery = ({ q, ...filters }: VisitorFilters) => ({ q: q.trim(), ...filters });

/** Every visitor read lives under this key: a live event refreshes them all. */
export const visitorsQueryKey = () => ['visitors'] as const;

export const visitorListQueryOptions = (filters: VisitorFilters, page: number) =>
  queryOptions({
    queryKey: [...visitorsQueryKey(), 'list', filters, page] as const,
    queryFn: () => api.page<VisitorView>(withQuery('/api/visitors', { ...listQuery(filters), limit: VISITORS_PAGE_SIZE, offset: (page - 1) * VISITORS_PAGE_SIZE })),
    placeholderData: keepPreviousData,
  });
export const useVisitorList = (filters: VisitorFilters, page: number) => useQuery(visitorListQueryOptions(filters, page));

export const useVisitorSummary = (propertyId: number | null) =>
  useQuery({
    queryKey: [...visitorsQueryKey(), 'summary', propertyId] as const,
    queryFn: () => api.get<VisitorSummary>(withQuery('/api/visitors/summary', { propertyId })),
  });

export const visitorExport = (filters: VisitorFilters) => ({ path: withQuery('/api/visitors/export.csv', listQuery(filters)), fileName: 'visitantes.csv' });

export type HostUnit = { id: number; unitNumber: string };
export const useHostUnits = (propertyId: number | null) =>
  useQuery({
    queryKey: [...visitorsQueryKey(), 'units', propertyId] as const,
    queryFn: () => api.get<HostUnit[]>(withQuery('/api/visitors/units', { propertyId })),
    enabled: propertyId !== null,
  });

function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: visitorsQueryKey() });
    void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
  };
}

export type VisitorInput = {
  propertyId: number;
  unitId: number;
  name: string;
  email?: string | null;
  phone?: string | null;
  purpose?: string | null;
  visitType: string;
  expectedArrival: string;
  expectedDeparture?: string | null;
  recurrence?: { until: string; weekdays: number[] } | null;
  vehiclePlate?: string | null;
  notes?: string | null;
};

export function useCreateVisitor() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (input: VisitorInput) => api.post<VisitorView>('/api/visitors', input), onSettled: refresh });
}

export function usePatchVisitor() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...patch }: { id: number } & Record<string, unknown>) => api.patch<VisitorView>(`/api/visitors/${id}`, patch),
    onSettled: refresh,
  });
}

export function useDecision() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, allow }: { id: number; allow: boolean }) => api.post<VisitorView>(`/api/visitors/${id}/decision`, { allow }),
    onSettled: refresh,
  });
}

// The desk ------------------------------------------------------------------------------------

export const useDeskProperties = () =>
  useQuery({ queryKey: [...visitorsQueryKey(), 'desk', 'properties'] as const, queryFn: () => api.get<Array<{ id: number; name: string }>>('/api/desk/properties') });

export type DeskToday = { expected: VisitorView[]; pending: VisitorView[]; inside: VisitorView[] };
export const useDeskToday = (propertyId: number | null) =>
  useQuery({
    queryKey: [...visitorsQueryKey(), 'desk', 'today', propertyId] as const,
    queryFn: () => api.get<DeskToday>(withQuery('/api/desk/today', { propertyId })),
    enabled: propertyId !== null,
  });

export const useLookup = () => useMutation({ mutationFn: (input: { propertyId: number; code: string }) => api.post<DeskVerdict>('/api/desk/lookup', input) });

export function useCheck() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, direction }: { id: number; direction: 'in' | 'out' }) => api.post<VisitorView>(`/api/visitors/${id}/check-${direction}`, {}),
    onSettled: refresh,
  });
}

export function useWalkIn() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { propertyId: number; unitId: number; name: string; visitType: string; phone?: string; vehiclePlate?: string }) => api.post<VisitorView>('/api/desk/walk-ins', input),
    onSettled: refresh,
  });
}


// The public pass ------------------------------------------------------------------------------

export const usePublicPass = (token: string) =>
  useQuery({ queryKey: ['pass', token] as const, queryFn: () => api.get<PublicPass>(`/api/passes/${encodeURIComponent(token)}`), retry: false });

// Do not admit ----------------------------------------------------------------------------------

export const useBlocks = () => useQuery({ queryKey: [...visitorsQueryKey(), 'blocks'] as const, queryFn: () => api.get<VisitorBlockView[]>('/api/visitors/do-not-admit') });

export function useAddBlock() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { propertyId: number; unitId: number; name: string; reason?: string }) => api.post<VisitorBlockView>('/api/visitors/do-not-admit', input),
    onSettled: refresh,
  });
}

export function useRemoveBlock() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: number) => api.delete<void>(`/api/visitors/do-not-admit/${id}`), onSettled: refresh });
}

// Retention (system settings) -------------------------------------------------------------------

export const visitorSettingsQueryKey = () => ['settings', 'visitors'] as const;
export const useVisitorSettings = () => useQuery({ queryKey: visitorSettingsQueryKey(), queryFn: () => api.get<VisitorSettings>('/api/visitors/settings') });

export function useUpdateVisitorSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VisitorSettings) => api.put<VisitorSettings>('/api/visitors/settings', input),
    onSuccess: (settings) => queryClient.setQueryData(visitorSettingsQueryKey(), settings),
  });
}
