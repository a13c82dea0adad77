/**
 * Finances' shared rules (docs/modules/finances.md): Dominican tax ids and fiscal receipt
 * numbers, the ITBIS and the fund and expense vocabularies. Money is integer centavos.
 */

/** The funds every property has; administrators add `other` ones. */
export const FUND_KINDS = ['operating', 'reserve', 'other'] as const;
export type FundKind = (typeof FUND_KINDS)[number];

/** Expense categories offered; administrators may name their own (any short text). */
export const EXPENSE_CATEGORIES = [
  'payroll',
  'electricity',
  'water',
  'gas',
  'elevators',
  'cleaning',
  'security',
  'gardening',
  'repairs',
  'insurance',
  'administration_fee',
  'bank_fees',
  'other',
] as const;

/** `pending` (owed, possibly partly paid) -> `paid` (in full); any -> `voided`. */
export const EXPENSE_STATUSES = ['pending', 'paid', 'voided'] as const;
export type ExpenseStatus = (typeof EXPENSE_STATUSES)[number];

const digitsOf = (value: string) => Array.from(value, Number);

/**
 * An RNC (Registro Nacional del Contribuyente, DGII): 9 digits, the last a check digit over the
 * first 8 with weights 7 9 8 6 5 4 3 2, modulo 11 (remainder 0 -> 2, 1 -> 1, else 11 - remainder).
 */
export function isValidRnc(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const digits = digitsOf(value);
  const sum = [7, 9, 8, 6, 5, 4, 3, 2].reduce((total, weight, index) => total + weight * digits[index], 0);
  const remainder = sum % 11;
  const check = remainder === 0 ? 2 : remainder === 1 ? 1 : 11 - remainder;
  return check === digits[8];
}

/**
 * A cédula (JCE): 11 digits, the last a Luhn check digit over the first 10 (weights 1 2 1 2...,
 * a product over 9 counts its digits' sum).
 */
export function isValidCedula(value: string): boolean {
  if (!/^\d{11}$/.test(value)) return false;
  const digits = digitsOf(value);
  let sum = 0;
  for (let index = 0; index < 10; index++) {
    const product = digits[index] * (index % 2 === 0 ? 1 : 2);
    sum += product > 9 ? product - 9 : product;
  }
  return (10 - (sum % 10)) % 10 === digits[10];
}

/** A tax id as people type it (dashes and spaces allowed) reduced to its digits. */
export const taxIdDigits = (value: string) => value.replace(/[\s-]/g, '');

/** A tax id as printed: an RNC 1-01-23456-7, a cédula 001-1234567-8 (other lengths as they are). */
export function formatTaxId(value: string): string {
  const digits = taxIdDigits(value);
  if (digits.length === 9) return `${digits[0]}-${digits.slice(1, 3)}-${digits.slice(3, 8)}-${digits[8]}`;
  if (digits.length === 11) return `${digits.slice(0, 3)}-${digits.slice(3, 10)}-${digits[10]}`;
  return value;
}

/** A supplier's tax id: an RNC (9 digits) or a cédula (11), with its check digit. */
export function isValidTaxId(value: string): boolean {
  const digits = taxIdDigits(value);
  return digits.length === 9 ? isValidRnc(digits) : isValidCedula(digits);
}

/**
 * A fiscal receipt number: an NCF (B01 crédito fiscal, B02 consumo, B14 régimen especial, B15
 * gubernamental, then 8 digits) or an e-CF (E31 to E47, then 10 digits).
 */
export const NCF_PATTERN = /^(?:B(?:01|02|14|15)\d{8}|E(?:3[1-9]|4[0-7])\d{10})$/;
export const isValidNcf = (value: string) => NCF_PATTERN.test(value);

/** The ITBIS rate, in percent. */
export const ITBIS_RATE = 18;

/**
 * The ITBIS of an amount before tax, in centavos: 18 % rounded to the nearest centavo, a half
 * centavo up (RD$ 12.53 -> 225.54 centavos -> 226; RD$ 0.25 -> 4.5 -> 5). Integer arithmetic only.
 */
export function itbisOf(base: number): number {
  return Math.floor((base * ITBIS_RATE + 50) / 100);
}

/**
 * A total that includes ITBIS split into its base and its ITBIS: the base is the total / 1.18
 * rounded to the nearest centavo (a half up), the ITBIS what is left, so base + ITBIS = total.
 */
export function splitItbis(total: number): { base: number; itbis: number } {
  const divisor = 100 + ITBIS_RATE;
  const base = Math.floor((total * 200 + divisor) / (2 * divisor));
  return { base, itbis: total - base };
}
