import type { MessageKey } from '@shared/messages';
import { DOCUMENT_FILE_TYPES, MAX_DOCUMENT_BYTES, type DocumentFileType } from '@shared/schemas/documents';

const extensionOf = (name: string) => /\.[^.]+$/.exec(name)?.[0].toLowerCase() ?? '';

/**
 * The document type of a chosen file, from its extension (browsers leave `type` empty for
 * Office files on some systems); null when the extension is not allowed or the browser's type
 * says otherwise. The server checks the real bytes as well.
 */
export function documentFileType(file: Pick<File, 'name' | 'type'>): DocumentFileType | null {
  const extension = extensionOf(file.name);
  const entry = Object.entries(DOCUMENT_FILE_TYPES).find(([, extensions]) => (extensions as readonly string[]).includes(extension));
  if (!entry) return null;
  const type = entry[0] as DocumentFileType;
  const declared = file.type.toLowerCase();
  return !declared || declared === type || !(declared in DOCUMENT_FILE_TYPES) ? type : null;
}

/** The spec's message for a file that cannot be uploaded, or null when it may be. */
export function fileProblem(file: Pick<File, 'name' | 'type' | 'size'>): MessageKey | null {
  if (!documentFileType(file)) return 'document_invalid_type';
  if (file.size > MAX_DOCUMENT_BYTES) return 'document_too_large';
  return null;
}

/** The title a file suggests: its name without the extension. */
export const titleFromFileName = (name: string) => name.replace(/\.[^.]+$/, '').trim().slice(0, 200);

export type PreviewKind = 'pdf' | 'image' | 'none';

/** What the viewer can show in the page: PDFs and images; anything else is downloaded. */
export function previewKind(fileType: string): PreviewKind {
  if (fileType === 'application/pdf') return 'pdf';
  if (fileType === 'image/jpeg' || fileType === 'image/png') return 'image';
  return 'none';
}

/** The short label of a file type for the table (PDF, Word, Excel, JPG, PNG). */
export function fileTypeLabel(fileType: string): string {
  if (fileType === 'application/pdf') return 'PDF';
  if (fileType.includes('word')) return 'Word';
  if (fileType.includes('excel') || fileType.includes('spreadsheet')) return 'Excel';
  if (fileType === 'image/jpeg') return 'JPG';
  if (fileType === 'image/png') return 'PNG';
  return fileType;
}
