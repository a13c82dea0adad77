/** Messages shared by every domain. */
export const COMMON_MESSAGES = {
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
  boolean_required: { es: 'Debe ser verdadero o falso', en: 'Must be true or false' },
  text_too_long: { es: 'El texto es demasiado largo', en: 'The text is too long' },
  invalid_characters: { es: 'El texto contiene caracteres no permitidos', en: 'The text contains characters that are not allowed' },
  invalid_phone: {
    es: 'Debe ser un teléfono válido, por ejemplo 809-555-1234 o +1 809 555 1234',
    en: 'Must be a valid phone number, for example 809-555-1234 or +1 809 555 1234',
  },
  stale_version: {
    es: 'Otra persona cambió este registro mientras usted lo editaba. Recargue para ver los cambios; lo que escribió se conserva.',
    en: 'Someone else changed this while you were editing it. Reload to see their changes; what you typed is kept.',
  },
  min_zero: { es: 'Debe ser mayor o igual a 0', en: 'Must be 0 or greater' },
  integer_required: { es: 'Debe ser un número entero', en: 'Must be a whole number' },
} as const;
