import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@client/lib/api';

/** Shows the server's field messages (a 400's `fields`) beside the form's fields. */
export function applyServerErrors<T extends FieldValues>(setError: UseFormSetError<T>, error: unknown, fieldNames: readonly string[]) {
  if (!(error instanceof ApiError)) return;
  for (const [name, message] of Object.entries(error.fields)) {
    if (fieldNames.includes(name)) setError(name as Path<T>, { type: 'server', message });
  }
}
