import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import { DEFAULT_BRANDING, type Branding } from '@shared/branding';

/** A (possibly partial) branding from the server, completed with the product's defaults. */
export function toBranding(branding: Partial<Branding> | null | undefined): Branding {
  return { ...DEFAULT_BRANDING, ...branding, features: { ...DEFAULT_BRANDING.features, ...branding?.features } };
}

/**
 * GET /api/settings/branding: the organization's name, colours, logo and module switches
 * (before sign-in, of the organization of the host; after, of the user's). Until the server
 * answers, or when it cannot, the product's defaults apply.
 */
export async function getBranding(): Promise<Branding> {
  try {
    return toBranding(await api.get<Partial<Branding>>('/api/settings/branding'));
  } catch {
    return DEFAULT_BRANDING;
  }
}

export const brandingQueryKey = () => ['settings', 'branding'] as const;

export const brandingQueryOptions = () => queryOptions({ queryKey: brandingQueryKey(), queryFn: getBranding });

/** The branding in force (the defaults while it loads). */
export function useBranding(): Branding {
  return useQuery(brandingQueryOptions()).data ?? DEFAULT_BRANDING;
}
