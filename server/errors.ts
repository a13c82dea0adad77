/**
 * Typed errors with a stable code, rendered by one middleware as
 * `{ error, message, fields? }` with their status.
 */
export type FieldErrors = Record<string, string>;

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/** A wrong password where the caller's own was asked for: counted like a failed sign-in. */
export class WrongPasswordError extends AppError {
  constructor(field: string, message: string) {
    super(400, 'validation_error', message, { [field]: message });
  }
}

export const validationError = (fields: FieldErrors, message = 'Datos inválidos') =>
  new AppError(400, 'validation_error', message, fields);

export const badRequest = (message: string, code = 'bad_request', fields?: FieldErrors) =>
  new AppError(400, code, message, fields);

export const unauthorized = (message = 'Debe iniciar sesión') => new AppError(401, 'unauthorized', message);

export const forbidden = (message = 'No tiene permiso para realizar esta acción') =>
  new AppError(403, 'forbidden', message);

export const notFound = (message = 'No encontrado') => new AppError(404, 'not_found', message);

export const conflict = (message: string, code = 'conflict', fields?: FieldErrors) =>
  new AppError(409, code, message, fields);

export const methodNotAllowed = (allowed: string[]) =>
  new AppError(405, 'method_not_allowed', `Esta ruta no admite ese método. Métodos admitidos: ${allowed.join(', ')}`, undefined, {
    Allow: allowed.join(', '),
  });

export const payloadTooLarge = (message = 'La solicitud es demasiado grande') =>
  new AppError(413, 'payload_too_large', message);

export const unsupportedMediaType = () =>
  new AppError(415, 'unsupported_media_type', 'El cuerpo de la solicitud debe ser JSON (application/json)');

export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, 'too_many_requests', message, undefined, { 'Retry-After': String(retryAfterSeconds) });

export const serviceUnavailable = (message = 'El servicio no está disponible en este momento. Inténtelo de nuevo.') =>
  new AppError(503, 'service_unavailable', message);
