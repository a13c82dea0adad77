import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, withQuery } from '@client/lib/api';
import { useLiveEvents } from '@client/lib/live-events';
import type { AssemblyStatus, Quorum, Tally } from '@shared/assemblies';
import type { AssemblySettings, Assembly, AssemblyCreateInput, AssemblyDetail, AssemblyItemInput, AttendanceRow } from '@shared/schemas/assemblies';

export type { Assembly, AssemblyDetail, AttendanceRow };

export const ASSEMBLIES_PAGE_SIZE = 10;

export type ProxyRow = {
  id: number;
  unitId: number;
  unitNumber: string;
  holderUserId: number | null;
  holderUserName: string | null;
  holderName: string | null;
  holderIdNumber: string | null;
  status: 'pending' | 'approved' | 'rejected';
};

/** Every assemblies read lives under this key: a live event refreshes them all. */
export const assembliesKey = () => ['assemblies'] as const;

export const useAssemblies = (status: AssemblyStatus | null, page: number) =>
  useQuery({
    queryKey: [...assembliesKey(), 'list', status, page] as const,
    queryFn: () =>
      api.page<Assembly>(withQuery('/api/assemblies', { status, limit: ASSEMBLIES_PAGE_SIZE, offset: (page - 1) * ASSEMBLIES_PAGE_SIZE })),
    placeholderData: keepPreviousData,
  });

export const useAssembly = (id: number) =>
  useQuery({ queryKey: [...assembliesKey(), 'detail', id] as const, queryFn: () => api.get<AssemblyDetail>(`/api/assemblies/${id}`) });

export const useAttendance = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: [...assembliesKey(), 'attendance', id] as const,
    queryFn: () => api.get<AttendanceRow[]>(`/api/assemblies/${id}/attendance`),
    enabled,
  });

export const useProxies = (id: number, enabled: boolean) =>
  useQuery({ queryKey: [...assembliesKey(), 'proxies', id] as const, queryFn: () => api.get<ProxyRow[]>(`/api/assemblies/${id}/proxies`), enabled });

/** A call that changes an assembly: every assemblies read refreshes afterwards. */
function useAssemblyMutation<V>(run: (vars: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => queryClient.invalidateQueries({ queryKey: assembliesKey() }) });
}

export const useCreateAssembly = () => useAssemblyMutation((input: AssemblyCreateInput) => api.post<Assembly>('/api/assemblies', input));
export const useSaveAgenda = (id: number) => useAssemblyMutation((items: AssemblyItemInput[]) => api.patch(`/api/assemblies/${id}`, { items }));
export const useAssemblyAction = (id: number) =>
  useAssemblyMutation(({ action, reason }: { action: 'convene' | 'start' | 'close' | 'cancel'; reason?: string }) =>
    api.post(`/api/assemblies/${id}/${action}`, action === 'cancel' ? { reason } : {}),
  );
export const useMarkPresent = (id: number) =>
  useAssemblyMutation(({ unitId, via }: { unitId: number; via: 'room' | 'online' }) => api.post(`/api/assemblies/${id}/attendance`, { unitId, present: true, via }));
export const useItemAction = (id: number) =>
  useAssemblyMutation(({ itemId, action }: { itemId: number; action: 'open' | 'close' }) => api.post(`/api/assemblies/${id}/items/${itemId}/${action}`));
export const useVote = (id: number) =>
  useAssemblyMutation(({ itemId, unitId, option }: { itemId: number; unitId: number; option: string }) =>
    api.post(`/api/assemblies/${id}/items/${itemId}/votes`, { unitId, option }),
  );
export const useDecideProxy = () =>
  useAssemblyMutation(({ proxyId, status }: { proxyId: number; status: 'approved' | 'rejected' }) => api.patch(`/api/proxies/${proxyId}`, { status }));
export const useCreateProxy = (id: number) =>
  useAssemblyMutation((input: { unitId: number; holderName: string; holderIdNumber: string; letter: { fileName: string; fileType: string; content: string } }) =>
    api.post(`/api/assemblies/${id}/proxies`, input),
  );

type LivePayload = { assemblyId?: number; itemId?: number; quorum?: Quorum; tally?: Tally };

/**
 * Quorum and tallies move on other screens (check-ins, ballots): the figures in the event are
 * written straight into the assembly's detail (no round trip), then every read refreshes.
 */
export function useAssembliesLive() {
  const queryClient = useQueryClient();
  useLiveEvents((event) => {
    if (!event.type.startsWith('assembly.')) return;
    const payload = event.payload as LivePayload;
    if (payload?.assemblyId) {
      queryClient.setQueryData<AssemblyDetail>([...assembliesKey(), 'detail', payload.assemblyId], (detail) => {
        if (!detail) return detail;
        const quorum = payload.quorum ?? detail.quorum;
        const items = payload.tally ? detail.items.map((item) => (item.id === payload.itemId ? { ...item, tally: payload.tally! } : item)) : detail.items;
        return { ...detail, quorum, items };
      });
      // A ballot's tally is all it changes for others, written above: five hundred phones do
      // not each read the assembly again on every vote.
      if (event.type === 'assembly.tally') return;
    }
    void queryClient.invalidateQueries({ queryKey: assembliesKey() });
  });
}

// Settings (system settings, tab Asambleas) ----------------------------------------------------

export const assemblySettingsQueryKey = () => ['settings', 'assemblies'] as const;
export const useAssemblySettings = () => useQuery({ queryKey: assemblySettingsQueryKey(), queryFn: () => api.get<AssemblySettings>('/api/assemblies/settings') });

export function useUpdateAssemblySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AssemblySettings) => api.put<AssemblySettings>('/api/assemblies/settings', input),
    onSuccess: (settings) => {
      queryClient.setQueryData(assemblySettingsQueryKey(), settings);
      // Drafts' warnings follow the new number.
      void queryClient.invalidateQueries({ queryKey: assembliesKey() });
    },
  });
}
