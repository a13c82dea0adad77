import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dashboardQueryKey } from '@client/lib/query-keys';
import { ApiError, type ApiErrorBody } from '@client/lib/api';
import { i18n } from '@client/lib/i18n';
import type { DocumentFileType, DocumentItem, DocumentUploadInput } from '@shared/schemas/documents';
import { documentsQueryKey } from './get-documents';
import { readAsBase64 } from '@client/lib/files';

/** The body of POST /api/documents (the server computes the display size from the bytes). */
export type DocumentUploadBody = Pick<DocumentUploadInput, 'title' | 'category' | 'access' | 'sharedWith'> & {
  fileType: DocumentFileType;
  fileName: string;
  /** The file, base64 without the `data:` prefix. */
  content: string;
  propertyId?: number;
};

const parseBody = (text: string): ApiErrorBody | null => {
  try {
    const value = JSON.parse(text);
    return value && typeof value === 'object' ? value : null;
  } catch {
    return null;
  }
};

/**
 * POST /api/documents through XMLHttpRequest: fetch cannot report how much of a request body
 * has been sent, XHR's upload progress events can. `onProgress` gets the sent fraction (0-1).
 * Errors are the same ApiError as every other call; an abort rejects with an AbortError.
 */
export function uploadDocument(
  body: DocumentUploadBody,
  { onProgress, signal }: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<DocumentItem> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const aborted = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    if (signal?.aborted) return aborted();
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.open('POST', '/api/documents');
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const text = xhr.responseText;
      if (xhr.status >= 200 && xhr.status < 300) return resolve(JSON.parse(text) as DocumentItem);
      reject(new ApiError(xhr.status, text || xhr.statusText, parseBody(text)));
    };
    xhr.onerror = () => reject(new Error(i18n.t('documents:notices.networkError')));
    xhr.onabort = aborted;
    xhr.send(JSON.stringify(body));
  });
}

export type UploadVariables = { file: File } & Omit<DocumentUploadBody, 'content' | 'fileName'> & {
    onProgress?: (fraction: number) => void;
    signal?: AbortSignal;
  };

/** Reads the file and uploads it; the list, the category counts and the dashboard refresh after. */
export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, onProgress, signal, ...fields }: UploadVariables) =>
      uploadDocument({ ...fields, fileName: file.name, content: await readAsBase64(file) }, { onProgress, signal }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: documentsQueryKey() }),
        queryClient.invalidateQueries({ queryKey: dashboardQueryKey() }),
      ]),
  });
}
