/** Sign-in, registration and the user settings. */
export const AUTH_MESSAGES = {
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
} as const;
