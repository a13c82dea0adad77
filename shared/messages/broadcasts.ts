/** Broadcasts. */
export const BROADCASTS_MESSAGES = {
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
} as const;
