import { useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@client/lib/api';
import type { HealthReport } from '@shared/health';

export const HEALTH_REFRESH_MS = 15_000;

/** GET /api/health, every 15 s; a 503 (database down) still carries the report. */
export const useHealth = () =>
  useQuery({
    queryKey: ['health'],
    refetchInterval: HEALTH_REFRESH_MS,
    queryFn: async () => {
      try {
        return await api.get<HealthReport>('/api/health');
      } catch (error) {
        if (isApiError(error, 503) && (error.body as HealthReport | null)?.status === 'down') return error.body as HealthReport;
        throw error;
      }
    },
  });
