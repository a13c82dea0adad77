/** The books (docs/modules/finances.md, "The books underneath"): the chart of accounts, the journal and the statements. */
export const FINANCES_BOOKS_MESSAGES = {
  books_fund_extraordinary_only: {
    es: 'Solo un cargo extraordinario se asigna a un fondo elegido',
    en: 'Only an extraordinary charge is assigned to a chosen fund',
  },
  books_account_code_required: { es: 'Indique el código de la cuenta (dígitos, hasta 10)', en: 'Enter the account code (digits, up to 10)' },
  books_account_name_required: { es: 'Indique el nombre de la cuenta', en: 'Enter the account name' },
  books_account_kind_invalid: {
    es: 'Tipo de cuenta no válido: activo, pasivo, patrimonio, ingreso o gasto',
    en: 'Invalid account type: asset, liability, equity, income or expense',
  },
  books_account_code_taken: { es: 'Ya existe una cuenta con ese código', en: 'An account with that code already exists' },
  books_account_kind_fixed: {
    es: 'El tipo de esta cuenta no se cambia: ya tiene asientos o la usan los libros',
    en: 'This account\'s type cannot change: it has entries or the books post to it',
  },
  books_account_not_found: { es: 'Cuenta no encontrada', en: 'Account not found' },
  books_organization_not_found: { es: 'Organización no encontrada', en: 'Organization not found' },
  books_period_invalid: { es: 'La fecha inicial debe ser anterior o igual a la final', en: 'The start date must be on or before the end date' },
  books_date_invalid: { es: 'Fecha no válida (AAAA-MM-DD)', en: 'Invalid date (YYYY-MM-DD)' },
} as const;
