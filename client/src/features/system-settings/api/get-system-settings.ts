import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import type { Branding } from '@shared/schemas/settings';

/** GET /api/settings: the system settings of the administrator's organization. */
export const getSystemSettings = () => api.get<Branding>('/api/settings');

export const systemSettingsQueryKey = () => ['settings', 'system'] as const;

export const systemSettingsQueryOptions = () => queryOptions({ queryKey: systemSettingsQueryKey(), queryFn: getSystemSettings });

export const useSystemSettings = () => useQuery(systemSettingsQueryOptions());
