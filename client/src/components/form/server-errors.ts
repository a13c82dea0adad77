import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from '@client/components/toast/toast';
import { ApiError, errorMessage } from '@client/lib/api';

/**
 * The form's fields that show the server's messages: their names (the request's field names),
 * or, where the form names a field otherwise, the request's field name → the form's.
 */
export type ServerFields = readonly string[] | Readonly<Record<string, string>>;

/** Shows the server's field messages (a 400's `fields`) beside the form's fields. */
export function applyServerErrors<T extends FieldValues>(setError: UseFormSetError<T>, error: unknown, fields: ServerFields) {
  if (!(error instanceof ApiError)) return;
  for (const [name, message] of Object.entries(error.fields)) {
    const byName = fields as Readonly<Record<string, string>>;
    const field = Array.isArray(fields) ? (fields.includes(name) ? name : undefined) : Object.hasOwn(byName, name) ? byName[name] : undefined;
    if (field) setError(field as Path<T>, { type: 'server', message });
  }
}

/**
 * A form's request failed (its mutation's onError): the server's field messages beside the
 * fields, and a notice `title` with the server's message (or `description`).
 */
export function formFailed<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: ServerFields, title: string, description = errorMessage(error)) {
  applyServerErrors(setError, error, fields);
  toast({ title, description, variant: 'destructive' });
}
