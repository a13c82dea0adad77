import { z } from 'zod';

/**
 * The branding and module switches of an organization (system settings). Stored on the
 * server per organization; `GET /api/settings/branding` answers them (before sign-in, for the
 * organization of the host; after, for the user's organization).
 */
export const DEFAULT_BRANDING = {
  appName: 'Vecindad',
  appDescription: 'Administración de propiedades residenciales, comerciales y mixtas en República Dominicana',
  companyName: 'Vecindad Administración',
  contactEmail: 'contacto@vecindad.do',
  contactPhone: '809-555-0100',
  primaryColor: '#2563eb',
  secondaryColor: '#db2777',
  accentColor: '#f59e0b',
  textColor: '#1f2937',
  backgroundColor: '#f8fafc',
  logo: null as string | null,
  features: { documents: true, billing: true, maintenance: true, amenities: true, visitors: true },
  showRegistrationForm: true,
};

export type Branding = typeof DEFAULT_BRANDING;
export type FeatureName = keyof Branding['features'];

export const BrandingSchema: z.ZodType<Branding> = z.object({
  appName: z.string(),
  appDescription: z.string(),
  companyName: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  primaryColor: z.string(),
  secondaryColor: z.string(),
  accentColor: z.string(),
  textColor: z.string(),
  backgroundColor: z.string(),
  logo: z.string().nullable(),
  features: z.object({
    documents: z.boolean(),
    billing: z.boolean(),
    maintenance: z.boolean(),
    amenities: z.boolean(),
    visitors: z.boolean(),
  }),
  showRegistrationForm: z.boolean(),
});
