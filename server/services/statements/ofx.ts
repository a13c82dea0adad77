import { messageText } from '../../../shared/messages';
import { calendarDay, readAmount, rowError, type StatementLine } from './text';

/**
 * OFX statements (Open Financial Exchange): version 1 (SGML, leaf elements not closed) and 2
 * (XML). The npm OFX readers convert the SGML to XML for a general XML parser and are not
 * maintained; the part a reconciliation needs (each STMTTRN's date, amount, id, reference and
 * name) is a few tags, read here tolerantly: a tag's value runs to the next `<` or line end.
 */
export const looksLikeOfx = (text: string) => /^\s*(OFXHEADER:|<\?xml[^>]*>\s*<\?OFX|<OFX>)/i.test(text) || /<OFX>/i.test(text.slice(0, 4096));

const tagValue = (block: string, tag: string) => {
  const match = new RegExp(`<${tag}>([^<\\r\\n]*)`, 'i').exec(block);
  const value = match?.[1].trim();
  return value ? decodeEntities(value) : null;
};

const decodeEntities = (value: string) =>
  value.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

/** `YYYYMMDD[HHMMSS[.XXX]][[-5:EST]]`: the day the bank wrote. */
const ofxDay = (value: string | null) => {
  const match = /^(\d{4})(\d{2})(\d{2})/.exec(value ?? '');
  return match ? calendarDay(Number(match[1]), Number(match[2]), Number(match[3])) : undefined;
};

/** The movements of an OFX statement (the bank's own id, FITID, is the reference when no other is given). */
export function readOfx(text: string): StatementLine[] {
  const blocks = text.match(/<STMTTRN>[\s\S]*?(?=<\/STMTTRN>|<STMTTRN>|<\/BANKTRANLIST>)/gi) ?? [];
  if (!blocks.length) throw rowError(1, messageText('finances_statement_no_lines'));
  return blocks.map((block, index) => {
    const date = ofxDay(tagValue(block, 'DTPOSTED'));
    const rawAmount = tagValue(block, 'TRNAMT') ?? '';
    const amount = readAmount(rawAmount, /,\d{1,2}$/.test(rawAmount) ? 'comma' : 'dot');
    if (!date || amount === undefined || amount === null) throw rowError(index + 1, messageText('finances_statement_content_invalid'));
    const description = [tagValue(block, 'NAME'), tagValue(block, 'MEMO')].filter(Boolean).join(' ').slice(0, 500);
    const reference = tagValue(block, 'REFNUM') ?? tagValue(block, 'CHECKNUM') ?? tagValue(block, 'FITID');
    return { date, description, reference: reference?.slice(0, 100) ?? null, amount, balance: null };
  });
}
