import { describe, expect, it } from 'vitest';
import { DEFAULT_BRANDING } from '../../shared/branding';
import { formatMoney } from '../../shared/format';
import type { DelinquencyRow } from '../../shared/schemas/billing';
import type { StatementLine } from '../../shared/schemas/financesBooks';
import type { UnitStatement } from '../../server/commands/statements';
import type { MonthlyReport } from '../../server/commands/finances/monthlyReport';
import { certificatePdf, delinquencyPdf, receiptPdf, statementPdf } from '../../server/files/billingPdf';
import { balanceSheetPdf, incomeStatementPdf } from '../../server/files/booksPdf';
import { monthlyReportPdf } from '../../server/files/financesPdf';
import type { Letterhead } from '../../server/files/pdf';
import type { PaymentRow } from '../../server/rows/billing';
import { notOnOneLine, overlaps, pdfPages, type PdfPage } from '../support/pdfLayout';
import { testApp } from '../support/services';

await testApp(); // the PDF module reads uploaded logos from the database

/**
 * Every PDF of the product fits its pages (docs/modules/billing.md, "Documents"): each is drawn
 * with data long enough to wrap and to span pages, read back with pdf.js, and checked for a
 * page per what it holds (no page with only its footer), amounts and dates whole on one line,
 * and no text drawn over other text (headers over rows, the title over the organization's name).
 */

// A long name in the letterhead, an RNC, and the widest amounts a charge may have.
const organization: Letterhead = {
  name: 'Administradora de Condominios Residencial Los Jardines del Caribe del Este',
  branding: { ...DEFAULT_BRANDING, rnc: '130123454' },
};
const LONG = 'Cuota de mantenimiento ordinaria del mes con cargo por uso del área social y del parqueo de visitantes';
const amount = (i: number) => 1_999_999_999 - i * 7_654_321;

/** What every document must hold to: a footer on each page, something besides it, nothing overlapping. */
function fitsItsPages(pages: PdfPage[], footer: string) {
  expect(pages.length).toBeGreaterThan(0);
  pages.forEach((page, i) => {
    const footers = page.lines.filter((line) => line.includes(footer) && line.includes(`${i + 1}/${pages.length}`));
    expect(footers, `page ${i + 1} has its footer`).toHaveLength(1);
    expect(page.lines.length, `page ${i + 1} holds more than its footer`).toBeGreaterThan(1);
    expect(overlaps(page), `text drawn over text on page ${i + 1}`).toEqual([]);
    // Body text stays above the footer's band; the footer stays in the bottom margin.
    const footerY = page.pieces.find((piece) => piece.text.includes(`${i + 1}/${pages.length}`))!.y;
    expect(footerY).toBeLessThan(50);
    const lowestBody = Math.min(...page.pieces.filter((piece) => !piece.text.includes(`${i + 1}/${pages.length}`)).map((piece) => piece.y));
    expect(lowestBody).toBeGreaterThan(footerY + 15);
  });
}

/** The rows of a table on each page, counted by a text each row has once. */
const rowsPerPage = (pages: PdfPage[], pattern: RegExp) => pages.map((page) => page.lines.filter((line) => pattern.test(line)).length);

