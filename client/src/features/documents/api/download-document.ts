import { useMutation } from '@tanstack/react-query';
import { fetchFile, saveFile } from '@client/lib/download';
import type { DocumentItem } from '@shared/schemas/documents';

/** Where the bytes of a document are: `inline` asks the browser to show PDFs and images. */
export const documentFileUrl = (document: Pick<DocumentItem, 'id'>, inline = false) =>
  `/api/documents/${document.id}/download${inline ? '?inline=1' : ''}`;

/**
 * GET /api/documents/:id/download, saved under the uploaded file name (accents kept), else the
 * name the server suggests. Fetched first so that a failure can be told instead of a broken file.
 */
export async function downloadDocument(document: Pick<DocumentItem, 'id' | 'title' | 'fileName'>) {
  const { blob, fileName } = await fetchFile(documentFileUrl(document));
  saveFile(blob, document.fileName ?? fileName ?? document.title);
}

export const useDownloadDocument = () => useMutation({ mutationFn: downloadDocument });
