import { useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api';

/** An export as GET /api/exports/:id answers it: built by the worker, downloadable for 24 hours once ready. */
export type ExportJob = {
  id: number;
  propertyId: number | null;
  status: 'pending' | 'building' | 'ready' | 'failed' | 'expired';
  /** Where the zip downloads from once ready. */
  downloadUrl?: string | null;
  url?: string | null;
  fileName?: string | null;
  expiresAt?: string | null;
  failure?: string | null;
  createdAt?: string;
};

export const exportQueryKey = (id: number) => ['exports', id] as const;

/** POST /api/exports (202): the organization, or one property, queued for the worker. */
export const startExport = (propertyId: number | null) => api.post<ExportJob>('/api/exports', propertyId ? { propertyId } : {});

/** The export, asked again every 2 s until it is ready or failed (the live `export.ready` event also refreshes it). */
export const useExport = (id: number | null) =>
  useQuery({
    queryKey: exportQueryKey(id ?? 0),
    queryFn: () => api.get<ExportJob>(`/api/exports/${id}`),
    enabled: id !== null,
    retry: false,
    refetchInterval: (query) => (query.state.status === 'error' || (query.state.data && ['ready', 'failed', 'expired'].includes(query.state.data.status)) ? false : 2000),
  });

/** The zip's address: the API's link, else its download route. */
export const exportLink = (job: ExportJob) => job.downloadUrl ?? job.url ?? `/api/exports/${job.id}/download`;
