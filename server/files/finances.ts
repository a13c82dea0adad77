import { formatDay } from '../../shared/billing';
import { FINANCES_LABELS, expenseCategoryLabel, type Language } from '../../shared/messages';
import type { presentExpense } from '../presenters/finances';
import { csvText, type CsvColumn } from './csv';

/** Finances' exports (docs/modules/finances.md): the expense list as CSV, amounts in pesos. */

type PresentedExpense = ReturnType<typeof presentExpense>;
const pesos = (centavos: number) => (centavos / 100).toFixed(2);

const expenseColumns = (language: Language): Array<CsvColumn<PresentedExpense>> => [
  { header: 'date', value: (e) => formatDay(e.issueDate, language) },
  { header: 'property', value: (e) => e.propertyName },
  { header: 'fund', value: (e) => e.fundName },
  { header: 'category', value: (e) => expenseCategoryLabel(e.category, language) },
  { header: 'supplier', value: (e) => e.supplierName },
  { header: 'invoice', value: (e) => e.invoiceNumber },
  { header: 'ncf', value: (e) => e.ncf },
  { header: 'description', value: (e) => e.description },
  { header: 'due', value: (e) => (e.dueDate ? formatDay(e.dueDate, language) : '') },
  { header: 'subtotal', value: (e) => pesos(e.amount) },
  { header: 'itbis', value: (e) => pesos(e.itbis) },
  { header: 'total', value: (e) => pesos(e.total) },
  { header: 'paid', value: (e) => pesos(e.paidAmount) },
  { header: 'balance', value: (e) => pesos(e.balance) },
  { header: 'status', value: (e) => FINANCES_LABELS[language].statuses[e.status] },
];

export const expensesCsv = (expenses: PresentedExpense[], language: Language) => csvText(expenseColumns(language), expenses, language);
