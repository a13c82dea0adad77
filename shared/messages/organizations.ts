/** Organizations and system settings. */
export const ORGANIZATIONS_MESSAGES = {
  // Organizations.
  organization_name_min: {
    es: 'El nombre debe tener al menos 2 caracteres',
    en: 'The name must be at least 2 characters',
  },
  color_invalid: { es: 'Color inválido (use #RRGGBB)', en: 'Invalid colour (use #RRGGBB)' },
} as const;
