/** Web Push (docs/modules/push.md). */
export const PUSH_MESSAGES = {
  push_endpoint_invalid: { es: 'La dirección de la suscripción no es válida', en: 'The subscription address is not valid' },
  push_endpoint_https: { es: 'La suscripción debe usar https', en: 'The subscription must use https' },
  push_keys_invalid: { es: 'Las claves de la suscripción no son válidas', en: 'The subscription keys are not valid' },
  push_subscription_not_found: { es: 'Dispositivo no encontrado', en: 'Device not found' },
  push_no_devices: { es: 'No hay dispositivos activados para notificaciones', en: 'No device is turned on for notifications' },
} as const;
