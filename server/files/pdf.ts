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
 * The organization's logo as bytes pdfkit can draw (a PNG or JPEG served with the client),
 * else undefined: the header then shows its initials on its primary colour. Remote logos are
 * not fetched by the server.
 */
async function logoBytes(logo: string | null): Promise<Buffer | undefined> {
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
    doc.fillColor(textColor).font('Helvetica-Bold').fontSize(15).text(organization.name, MARGIN + 62, 32, { width: 300 });
    doc.font('Helvetica').fontSize(9).fillColor('#555555').text(`${contactEmail} · ${contactPhone}`, MARGIN + 62, doc.y + 2, { width: 300 });
    doc.font('Helvetica-Bold').fontSize(16).fillColor(primaryColor).text(title, 330, 32, { width: doc.page.width - 330 - MARGIN, align: 'right' });
    doc.font('Helvetica').fontSize(11).fillColor(textColor).text(subtitle, 330, doc.y + 2, { width: doc.page.width - 330 - MARGIN, align: 'right' });
    doc.moveTo(MARGIN, 92).lineTo(doc.page.width - MARGIN, 92).lineWidth(1.5).strokeColor(accentColor).stroke();
    doc.fillColor(textColor).font('Helvetica').fontSize(10);
    doc.x = MARGIN;
    doc.y = 108;
    body(doc);
  });
}

/** "Label: value" lines, the label in grey. */
export function facts(doc: Doc, rows: Array<[string, string]>) {
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font('Helvetica').fillColor('#555555').text(label, MARGIN, y, { width: 140 });
    doc.font('Helvetica-Bold').fillColor('#111111').text(value, MARGIN + 150, y, { width: doc.page.width - 2 * MARGIN - 150 });
    doc.moveDown(0.3);
  }
}

export type PdfColumn = { header: string; width: number; align?: 'left' | 'right' };

/** A table with its header repeated on every page it spans. */
export function table(doc: Doc, columns: PdfColumn[], rows: string[][], color: string) {
  const bottom = doc.page.height - MARGIN - 20;
  const header = () => {
    const y = doc.y;
    doc.rect(MARGIN, y - 3, doc.page.width - 2 * MARGIN, 16).fill(color);
    let x = MARGIN + 4;
    doc.font('Helvetica-Bold').fontSize(9).fillColor('#ffffff');
    for (const column of columns) {
      doc.text(column.header, x, y, { width: column.width - 8, align: column.align ?? 'left', lineBreak: false });
      x += column.width;
    }
    doc.y = y + 17;
  };
  header();
  doc.font('Helvetica').fontSize(9).fillColor('#111111');
  for (const row of rows) {
    const height = Math.max(...row.map((cell, i) => doc.heightOfString(cell, { width: columns[i].width - 8 }))) + 5;
    if (doc.y + height > bottom) {
      doc.addPage();
      header();
      doc.font('Helvetica').fontSize(9).fillColor('#111111');
    }
    const y = doc.y;
    let x = MARGIN + 4;
    row.forEach((cell, i) => {
      doc.text(cell, x, y, { width: columns[i].width - 8, align: columns[i].align ?? 'left' });
      x += columns[i].width;
    });
    doc.y = y + height;
    doc.moveTo(MARGIN, doc.y - 2).lineTo(doc.page.width - MARGIN, doc.y - 2).lineWidth(0.3).strokeColor('#dddddd').stroke();
  }
  doc.x = MARGIN;
}

/** A PDF table's columns from an export's: the same headers and cells, with their widths and alignment. */
export function pdfTable<T>(columns: Array<CsvColumn<T>>, layout: Array<{ width: number; align?: 'left' | 'right' }>, rows: T[], language: Language) {
  return {
    columns: columns.map((column, i) => ({ header: EXPORT_TEXTS[language].columns[column.header], ...layout[i] })),
    rows: rows.map((row) => columns.map((column) => String(column.value(row) ?? ''))),
  };
}

/** The current date and time in the organization's zone, short, for "generated on" lines. */
export const nowText = (language: Language) =>
  new Date().toLocaleString(language === 'es' ? 'es-DO' : 'en-US', { timeZone: TIME_ZONE, dateStyle: 'short', timeStyle: 'short' });

/** `text` and "page/pages" at the foot of every page (the document must buffer its pages). */
export function footer(doc: Doc, text: string) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc.font('Helvetica').fontSize(8).fillColor('#777777').text(`${text} · ${i + 1}/${range.count}`, MARGIN, doc.page.height - MARGIN + 10, { width: doc.page.width - 2 * MARGIN, align: 'center', lineBreak: false });
  }
}
