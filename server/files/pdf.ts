import fs from 'node:fs/promises';
import path from 'node:path';
import type { Knex } from 'knex';
import PDFDocument from 'pdfkit';
import { EXPORT_TEXTS, type Language } from '../../shared/messages';
import type { Branding } from '../../shared/schemas/settings';
import { TIME_ZONE } from '../../shared/time';
import { config } from '../config';
import { Organization } from '../models';
import { presentBranding } from '../presenters/settings';
import { logoByKey, uploadedLogoKey } from '../commands/organizationLogo';
import { formatTaxId } from '../../shared/finances';
import type { CsvColumn } from './csv';

/**
 * Every PDF the application writes is drawn here or through here: the document set-up (letter
 * size, its bytes collected into one Buffer), the organization's letterhead, "label: value"
 * facts, tables that repeat their header on each page, and the footer with page numbers.
 * Billing's documents (files/billing.ts) are made of these.
 */

export type Doc = PDFKit.PDFDocument;

/** The organization a document speaks for: its name and branding (colours, logo, contact). */
export type Letterhead = { name: string; branding: Branding };

/** The organization's name and branding, for its documents. */
export async function letterhead(organizationId: number, trx?: Knex): Promise<Letterhead> {
  const organization = await Organization.query(trx).findById(organizationId).throwIfNotFound();
  return { name: organization.name, branding: presentBranding(organization) };
}

export const MARGIN = 50;

/** A letter-size PDF drawn by `draw`, as bytes. */
export function pdfBuffer(options: PDFKit.PDFDocumentOptions, draw: (doc: Doc) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', ...options });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc);
    doc.end();
  });
}

/**
 * The organization's logo as bytes pdfkit can draw (its uploaded PNG or JPEG, or one served with the client),
 * else undefined: the header then shows its initials on its primary colour. Remote logos are
 * not fetched by the server.
 */
