/** Sign-in, registration and the user settings. */
export const AUTH_MESSAGES = {
  // Settings: profile and password (the spec's wording is the English one).
  password_change_required: { es: 'Debe cambiar su contraseña temporal antes de continuar', en: 'You must change your temporary password before continuing' },
  login_rate_limited: {
    es: 'Demasiados intentos de inicio de sesión. Inténtelo de nuevo en {wait}.',
    en: 'Too many sign-in attempts. Try again in {wait}.',
  },
  registrations_rate_limited: {
    es: 'Demasiados registros desde esta conexión. Inténtelo de nuevo en {wait}.',
    en: 'Too many registrations from this connection. Try again in {wait}.',
  },
  password_resets_rate_limited: {
    es: 'Demasiadas solicitudes para restablecer la contraseña. Inténtelo de nuevo en {wait}.',
    en: 'Too many password reset requests. Try again in {wait}.',
  },
  guesses_rate_limited: {
    es: 'Demasiados intentos con códigos o enlaces que no son válidos. Inténtelo de nuevo en {wait}.',
    en: 'Too many attempts with codes or links that are not valid. Try again in {wait}.',
  },
  invalid_credentials: { es: 'Correo electrónico o contraseña incorrectos', en: 'Incorrect email or password' },
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
  password_incorrect: { es: 'La contraseña es incorrecta', en: 'The password is incorrect' },
  current_password_incorrect: {
    es: 'La contraseña actual es incorrecta',
    en: 'The current password is incorrect',
  },
  avatar_invalid_type: { es: 'La foto debe ser JPG, GIF o PNG', en: 'The photo must be JPG, GIF or PNG' },
  avatar_too_large: { es: 'La foto no puede superar 1 MB', en: 'The photo cannot exceed 1 MB' },
  language_invalid: { es: 'Idioma no disponible', en: 'Language not available' },
} as const;
