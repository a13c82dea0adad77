/** Collecting money: reminders (docs/modules/collections.md). */
export const COLLECTIONS_MESSAGES = {
  reminder_step_invalid: { es: 'Cada paso debe ser un número entero de días entre -30 y 90', en: 'Each step must be a whole number of days between -30 and 90' },
  reminder_steps_invalid: { es: 'Indique los días del calendario de avisos', en: 'Give the days of the reminder schedule' },
  reminder_steps_too_many: { es: 'El calendario admite hasta 8 avisos', en: 'The schedule allows up to 8 reminders' },
  reminder_steps_repeated: { es: 'Hay días repetidos en el calendario', en: 'The schedule repeats a day' },
  reminder_units_required: { es: 'Seleccione al menos una unidad', en: 'Choose at least one unit' },
  reminder_units_too_many: { es: 'Puede enviar hasta 200 recordatorios a la vez', en: 'You can send up to 200 reminders at once' },
  reminder_whatsapp_text: {
    es: 'Saludos de {organization}. Le recordamos que la unidad {unit} de {property} tiene un balance vencido de {amount}. Puede ver el detalle y pagar en Vecindad. Gracias.',
    en: 'Greetings from {organization}. This is a reminder that unit {unit} of {property} has an overdue balance of {amount}. You can see the details and pay in Vecindad. Thank you.',
  },
} as const;
