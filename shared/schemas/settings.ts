import { z } from 'zod';
import { emailField, phoneField, requiredText, versionField } from './common';
import { hexColor } from './organizations';

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
/** `GET`/`PUT /api/settings`: the branding and the version of the organization's row (an edit sends it back). */
export type SystemSettings = Branding & { version: number };
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

/** A feature switch or the registration switch: a real boolean. */
const flag = () => z.boolean({ error: 'boolean_required' });

/**
 * `PUT /api/settings`: any part of the system settings (each tab saves its own fields). A
 * text sent must not be empty (the product's defaults stand only until a value is saved);
 * colours are #RRGGBB.
 */
export const SettingsUpdateSchema = z
  .object({
    // General.
    appName: requiredText('required_field', 'name'),
    companyName: requiredText('required_field', 'name'),
    appDescription: requiredText('required_field', 'summary'),
    contactEmail: emailField(),
    contactPhone: phoneField(),
    // Appearance.
    primaryColor: hexColor(),
    secondaryColor: hexColor(),
    accentColor: hexColor(),
    textColor: hexColor(),
    backgroundColor: hexColor(),
    // Features.
    features: z
      .object({
        documents: flag(),
        billing: flag(),
        maintenance: flag(),
        amenities: flag(),
        visitors: flag(),
      })
      .partial(),
    showRegistrationForm: flag(),
    // The settings live in the organization's row: its version (409 when it changed since).
    version: versionField(),
  })
  .partial();
export type SettingsUpdateInput = z.infer<typeof SettingsUpdateSchema>;
