import { i18n } from './i18n';

/**
 * The one HTTP client of the app. Every call sends the session cookie; a non-OK answer
 * throws an ApiError whose message is "status: body text" (spec section 8) and which also
 * carries the parsed `{ error, message, fields }` body of the server.
 */
export type ApiErrorBody = { error?: string; message?: string; fields?: Record<string, string> };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    readonly body: ApiErrorBody | null,
  ) {
    super(`${status}: ${bodyText}`);
    this.name = 'ApiError';
  }

  /** The server's stable error code (`validation_error`, `last_administrator`, ...). */
  get code() {
    return this.body?.error;
  }

  /** Field messages of a 400, by field name. */
  get fields(): Record<string, string> {
    return this.body?.fields ?? {};
  }
}

/** What to show a person for any error: the server's message, else the error text. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.body?.message ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

export const isApiError = (error: unknown, status?: number): error is ApiError =>
  error instanceof ApiError && (status === undefined || error.status === status);

function parseBody(text: string): ApiErrorBody | null {
  try {
    const value = JSON.parse(text);
    return value && typeof value === 'object' ? value : null;
  } catch {
    return null;
  }
}

/**
 * One request with the session cookie (and any extra `headers`); a non-OK answer throws an
 * ApiError. Its texts come in the screen's language (the server answers a signed-in user in
 * theirs, anyone else in the one asked for).
 */
export async function send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: { Accept: 'application/json', 'Accept-Language': i18n.language, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).catch(() => {
    // The browser's own text ("Failed to fetch") is neither the user's language nor helpful.
    throw new Error(i18n.t('common:errors.network'));
  });
  if (!response.ok) {
    const text = await response.text();
    throw new ApiError(response.status, text || response.statusText, parseBody(text));
  }
  return response;
}

async function json<T>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<T> {
  const response = await send(method, path, body, headers);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A list answer with its `X-Total-Count` (lists that grow take `?limit=&offset=&q=`), and its other headers. */
export type Page<T> = { items: T[]; total: number; headers?: Headers };

export const api = {
  get: <T>(path: string) => json<T>('GET', path),
  post: <T>(path: string, body?: unknown, headers?: Record<string, string>) => json<T>('POST', path, body ?? {}, headers),
  put: <T>(path: string, body?: unknown) => json<T>('PUT', path, body ?? {}),
  patch: <T>(path: string, body?: unknown) => json<T>('PATCH', path, body ?? {}),
  delete: <T>(path: string, body?: unknown) => json<T>('DELETE', path, body),

  async page<T>(path: string): Promise<Page<T>> {
    const response = await send('GET', path);
    const items = (await response.json()) as T[];
    return { items, total: Number(response.headers.get('X-Total-Count') ?? items.length), headers: response.headers };
  },
};

/** Builds a query string from the defined values only: `withQuery('/api/x', { q, limit })`. */
export function withQuery(path: string, params: Record<string, string | number | boolean | null | undefined>) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
