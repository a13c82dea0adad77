import type { z } from 'zod';
import { messageText } from '../shared/messages';
import { notFound, validationError, type FieldErrors } from './errors';

/** Field errors of a zod error: the first message per field, in Spanish. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= messageText(issue.message);
  }
  return fields;
}

/** Validates input with a shared schema; a failure is a 400 with field errors. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw validationError(fieldErrors(result.error));
  return result.data;
}

/** A positive integer id from the path; anything else cannot name a row: 404. */
export function idParam(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1 || String(id) !== value) throw notFound();
  return id;
}
