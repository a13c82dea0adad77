import { formatDay } from '../../shared/billing';
import { formatMoney } from '../../shared/format';
import { BANK_LABELS, type Bank } from '../../shared/financesBank';
import type { Language } from '../../shared/messages';
import type { MonthlyReport } from '../commands/finances/monthlyReport';
import { monthName } from '../policies/periods';
import { BILLING_TEXTS } from './billing';
import { facts, footer, keepTogether, letterheadPdf, nowText, table, type Doc, type Letterhead } from './pdf';

/**
 * The owners' monthly report as a PDF on the organization's letterhead, in the reader's
 * language: the same figures as its page (commands/finances/monthlyReport.ts).
 */

const CATEGORIES: Record<Language, Record<string, string>> = {
  es: {
    payroll: 'Nómina', electricity: 'Electricidad', water: 'Agua', gas: 'Gas', elevators: 'Ascensores', cleaning: 'Limpieza', security: 'Seguridad',
    gardening: 'Jardinería', repairs: 'Reparaciones', insurance: 'Seguros', administration_fee: 'Honorarios de administración', bank_fees: 'Cargos bancarios', other: 'Otros',
  },
  en: {
    payroll: 'Payroll', electricity: 'Electricity', water: 'Water', gas: 'Gas', elevators: 'Elevators', cleaning: 'Cleaning', security: 'Security',
    gardening: 'Gardening', repairs: 'Repairs', insurance: 'Insurance', administration_fee: 'Administration fee', bank_fees: 'Bank fees', other: 'Other',
  },
};

export const categoryLabel = (category: string, language: Language) => CATEGORIES[language][category] ?? category;

const TEXTS = {
  es: {
    title: 'Informe mensual', property: 'Propiedad', period: 'Período', funds: 'Fondos', fund: 'Fondo', opening: 'Saldo inicial', closing: 'Saldo final',
    income: 'Ingresos', type: 'Tipo', amount: 'Monto', credit: 'Saldo a favor (pagos adelantados)', total: 'Total', expenses: 'Gastos',
    date: 'Fecha', supplier: 'Proveedor', concept: 'Concepto', itbis: 'ITBIS', delinquency: 'Morosidad', units: 'Unidades en mora', overdue: 'Monto vencido',
    asOf: (day: string) => `al ${day}`, unit: 'Unidad', daysLate: 'Días', budget: 'Presupuesto vs. real', category: 'Categoría', planned: 'Presupuesto', actual: 'Real',
    variance: 'Diferencia', toDate: 'Acumulado del año', reconciliation: 'Conciliación bancaria', notReconciled: 'Sin conciliación registrada', reconciled: 'Conciliado', bankAccount: 'Cuenta', bankClosing: 'Saldo del banco', bookClosing: 'Saldo en libros', state: 'Estado', none: 'Sin movimientos',
    generated: (when: string) => `Generado el ${when}`,
  },
  en: {
    title: 'Monthly report', property: 'Property', period: 'Period', funds: 'Funds', fund: 'Fund', opening: 'Opening balance', closing: 'Closing balance',
    income: 'Income', type: 'Type', amount: 'Amount', credit: 'Credit (advance payments)', total: 'Total', expenses: 'Expenses',
    date: 'Date', supplier: 'Supplier', concept: 'Description', itbis: 'ITBIS', delinquency: 'Delinquency', units: 'Units in arrears', overdue: 'Amount past due',
    asOf: (day: string) => `as of ${day}`, unit: 'Unit', daysLate: 'Days', budget: 'Budget vs actual', category: 'Category', planned: 'Budget', actual: 'Actual',
    variance: 'Variance', toDate: 'Year to date', reconciliation: 'Bank reconciliation', notReconciled: 'No reconciliation recorded', reconciled: 'Reconciled', bankAccount: 'Account', bankClosing: 'Bank balance', bookClosing: 'Book balance', state: 'State', none: 'No movements',
    generated: (when: string) => `Generated ${when}`,
  },
} as const;

/** A section's heading, kept on the page of the first lines under it. */
function heading(doc: Doc, text: string, color: string) {
  doc.moveDown(0.8);
  keepTogether(doc, 70);
  doc.font('Helvetica-Bold').fontSize(12).fillColor(color).text(text).moveDown(0.3).fontSize(10).fillColor('#111111');
}

