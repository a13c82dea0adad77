import { z } from 'zod';
import { emailField, requiredText } from './common';
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
    appName: requiredText().pipe(z.string().max(100, { error: 'text_too_long' })),
    companyName: requiredText().pipe(z.string().max(150, { error: 'text_too_long' })),
    appDescription: requiredText().pipe(z.string().max(500, { error: 'text_too_long' })),
    contactEmail: emailField(),
    contactPhone: requiredText().pipe(z.string().max(40, { error: 'text_too_long' })),
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
  })
  .partial();
export type SettingsUpdateInput = z.infer<typeof SettingsUpdateSchema>;
