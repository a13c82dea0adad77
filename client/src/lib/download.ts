import { send } from './api';

/**
 * Files from the API (exports, document downloads), in one place and out of the first load:
 * fetched with the session cookie first, so that a failure can be told instead of saving a
 * broken file, then saved under the name the server gives in Content-Disposition.
 */
export async function fetchFile(path: string): Promise<{ blob: Blob; fileName: string | null }> {
  const response = await send('GET', path);
  const disposition = response.headers.get('Content-Disposition') ?? '';
  // The UTF-8 form (filename*=) keeps accents; the plain filename= is an ASCII fallback.
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const fileName = encoded ? decodeURIComponent(encoded) : (/filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null);
  return { blob: await response.blob(), fileName: fileName && decodeURIComponent(fileName) };
}

/** Saves a Blob as a file in the browser. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Fetches `path` and saves it under the server's name, else `fileName`. */
export async function downloadFile({ path, fileName }: { path: string; fileName: string }) {
  const file = await fetchFile(path);
  saveFile(file.blob, file.fileName ?? fileName);
}
