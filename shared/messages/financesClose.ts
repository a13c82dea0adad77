/** Finances: period close, budget, recurring expenses and the monthly report (docs/modules/finances.md). */
export const FINANCES_CLOSE_MESSAGES = {
  finances_month_invalid: { es: 'Indique el mes como AAAA-MM', en: 'Enter the month as YYYY-MM' },
  finances_year_invalid: { es: 'Indique un año válido', en: 'Enter a valid year' },
  finances_period_closed: {
    es: 'El mes {month} está cerrado: registre la corrección en un mes abierto o pida reabrirlo',
    en: '{month} is closed: record the correction in an open month or ask to reopen it',
  },
  finances_period_already_closed: { es: 'Este mes ya está cerrado', en: 'This month is already closed' },
  finances_period_not_closed: { es: 'Este mes no está cerrado', en: 'This month is not closed' },
  finances_period_future: { es: 'No se puede cerrar un mes que aún no empieza', en: 'A month that has not started cannot be closed' },
  finances_reopen_reason_required: { es: 'Indique el motivo para reabrir el mes', en: 'Enter the reason to reopen the month' },
  finances_budget_months: { es: 'Indique los 12 montos del año', en: 'Enter the 12 amounts of the year' },
  finances_budget_category_twice: { es: 'Esta categoría ya está en el presupuesto', en: 'This category is already in the budget' },
  finances_day_of_month_invalid: { es: 'Indique un día del mes entre 1 y 28', en: 'Enter a day of the month from 1 to 28' },
  finances_recurring_not_found: { es: 'Gasto recurrente no encontrado', en: 'Recurring expense not found' },
  finances_report_not_found: { es: 'Informe no encontrado', en: 'Report not found' },
} as const;
