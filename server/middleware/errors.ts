import type { Context, Next } from 'koa';
import { messageText, type Language } from '../../shared/messages';
import { AppError, conflict, badRequest, notFound, payloadTooLarge, serviceUnavailable } from '../errors';
import type { User } from '../models';

type PgError = Error & { code?: string; constraint?: string; table?: string };

// PostgreSQL error classes that mean the database is unreachable or shutting down.
const UNAVAILABLE_PG = /^(08|57P0|53)/;
const UNAVAILABLE_NODE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND']);

/** Maps anything thrown below to the one error shape; never a 500 for bad input. */
export function toAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  // Objection wraps database errors (UniqueViolationError...) around the driver's error.
  const err = ((error as { nativeError?: unknown })?.nativeError ?? error) as PgError & {
    status?: number;
    type?: string;
    expose?: boolean;
    name?: string;
  };
  if (err?.name === 'KnexTimeoutError' || (err?.code && (UNAVAILABLE_PG.test(err.code) || UNAVAILABLE_NODE.has(err.code)))) {
    return serviceUnavailable();
  }
  if (err?.message?.includes("Stream isn't writeable") || err?.message?.includes('Connection is closed')) {
    return serviceUnavailable();
  }
  switch (err?.code) {
    case '23505':
      return conflict(messageText('duplicate_record'), 'duplicate');
    case '23001': // restrict_violation: a RESTRICT foreign key refused a delete (PostgreSQL 18)
    case '23503':
      return err.code === '23001' || err.message.includes('update or delete')
        ? conflict(messageText('record_in_use'), 'in_use')
        : badRequest(messageText('invalid_reference'), 'invalid_reference');
    case '23514':
    case '23502':
    case '54000': // a value too large for an index (a very long text in an indexed column)
      return badRequest(messageText('invalid_data'), 'invalid_data');
    case '23P01':
      return conflict(messageText('overlaps_record'), 'overlap');
    case '40P01': // deadlock, serialization failure: still there after the transaction's retries
    case '40001':
      return conflict(messageText('concurrent_change'), 'conflict');
  }
  // Class 22, data exceptions: a string too long, a NUL or invalid byte sequence, a number out
  // of range, a malformed date... The schemas refuse these first; this is the safety net.
  if (err?.code?.startsWith('22')) return badRequest(messageText('invalid_data'), 'invalid_data');
  if (err?.name === 'NotFoundError') return notFound();
  if (err?.status === 413 || err?.type === 'entity.too.large') return payloadTooLarge();
  if (err?.status === 400 && (err.type === 'entity.parse.failed' || err instanceof SyntaxError)) {
    return badRequest(messageText('invalid_json'), 'invalid_json');
  }
  if (err?.status && err.status >= 400 && err.status < 500 && err.expose) {
    return new AppError(err.status, 'bad_request', err.message);
  }
  return undefined;
}

/** The language of the answer's texts: the signed-in user's, else the one the request prefers of the two. */
const languageOf = (ctx: Context): Language => (ctx.state.user as User | undefined)?.language ?? (ctx.acceptsLanguages('es', 'en') === 'en' ? 'en' : 'es');

/** Renders what was thrown as `{ error, message, fields? }`, its texts in the user's language (messages are built in Spanish). */
export async function errorHandler(ctx: Context, next: Next) {
  try {
    await next();
  } catch (error) {
    const appError = toAppError(error);
    if (!appError) {
      ctx.log?.error({ err: error }, 'unhandled error');
      ctx.status = 500;
      ctx.body = { error: 'internal_error', message: messageText('unexpected_error', languageOf(ctx)) };
      return;
    }
    if (appError.status >= 500) ctx.log?.warn({ err: error }, appError.message);
    ctx.status = appError.status;
    if (appError.headers) ctx.set(appError.headers);
    const language = languageOf(ctx);
    // A field that repeats a message built with values (its Spanish text) takes the message's language.
    const inLanguage = (text: string) => (appError.texts && text === appError.texts.es ? appError.texts[language] : messageText(text, language));
    ctx.body = {
      error: appError.code,
      message: appError.texts?.[language] ?? inLanguage(appError.message),
      ...(appError.fields ? { fields: Object.fromEntries(Object.entries(appError.fields).map(([field, text]) => [field, inLanguage(text)])) } : {}),
    };
  }
}
