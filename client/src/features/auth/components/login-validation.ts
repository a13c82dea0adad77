import '@client/components/form/zod-resolver'; // zod's language and the messages' texts
import { LoginSchema, type LoginInput } from '@shared/schemas/auth';

/** The sign-in form's values checked by the shared schema: the values, or a message key per field. */
export function validateLogin(input: Record<string, unknown>): { values?: LoginInput; messages: Partial<Record<keyof LoginInput, string>> } {
  const parsed = LoginSchema.safeParse(input);
  if (parsed.success) return { values: parsed.data, messages: {} };
  const messages: Partial<Record<keyof LoginInput, string>> = {};
  for (const issue of parsed.error.issues) messages[issue.path[0] as keyof LoginInput] ??= issue.message;
  return { messages };
}
