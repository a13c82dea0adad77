import type { ChargeType, PaymentMethod } from '../../shared/enums';
import { formatDay } from '../../shared/billing';
import type { Language } from '../../shared/messages';
import type { DelinquencyReport, DelinquencyRow } from '../../shared/schemas/billing';
import type { UnitStatement } from '../commands/statements';
import type { PresentedCharge, PresentedPayment } from '../presenters/billing';
import { csvText, type CsvColumn } from './csv';

/**
 * Billing's words and columns, in the user's language, and its CSV exports (statements,
 * charges, payments, delinquency). Its PDFs (files/billingPdf.ts) show the same columns.
 */

/** The words of receipts, statements and exports, in Spanish and English. */
export const BILLING_TEXTS = {
  es: {
    receipt: 'Recibo de pago',
    statement: 'Estado de cuenta',
    number: 'Número',
    date: 'Fecha',
    receivedFrom: 'Recibido de',
    unit: 'Unidad',
    method: 'Método de pago',
    reference: 'Referencia',
    amount: 'Monto recibido',
    appliedTo: 'Aplicado a',
    invoice: 'Factura',
    concept: 'Concepto',
    credit: 'Saldo a favor',
    recordedBy: 'Registrado por',
    refunded: (date: string, reason: string) => `REEMBOLSADO el ${date}. Motivo: ${reason}`,
    period: 'Período',
    allHistory: 'Todo el historial',
    opening: 'Saldo anterior',
    payment: 'Pago',
    totalCharges: 'Total de cargos',
    totalPayments: 'Total de pagos',
    closing: 'Saldo final',
    owed: 'Saldo pendiente',
    inCredit: 'Saldo a favor',
    paymentOf: (method: string) => `Pago (${method})`,
    refundOf: (receipt: string) => `Reembolso del recibo ${receipt}`,
    creditNoteOf: (invoice: string) => `Nota de crédito de la factura ${invoice}`,
    generated: (date: string) => `Generado el ${date}`,
    chargeStatuses: { pending: 'Pendiente', overdue: 'Vencido', completed: 'Pagado', failed: 'Fallido', refunded: 'Reembolsado' },
    paymentStatuses: { reported: 'Por confirmar', confirmed: 'Confirmado', rejected: 'Rechazado', refunded: 'Reembolsado' },
    methods: { credit_card: 'Tarjeta de crédito', bank_transfer: 'Transferencia bancaria', cash: 'Efectivo', check: 'Cheque', other: 'Otro' },
    types: { rent: 'Alquiler', maintenance: 'Cuota de mantenimiento', fees: 'Cargos administrativos', deposit: 'Depósito', other: 'Otro', late_fee: 'Mora', extraordinary: 'Cuota extraordinaria' },
  },
  en: {
    receipt: 'Payment receipt',
    statement: 'Account statement',
    number: 'Number',
    date: 'Date',
    receivedFrom: 'Received from',
    unit: 'Unit',
    method: 'Payment method',
    reference: 'Reference',
    amount: 'Amount received',
    appliedTo: 'Applied to',
    invoice: 'Invoice',
    concept: 'Description',
    credit: 'Credit',
    recordedBy: 'Recorded by',
    refunded: (date: string, reason: string) => `REFUNDED on ${date}. Reason: ${reason}`,
    period: 'Period',
    allHistory: 'Whole history',
    opening: 'Balance brought forward',
    payment: 'Payment',
    totalCharges: 'Total charges',
    totalPayments: 'Total payments',
    closing: 'Closing balance',
    owed: 'Balance due',
    inCredit: 'Credit',
    paymentOf: (method: string) => `Payment (${method})`,
    refundOf: (receipt: string) => `Refund of receipt ${receipt}`,
    creditNoteOf: (invoice: string) => `Credit note of invoice ${invoice}`,
    generated: (date: string) => `Generated on ${date}`,
    chargeStatuses: { pending: 'Pending', overdue: 'Overdue', completed: 'Paid', failed: 'Failed', refunded: 'Refunded' },
    paymentStatuses: { reported: 'To confirm', confirmed: 'Confirmed', rejected: 'Rejected', refunded: 'Refunded' },
    methods: { credit_card: 'Credit card', bank_transfer: 'Bank transfer', cash: 'Cash', check: 'Check', other: 'Other' },
    types: { rent: 'Rent', maintenance: 'Maintenance fee', fees: 'Fees', deposit: 'Deposit', other: 'Other', late_fee: 'Late fee', extraordinary: 'Special assessment' },
  },
} satisfies Record<Language, { methods: Record<PaymentMethod, string>; types: Record<ChargeType, string> } & Record<string, unknown>>;

