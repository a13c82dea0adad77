/** Notifications, email links and password recovery. */
export const NOTIFICATIONS_MESSAGES = {
  token_required: { es: 'Falta el código del enlace', en: 'The link’s code is missing' },
} as const;
