/**
 * The branding and module switches of an organization (system settings). Stored on the
 * server per organization; `GET /api/settings/branding` answers them (before sign-in, for the
 * organization of the host; after, for the user's organization). Apart from schemas/settings.ts
 * so that the sign-in page and the app shell read them without loading zod.
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
  /** The organization's RNC (or cédula) as digits, printed on its documents; null: none. */
  rnc: null as string | null,
  features: { documents: true, billing: true, maintenance: true, amenities: true, visitors: true },
  showRegistrationForm: true,
  /** The organization's language: the names of the defaults created for it (its chart of accounts, its properties' funds). */
  language: 'es' as 'es' | 'en',
};

export type Branding = typeof DEFAULT_BRANDING;
/** `GET`/`PUT /api/settings`: the branding and the version of the organization's row (an edit sends it back). */
export type SystemSettings = Branding & { version: number };
export type FeatureName = keyof Branding['features'];
