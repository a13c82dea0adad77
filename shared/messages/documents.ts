/** Documents (spec sections 5 and 8). */
export const DOCUMENTS_MESSAGES = {
  // The spec's wording is the English one.
  document_missing_fields: {
    es: 'Faltan campos: complete todos los campos requeridos y seleccione un archivo.',
    en: 'Missing fields: Please fill out all required fields and select a file.',
  },
  document_too_large: {
    es: 'Archivo demasiado grande: el tamaño máximo es 10 MB',
    en: 'File too large: Maximum file size is 10MB',
  },
  document_invalid_type: {
    es: 'Tipo de archivo no válido: suba un PDF, un documento de Word, una hoja de Excel o una imagen',
    en: 'Invalid file type: Please upload a PDF, Word, Excel, or image file',
  },
  document_invalid_content: {
    es: 'El archivo no es válido: el contenido debe estar codificado en base64',
    en: 'The file is not valid: its content must be base64-encoded',
  },
  document_category_invalid: { es: 'Categoría no válida', en: 'Invalid category' },
  document_access_invalid: { es: 'Nivel de acceso no válido', en: 'Invalid access level' },
  document_property_invalid: { es: 'Propiedad no encontrada', en: 'Property not found' },
  document_shared_with_required: {
    es: 'Seleccione al menos un usuario con quien compartir el documento',
    en: 'Select at least one user to share the document with',
  },
  document_shared_with_invalid: {
    es: 'Solo puede compartir con administradores, propietarios o residentes activos de la organización',
    en: 'You can only share with active administrators, owners or residents of the organization',
  },
  document_admin_access_forbidden: {
    es: 'Solo los administradores pueden elegir el acceso "Solo administradores"',
    en: 'Only administrators can choose "Administrators only" access',
  },
  document_upload_forbidden: {
    es: 'Su rol no permite subir documentos',
    en: 'Your role does not allow uploading documents',
  },
  document_delete_forbidden: {
    es: 'Solo quien subió el documento o un administrador puede eliminarlo',
    en: 'Only the uploader or an administrator can delete this document',
  },
  document_not_found: { es: 'Documento no encontrado', en: 'Document not found' },
} as const;
