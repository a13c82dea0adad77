import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { param, type FiltersOf } from '@client/hooks/use-list-filters';
import { api, withQuery } from '@client/lib/api';
import { readAsBase64 } from '@client/lib/files';
import { MAINTENANCE_PRIORITIES, MAINTENANCE_STATUSES, type MaintenanceStatus } from '@shared/enums';
import type {
  MaintenanceAssigneeView,
  MaintenanceCreateInput,
  MaintenanceDetailView,
  MaintenancePhotoView,
  MaintenanceRequestView,
  MaintenanceSettings,
  MaintenanceSummary,
} from '@shared/schemas/maintenance';

export type { MaintenanceDetailView, MaintenanceRequestView, MaintenanceSummary, MaintenanceAssigneeView };

export const MAINTENANCE_PAGE_SIZE = 10;

/** The list's filters as the URL keeps them (`?q=&status=&priority=&propertyId=&assignedToId=&overdue=`). */
export const MAINTENANCE_FILTERS = {
  q: param.text,
  status: param.oneOf(MAINTENANCE_STATUSES),
  priority: param.oneOf(MAINTENANCE_PRIORITIES),
  propertyId: param.id,
  assignedToId: param.id,
  overdue: param.oneOf(['true']),
};
export type MaintenanceFilters = FiltersOf<typeof MAINTENANCE_FILTERS>;

/** The query of the list and of its CSV (same filters, no page). */
export const maintenanceQuery = ({ q, ...filters }: MaintenanceFilters) => ({ q: q.trim(), ...filters });

/** Every maintenance read lives under this key: a live event refreshes them all. */
export const maintenanceQueryKey = () => ['maintenance'] as const;

export const maintenanceListQueryOptions = (filters: MaintenanceFilters, page: number) =>
  queryOptions({
    queryKey: [...maintenanceQueryKey(), 'list', filters, page] as const,
    queryFn: () =>
      api.page<MaintenanceRequestView>(
        withQuery('/api/maintenance', { ...maintenanceQuery(filters), limit: MAINTENANCE_PAGE_SIZE, offset: (page - 1) * MAINTENANCE_PAGE_SIZE }),
      ),
    placeholderData: keepPreviousData,
  });
export const useMaintenanceList = (filters: MaintenanceFilters, page: number) => useQuery(maintenanceListQueryOptions(filters, page));

/** The open requests assigned to a user (a technician's jobs on their home screen), at most 100. */
export const useAssignedOpenJobs = (userId: number) =>
  useQuery({
    queryKey: [...maintenanceQueryKey(), 'assigned-open', userId] as const,
    queryFn: async () => {
      const { items } = await api.page<MaintenanceRequestView>(withQuery('/api/maintenance', { assignedToId: userId, limit: 100 }));
      return items.filter((item) => item.status === 'pending' || item.status === 'scheduled' || item.status === 'in-progress');
    },
  });

export const useMaintenanceSummary = (propertyId: number | null) =>
  useQuery({
    queryKey: [...maintenanceQueryKey(), 'summary', propertyId] as const,
    queryFn: () => api.get<MaintenanceSummary>(withQuery('/api/maintenance/summary', { propertyId })),
  });

export const maintenanceDetailQueryKey = (id: number) => [...maintenanceQueryKey(), 'detail', id] as const;
export const useMaintenanceRequest = (id: number) =>
  useQuery({ queryKey: maintenanceDetailQueryKey(id), queryFn: () => api.get<MaintenanceDetailView>(`/api/maintenance/${id}`) });

/** Maintenance suppliers to assign (of one property) or to filter by (all), with their rating. */
export const useAssignees = (propertyId: number | null, enabled = true) =>
  useQuery({
    queryKey: [...maintenanceQueryKey(), 'assignees', propertyId] as const,
    queryFn: () => api.get<MaintenanceAssigneeView[]>(withQuery('/api/maintenance/assignees', { propertyId })),
    enabled,
  });

export type ReportableUnit = { id: number; unitNumber: string };
export const useReportableUnits = (propertyId: number | null) =>
  useQuery({
    queryKey: [...maintenanceQueryKey(), 'units', propertyId] as const,
    queryFn: () => api.get<ReportableUnit[]>(withQuery('/api/maintenance/units', { propertyId })),
    enabled: propertyId !== null,
  });

export const maintenanceExport = (filters: MaintenanceFilters) => ({
  path: withQuery('/api/maintenance/export.csv', maintenanceQuery(filters)),
  fileName: 'mantenimiento.csv',
});

/** Refreshes every maintenance read (lists, counts, the open detail) and the dashboard's figure. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: maintenanceQueryKey() });
    void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
  };
}

/** Uploads photos one by one (each is checked by the server); answers the stored ones. */
export async function uploadPhotos(requestId: number, files: File[]) {
  const stored: MaintenancePhotoView[] = [];
  for (const file of files) {
    stored.push(
      await api.post<MaintenancePhotoView>(`/api/maintenance/${requestId}/photos`, {
        fileName: file.name,
        fileType: photoType(file),
        content: await readAsBase64(file),
      }),
    );
  }
  return stored;
}

/** The type of a photo: some browsers give none for HEIC, whose extension then tells. */
const photoType = (file: File) => file.type || (/\.(heic|heif)$/i.test(file.name) ? 'image/heic' : 'application/octet-stream');

/** POST /api/maintenance, then its photos. */
export function useCreateRequest() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ photos, ...input }: MaintenanceCreateInput & { photos: File[] }) => {
      const created = await api.post<MaintenanceRequestView>('/api/maintenance', input);
      try {
        await uploadPhotos(created.id, photos);
      } catch (error) {
        // The request exists: the photos can be added from its page.
        return { created, photoError: error };
      }
      return { created, photoError: null };
    },
    onSettled: refresh,
  });
}

export type RequestPatch = {
  priority?: string;
  scheduledDate?: string | null;
  assignedToId?: number | null;
  status?: MaintenanceStatus;
  accepted?: boolean;
  reason?: string;
  version?: number;
};

/** PATCH /api/maintenance/:id (triage, accept/decline, status), optionally with photos first. */
export function usePatchRequest(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ photos = [], ...patch }: RequestPatch & { photos?: File[] }) => {
      await uploadPhotos(id, photos);
      return api.patch<MaintenanceRequestView>(`/api/maintenance/${id}`, patch);
    },
    onSettled: refresh,
  });
}

export function useAddComment(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { content: string; visibility: 'public' | 'internal' }) => api.post<MaintenanceDetailView>(`/api/maintenance/${id}/updates`, input),
    onSettled: refresh,
  });
}

export function useAddPhotos(id: number) {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (files: File[]) => uploadPhotos(id, files), onSettled: refresh });
}

export function useRateRequest(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { score: number; comment?: string }) => api.post<MaintenanceRequestView>(`/api/maintenance/${id}/rating`, input),
    onSettled: refresh,
  });
}

export const maintenanceSettingsQueryKey = () => ['settings', 'maintenance'] as const;
export const useMaintenanceSettings = () =>
  useQuery({ queryKey: maintenanceSettingsQueryKey(), queryFn: () => api.get<MaintenanceSettings>('/api/maintenance/settings') });

export function useUpdateMaintenanceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MaintenanceSettings) => api.put<MaintenanceSettings>('/api/maintenance/settings', input),
    onSuccess: (settings) => queryClient.setQueryData(maintenanceSettingsQueryKey(), settings),
  });
}
