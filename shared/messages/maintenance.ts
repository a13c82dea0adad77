/** Maintenance requests and property staff (docs/modules/maintenance.md). */
export const MAINTENANCE_MESSAGES = {
  maintenance_property_required: { es: 'Seleccione una propiedad', en: 'Choose a property' },
  maintenance_unit_invalid: { es: 'Seleccione una unidad de la propiedad', en: 'Choose a unit of the property' },
  maintenance_place_required: {
    es: 'Indique la unidad o el área común (por ejemplo, Lobby o Piscina)',
    en: 'Give the unit or the common area (for example, Lobby or Pool)',
  },
  maintenance_title_required: { es: 'El título es requerido', en: 'Title is required' },
  maintenance_description_required: { es: 'Describa el problema', en: 'Describe the problem' },
  maintenance_priority_invalid: { es: 'Prioridad inválida', en: 'Invalid priority' },
  maintenance_status_invalid: { es: 'Estado inválido', en: 'Invalid status' },
  maintenance_assignee_invalid: {
    es: 'Solo se puede asignar a un suplidor de mantenimiento de esta propiedad',
    en: 'Only a maintenance supplier of this property can be assigned',
  },
  maintenance_reason_required: { es: 'Indique el motivo', en: 'Give a reason' },
  maintenance_comment_required: { es: 'Escriba un comentario', en: 'Write a comment' },
  maintenance_internal_status: {
    es: 'Un cambio de estado es visible para quien lo solicitó: no puede ir en una nota interna',
    en: 'A status change is visible to the requester: it cannot go in an internal note',
  },
  maintenance_photo_required: { es: 'Seleccione una foto', en: 'Choose a photo' },
  maintenance_photo_type: {
    es: 'Tipo de archivo no válido: suba una foto JPG, PNG, WebP o HEIC',
    en: 'Invalid file type: upload a JPG, PNG, WebP or HEIC photo',
  },
  maintenance_photo_too_large: {
    es: 'Foto demasiado grande: el tamaño máximo es 10MB',
    en: 'Photo too large: the maximum size is 10MB',
  },
  maintenance_photo_invalid_content: { es: 'El contenido de la foto no es válido', en: 'The photo content is not valid' },
  maintenance_photo_limit: { es: 'La solicitud ya tiene el máximo de 30 fotos', en: 'The request already has the maximum of 30 photos' },
  maintenance_score_invalid: { es: 'La calificación debe ser de 1 a 5', en: 'The rating must be from 1 to 5' },
  maintenance_deadline_invalid: {
    es: 'Debe ser un número entero de horas entre 1 y 2160',
    en: 'Must be a whole number of hours between 1 and 2160',
  },
  maintenance_schedule_past: { es: 'La fecha programada no puede estar en el pasado', en: 'The scheduled date cannot be in the past' },
  maintenance_not_found: { es: 'Solicitud no encontrada', en: 'Request not found' },
  maintenance_invalid_transition: {
    es: 'No se puede pasar la solicitud de «{from}» a «{to}»',
    en: 'The request cannot go from "{from}" to "{to}"',
  },
  maintenance_schedule_needs: {
    es: 'Para programar la solicitud asigne un suplidor y una fecha',
    en: 'To schedule the request, assign a supplier and a date',
  },
  maintenance_start_needs_assignee: {
    es: 'Asigne un suplidor antes de iniciar el trabajo',
    en: 'Assign a supplier before starting the work',
  },
  maintenance_closed: {
    es: 'La solicitud está cerrada: ya no se puede cambiar',
    en: 'The request is closed: it can no longer be changed',
  },
  maintenance_reopen_expired: {
    es: 'Solo se puede reabrir una solicitud durante los 14 días siguientes a su finalización',
    en: 'A request can only be reopened within 14 days of its completion',
  },
  maintenance_not_assigned: { es: 'La solicitud no está asignada a usted', en: 'The request is not assigned to you' },
  maintenance_already_rated: { es: 'Esta solicitud ya fue calificada', en: 'This request has already been rated' },
  maintenance_rate_completed_only: {
    es: 'Solo se puede calificar un trabajo completado',
    en: 'Only completed work can be rated',
  },
  staff_user_invalid: {
    es: 'Seleccione un suplidor activo de la organización',
    en: 'Choose an active supplier of the organization',
  },
  staff_service_invalid: { es: 'Servicio inválido', en: 'Invalid service' },
  staff_exists: { es: 'Este suplidor ya presta ese servicio en la propiedad', en: 'This supplier already gives that service at the property' },
  staff_not_found: { es: 'Personal no encontrado', en: 'Staff member not found' },
} as const;

/** Status and priority names, for the server's messages, notifications and CSV. */
export const MAINTENANCE_LABELS = {
  es: {
    status: { pending: 'Pendiente', scheduled: 'Programada', 'in-progress': 'En curso', completed: 'Completada', cancelled: 'Cancelada' },
    priority: { low: 'Baja', medium: 'Media', high: 'Alta', emergency: 'Emergencia' },
  },
  en: {
    status: { pending: 'Pending', scheduled: 'Scheduled', 'in-progress': 'In progress', completed: 'Completed', cancelled: 'Cancelled' },
    priority: { low: 'Low', medium: 'Medium', high: 'High', emergency: 'Emergency' },
  },
} as const;
