import { z } from 'zod';
import { LANGUAGES } from '../../shared/enums';
import { DEFAULT_BRANDING, type Branding } from '../../shared/schemas/settings';
import type { Organization } from '../models';

/**
 * The part of the system settings kept in `organizations.settings` (jsonb). A value never
 * saved, or not of the right type, reads as the product default.
 */
const StoredSettingsSchema = z.object({
  appName: z.string().catch(DEFAULT_BRANDING.appName),
  appDescription: z.string().catch(DEFAULT_BRANDING.appDescription),
  companyName: z.string().catch(DEFAULT_BRANDING.companyName),
  textColor: z.string().catch(DEFAULT_BRANDING.textColor),
  backgroundColor: z.string().catch(DEFAULT_BRANDING.backgroundColor),
  features: z
    .object({
      documents: z.boolean().catch(true),
      billing: z.boolean().catch(true),
      maintenance: z.boolean().catch(true),
      amenities: z.boolean().catch(true),
      visitors: z.boolean().catch(true),
    })
    .catch({ ...DEFAULT_BRANDING.features }),
  showRegistrationForm: z.boolean().catch(true),
  language: z.enum(LANGUAGES).catch(DEFAULT_BRANDING.language),
});
export type StoredSettings = z.infer<typeof StoredSettingsSchema>;

export const storedSettings = (organization: Pick<Organization, 'settings'>): StoredSettings =>
  StoredSettingsSchema.parse(organization.settings ?? {});

/**
 * The branding and module switches of an organization (`GET /api/settings`,
 * `GET /api/settings/branding`, and the payload of `settings.updated`). Colours, contact
 * details and logo are the organization's own columns; a column left empty reads as the
 * default. Without an organization (a fresh install), the defaults.
 */
export function presentBranding(organization: Organization | undefined): Branding {
  if (!organization) return { ...DEFAULT_BRANDING, features: { ...DEFAULT_BRANDING.features } };
  const stored = storedSettings(organization);
  return {
    appName: stored.appName,
    appDescription: stored.appDescription,
    companyName: stored.companyName,
    contactEmail: organization.contactEmail ?? DEFAULT_BRANDING.contactEmail,
    contactPhone: organization.contactPhone ?? DEFAULT_BRANDING.contactPhone,
    primaryColor: organization.primaryColor ?? DEFAULT_BRANDING.primaryColor,
    secondaryColor: organization.secondaryColor ?? DEFAULT_BRANDING.secondaryColor,
    accentColor: organization.accentColor ?? DEFAULT_BRANDING.accentColor,
    textColor: stored.textColor,
    backgroundColor: stored.backgroundColor,
    logo: organization.logo ?? null,
    rnc: organization.rnc ?? null,
    features: stored.features,
    showRegistrationForm: stored.showRegistrationForm,
    language: stored.language,
  };
}
