import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { messageText, type Language } from '../../shared/messages';
import { IMPORT_FIELDS, type ImportKind } from '../../shared/onboarding';
import type { PreviewRow } from '../commands/imports/imports';
import { safeCell } from './csv';

/**
 * The files of imports: the templates (CSV and XLSX, Spanish headers, one example row) and an
 * import's error rows as CSV (the row number, the cells as read, the reasons). Every cell
 * through safeCell; the CSVs carry a BOM so that Excel reads UTF-8.
 */
const templateRows = (kind: ImportKind) => [IMPORT_FIELDS[kind].map((spec) => spec.header), IMPORT_FIELDS[kind].map((spec) => spec.example)];

export const templateCsv = (kind: ImportKind) => stringify(templateRows(kind), { bom: true });

export async function templateXlsx(kind: ImportKind): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(kind);
  for (const row of templateRows(kind)) sheet.addRow(row);
  sheet.getRow(1).font = { bold: true };
  sheet.columns.forEach((column) => (column.width = 22));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const REASONS: Record<Language, { row: string; reasons: string }> = { es: { row: 'Fila', reasons: 'Errores' }, en: { row: 'Row', reasons: 'Errors' } };

/** The error rows of an import: its line in the file, its cells under the template's headers, and every reason "field: message". */
export function errorsCsv(kind: ImportKind, rows: PreviewRow[], language: Language): string {
  const fields = IMPORT_FIELDS[kind];
  const header = [REASONS[language].row, ...fields.map((spec) => spec.header), REASONS[language].reasons];
  const body = rows
    .filter((row) => row.outcome === 'error')
    .map((row) => [
      String(row.row),
      ...fields.map((spec) => safeCell(row.values[spec.field])),
      safeCell(
        Object.entries(row.errors ?? {})
          .map(([field, text]) => `${fields.find((spec) => spec.field === field)?.header ?? field}: ${messageText(text, language)}`)
          .join('; '),
      ),
    ]);
  return stringify([header, ...body], { bom: true });
}
