import { fileTypeFromBuffer } from 'file-type';

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
