import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import type { SystemSettings } from '@shared/schemas/settings';

/** GET /api/settings: the system settings of the administrator's organization, with their version. */
export const getSystemSettings = () => api.get<SystemSettings>('/api/settings');

export const systemSettingsQueryKey = () => ['settings', 'system'] as const;

export const systemSettingsQueryOptions = () => queryOptions({ queryKey: systemSettingsQueryKey(), queryFn: getSystemSettings });

export const useSystemSettings = () => useQuery(systemSettingsQueryOptions());
