/** Documents (spec sections 5 and 8). */
export const DOCUMENTS_MESSAGES = {
  // Documents (spec section 5 and 8).
  document_missing_fields: {
    es: 'Missing fields: Please fill out all required fields and select a file.',
    en: 'Missing fields: Please fill out all required fields and select a file.',
  },
  document_too_large: {
    es: 'File too large: Maximum file size is 10MB',
    en: 'File too large: Maximum file size is 10MB',
  },
  document_invalid_type: {
    es: 'Invalid file type: Please upload a PDF, Word, Excel, or image file',
    en: 'Invalid file type: Please upload a PDF, Word, Excel, or image file',
  },
} as const;
