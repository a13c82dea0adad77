import { messageText, messageWith, type Language, type MessageKey } from '../shared/messages';

/**
 * Typed errors with a stable code, rendered by one middleware as
 * `{ error, message, fields? }` with their status.
 */
export type FieldErrors = Record<string, string>;

/** A message built with values, in each language: the answer picks the user's (middleware/errors.ts). */
export type Texts = Record<Language, string>;

export class AppError extends Error {
  /** The message in each language, when it was built with values (else its Spanish text leads to its key). */
  readonly texts?: Texts;

  constructor(
    readonly status: number,
    readonly code: string,
    message: string | Texts,
    readonly fields?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(typeof message === 'string' ? message : message.es);
    if (typeof message !== 'string') this.texts = message;
  }
}

/** A wrong password where the caller's own was asked for: counted like a failed sign-in. */
export class WrongPasswordError extends AppError {
  constructor(field: string, message: string) {
    super(400, 'validation_error', message, { [field]: message });
  }
}

export const validationError = (fields: FieldErrors, message = messageText('invalid_data')) =>
  new AppError(400, 'validation_error', message, fields);

export const badRequest = (message: string, code = 'bad_request', fields?: FieldErrors) =>
  new AppError(400, code, message, fields);

export const unauthorized = (message = messageText('sign_in_required')) => new AppError(401, 'unauthorized', message);

export const forbidden = (message = messageText('action_forbidden')) =>
  new AppError(403, 'forbidden', message);

export const notFound = (message = messageText('not_found')) => new AppError(404, 'not_found', message);

export const conflict = (message: string, code = 'conflict', fields?: FieldErrors) =>
  new AppError(409, code, message, fields);

/** A text built with values, in each language (the values may be worded per language). */
export const textsWith = (key: MessageKey, values: (lang: Language) => Record<string, string>): Texts => ({
  es: messageWith(key, values('es'), 'es'),
  en: messageWith(key, values('en'), 'en'),
});

export const methodNotAllowed = (allowed: string[]) =>
  new AppError(405, 'method_not_allowed', textsWith('method_not_allowed', () => ({ methods: allowed.join(', ') })), undefined, { Allow: allowed.join(', ') });

export const payloadTooLarge = (message = messageText('payload_too_large')) =>
  new AppError(413, 'payload_too_large', message);

export const unsupportedMediaType = () =>
  new AppError(415, 'unsupported_media_type', messageText('body_must_be_json'));

export const tooManyRequests = (message: string | Texts, retryAfterSeconds: number) =>
  new AppError(429, 'too_many_requests', message, undefined, { 'Retry-After': String(retryAfterSeconds) });

export const serviceUnavailable = (message = messageText('service_unavailable')) =>
  new AppError(503, 'service_unavailable', message);
