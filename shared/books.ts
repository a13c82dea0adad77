/**
 * The books underneath finances and billing (docs/modules/finances.md, "The books"): the kinds of
 * accounts, the default chart of accounts every organization starts with (a Dominican
 * condominium's), and how a payment to a cuota with a reserve line is split between the funds.
 * Money is integer centavos.
 */
import { CHARGE_TYPES, type ChargeType, type LANGUAGES } from './enums';
import { EXPENSE_CATEGORIES } from './finances';

type Language = (typeof LANGUAGES)[number];

export const ACCOUNT_KINDS = ['asset', 'liability', 'equity', 'income', 'expense'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/** Accounts with a debit balance (assets, expenses); the others have a credit balance. */
export const isDebitKind = (kind: AccountKind) => kind === 'asset' || kind === 'expense';

/**
 * The default chart: `key` names the accounts the books post to (an administrator's own
 * accounts have none). Income by charge type (`income:<type>`, plus `income:reserve` for the
 * cuota's reserve line), expenses by category (`expense:<category>`; a category of the
 * administrator's own goes to `expense:other`), the funds as equity (`fund:<kind>`).
 */
export const DEFAULT_CHART: ReadonlyArray<{ code: string; name: string; kind: AccountKind; key: string }> = [
  { code: '1101', name: 'Caja', kind: 'asset', key: 'cash' },
  { code: '1102', name: 'Bancos', kind: 'asset', key: 'bank' },
  { code: '1201', name: 'Cuentas por cobrar a unidades', kind: 'asset', key: 'receivables' },
  { code: '2101', name: 'Cuentas por pagar a suplidores', kind: 'liability', key: 'payables' },
  { code: '2201', name: 'Anticipos y saldos a favor de propietarios', kind: 'liability', key: 'advances' },
  { code: '3101', name: 'Fondo operativo', kind: 'equity', key: 'fund:operating' },
  { code: '3102', name: 'Fondo de reserva', kind: 'equity', key: 'fund:reserve' },
  { code: '3103', name: 'Otros fondos', kind: 'equity', key: 'fund:other' },
  { code: '4101', name: 'Cuotas de mantenimiento', kind: 'income', key: 'income:maintenance' },
  { code: '4102', name: 'Aportes al fondo de reserva', kind: 'income', key: 'income:reserve' },
  { code: '4103', name: 'Cuotas extraordinarias', kind: 'income', key: 'income:extraordinary' },
  { code: '4104', name: 'Recargos por mora', kind: 'income', key: 'income:late_fee' },
  { code: '4105', name: 'Alquileres', kind: 'income', key: 'income:rent' },
  { code: '4106', name: 'Cargos y tarifas', kind: 'income', key: 'income:fees' },
  { code: '4107', name: 'Depósitos', kind: 'income', key: 'income:deposit' },
  { code: '4109', name: 'Otros ingresos', kind: 'income', key: 'income:other' },
  { code: '5101', name: 'Nómina', kind: 'expense', key: 'expense:payroll' },
  { code: '5102', name: 'Electricidad', kind: 'expense', key: 'expense:electricity' },
  { code: '5103', name: 'Agua', kind: 'expense', key: 'expense:water' },
  { code: '5104', name: 'Gas', kind: 'expense', key: 'expense:gas' },
  { code: '5105', name: 'Ascensores', kind: 'expense', key: 'expense:elevators' },
  { code: '5106', name: 'Limpieza', kind: 'expense', key: 'expense:cleaning' },
  { code: '5107', name: 'Seguridad', kind: 'expense', key: 'expense:security' },
  { code: '5108', name: 'Jardinería', kind: 'expense', key: 'expense:gardening' },
  { code: '5109', name: 'Reparaciones', kind: 'expense', key: 'expense:repairs' },
  { code: '5110', name: 'Seguros', kind: 'expense', key: 'expense:insurance' },
  { code: '5111', name: 'Honorarios de administración', kind: 'expense', key: 'expense:administration_fee' },
  { code: '5112', name: 'Cargos bancarios', kind: 'expense', key: 'expense:bank_fees' },
  { code: '5119', name: 'Otros gastos', kind: 'expense', key: 'expense:other' },
  { code: '5190', name: 'ITBIS facturado (no deducible)', kind: 'expense', key: 'expense:itbis' },
];

/**
 * The defaults' names in English (the chart's `name` is the Spanish one): an organization whose
 * language is English (system settings) gets its chart and its properties' operating and
 * reserve funds named so, and a change of its language renames the defaults whose names were
 * never changed (migration 20261220000200_organization_language).
 */
export const DEFAULT_CHART_ENGLISH: Readonly<Record<string, string>> = {
  cash: 'Cash',
  bank: 'Banks',
  receivables: 'Receivables from units',
  payables: 'Payables to suppliers',
  advances: "Owners' advances and credit balances",
  'fund:operating': 'Operating fund',
  'fund:reserve': 'Reserve fund',
  'fund:other': 'Other funds',
  'income:maintenance': 'Maintenance fees',
  'income:reserve': 'Reserve fund contributions',
  'income:extraordinary': 'Special assessments',
  'income:late_fee': 'Late fees',
  'income:rent': 'Rent',
  'income:fees': 'Charges and fees',
  'income:deposit': 'Deposits',
  'income:other': 'Other income',
  'expense:payroll': 'Payroll',
  'expense:electricity': 'Electricity',
  'expense:water': 'Water',
  'expense:gas': 'Gas',
  'expense:elevators': 'Elevators',
  'expense:cleaning': 'Cleaning',
  'expense:security': 'Security',
  'expense:gardening': 'Gardening',
  'expense:repairs': 'Repairs',
  'expense:insurance': 'Insurance',
  'expense:administration_fee': 'Administration fees',
  'expense:bank_fees': 'Bank fees',
  'expense:other': 'Other expenses',
  'expense:itbis': 'ITBIS billed (non-deductible)',
};

/** The names of the funds every property starts with, in each language. */
export const DEFAULT_FUND_NAMES: Readonly<Record<Language, { operating: string; reserve: string }>> = {
  es: { operating: 'Fondo operativo', reserve: 'Fondo de reserva' },
  en: { operating: 'Operating fund', reserve: 'Reserve fund' },
};

/** The default chart's account of `key` named in `language`. */
export const defaultAccountName = (key: string, language: Language) =>
  language === 'en' ? DEFAULT_CHART_ENGLISH[key] : DEFAULT_CHART.find((account) => account.key === key)?.name;

/** The income account of a charge's type. */
export const incomeKey = (type: ChargeType) => `income:${CHARGE_TYPES.includes(type) ? type : 'other'}`;

/** The expense account of a category (one of the administrator's own: `expense:other`). */
export const expenseKey = (category: string) =>
  `expense:${(EXPENSE_CATEGORIES as readonly string[]).includes(category) ? category : 'other'}`;

/** Where the money of a payment method is: `cash` in the cash box, anything else in the bank. */
export const cashKey = (method: string) => (method === 'cash' ? 'cash' : 'bank');

/**
 * The part of `amount` (paid now to a charge of `total` with a reserve line of `reserve`) that
 * goes to the reserve fund, the rest to the charge's own fund. Pro rata to the centavo on what
 * the charge has received so far: after this payment the reserve holds floor(paid × reserve /
 * total) of it, where `reserved` and `based` are what the reserve and the base already hold;
 * never more than is left of either line, so the parts of a fully paid charge are exactly its
 * reserve line and its base, whatever order or size the payments came in.
 */
export function reservePart(total: number, reserve: number, reserved: number, based: number, amount: number): number {
  if (reserve <= 0 || total <= 0) return 0;
  const target = Number((BigInt(reserved + based + amount) * BigInt(reserve)) / BigInt(total)) - reserved;
  const low = Math.max(0, amount - (total - reserve - based));
  const high = Math.max(0, Math.min(amount, reserve - reserved));
  return Math.min(high, Math.max(low, target));
}
