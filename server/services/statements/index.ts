import path from 'node:path';
import { MAX_STATEMENT_LINES, type StatementFormat } from '../../../shared/financesBank';
import { messageText } from '../../../shared/messages';
import type { StatementMapping } from '../../../shared/schemas/financesBank';
import { badRequest, validationError } from '../../errors';
import { readCsv } from './csv';
import { looksLikeOfx, readOfx } from './ofx';
import { statementText, type StatementLine } from './text';

export type { StatementLine } from './text';
export { headerKey } from './csv';

/**
 * Reads a statement export (CSV or OFX) into its movements. The format is the content's: an
 * OFX is known by its header; a file named `.ofx`/`.qfx` that is not one, or a CSV without a
 * mapping, is refused (400). `mapping` is needed for a CSV only.
 */
export async function readStatement(
  input: { fileName: string; content: string },
  mapping: StatementMapping | null,
): Promise<{ format: StatementFormat; lines: StatementLine[] }> {
  const text = await statementText(input.content);
  const extension = path.extname(input.fileName).toLowerCase();
  const isOfx = looksLikeOfx(text);
  if (!isOfx && (extension === '.ofx' || extension === '.qfx')) {
    const message = messageText('finances_statement_content_invalid');
    throw badRequest(message, 'invalid_content', { content: message });
  }
  if (!isOfx && !['.csv', '.txt', ''].includes(extension)) {
    const message = messageText('finances_statement_type_invalid');
    throw badRequest(message, 'invalid_file_type', { fileType: message });
  }
  if (!isOfx && !mapping) {
    const message = messageText('finances_statement_mapping_required');
    throw validationError({ mapping: message }, message);
  }
  const lines = isOfx ? readOfx(text) : readCsv(text, mapping!);
  if (!lines.length) {
    const message = messageText('finances_statement_no_lines');
    throw validationError({ content: message }, message);
  }
  if (lines.length > MAX_STATEMENT_LINES) {
    const message = messageText('finances_statement_too_many_lines');
    throw validationError({ content: message }, message);
  }
  return { format: isOfx ? 'ofx' : 'csv', lines };
}