/** How a statement entry reads (PDF and CSV). */
export function entryConcept(entry: UnitStatement['entries'][number], language: Language) {
  const texts = BILLING_TEXTS[language];
  if (entry.kind === 'payment') return texts.paymentOf(texts.methods[entry.method as PaymentMethod] ?? entry.method ?? '') + (entry.reference ? ` · ${entry.reference}` : '');
  if (entry.kind === 'credit_note') return `${texts.creditNoteOf(entry.number ?? '')}${entry.description ? `: ${entry.description}` : ''}`;
  if (entry.kind === 'refund') return `${texts.refundOf(entry.number ?? '')}${entry.description ? `: ${entry.description}` : ''}`;
  return entry.description ?? texts.types[entry.type as ChargeType] ?? '';
}

/** Amounts in CSV files: plain decimals (1234.50) that spreadsheets read as numbers. */
const pesos = (centavos: number) => (centavos / 100).toFixed(2);

export type Money = (centavos: number) => string;

/** A statement's columns (CSV and PDF), amounts written by `money`. */
export const statementColumns = (language: Language, money: Money): Array<CsvColumn<UnitStatement['entries'][number]>> => [
  { header: 'date', value: (entry) => formatDay(entry.date, language) },
  { header: 'number', value: (entry) => entry.number },
  { header: 'concept', value: (entry) => entryConcept(entry, language) },
  { header: 'charge', value: (entry) => (entry.charge ? money(entry.charge) : '') },
  { header: 'payment', value: (entry) => (entry.payment ? money(entry.payment) : '') },
  { header: 'balance', value: (entry) => money(entry.balance) },
];

/** A unit's statement as CSV, with the running balance. */
export const statementCsv = (statement: UnitStatement, language: Language) => csvText(statementColumns(language, pesos), statement.entries, language);

const chargeColumns = (language: Language): Array<CsvColumn<PresentedCharge>> => {
  const texts = BILLING_TEXTS[language];
  return [
    { header: 'invoice', value: (c) => c.invoiceNumber },
    { header: 'property', value: (c) => c.propertyName },
    { header: 'unit', value: (c) => c.unitNumber },
    { header: 'billedTo', value: (c) => c.userName },
    { header: 'type', value: (c) => texts.types[c.type] },
    { header: 'description', value: (c) => c.description },
    { header: 'due', value: (c) => formatDay(c.dueDate, language) },
    { header: 'amount', value: (c) => pesos(c.amount) },
    { header: 'balance', value: (c) => pesos(c.balance) },
    { header: 'status', value: (c) => texts.chargeStatuses[c.overdue ? 'overdue' : c.status] },
  ];
};

export const chargesCsv = (charges: PresentedCharge[], language: Language) => csvText(chargeColumns(language), charges, language);

const paymentColumns = (language: Language): Array<CsvColumn<PresentedPayment>> => {
  const texts = BILLING_TEXTS[language];
  return [
    { header: 'receipt', value: (p) => p.receiptNumber },
    { header: 'property', value: (p) => p.propertyName },
    { header: 'unit', value: (p) => p.unitNumber },
    { header: 'paidBy', value: (p) => p.userName },
    { header: 'date', value: (p) => formatDay(p.receivedAt, language) },
    { header: 'method', value: (p) => texts.methods[p.method] },
    { header: 'reference', value: (p) => p.reference },
    { header: 'amount', value: (p) => pesos(p.amount) },
    { header: 'status', value: (p) => texts.paymentStatuses[p.status] },
  ];
};

