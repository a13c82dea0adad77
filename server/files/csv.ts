import { stringify } from 'csv-stringify/sync';
import type { Context } from 'koa';
import { EXPORT_TEXTS, type ExportColumn, type Language } from '../../shared/messages';
import { sendFile } from './download';

/**
 * Every CSV the application writes (exports of maintenance, visitors, residents, charges,
 * payments, delinquency and statements): columns named by key and headed in the user's
 * language, every cell through safeCell, a BOM so that Excel reads UTF-8.
 */

/**
 * A cell a spreadsheet would read as a formula (it starts with = + - @, a tab or a carriage
 * return: OWASP's CSV injection) is prefixed with ', so it stays text. A number or a phone
 * number (a sign, then only digits, spaces, parentheses, dots and dashes: -1500.00,
 * +1 809-555-0100) cannot call a function or reach anything, and stays as it is.
 */
export function safeCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /^[=+\-@\t\r]/.test(text) && !/^[+-][\d ().-]*$/.test(text) ? `'${text}` : text;
}

/** A column of an export: its header (a key of EXPORT_TEXTS.columns) and its cell for a row. */
export type CsvColumn<T> = { header: ExportColumn; value: (row: T) => string | number | null | undefined };

/** The CSV text of `rows` under `columns`, headed in `language`. */
export function csvText<T>(columns: Array<CsvColumn<T>>, rows: T[], language: Language): string {
  return stringify(
    rows.map((row) => columns.map((column) => safeCell(column.value(row)))),
    { bom: true, header: true, columns: columns.map((column) => EXPORT_TEXTS[language].columns[column.header]) },
  );
}

/** Answers a CSV text (csvText's) as a download named `fileName`. */
export const sendCsv = (ctx: Context, fileName: string, text: string) => sendFile(ctx, text, 'text/csv; charset=utf-8', fileName);

/**
 * A table as stored, for the export of everything (commands/exports): the header is the
 * column names (the same in every language, so a file reads back anywhere), every cell through
 * safeCell; days and times as ISO text, JSON columns as JSON.
 */
export function csvTable(columns: string[], rows: Array<Record<string, unknown>>): string {
  const cell = (value: unknown) =>
    value instanceof Date ? value.toISOString() : value !== null && typeof value === 'object' ? JSON.stringify(value) : (value as string | number | null | undefined);
  return stringify(
    rows.map((row) => columns.map((column) => safeCell(cell(row[column])))),
    { bom: true, header: true, columns },
  );
}
