/** Sign-in, registration and the user settings. */
export const AUTH_MESSAGES = {
  // Settings: profile and password (the spec's wording is the English one).
  profile_name_required: { es: 'El nombre es requerido', en: 'Name is required' },
  profile_last_name_required: { es: 'El apellido es requerido', en: 'Last name is required' },
  profile_email_invalid: { es: 'Se requiere un correo electrónico válido', en: 'Valid email is required' },
  current_password_required: { es: 'La contraseña actual es requerida', en: 'Current password is required' },
  new_password_min_length: {
    es: 'La contraseña debe tener al menos 8 caracteres',
    en: 'Password must be at least 8 characters',
  },
  confirm_password_required: { es: 'Confirme la nueva contraseña', en: 'Confirm password is required' },
  password_confirm_mismatch: { es: 'Las contraseñas no coinciden', en: 'Passwords do not match' },
  current_password_incorrect: {
    es: 'La contraseña actual es incorrecta',
    en: 'The current password is incorrect',
  },
  avatar_invalid_type: { es: 'La foto debe ser JPG, GIF o PNG', en: 'The photo must be JPG, GIF or PNG' },
  avatar_too_large: { es: 'La foto no puede superar 1 MB', en: 'The photo cannot exceed 1 MB' },
  language_invalid: { es: 'Idioma no disponible', en: 'Language not available' },
} as const;