async function logoBytes(logo: string | null): Promise<Buffer | undefined> {
  const key = uploadedLogoKey(logo);
  if (key) return (await logoByKey(key))?.content;
  if (!logo || !/^\/[\w./-]+\.(png|jpe?g)$/i.test(logo) || logo.includes('..')) return undefined;
  return fs.readFile(path.join(config.clientDir, logo)).catch(() => undefined);
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter((word) => /^\p{Lu}/u.test(word))
    .slice(0, 2)
    .map((word) => word[0])
    .join('') || name.slice(0, 1).toUpperCase();

/** A letter-size document of the organization: its letterhead (logo, name, contact, `title` and `subtitle`), then `body`. */
export async function letterheadPdf(organization: Letterhead, title: string, subtitle: string, body: (doc: Doc) => void): Promise<Buffer> {
  const logo = await logoBytes(organization.branding.logo);
  return pdfBuffer({ margin: MARGIN, bufferPages: true, info: { Title: `${title} ${subtitle}`, Author: organization.name } }, (doc) => {
    const { primaryColor, accentColor, textColor, contactEmail, contactPhone } = organization.branding;
    doc.rect(0, 0, doc.page.width, 8).fill(primaryColor);
    if (logo) doc.image(logo, MARGIN, 28, { fit: [48, 48] });
    else {
      doc.roundedRect(MARGIN, 28, 48, 48, 10).fill(primaryColor);
      doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(18).text(initials(organization.name), MARGIN, 44, { width: 48, align: 'center' });
    }
    // Left: the name, RNC and contact; right: the title and subtitle. Each wraps in its own
    // column, and the rule goes under the taller of the two (and of the logo).
    const leftX = MARGIN + 62;
    const rightX = 330;
    const leftWidth = rightX - leftX - 12;
    const rightWidth = doc.page.width - rightX - MARGIN;
    doc.fillColor(textColor).font('Helvetica-Bold').fontSize(15).text(organization.name, leftX, 32, { width: leftWidth });
    doc.font('Helvetica').fontSize(9).fillColor('#555555');
    if (organization.branding.rnc) doc.text(`RNC ${formatTaxId(organization.branding.rnc)}`, leftX, doc.y + 2, { width: leftWidth });
    doc.text(`${contactEmail} · ${contactPhone}`, leftX, doc.y + 2, { width: leftWidth });
    const leftBottom = doc.y;
    doc.font('Helvetica-Bold').fontSize(16).fillColor(primaryColor).text(title, rightX, 32, { width: rightWidth, align: 'right' });
    doc.font('Helvetica').fontSize(11).fillColor(textColor).text(subtitle, rightX, doc.y + 2, { width: rightWidth, align: 'right' });
    const rule = Math.max(92, leftBottom + 8, doc.y + 8);
    doc.moveTo(MARGIN, rule).lineTo(doc.page.width - MARGIN, rule).lineWidth(1.5).strokeColor(accentColor).stroke();
    doc.fillColor(textColor).font('Helvetica').fontSize(10);
    doc.x = MARGIN;
    doc.y = rule + 16;
    body(doc);
  });
}

/** The lowest y the body may write to: above the footer line. */
export const bodyBottom = (doc: Doc) => doc.page.height - MARGIN - 20;

/**
 * Starts a new page unless `height` points still fit above the footer: what must stay together
 * (a heading and the first lines under it, a signature block) does not split across pages.
 */
export function keepTogether(doc: Doc, height: number) {
  if (doc.y + height > bodyBottom(doc)) {
    doc.addPage();
    doc.x = MARGIN;
  }
}

/** The font size at which `text` fits on one line `width` wide (at most `size`, at least 4). */
export function fittingSize(doc: Doc, text: string, width: number, size: number) {
  doc.fontSize(size);
  const natural = doc.widthOfString(text);
  return natural <= width ? size : Math.max(4, Math.floor((size * width * 10) / natural) / 10);
}

/**
 * `text` on one line at x, y within `width`, made smaller if it would not fit: amounts, dates
 * and codes are never broken across lines.
 */
export function oneLine(doc: Doc, text: string, x: number, y: number, width: number, options: { size: number; align?: 'left' | 'right' | 'center' }) {
  const size = fittingSize(doc, text, width, options.size);
  // Smaller text moves down to share the baseline of the line (Helvetica's ascender: 718/1000).
  doc.fontSize(size).text(text, x, y + ((options.size - size) * 718) / 1000, { width, align: options.align ?? 'left', lineBreak: false });
  doc.fontSize(options.size);
}

/** "Label: value" lines, the label in grey; a label and its value stay on one page. */
export function facts(doc: Doc, rows: Array<[string, string]>) {
  const labelWidth = 140;
  const valueWidth = doc.page.width - 2 * MARGIN - 150;
  for (const [label, value] of rows) {
    const height = Math.max(doc.font('Helvetica').heightOfString(label, { width: labelWidth }), doc.font('Helvetica-Bold').heightOfString(value, { width: valueWidth }));
    keepTogether(doc, height);
    const y = doc.y;
    doc.font('Helvetica').fillColor('#555555').text(label, MARGIN, y, { width: labelWidth });
    doc.font('Helvetica-Bold').fillColor('#111111').text(value, MARGIN + 150, y, { width: valueWidth });
    doc.y = y + height;
    doc.moveDown(0.3);
  }
  doc.x = MARGIN;
}

/**
 * A table column: its header, width and alignment. `nowrap` cells (amounts, dates, codes: by
 * default every right-aligned column) stay on one line, their text made smaller when needed.
 */
export type PdfColumn = { header: string; width: number; align?: 'left' | 'right'; nowrap?: boolean };

const CELL_PAD = 4;
const TABLE_SIZE = 9;

/**
 * A table with its header repeated on every page it spans. Headers wrap within their column
 * (the coloured band grows to hold them, never running into the first row); a header is never
 * left alone at the foot of a page.
 */
export function table(doc: Doc, columns: PdfColumn[], rows: string[][], color: string) {
  const inner = (column: PdfColumn) => column.width - 2 * CELL_PAD;
  const nowrap = (column: PdfColumn) => column.nowrap ?? column.align === 'right';
  doc.font('Helvetica-Bold').fontSize(TABLE_SIZE);
  const headerHeight = Math.max(...columns.map((column) => doc.heightOfString(column.header || ' ', { width: inner(column) }))) + 6;
  doc.font('Helvetica').fontSize(TABLE_SIZE);
  const rowHeight = (row: string[]) =>
    Math.max(doc.currentLineHeight(true), ...row.map((cell, i) => (nowrap(columns[i]) ? 0 : doc.heightOfString(cell || ' ', { width: inner(columns[i]) })))) + 5;
  const header = () => {
    const y = doc.y;
    doc.rect(MARGIN, y - 3, doc.page.width - 2 * MARGIN, headerHeight).fill(color);
    let x = MARGIN + CELL_PAD;
    doc.font('Helvetica-Bold').fontSize(TABLE_SIZE).fillColor('#ffffff');
    for (const column of columns) {
      doc.text(column.header, x, y, { width: inner(column), align: column.align ?? 'left' });
      x += column.width;
    }
    doc.y = y + headerHeight + 1;
    doc.font('Helvetica').fontSize(TABLE_SIZE).fillColor('#111111');
  };
  keepTogether(doc, headerHeight + 1 + (rows.length ? rowHeight(rows[0]) : 0));
  header();
  for (const row of rows) {
    const height = rowHeight(row);
    if (doc.y + height > bodyBottom(doc)) {
      doc.addPage();
      header();
    }
    const y = doc.y;
    let x = MARGIN + CELL_PAD;
    row.forEach((cell, i) => {
      const column = columns[i];
      if (nowrap(column)) oneLine(doc, cell, x, y, inner(column), { size: TABLE_SIZE, align: column.align });
      else doc.text(cell, x, y, { width: inner(column), align: column.align ?? 'left' });
      x += column.width;
    });
    doc.y = y + height;
    doc.moveTo(MARGIN, doc.y - 2).lineTo(doc.page.width - MARGIN, doc.y - 2).lineWidth(0.3).strokeColor('#dddddd').stroke();
  }
  doc.x = MARGIN;
}

/** A PDF table's columns from an export's: the same headers and cells, with their widths and alignment. */
export function pdfTable<T>(columns: Array<CsvColumn<T>>, layout: Array<{ width: number; align?: 'left' | 'right'; nowrap?: boolean }>, rows: T[], language: Language) {
  return {
    columns: columns.map((column, i) => ({ header: EXPORT_TEXTS[language].columns[column.header], ...layout[i] })),
    rows: rows.map((row) => columns.map((column) => String(column.value(row) ?? ''))),
  };
}

/** The current date and time in the organization's zone, short, for "generated on" lines. */
export const nowText = (language: Language) =>
  new Date().toLocaleString(language === 'es' ? 'es-DO' : 'en-US', { timeZone: TIME_ZONE, dateStyle: 'short', timeStyle: 'short' });

/**
 * `text` and "page/pages" at the foot of every page (the document must buffer its pages). The
 * footer sits in the bottom margin: the margin is lifted while it is written, or pdfkit would
 * start a page of its own for it (a footer alone on a blank page).
 */
export function footer(doc: Doc, text: string) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(8).fillColor('#777777');
    oneLine(doc, `${text} · ${i + 1}/${range.count}`, MARGIN, doc.page.height - MARGIN + 10, doc.page.width - 2 * MARGIN, { size: 8, align: 'center' });
    doc.page.margins.bottom = bottom;
  }
}
