import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { messageText } from '../../shared/messages';
import { badRequest, payloadTooLarge, validationError } from '../errors';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Decodes standard base64 (a `data:...;base64,` prefix is allowed), or returns undefined when
 * the text is not base64: Buffer.from alone would silently skip bad characters.
 */
export function decodeBase64(text: string): Buffer | undefined {
  const body = text.replace(/^data:[\w/+.-]+;base64,/, '').replace(/\s+/g, '');
  if (body.length % 4 !== 0 || !BASE64.test(body)) return undefined;
  return Buffer.from(body, 'base64');
}

/** The real type of the bytes from their magic numbers (not from what the client says). */
export async function sniffMimeType(bytes: Buffer): Promise<string | undefined> {
  return (await fileTypeFromBuffer(bytes))?.mime;
}

// How each accepted type looks to the magic-byte sniffer: Word and Excel 97-2003 files are
// both OLE compound files (it cannot tell them apart); docx and xlsx are recognised from the
// content list inside their zip.
const SNIFFED_AS: Record<string, string> = {
  'application/msword': 'application/x-cfb',
  'application/vnd.ms-excel': 'application/x-cfb',
};

/** What an upload path accepts, and the message keys of its refusals. */
export type FileRules = {
  /** Accepted types with the extensions each may carry. */
  types: Readonly<Record<string, readonly string[]>>;
  maxBytes: number;
  messages: { invalidContent: string; empty: string; tooLarge: string; invalidType: string };
  /** The request fields the errors name (`content`, `fileType`; `proof.content`...). */
  fields?: { content: string; fileType: string };
};

/**
 * The decoded bytes of an upload, checked: valid base64, not empty, at most `maxBytes`, and of
 * an accepted type on which the declared type, the magic bytes and the file name's extension
 * all agree (a renamed HTML page or program is refused). The one upload path of the product.
 */
export async function checkedFileBytes(input: { content: string; fileType: string; fileName: string | null }, rules: FileRules) {
  const fields = rules.fields ?? { content: 'content', fileType: 'fileType' };
  const bytes = decodeBase64(input.content);
  if (!bytes) {
    const message = messageText(rules.messages.invalidContent);
    throw badRequest(message, 'invalid_content', { [fields.content]: message });
  }
  if (!bytes.length) {
    const message = messageText(rules.messages.empty);
    throw validationError({ [fields.content]: message }, message);
  }
  if (bytes.length > rules.maxBytes) throw payloadTooLarge(messageText(rules.messages.tooLarge));
  const extensions = rules.types[input.fileType];
  const extension = input.fileName === null ? undefined : path.extname(input.fileName).toLowerCase();
  const extensionAgrees = extension === undefined || Boolean(extensions?.includes(extension));
  if (!extensions || !extensionAgrees || (await sniffMimeType(bytes)) !== (SNIFFED_AS[input.fileType] ?? input.fileType)) {
    const message = messageText(rules.messages.invalidType);
    throw badRequest(message, 'invalid_file_type', { [fields.fileType]: message });
  }
  return bytes;
}
