import { messageText, messageWith } from '../../../shared/messages';
import { AppError, badRequest, payloadTooLarge } from '../../errors';
import { decodeBase64, sniffMimeType } from '../files';
import { MAX_STATEMENT_BYTES } from '../../../shared/financesBank';

/** One movement of a statement, as read from the file (centavos; money in > 0). */
export type StatementLine = { date: string; description: string; reference: string | null; amount: number; balance: number | null };

const invalidContent = () => {
  const message = messageText('finances_statement_content_invalid');
  return badRequest(message, 'invalid_content', { content: message });
};

/** A refusal naming the file's row (1-based, as a spreadsheet shows it). */
export const rowError = (row: number, problem: string) => {
  const message = messageWith('finances_statement_row_invalid', { row: String(row), problem });
  return new AppError(400, 'invalid_statement', message, { content: message });
};

/**
 * The text of an uploaded statement: valid base64, not empty, at most MAX_STATEMENT_BYTES (413),
 * and text (a spreadsheet, PDF or any file the sniffer knows by its magic bytes, or one with NUL
 * bytes, is refused). Dominican banks' exports are UTF-8 or Windows-1252 (Excel's default on a
 * Spanish Windows): bytes that are not valid UTF-8 are read as Windows-1252; a BOM is dropped.
 */
export async function statementText(content: string): Promise<string> {
  const bytes = decodeBase64(content);
  if (!bytes) throw invalidContent();
  if (!bytes.length) {
    const message = messageText('finances_statement_empty');
    throw badRequest(message, 'validation_error', { content: message });
  }
  if (bytes.length > MAX_STATEMENT_BYTES) throw payloadTooLarge(messageText('finances_statement_too_large'));
  if (bytes.includes(0) || (await sniffMimeType(bytes))) {
    const message = messageText('finances_statement_type_invalid');
    throw badRequest(message, 'invalid_file_type', { fileType: message });
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  return text.replace(/^\uFEFF/, '');
}

/**
 * An amount as a bank writes it, in centavos: `1,234.56` (decimal `dot`) or `1.234,56`
 * (`comma`), with or without `RD$`, a sign before or after, or parentheses for a negative.
 * Empty is null; more than two decimals (unless zeros) or anything else is undefined.
 */
export function readAmount(raw: string | undefined, decimal: 'dot' | 'comma'): number | null | undefined {
  let value = (raw ?? '').replace(/RD\$|DOP|\$|\s|\u00a0/gi, '');
  if (!value) return null;
  let negative = false;
  if (/^\(.*\)$/.test(value)) [negative, value] = [true, value.slice(1, -1)];
  if (value.endsWith('-')) [negative, value] = [!negative, value.slice(0, -1)];
  if (value.startsWith('-')) [negative, value] = [!negative, value.slice(1)];
  else if (value.startsWith('+')) value = value.slice(1);
  const [thousands, point] = decimal === 'dot' ? [',', '.'] : ['.', ','];
  value = value.split(thousands).join('');
  const match = new RegExp(`^(\\d+)(?:\\${point}(\\d*))?$`).exec(value);
  if (!match) return undefined;
  const fraction = (match[2] ?? '').padEnd(2, '0');
  if (/[1-9]/.test(fraction.slice(2))) return undefined;
  const centavos = Number(match[1]) * 100 + Number(fraction.slice(0, 2));
  if (!Number.isSafeInteger(centavos)) return undefined;
  return negative ? -centavos : centavos;
}

/** A real calendar day as `YYYY-MM-DD`, or undefined. */
export function calendarDay(year: number, month: number, day: number): string | undefined {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1900 || year > 2100 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
