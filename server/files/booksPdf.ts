import { formatDay } from '../../shared/billing';
import { formatMoney } from '../../shared/format';
import type { Language } from '../../shared/messages';
import type { BalanceSheet, IncomeStatement, StatementLine } from '../../shared/schemas/financesBooks';
import { facts, footer, keepTogether, letterheadPdf, nowText, table, type Doc, type Letterhead } from './pdf';

/**
 * The books' PDFs (docs/modules/finances.md, "The books underneath"), on the organization's
 * letterhead and in the user's language: the balance sheet and the income statement the annual
 * assembly approves. The same figures as their pages (server/books/statements.ts).
 */
export const BOOKS_TEXTS = {
  es: {
    balanceSheet: 'Balance general',
    incomeStatement: 'Estado de resultados',
    files: { balanceSheet: 'balance-general', incomeStatement: 'estado-de-resultados' },
    property: 'Propiedad',
    at: 'Al',
    period: 'Período',
    code: 'Código',
    account: 'Cuenta',
    amount: 'Monto',
    assets: 'Activos',
    liabilities: 'Pasivos',
    equity: 'Patrimonio (fondos)',
    result: 'Resultado acumulado',
    totalLiabilitiesEquity: 'Pasivos + patrimonio',
    income: 'Ingresos',
    expenses: 'Gastos',
    periodResult: 'Resultado del período',
    funds: 'Efectivo por fondo',
    fund: 'Fondo',
    generated: (when: string) => `Generado el ${when}`,
  },
  en: {
    balanceSheet: 'Balance sheet',
    incomeStatement: 'Income statement',
    files: { balanceSheet: 'balance-sheet', incomeStatement: 'income-statement' },
    property: 'Property',
    at: 'As of',
    period: 'Period',
    code: 'Code',
    account: 'Account',
    amount: 'Amount',
    assets: 'Assets',
    liabilities: 'Liabilities',
    equity: 'Equity (funds)',
    result: 'Accumulated result',
    totalLiabilitiesEquity: 'Liabilities + equity',
    income: 'Income',
    expenses: 'Expenses',
    periodResult: 'Result for the period',
    funds: 'Cash per fund',
    fund: 'Fund',
    generated: (when: string) => `Generated on ${when}`,
  },
} as const;

const COLUMNS = (language: Language) => [
  { header: BOOKS_TEXTS[language].code, width: 80 },
  { header: BOOKS_TEXTS[language].account, width: 312 },
  { header: BOOKS_TEXTS[language].amount, width: 120, align: 'right' as const },
];

/** A section: its heading, its accounts' balances and its total. */
function section(doc: Doc, organization: Letterhead, title: string, lines: StatementLine[], extra: string[][], total: number, language: Language) {
  doc.moveDown(0.6);
  keepTogether(doc, 60);
  doc.font('Helvetica-Bold').fontSize(11).fillColor('#111111').text(title).moveDown(0.3);
  table(
    doc,
    COLUMNS(language),
    [...lines.map((line) => [line.account.code, line.account.name, formatMoney(line.balance)]), ...extra, ['', title, formatMoney(total)]],
    organization.branding.primaryColor,
  );
}

export function balanceSheetPdf(organization: Letterhead, propertyName: string, sheet: BalanceSheet, language: Language) {
  const texts = BOOKS_TEXTS[language];
  return letterheadPdf(organization, texts.balanceSheet, `${texts.at} ${formatDay(sheet.to, language)}`, (doc) => {
    facts(doc, [[texts.property, propertyName], [texts.at, formatDay(sheet.to, language)]]);
    const of = (kind: string) => sheet.lines.filter((line) => line.account.kind === kind);
    section(doc, organization, texts.assets, of('asset'), [], sheet.assets, language);
    section(doc, organization, texts.liabilities, of('liability'), [], sheet.liabilities, language);
    section(doc, organization, texts.equity, of('equity'), [['', texts.result, formatMoney(sheet.result)]], sheet.equity, language);
    doc.moveDown(0.5).font('Helvetica-Bold').fontSize(10).text(`${texts.totalLiabilitiesEquity}: ${formatMoney(sheet.liabilities + sheet.equity)}`);
    doc.moveDown(0.6);
    keepTogether(doc, 60);
    doc.font('Helvetica-Bold').fontSize(11).text(texts.funds).moveDown(0.3);
    table(
      doc,
      [
        { header: texts.fund, width: 392 },
        { header: texts.amount, width: 120, align: 'right' },
      ],
      sheet.funds.map((fund) => [fund.name, formatMoney(fund.cash)]),
      organization.branding.primaryColor,
    );
    footer(doc, `${organization.name} · ${texts.generated(nowText(language))}`);
  });
}

export function incomeStatementPdf(organization: Letterhead, propertyName: string, statement: IncomeStatement, language: Language) {
  const texts = BOOKS_TEXTS[language];
  const period = `${formatDay(statement.from, language)} – ${formatDay(statement.to, language)}`;
  return letterheadPdf(organization, texts.incomeStatement, period, (doc) => {
    facts(doc, [[texts.property, propertyName], [texts.period, period]]);
    const of = (kind: string) => statement.lines.filter((line) => line.account.kind === kind);
    section(doc, organization, texts.income, of('income'), [], statement.income, language);
    section(doc, organization, texts.expenses, of('expense'), [], statement.expenses, language);
    doc.moveDown(0.6).font('Helvetica-Bold').fontSize(12).fillColor(organization.branding.primaryColor).text(`${texts.periodResult}: ${formatMoney(statement.result)}`);
    footer(doc, `${organization.name} · ${texts.generated(nowText(language))}`);
  });
}
