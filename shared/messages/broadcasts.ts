/** Broadcasts (spec sections 5 and 8). */
export const BROADCASTS_MESSAGES = {
  // Validation.
  broadcast_title_min: { es: 'El título debe tener al menos 3 caracteres', en: 'Title must be at least 3 characters' },
  broadcast_message_min: {
    es: 'El mensaje debe tener al menos 10 caracteres',
    en: 'Message must be at least 10 characters',
  },
  broadcast_category_invalid: { es: 'Categoría de mensaje inválida', en: 'Invalid message category' },
  broadcast_status_invalid: { es: 'Estado de mensaje inválido', en: 'Invalid message status' },
  broadcast_property_required: { es: 'Seleccione una propiedad', en: 'Choose a property' },
  broadcast_properties_too_many: { es: 'Envíe el mensaje a 100 propiedades como máximo', en: 'Send the message to at most 100 properties' },
  date_invalid: { es: 'Fecha inválida', en: 'Invalid date' },
  end_before_start: {
    es: 'La fecha de fin no puede ser anterior a la de inicio',
    en: 'The end date cannot be before the start date',
  },
  // Loading and saving (spec section 8).
  broadcasts_load_error: { es: 'Error al cargar mensajes', en: 'Error loading messages' },
  broadcast_create_error: {
    es: 'No se pudo crear el mensaje. Por favor, inténtelo de nuevo.',
    en: 'The message could not be created. Please try again.',
  },
  broadcast_update_error: {
    es: 'No se pudo actualizar el mensaje. Por favor, inténtelo de nuevo.',
    en: 'The message could not be updated. Please try again.',
  },
  broadcast_delete_error: {
    es: 'No se pudo eliminar el mensaje. Por favor, inténtelo de nuevo.',
    en: 'The message could not be deleted. Please try again.',
  },
  broadcast_not_found: { es: 'Mensaje no encontrado', en: 'Message not found' },
} as const;
