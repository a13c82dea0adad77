/** Finances: expense attachments and exports (docs/modules/finances.md, "Attachments"). */
export const FINANCES_FILES_MESSAGES = {
  finances_attachment_required: { es: 'Adjunte la foto o el PDF de la factura', en: 'Attach the invoice photo or PDF' },
  finances_attachment_invalid: { es: 'El archivo adjunto no es válido', en: 'The attached file is not valid' },
  finances_attachment_type: { es: 'Adjunte una foto (JPG o PNG) o un PDF', en: 'Attach a photo (JPG or PNG) or a PDF' },
  finances_attachment_too_large: { es: 'El archivo supera los 10 MB', en: 'The file exceeds 10 MB' },
  finances_attachment_limit: { es: 'Un gasto admite hasta 5 archivos', en: 'An expense takes at most 5 files' },
  finances_attachment_not_found: { es: 'Archivo no encontrado', en: 'File not found' },
} as const;

/** The words of expenses that files and screens show: categories, states, fund kinds. */
export const FINANCES_LABELS = {
  es: {
    categories: {
      payroll: 'Nómina',
      electricity: 'Electricidad',
      water: 'Agua',
      gas: 'Gas (GLP)',
      elevators: 'Ascensores',
      cleaning: 'Limpieza',
      security: 'Seguridad',
      gardening: 'Jardinería',
      repairs: 'Reparaciones',
      insurance: 'Seguros',
      administration_fee: 'Honorarios de administración',
      bank_fees: 'Cargos bancarios',
      other: 'Otros',
    } as Record<string, string>,
    statuses: { pending: 'Pendiente', paid: 'Pagado', voided: 'Anulado' },
    fundKinds: { operating: 'Operativo', reserve: 'Reserva', other: 'Otro' },
  },
  en: {
    categories: {
      payroll: 'Payroll',
      electricity: 'Electricity',
      water: 'Water',
      gas: 'Gas (LPG)',
      elevators: 'Elevators',
      cleaning: 'Cleaning',
      security: 'Security',
      gardening: 'Gardening',
      repairs: 'Repairs',
      insurance: 'Insurance',
      administration_fee: 'Administration fee',
      bank_fees: 'Bank fees',
      other: 'Other',
    } as Record<string, string>,
    statuses: { pending: 'Pending', paid: 'Paid', voided: 'Voided' },
    fundKinds: { operating: 'Operating', reserve: 'Reserve', other: 'Other' },
  },
} as const;

/** A category's label, or the administrators' own category as they wrote it. */
export const expenseCategoryLabel = (category: string, language: 'es' | 'en') => FINANCES_LABELS[language].categories[category] ?? category;
