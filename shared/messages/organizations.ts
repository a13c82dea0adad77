/** Organizations and system settings (generic keys such as min_zero are in common.ts). */
export const ORGANIZATIONS_MESSAGES = {
  // Organizations (spec sections 5 and 8).
  organization_name_min: {
    es: 'El nombre debe tener al menos 2 caracteres',
    en: 'The name must be at least 2 characters',
  },
  organization_type_invalid: { es: 'Tipo de organización inválido', en: 'Invalid organization type' },
  organization_status_invalid: { es: 'Estado de organización inválido', en: 'Invalid organization status' },
  organization_parent_invalid: {
    es: 'Organización principal no encontrada',
    en: 'Parent organization not found',
  },
  organization_parent_self: {
    es: 'Una organización no puede ser su propia organización principal',
    en: 'An organization cannot be its own parent',
  },
  organization_parent_cycle: {
    es: 'La organización principal no puede ser una de sus organizaciones dependientes',
    en: 'The parent cannot be one of its own child organizations',
  },
  organization_own_structure: {
    es: 'No puede cambiar el tipo ni la organización principal de su propia organización',
    en: 'You cannot change the type or the parent of your own organization',
  },
  domain_invalid: {
    es: 'Dominio inválido (por ejemplo: residencial.ejemplo.do)',
    en: 'Invalid domain (for example: residencial.example.com)',
  },
  domain_taken: { es: 'Ya existe una organización con este dominio', en: 'An organization already uses this domain' },
  logo_invalid: {
    es: 'El logo debe ser una dirección https:// o una ruta que empiece por /',
    en: 'The logo must be an https:// address or a path starting with /',
  },
  logo_type: { es: 'El logo debe ser una imagen PNG o JPG', en: 'The logo must be a PNG or JPG image' },
  logo_required: { es: 'Elija la imagen del logo', en: 'Choose the logo image' },
  logo_too_large: { es: 'El logo no puede superar 1 MB', en: 'The logo cannot exceed 1 MB' },
  logo_unreadable: { es: 'El archivo del logo no se pudo leer', en: 'The logo file could not be read' },
  count_max: { es: 'Debe ser como máximo 1.000.000', en: 'Must be at most 1,000,000' },
  organization_delete_failed: {
    es: 'Error al eliminar la organización',
    en: 'Error deleting the organization',
  },
  organization_has_children: {
    es: 'No se puede eliminar la organización: tiene organizaciones dependientes',
    en: 'The organization cannot be deleted: it has child organizations',
  },
  organization_has_users: {
    es: 'No se puede eliminar la organización: tiene usuarios',
    en: 'The organization cannot be deleted: it has users',
  },
  organization_has_properties: {
    es: 'No se puede eliminar la organización: tiene propiedades',
    en: 'The organization cannot be deleted: it has properties',
  },
  organization_has_documents: {
    es: 'No se puede eliminar la organización: tiene documentos',
    en: 'The organization cannot be deleted: it has documents',
  },
  // System settings.
  color_invalid: { es: 'Color inválido (use #RRGGBB)', en: 'Invalid colour (use #RRGGBB)' },
  organization_not_found: { es: 'Organización no encontrada', en: 'Organization not found' },
  feature_disabled: {
    es: 'Este módulo está desactivado para su organización',
    en: 'This module is switched off for your organization',
  },
} as const;
