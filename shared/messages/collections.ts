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

/** Collecting money: payment agreements and where to pay (docs/modules/collections.md). */
export const AGREEMENT_MESSAGES = {
  agreement_instalment_date_invalid: { es: 'Indique una fecha válida para cada cuota', en: 'Give a valid date for each instalment' },
  agreement_instalments_required: { es: 'Indique al menos una cuota', en: 'Give at least one instalment' },
  agreement_instalments_too_many: { es: 'El acuerdo admite hasta 36 cuotas', en: 'An agreement allows up to 36 instalments' },
  agreement_instalments_order: { es: 'Las fechas de las cuotas deben ir en orden, sin repetirse', en: 'The instalments’ dates must go in order, without repeating' },
  agreement_instalments_past: { es: 'La primera cuota no puede vencer antes de hoy', en: 'The first instalment cannot be due before today' },
  agreement_sum_mismatch: {
    es: 'Las cuotas suman {sum}, pero la deuda vencida es {debt}: deben coincidir al centavo',
    en: 'The instalments add up to {sum}, but the overdue debt is {debt}: they must match to the centavo',
  },
  agreement_no_debt: { es: 'La unidad no tiene deuda vencida para un acuerdo', en: 'The unit has no overdue debt for an agreement' },
  agreement_exists: { es: 'La unidad ya tiene un acuerdo de pago vigente', en: 'The unit already has an active payment agreement' },
  agreement_not_active: { es: 'El acuerdo ya no está vigente', en: 'The agreement is no longer active' },
  agreement_not_found: { es: 'Acuerdo de pago no encontrado', en: 'Payment agreement not found' },
  agreement_reason_required: { es: 'Indique el motivo de la cancelación', en: 'Give the reason for the cancellation' },
  transfer_account_type_invalid: { es: 'Elija el tipo de cuenta: corriente o de ahorros', en: 'Choose the account type: checking or savings' },
  transfer_account_number_invalid: { es: 'Indique el número de cuenta (solo dígitos y guiones)', en: 'Give the account number (digits and dashes only)' },
  transfer_account_holder_required: { es: 'Indique el titular de la cuenta', en: 'Give the account holder' },
  transfer_account_rnc_invalid: { es: 'El RNC o la cédula debe tener 9 u 11 dígitos', en: 'The RNC or cédula must have 9 or 11 digits' },
  transfer_account_not_found: { es: 'Cuenta no encontrada', en: 'Account not found' },
} as const;