export const paymentsCsv = (payments: PresentedPayment[], language: Language) => csvText(paymentColumns(language), payments, language);

/** The words of the delinquency report and the no-debt certificate. */
export const DEBT_TEXTS = {
  es: {
    delinquency: 'Relación de cuotas adeudadas',
    property: 'Propiedad',
    allProperties: 'Todas las propiedades',
    oldestDebt: 'Deuda más antigua',
    bucket: (bucket: string) => (bucket === '90+' ? 'Más de 90 días' : `De ${bucket.replace('-', ' a ')} días`),
    search: 'Búsqueda',
    asOf: (date: string) => `Al ${date}`,
    totals: 'Totales',
    units: (n: number) => `${n} ${n === 1 ? 'unidad' : 'unidades'} con saldo vencido`,
    none: 'Ninguna unidad tiene saldo vencido.',
    certificate: 'Certificado de no deuda',
    certifies: (organization: string, unit: string, owner: string | null, date: string) =>
      `${organization} certifica que la unidad ${unit}${owner ? `, propiedad de ${owner},` : ''} no tiene saldo vencido pendiente de pago al ${date}, según los registros de la administración.`,
    owner: 'Propietario',
    scan: 'O escanee el código QR con la cámara de su teléfono.',
    validUntil: 'Válido hasta',
    code: 'Código de verificación',
    verifyAt: 'Verifique la autenticidad de este certificado en:',
    issued: 'Fecha de emisión',
  },
  en: {
    delinquency: 'Statement of overdue fees',
    property: 'Property',
    allProperties: 'All properties',
    oldestDebt: 'Oldest debt',
    bucket: (bucket: string) => (bucket === '90+' ? 'Over 90 days' : `${bucket.replace('-', ' to ')} days`),
    search: 'Search',
    asOf: (date: string) => `As of ${date}`,
    totals: 'Totals',
    units: (n: number) => `${n} ${n === 1 ? 'unit' : 'units'} with overdue balance`,
    none: 'No unit has an overdue balance.',
    certificate: 'No-debt certificate',
    certifies: (organization: string, unit: string, owner: string | null, date: string) =>
      `${organization} certifies that unit ${unit}${owner ? `, owned by ${owner},` : ''} has no overdue balance as of ${date}, according to the administration's records.`,
    owner: 'Owner',
    scan: "Or scan the QR code with your phone's camera.",
    validUntil: 'Valid until',
    code: 'Verification code',
    verifyAt: 'Verify this certificate at:',
    issued: 'Date issued',
  },
} as const;

/** The delinquency report's columns (CSV and PDF), amounts written by `money`. */
export const delinquencyColumns = (language: Language, money: Money): Array<CsvColumn<DelinquencyRow>> => [
  { header: 'property', value: (row) => row.propertyName },
  { header: 'unit', value: (row) => row.unitNumber },
  { header: 'owner', value: (row) => row.ownerName },
  { header: 'aged0to30', value: (row) => money(row.buckets['0-30']) },
  { header: 'aged31to60', value: (row) => money(row.buckets['31-60']) },
  { header: 'aged61to90', value: (row) => money(row.buckets['61-90']) },
  { header: 'agedOver90', value: (row) => money(row.buckets['90+']) },
  { header: 'totalOverdue', value: (row) => money(row.overdue) },
  { header: 'lastPayment', value: (row) => (row.lastPaymentAt ? formatDay(row.lastPaymentAt, language) : '—') },
];

/** The delinquency report as CSV (amounts as plain decimals). */
export const delinquencyCsv = (report: DelinquencyReport, language: Language) => csvText(delinquencyColumns(language, pesos), report.rows, language);