export function monthlyReportPdf(organization: Letterhead, report: MonthlyReport, language: Language) {
  const t = TEXTS[language];
  const color = organization.branding.primaryColor;
  const money = formatMoney;
  return letterheadPdf(organization, t.title, monthName(report.month, language), (doc) => {
    facts(doc, [
      [t.property, report.propertyName],
      [t.period, `${formatDay(report.from, language)} – ${formatDay(report.to, language)}`],
    ]);
    heading(doc, t.funds, color);
    table(doc, [{ header: t.fund, width: 252 }, { header: t.opening, width: 130, align: 'right' }, { header: t.closing, width: 130, align: 'right' }],
      report.funds.map((fund) => [fund.name, money(fund.opening), money(fund.closing)]), color);

    heading(doc, t.income, color);
    const types = BILLING_TEXTS[language].types as Record<string, string>;
    table(doc, [{ header: t.type, width: 382 }, { header: t.amount, width: 130, align: 'right' }], [
      ...report.income.byType.map((row) => [types[row.type] ?? row.type, money(row.amount)]),
      ...(report.income.credit ? [[t.credit, money(report.income.credit)]] : []),
      [t.total, money(report.income.total)],
    ], color);

    heading(doc, t.expenses, color);
    if (!report.expenses.byCategory.length) doc.text(t.none);
    for (const group of report.expenses.byCategory) {
      keepTogether(doc, 50);
      doc.font('Helvetica-Bold').fontSize(10).text(`${categoryLabel(group.category, language)}: ${money(group.total)}`).moveDown(0.2);
      table(doc, [{ header: t.date, width: 62, nowrap: true }, { header: t.supplier, width: 120 }, { header: t.concept, width: 170 }, { header: t.amount, width: 80, align: 'right' }, { header: t.itbis, width: 80, align: 'right' }],
        group.items.map((item) => [formatDay(item.issueDate, language), item.supplierName ?? '', item.description, money(item.amount), money(item.itbis)]), color);
      doc.moveDown(0.3);
    }
    doc.font('Helvetica-Bold').text(`${t.total}: ${money(report.expenses.total)}`);

    heading(doc, `${t.delinquency} (${t.asOf(formatDay(report.delinquency.asOf, language))})`, color);
    facts(doc, [[t.units, String(report.delinquency.units)], [t.overdue, money(report.delinquency.overdue)]]);
    table(doc, Object.keys(report.delinquency.buckets).map((bucket) => ({ header: bucket, width: 128, align: 'right' as const })),
      [Object.values(report.delinquency.buckets).map(money)], color);

    heading(doc, t.budget, color);
    if (!report.budget.lines.length) doc.text(t.none);
    else {
      table(doc, [{ header: t.category, width: 130 }, { header: t.planned, width: 64, align: 'right' }, { header: t.actual, width: 64, align: 'right' }, { header: t.variance, width: 64, align: 'right' },
        { header: `${t.toDate}: ${t.planned}`, width: 64, align: 'right' }, { header: t.actual, width: 62, align: 'right' }, { header: t.variance, width: 64, align: 'right' }],
      report.budget.lines.map((line) => [categoryLabel(line.category, language), money(line.budget), money(line.actual), money(line.variance), money(line.budgetToDate), money(line.actualToDate), money(line.varianceToDate)]), color);
    }

    heading(doc, t.reconciliation, color);
    if (!report.bankReconciliation.length) doc.font('Helvetica').text(t.notReconciled);
    else {
      table(doc, [{ header: t.bankAccount, width: 150 }, { header: t.bankClosing, width: 90, align: 'right' }, { header: t.bookClosing, width: 90, align: 'right' }, { header: t.variance, width: 90, align: 'right' }, { header: t.state, width: 92 }],
        report.bankReconciliation.map((row) => [`${BANK_LABELS[row.bank as Bank] ?? row.bank} ···${row.last4}`, money(row.bankClosing), money(row.bookClosing), money(row.difference), row.reconciled ? t.reconciled : t.notReconciled]), color);
    }
    footer(doc, `${organization.name} · ${t.generated(nowText(language))}`);
  });
}
