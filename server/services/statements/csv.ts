import { parse } from 'csv-parse/sync';
import { messageText } from '../../../shared/messages';
import type { StatementDateFormat } from '../../../shared/financesBank';
import type { StatementMapping } from '../../../shared/schemas/financesBank';
import { validationError } from '../../errors';
import { calendarDay, readAmount, rowError, type StatementLine } from './text';

const DELIMITERS = [';', ',', '\t', '|'];

/** A header as compared: trimmed, any case, without accents (`Débito` = `debito`). */
export const headerKey = (value: string) =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();

const ORDER: Record<StatementDateFormat, [number, number, number]> = {
  'dd/mm/yyyy': [2, 1, 0],
  'dd-mm-yyyy': [2, 1, 0],
  'mm/dd/yyyy': [2, 0, 1],
  'yyyy-mm-dd': [0, 1, 2],
};

/** A day written in `format` (any of `/`, `-`, `.` between its parts; a time after it is ignored). */
export function readDay(raw: string, format: StatementDateFormat): string | undefined {
  const parts = /^(\d{1,4})[/.-](\d{1,2})[/.-](\d{1,4})/.exec(raw.trim());
  if (!parts) return undefined;
  const numbers = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const [year, month, day] = ORDER[format].map((index) => numbers[index]);
  return calendarDay(year < 100 ? 2000 + year : year, month, day);
}

type Columns = Record<'date' | 'description' | 'reference' | 'amount' | 'debit' | 'credit' | 'balance', number | undefined>;

/**
 * The file's rows with the header row found: the first row (banks put the account's details
 * above it) holding every column the mapping names, with the first delimiter that has one.
 */
function findHeader(text: string, mapping: StatementMapping) {
  const wanted = (['date', 'description', 'reference', 'amount', 'debit', 'credit', 'balance'] as const).filter((key) => mapping[key]);
  for (const delimiter of DELIMITERS) {
    if (!text.includes(delimiter)) continue;
    let rows: string[][];
    try {
      rows = parse(text, { delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, bom: true, trim: true });
    } catch {
      continue;
    }
    for (let index = 0; index < Math.min(rows.length, 30); index++) {
      const headers = rows[index].map(headerKey);
      const columns = Object.fromEntries(wanted.map((key) => [key, headers.indexOf(headerKey(mapping[key]!))])) as Columns;
      if (wanted.every((key) => columns[key]! >= 0)) return { rows, headerIndex: index, columns };
    }
  }
  const message = messageText('finances_statement_column_missing');
  throw validationError({ 'mapping.date': message }, message);
}

/**
 * The movements of a bank's CSV read with the account's mapping. Rows whose date cell has no
 * digits (totals, notes under the table) are skipped, and so are rows of no money; a date or
 * amount that cannot be read refuses the file, naming the row.
 */
export function readCsv(text: string, mapping: StatementMapping): StatementLine[] {
  const { rows, headerIndex, columns } = findHeader(text, mapping);
  const lines: StatementLine[] = [];
  const cell = (row: string[], column: number | undefined) => (column === undefined ? '' : (row[column] ?? '').trim());
  for (let index = headerIndex + 1; index < rows.length; index++) {
    const row = rows[index];
    const rowNumber = index + 1;
    const rawDate = cell(row, columns.date);
    if (!/\d/.test(rawDate)) continue;
    const date = readDay(rawDate, mapping.dateFormat);
    if (!date) throw rowError(rowNumber, messageText('finances_statement_date_format_invalid'));
    const amountOf = (column: number | undefined) => {
      const value = readAmount(cell(row, column), mapping.decimal);
      if (value === undefined) throw rowError(rowNumber, messageText('finances_statement_decimal_invalid'));
      return value;
    };
    const amount = mapping.amount ? (amountOf(columns.amount) ?? 0) : Math.abs(amountOf(columns.credit) ?? 0) - Math.abs(amountOf(columns.debit) ?? 0);
    if (!amount) continue;
    const balance = mapping.balance ? amountOf(columns.balance) : null;
    const reference = mapping.reference ? cell(row, columns.reference).slice(0, 100) || null : null;
    lines.push({ date, description: cell(row, columns.description).slice(0, 500), reference, amount, balance });
  }
  return lines;
}
