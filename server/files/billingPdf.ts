import QRCode from 'qrcode';
import { formatDay } from '../../shared/billing';
import { formatMoney, fullName } from '../../shared/format';
import type { Language } from '../../shared/messages';
import type { DelinquencyReport } from '../../shared/schemas/billing';
import { dayOf } from '../../shared/time';
import type { UnitStatement } from '../commands/statements';
import type { PaymentRow } from '../rows/billing';
import { BILLING_TEXTS, DEBT_TEXTS, delinquencyColumns, statementColumns } from './billing';
import { MARGIN, facts, footer, keepTogether, letterheadPdf, nowText, oneLine, pdfTable, table, type Letterhead } from './pdf';

/**
 * Billing's PDFs, on the organization's letterhead and in the user's language: receipts,
 * statements, the delinquency report and no-debt certificates. Their tables show the same
 * columns as the CSV exports (files/billing.ts), amounts as money.
 */

/** A payment's receipt: who paid, for which unit, how, how much, and what it paid. */
export function receiptPdf(organization: Letterhead, payment: PaymentRow, language: Language) {
  const texts = BILLING_TEXTS[language];
  return letterheadPdf(organization, texts.receipt, payment.receiptNumber ?? '', (doc) => {
    const payer = fullName(payment.userName, payment.userLastName);
    facts(doc, [
      [texts.number, payment.receiptNumber ?? ''],
      [texts.date, formatDay(payment.receivedAt, language)],
      ...(payer ? [[texts.receivedFrom, payer] as [string, string]] : []),
      [texts.unit, `${payment.propertyName} · ${payment.unitNumber}`],
      [texts.method, texts.methods[payment.method]],
      ...(payment.reference ? [[texts.reference, payment.reference] as [string, string]] : []),
    ]);
    doc.moveDown(0.6);
    doc.font('Helvetica').fontSize(11).fillColor('#555555').text(texts.amount);
    doc.font('Helvetica-Bold').fontSize(22).fillColor(organization.branding.primaryColor).text(formatMoney(payment.amount));
    doc.fontSize(10).fillColor('#111111').moveDown(0.8);
    if (payment.allocations.length) {
      doc.font('Helvetica-Bold').text(texts.appliedTo).moveDown(0.3);
      table(
        doc,
        [
          { header: texts.invoice, width: 130 },
          { header: texts.concept, width: 262 },
          { header: texts.payment, width: 120, align: 'right' },
        ],
        payment.allocations.map((a) => [a.invoiceNumber, a.description ?? '', formatMoney(a.amount)]),
        organization.branding.primaryColor,
      );
    }
    const credit = payment.status === 'confirmed' ? payment.amount - payment.allocatedAmount : 0;
    if (credit > 0) doc.moveDown(0.5).font('Helvetica-Bold').fontSize(10).text(`${texts.credit}: ${formatMoney(credit)}`);
    if (payment.refund) {
      const day = dayOf(new Date(payment.refund.refundedAt));
      doc.moveDown(0.8).font('Helvetica-Bold').fontSize(11).fillColor('#b91c1c').text(texts.refunded(formatDay(day, language), payment.refund.reason));
    }
    // Who recorded the money: the administrator who confirmed a reported transfer, not the resident who reported it.
    const reviewer = payment.status === 'reported' ? '' : fullName(payment.reviewedByName, payment.reviewedByLastName);
    const recorder = reviewer || fullName(payment.recordedByName, payment.recordedByLastName);
    if (recorder) doc.moveDown(1).font('Helvetica').fontSize(9).fillColor('#555555').text(`${texts.recordedBy}: ${recorder}`);
    footer(doc, `${organization.name} · ${texts.generated(nowText(language))}`);
  });
}

/** A unit's statement: every entry with the running balance, and the totals. */
export function statementPdf(organization: Letterhead, statement: UnitStatement, language: Language) {
  const texts = BILLING_TEXTS[language];
  const period = statement.from || statement.to
    ? `${statement.from ? formatDay(statement.from, language) : '…'} – ${statement.to ? formatDay(statement.to, language) : '…'}`
    : texts.allHistory;
  return letterheadPdf(organization, texts.statement, `${statement.unit.propertyName} · ${statement.unit.unitNumber}`, (doc) => {
    facts(doc, [
      [texts.unit, `${statement.unit.propertyName} · ${statement.unit.unitNumber}`],
      [texts.period, period],
      [texts.opening, formatMoney(statement.openingBalance)],
    ]);
    doc.moveDown(0.6);
    const { columns, rows } = pdfTable(
      statementColumns(language, formatMoney),
      [{ width: 62, nowrap: true }, { width: 92 }, { width: 146 }, ...[70, 70, 72].map((width) => ({ width, align: 'right' as const }))],
      statement.entries,
      language,
    );
    table(doc, columns, rows, organization.branding.primaryColor);
    doc.moveDown(0.8);
    facts(doc, [
      [texts.totalCharges, formatMoney(statement.totalCharges)],
      [texts.totalPayments, formatMoney(statement.totalPayments)],
      [statement.closingBalance < 0 ? texts.inCredit : texts.closing, formatMoney(Math.abs(statement.closingBalance))],
    ]);
    footer(doc, `${organization.name} · ${texts.generated(nowText(language))}`);
  });
}

