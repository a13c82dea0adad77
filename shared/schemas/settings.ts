import { z } from 'zod';
import { LANGUAGES } from '../enums';
import { emailField, phoneField, requiredText, versionField } from './common';
import { uploadFileName } from './documents';
import { taxIdField } from './finances';
import { hexColor } from './organizations';
import type { Branding } from '../branding';

export { DEFAULT_BRANDING, type Branding, type FeatureName, type SystemSettings } from '../branding';

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
  rnc: z.string().nullable(),
  features: z.object({
    documents: z.boolean(),
    billing: z.boolean(),
    maintenance: z.boolean(),
    amenities: z.boolean(),
    visitors: z.boolean(),
  }),
  showRegistrationForm: z.boolean(),
  language: z.enum(LANGUAGES),
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
    rnc: taxIdField(),
    language: z.enum(LANGUAGES, { error: 'language_invalid' }),
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

/** The logo's accepted types (what PDFs can draw too) with their extensions, and its size limit. */
export const LOGO_TYPES = { 'image/png': ['.png'], 'image/jpeg': ['.jpg', '.jpeg'] } as const;
export type LogoType = keyof typeof LOGO_TYPES;
export const LOGO_MAX_BYTES = 1024 * 1024;

/** `PUT /api/settings/logo`: the organization's logo as base64, checked by content on the server. */
export const LogoUploadSchema = z.object({
  fileName: uploadFileName,
  fileType: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
    z.enum(Object.keys(LOGO_TYPES) as [LogoType, ...LogoType[]], { error: 'logo_type' }),
  ),
  content: z.string({ error: 'logo_required' }).trim().min(1, { error: 'logo_required' }),
});
export type LogoUploadInput = z.infer<typeof LogoUploadSchema>;
