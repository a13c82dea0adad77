/** Notifications, email links and password recovery. */
export const NOTIFICATIONS_MESSAGES = {
  link_invalid: { es: 'El enlace no es válido, ya se usó o venció. Solicite uno nuevo.', en: 'The link is not valid, was already used or has expired. Ask for a new one.' },
  unsubscribe_link_invalid: { es: 'El enlace para dejar de recibir correos no es válido.', en: 'The link to stop receiving emails is not valid.' },
  notification_not_found: { es: 'Notificación no encontrada', en: 'Notification not found' },
  token_required: { es: 'Falta el código del enlace', en: 'The link’s code is missing' },
} as const;