/** What the delinquency report was asked for: the property's name (null: all), the age bucket and the search. */
export type DelinquencyFilters = { property: string | null; bucket?: string; q?: string };

/** The delinquency report for the assembly: one line per unit, the totals per bucket. */
export function delinquencyPdf(organization: Letterhead, report: DelinquencyReport, filters: DelinquencyFilters, today: string, language: Language) {
  const texts = DEBT_TEXTS[language];
  return letterheadPdf(organization, texts.delinquency, texts.asOf(formatDay(today, language)), (doc) => {
    facts(doc, [
      [texts.property, filters.property ?? texts.allProperties],
      ...(filters.bucket ? [[texts.oldestDebt, texts.bucket(filters.bucket)] as [string, string]] : []),
      ...(filters.q ? [[texts.search, filters.q] as [string, string]] : []),
      [texts.totals, `${formatMoney(report.totals.overdue)} · ${texts.units(report.total)}`],
    ]);
    doc.moveDown(0.6);
    if (!report.rows.length) doc.font('Helvetica').fontSize(11).text(texts.none);
    else {
      const { columns, rows } = pdfTable(
        delinquencyColumns(language, formatMoney),
        [{ width: 64 }, { width: 40, nowrap: true }, { width: 68 }, ...[52, 52, 52, 52, 60].map((width) => ({ width, align: 'right' as const })), { width: 52, nowrap: true }],
        report.rows,
        language,
      );
      table(
        doc,
        columns,
        [
          ...rows,
          [texts.totals, '', '', formatMoney(report.totals['0-30']), formatMoney(report.totals['31-60']), formatMoney(report.totals['61-90']), formatMoney(report.totals['90+']), formatMoney(report.totals.overdue), ''],
        ],
        organization.branding.primaryColor,
      );
    }
    footer(doc, `${organization.name} · ${BILLING_TEXTS[language].generated(nowText(language))}`);
  });
}

/**
 * The no-debt certificate: the unit and its owner, the day, until when it is valid, and how to
 * verify it: the address printed and as a QR code (the `qrcode` library) beside it.
 */
export async function certificatePdf(
  organization: Letterhead,
  certificate: { code: string; issuedOn: string; validUntil: string; unit: string; owner: string | null; verifyUrl: string },
  language: Language,
) {
  const texts = DEBT_TEXTS[language];
  const qr = await QRCode.toBuffer(certificate.verifyUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 6 });
  return letterheadPdf(organization, texts.certificate, certificate.unit, (doc) => {
    const issued = formatDay(certificate.issuedOn, language);
    doc.moveDown(1).font('Helvetica').fontSize(12).fillColor('#111111').text(texts.certifies(organization.name, certificate.unit, certificate.owner, issued), { align: 'justify' });
    doc.moveDown(1.2).fontSize(10);
    facts(doc, [
      [BILLING_TEXTS[language].unit, certificate.unit],
      ...(certificate.owner ? [[texts.owner, certificate.owner] as [string, string]] : []),
      [texts.issued, issued],
      [texts.validUntil, formatDay(certificate.validUntil, language)],
      [texts.code, certificate.code],
    ]);
    doc.moveDown(1);
    keepTogether(doc, 130);
    const top = doc.y;
    const size = 120;
    doc.image(qr, MARGIN, top, { fit: [size, size] });
    const x = MARGIN + size + 16;
    const width = doc.page.width - MARGIN - x;
    doc.font('Helvetica').fontSize(10).fillColor('#555555').text(texts.verifyAt, x, top + 30, { width });
    doc.font('Helvetica-Bold').fillColor('#111111');
    oneLine(doc, certificate.verifyUrl, x, doc.y + 2, width, { size: 10 });
    doc.font('Helvetica').fillColor('#555555').text(texts.scan, x, doc.y + 14, { width });
    doc.x = MARGIN;
    doc.y = top + size + 8;
    footer(doc, `${organization.name} · ${BILLING_TEXTS[language].generated(nowText(language))}`);
  });
}