function statementOf(n: number): UnitStatement {
  let balance = 0;
  const entries = Array.from({ length: n }, (_, i) => {
    const isCharge = i % 3 !== 2;
    const value = amount(i);
    balance += isCharge ? value : -value;
    return {
      kind: isCharge ? ('charge' as const) : ('payment' as const),
      id: i + 1,
      date: `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
      number: `${isCharge ? 'FAC' : 'REC'}-2026-${String(i + 1).padStart(6, '0')}`,
      description: isCharge ? (i % 5 === 0 ? LONG : 'Cuota de mantenimiento') : null,
      type: isCharge ? 'maintenance' : null,
      dueDate: null,
      method: isCharge ? null : 'bank_transfer',
      reference: isCharge ? null : 'BPD-778812',
      charge: isCharge ? value : 0,
      payment: isCharge ? 0 : value,
      balance,
    };
  });
  const totalCharges = entries.reduce((sum, e) => sum + e.charge, 0);
  const totalPayments = entries.reduce((sum, e) => sum + e.payment, 0);
  return {
    unit: { id: 1, unitNumber: 'PH-1204-B', propertyId: 1, propertyName: 'Torre Residencial Mirador del Malecón', organizationId: 1 },
    from: null,
    to: null,
    openingBalance: 0,
    totalCharges,
    totalPayments,
    closingBalance: balance,
    entries,
  } as UnitStatement;
}

describe('PDFs fit their pages', () => {
  it('a statement of one short page, and one of 150 entries over full pages, every amount and date whole', async () => {
    const short = await pdfPages(await statementPdf(organization, statementOf(4), 'es'));
    expect(short).toHaveLength(1);
    fitsItsPages(short, organization.name);

    const statement = statementOf(150);
    const pages = await pdfPages(await statementPdf(organization, statement, 'es'));
    fitsItsPages(pages, organization.name);
    const rows = rowsPerPage(pages, /(FAC|REC)-2026-\d{6}/);
    expect(rows.reduce((a, b) => a + b)).toBe(150);
    // Pages in between hold as many rows as fit (rows of two or three lines where a concept
    // wraps), the first fewer (the letterhead), the last the rest: no more pages than that.
    const middle = rows.slice(1, -1);
    expect(Math.min(...middle)).toBeGreaterThanOrEqual(20);
    expect(rows[0]).toBeLessThan(Math.max(...middle));
    expect(pages.length).toBe(1 + Math.ceil((150 - rows[0]) / (middle.reduce((a, b) => a + b) / middle.length)));
    // No trailing page of totals alone when they fit, and never an empty one.
    expect(rows.at(-1)! > 0 || pages.at(-1)!.lines.some((line) => line.includes('Saldo final'))).toBe(true);
    // Each page but the last is used to its foot (a row's height from the footer's band).
    for (const page of pages.slice(0, -1)) {
      const lowest = Math.min(...page.pieces.filter((piece) => !/\d+\/\d+$/.test(piece.text)).map((piece) => piece.y));
      expect(lowest).toBeLessThan(110);
    }
    // The table's header is repeated on every page, above its rows.
    for (const page of pages) expect(page.lines.some((line) => line.includes('Fecha') && line.includes('Saldo'))).toBe(true);
    const amounts = statement.entries.flatMap((e) => [e.charge || e.payment, e.balance]).map(formatMoney);
    const dates = statement.entries.map((e) => e.date.split('-').reverse().join('/'));
    expect(notOnOneLine(pages, [...amounts, ...dates, formatMoney(statement.totalCharges), formatMoney(statement.totalPayments)])).toEqual([]);
    expect(notOnOneLine(pages, ['RNC 1-30-12345-4'])).toEqual([]);
  });

  it('a receipt with many invoices paid, the amount and who recorded it', async () => {
    const allocations = Array.from({ length: 70 }, (_, i) => ({ chargeId: i + 1, invoiceNumber: `FAC-2026-${String(i + 1).padStart(6, '0')}`, description: i % 4 ? 'Cuota de mantenimiento' : LONG, amount: amount(i) }));
    const payment = {
      id: 1, organizationId: 1, propertyId: 1, propertyName: 'Torre Residencial Mirador del Malecón', unitId: 1, unitNumber: 'PH-1204-B',
      userId: 1, userName: 'Rosa', userLastName: 'Peña', amount: 1_999_999_999, allocatedAmount: 1_999_999_999, method: 'bank_transfer',
      reference: 'BPD-778812', receivedAt: '2026-11-27', receiptNumber: 'REC-2026-000123', status: 'confirmed', reason: null,
      recordedById: 1, recordedByName: 'Rosa', recordedByLastName: 'Peña', reviewedByName: 'Ana', reviewedByLastName: 'Administradora',
      reviewedAt: new Date(), createdAt: new Date(), allocations, proof: null, refund: null,
    } as PaymentRow;
    const pages = await pdfPages(await receiptPdf(organization, payment, 'es'));
    fitsItsPages(pages, organization.name);
    expect(pages.length).toBeGreaterThan(1);
    expect(rowsPerPage(pages, /FAC-2026-\d{6}/).reduce((a, b) => a + b)).toBe(70);
    expect(notOnOneLine(pages, ['RD$19,999,999.99', ...allocations.map((a) => formatMoney(a.amount)), '27/11/2026', 'Registrado por: Ana Administradora'])).toEqual([]);
  });

  it('the delinquency report: wide amounts shrink to fit their column, labels say what was filtered', async () => {
    const rows: DelinquencyRow[] = Array.from({ length: 90 }, (_, i) => ({
      unitId: i + 1, unitNumber: `T${i + 1}-${1000 + i}`, propertyId: 1, propertyName: 'Torre Residencial Mirador del Malecón',
      ownerName: i % 3 ? 'María Altagracia Fernández de los Santos' : null, overdue: amount(i), overdueCount: 3, oldestDueDate: '2026-01-05', daysLate: 120,
      buckets: { '0-30': amount(i) / 4, '31-60': 0, '61-90': amount(i) / 4, '90+': amount(i) / 2 }, lastPaymentAt: i % 2 ? '2026-10-31' : null, contact: null, agreement: null,
    })).map((row) => ({ ...row, buckets: Object.fromEntries(Object.entries(row.buckets).map(([k, v]) => [k, Math.round(v)])) as DelinquencyRow['buckets'] }));
    const totals = { '0-30': 0, '31-60': 0, '61-90': 0, '90+': 0, overdue: 0 };
    for (const row of rows) {
      for (const key of ['0-30', '31-60', '61-90', '90+'] as const) totals[key] += row.buckets[key];
      totals.overdue += row.overdue;
    }
    const report = { rows, total: rows.length, totals, units: rows.length };
    const pages = await pdfPages(await delinquencyPdf(organization, report, { property: 'Torre Residencial Mirador del Malecón', bucket: '90+', q: 'T1' }, '2026-11-27', 'es'));
    fitsItsPages(pages, organization.name);
    expect(rowsPerPage(pages, /T\d+-\d{4}/).reduce((a, b) => a + b)).toBe(90);
    const amounts = [...rows.flatMap((row) => [row.overdue, ...Object.values(row.buckets)]), totals.overdue, totals['90+']].map(formatMoney);
    expect(notOnOneLine(pages, [...amounts, '31/10/2026'])).toEqual([]);
    const text = pages[0].lines.join('\n');
    expect(text).toContain('Propiedad Torre Residencial Mirador del Malecón');
    expect(text).toContain('Deuda más antigua Más de 90 días');
    expect(text).toContain('Búsqueda T1');
    expect(text).not.toMatch(/^Unidad Torre/m);
  });

  it('the no-debt certificate: one page, the owner, the unit and the verification address whole', async () => {
    const url = 'https://vecindad.example.do/verificar/ABCD-EFGH-JKLM-NPQR';
    const pages = await pdfPages(
      await certificatePdf(organization, { code: 'ABCD-EFGH-JKLM-NPQR', issuedOn: '2026-11-27', validUntil: '2026-12-27', unit: 'Torre Residencial Mirador del Malecón · PH-1204-B', owner: 'María Altagracia Fernández de los Santos', verifyUrl: url }, 'es'),
    );
    expect(pages).toHaveLength(1);
    fitsItsPages(pages, organization.name);
    expect(notOnOneLine(pages, [url, 'ABCD-EFGH-JKLM-NPQR', '27/11/2026', '27/12/2026', 'Propietario María Altagracia Fernández de los Santos'])).toEqual([]);
  });

  it('the monthly report, the balance sheet and the income statement with long lists', async () => {
    const items = Array.from({ length: 60 }, (_, i) => ({
      id: i, issueDate: '2026-11-15', category: 'repairs', description: i % 3 ? 'Reparación de bomba' : LONG, supplierName: 'Ferretería y Plomería Hermanos Rodríguez',
      invoiceNumber: null, ncf: null, fundName: 'Operativo', amount: amount(i) / 10, itbis: 0, total: amount(i) / 10, status: 'paid',
    })).map((item) => ({ ...item, amount: Math.round(item.amount), total: Math.round(item.total) }));
    const report = {
      propertyId: 1, propertyName: 'Torre Residencial Mirador del Malecón', month: '2026-11', from: '2026-11-01', to: '2026-11-30',
      funds: [{ id: 1, name: 'Fondo operativo', kind: 'operating', opening: 1_234_567_890, closing: 1_999_999_999 }],
      income: { byType: [{ type: 'maintenance', amount: 1_999_999_999 }], credit: 12_345, total: 2_000_012_344, payments: 3 },
      expenses: { byCategory: [{ category: 'repairs', total: items.reduce((s, i) => s + i.amount, 0), items }], total: items.reduce((s, i) => s + i.amount, 0), count: items.length },
      delinquency: { asOf: '2026-11-30', units: 4, overdue: 1_999_999_999, buckets: { '0-30': 1, '31-60': 2, '61-90': 3, '90+': 1_999_999_993 }, rows: [] },
      budget: { year: 2026, monthIndex: 10, lines: Array.from({ length: 13 }, (_, i) => ({ category: 'administration_fee', budget: amount(i), actual: amount(i + 1), variance: -7_654_321, budgetToDate: amount(i) * 5, actualToDate: amount(i) * 5, varianceToDate: -1_999_999_999 })) },
      bankReconciliation: [{ bankAccountId: 1, bank: 'popular', last4: '1234', bankClosing: 1_999_999_999, bookClosing: 1_999_999_999, difference: 0, reconciled: true }],
      generatedAt: new Date().toISOString(),
    } as MonthlyReport;
    const monthly = await pdfPages(await monthlyReportPdf(organization, report, 'es'));
    fitsItsPages(monthly, organization.name);
    expect(notOnOneLine(monthly, [...items.map((i) => formatMoney(i.amount)), ...report.budget.lines.map((l) => formatMoney(l.budgetToDate)), formatMoney(-1_999_999_999), '15/11/2026'])).toEqual([]);

    const lines: StatementLine[] = Array.from({ length: 80 }, (_, i) => ({
      account: { id: i, code: `${i < 40 ? 1 : 2}.${String(i).padStart(3, '0')}`, name: i % 4 ? 'Cuentas por cobrar a propietarios' : `${LONG} (cuenta ${i})`, kind: i < 40 ? 'asset' : 'liability', key: null },
      debit: 0, credit: 0, balance: amount(i),
    }));
    const sheet = await pdfPages(await balanceSheetPdf(organization, 'Torre Residencial Mirador del Malecón', { propertyId: 1, to: '2026-11-30', assets: 1_999_999_999, liabilities: 1, equity: 2, result: 3, lines, funds: [{ fundId: 1, name: 'Fondo de reserva', cash: 1_999_999_999 }] }, 'es'));
    fitsItsPages(sheet, organization.name);
    expect(sheet.length).toBeGreaterThan(1);
    expect(notOnOneLine(sheet, lines.map((line) => formatMoney(line.balance)))).toEqual([]);

    const income = lines.map((line, i) => ({ ...line, account: { ...line.account, kind: i < 40 ? 'income' : 'expense' } })) as StatementLine[];
    const statement = await pdfPages(await incomeStatementPdf(organization, 'Torre Residencial Mirador del Malecón', { propertyId: 1, from: '2026-01-01', to: '2026-11-30', income: 1, expenses: 2, result: -1_999_999_999, lines: income }, 'es'));
    fitsItsPages(statement, organization.name);
    expect(notOnOneLine(statement, [...income.map((line) => formatMoney(line.balance)), formatMoney(-1_999_999_999)])).toEqual([]);
  });
});
