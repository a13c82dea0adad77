import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { messageText } from '../../shared/messages';
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from '../../shared/onboarding';
import { badRequest, payloadTooLarge } from '../errors';

/**
 * Reads an uploaded spreadsheet into its header row and the rows under it, all cells as
 * trimmed text. CSV through csv-parse (comma or semicolon, whichever the header line uses;
 * UTF-8, else Windows-1252 as Excel in Spanish saves it, decoded by iconv-lite); XLSX through
 * exceljs (the first sheet, or the one named). Wholly empty rows are dropped.
 */
export type ReadFile = { columns: string[]; cells: string[][]; sheets: string[]; sheet: string | null };

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const isZip = (bytes: Buffer) => ZIP_MAGIC.every((byte, i) => bytes[i] === byte);

/** The bytes of a base64 content (a data: URL prefix is allowed), within 10 MB. */
export function fileBytes(content: string): Buffer {
  const base64 = content.replace(/^data:[^,]*,/, '');
  if ((base64.length * 3) / 4 > MAX_IMPORT_BYTES + 4) throw payloadTooLarge(messageText('import_file_too_large'));
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > MAX_IMPORT_BYTES) throw payloadTooLarge(messageText('import_file_too_large'));
  if (!bytes.length) throw badRequest(messageText('import_file_required'), 'validation_error', { file: messageText('import_file_required') });
  return bytes;
}

/** The text of a CSV: UTF-8 (its BOM dropped) when it is valid UTF-8, else Windows-1252. */
export function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return iconv.decode(bytes, 'win1252');
  }
}

/** The delimiter of a CSV: the one of `;` and `,` its first line uses more (outside quotes). */
export function detectDelimiter(text: string): ';' | ',' {
  const firstLine = (text.split(/\r?\n/, 1)[0] ?? '').replace(/"[^"]*"/g, '');
  const count = (char: string) => firstLine.split(char).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

const unreadable = () => badRequest(messageText('import_file_unreadable'), 'validation_error', { file: messageText('import_file_unreadable') });
const tooMany = () => badRequest(messageText('import_too_many_rows'), 'too_many_rows', { file: messageText('import_too_many_rows') });

function shape(rows: string[][], sheets: string[], sheet: string | null): ReadFile {
  const filled = rows.map((row) => row.map((cell) => cell.trim())).filter((row) => row.some((cell) => cell !== ''));
  const [header, ...cells] = filled;
  if (!header || !cells.length) throw badRequest(messageText('import_empty'), 'validation_error', { file: messageText('import_empty') });
  if (cells.length > MAX_IMPORT_ROWS) throw tooMany();
  return { columns: header, cells: cells.map((row) => header.map((_, i) => row[i] ?? '')), sheets, sheet };
}

function readCsv(bytes: Buffer): ReadFile {
  const text = decodeText(bytes);
  if (text.includes('\u0000')) throw unreadable();
  let rows: string[][];
  try {
    rows = parseCsv(text, {
      delimiter: detectDelimiter(text),
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      // One more than the limit: enough to tell the file is too long without reading it all.
      to_line: MAX_IMPORT_ROWS + 2,
    }) as string[][];
  } catch {
    throw unreadable();
  }
  if (rows.length > MAX_IMPORT_ROWS + 1 && rows.slice(1).filter((row) => row.some((cell) => cell.trim())).length > MAX_IMPORT_ROWS) throw tooMany();
  return shape(rows, [], null);
}

/** A cell's value as text: numbers as JavaScript writes them, dates as YYYY-MM-DD, rich text and formulas by their text/result. */
function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && 'result' in value) {
    const result = value.result;
    return result instanceof Date ? result.toISOString().slice(0, 10) : result === undefined || result === null || typeof result === 'object' ? '' : String(result);
  }
  if (typeof value === 'object' && 'richText' in value) return value.richText.map((part) => part.text).join('');
  if (typeof value === 'object' && 'text' in value) return String(value.text);
  return cell.text ?? '';
}

async function readXlsx(bytes: Buffer, sheetName?: string): Promise<ReadFile> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw unreadable();
  }
  const sheets = workbook.worksheets.map((sheet) => sheet.name);
  const sheet = sheetName ? workbook.getWorksheet(sheetName) : workbook.worksheets[0];
  if (!sheet) {
    if (sheetName) throw badRequest(messageText('import_sheet_unknown'), 'validation_error', { sheet: messageText('import_sheet_unknown') });
    throw unreadable();
  }
  if (sheet.actualRowCount > MAX_IMPORT_ROWS + 1) throw tooMany();
  const width = sheet.columnCount;
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let i = 1; i <= width; i++) cells.push(cellText(row.getCell(i)));
    rows.push(cells);
  });
  return shape(rows, sheets, sheet.name);
}

/** Reads a file by its content (a zip is an XLSX; text is a CSV); anything else is refused. */
export async function readSpreadsheet(content: string, sheet?: string): Promise<ReadFile> {
  const bytes = fileBytes(content);
  if (isZip(bytes)) return readXlsx(bytes, sheet);
  // A CSV is text: a NUL byte in its first kilobytes means some other binary file.
  if (bytes.subarray(0, 1024).includes(0)) throw badRequest(messageText('import_file_type_invalid'), 'validation_error', { file: messageText('import_file_type_invalid') });
  return readCsv(bytes);
}
