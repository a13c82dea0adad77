/**
 * Validation messages. Shared zod schemas name a message by its key; the server answers with
 * the Spanish text (the spec's wording) and the client shows the text of the user's language.
 * Keys used by later domains are added here, one place for every message.
 */
export const MESSAGES = {
  required_field: { es: 'Este campo es requerido', en: 'This field is required' },
  invalid_value: { es: 'Valor inválido', en: 'Invalid value' },
  valid_email: { es: 'Debe ser un correo electrónico válido', en: 'Must be a valid email' },
  password_min_length: {
    es: 'La contraseña debe tener al menos 6 caracteres',
    en: 'Password must be at least 6 characters',
  },
  passwords_dont_match: { es: 'Las contraseñas no coinciden', en: 'Passwords do not match' },
  terms_required: {
    es: 'Debes aceptar los términos y condiciones',
    en: 'You must accept the terms and conditions',
  },
  name_min_length: { es: 'El nombre debe tener al menos 2 caracteres', en: 'Name must be at least 2 characters' },
  unknown_country: { es: 'País desconocido', en: 'Unknown country' },
  unknown_city: { es: 'Ciudad desconocida para el país elegido', en: 'Unknown city for the chosen country' },
  // Settings: profile and password (the spec gives these in English on the Spanish screen).
  profile_name_required: { es: 'Name is required', en: 'Name is required' },
  profile_last_name_required: { es: 'Last name is required', en: 'Last name is required' },
  profile_email_invalid: { es: 'Valid email is required', en: 'Valid email is required' },
  current_password_required: { es: 'Current password is required', en: 'Current password is required' },
  new_password_min_length: {
    es: 'Password must be at least 8 characters',
    en: 'Password must be at least 8 characters',
  },
  confirm_password_required: { es: 'Confirm password is required', en: 'Confirm password is required' },
  password_confirm_mismatch: { es: 'Passwords do not match', en: 'Passwords do not match' },
  current_password_incorrect: {
    es: 'La contraseña actual es incorrecta',
    en: 'The current password is incorrect',
  },
  avatar_invalid_type: { es: 'La foto debe ser JPG, GIF o PNG', en: 'The photo must be JPG, GIF or PNG' },
  avatar_too_large: { es: 'La foto no puede superar 1 MB', en: 'The photo cannot exceed 1 MB' },
  language_invalid: { es: 'Idioma no disponible', en: 'Language not available' },
  // Residents (spec section 5).
  resident_name_required: { es: 'El nombre es requerido', en: 'First name is required' },
  resident_last_name_required: { es: 'El apellido es requerido', en: 'Last name is required' },
  resident_unit_required: { es: 'El número de unidad es requerido', en: 'The unit number is required' },
  // Units.
  unit_number_required: { es: 'El número de unidad es requerido', en: 'The unit number is required' },
  unit_area_min: {
    es: 'El área debe ser al menos 1 metro cuadrado',
    en: 'The area must be at least 1 square metre',
  },
  min_zero: { es: 'Debe ser mayor o igual a 0', en: 'Must be 0 or greater' },
  integer_required: { es: 'Debe ser un número entero', en: 'Must be a whole number' },
  // Properties.
  property_units_min: { es: 'Debe tener al menos 1 unidad', en: 'Must have at least 1 unit' },
  // Broadcasts.
  broadcast_title_min: { es: 'El título debe tener al menos 3 caracteres', en: 'Title must be at least 3 characters' },
  broadcast_message_min: {
    es: 'El mensaje debe tener al menos 10 caracteres',
    en: 'Message must be at least 10 characters',
  },
  date_invalid: { es: 'Fecha inválida', en: 'Invalid date' },
  end_before_start: {
    es: 'La fecha de fin no puede ser anterior a la de inicio',
    en: 'The end date cannot be before the start date',
  },
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
  // Organizations.
  organization_name_min: {
    es: 'El nombre debe tener al menos 2 caracteres',
    en: 'The name must be at least 2 characters',
  },
  color_invalid: { es: 'Color inválido (use #RRGGBB)', en: 'Invalid colour (use #RRGGBB)' },
} as const;

export type MessageKey = keyof typeof MESSAGES;
export type Language = 'es' | 'en';

export const isMessageKey = (value: string): value is MessageKey => Object.hasOwn(MESSAGES, value);

/** The text of a message key; anything that is not a key is returned unchanged. */
export function messageText(keyOrText: string, lang: Language = 'es'): string {
  return isMessageKey(keyOrText) ? MESSAGES[keyOrText][lang] : keyOrText;
}
