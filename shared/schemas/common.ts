import { z } from 'zod';
// Only the two locales the product speaks (`z.locales` would bundle every language).
import en from 'zod/v4/locales/en.js';
import es from 'zod/v4/locales/es.js';
import { findCountry, isCityOfCountry } from '../catalog/countries';
import type { Language } from '../messages';

/**
 * Zod speaks the user's language for its own messages; a missing value is always
 * "required_field". Called once by the server (Spanish) and by the client on language change.
 */
export function configureZod(lang: Language) {
  z.config(lang === 'es' ? es() : en());
  z.config({ customError: (issue) => (issue.input === undefined ? 'required_field' : undefined) });
}

/** A required text: trimmed, not empty. */
export const requiredText = (key = 'required_field') => z.string({ error: key }).trim().min(1, { error: key });

/** An optional text: trimmed; empty or missing becomes null. */
export const optionalText = () =>
  z
    .string()
    .trim()
    .nullish()
    .transform((value) => value || null);

/** An email, trimmed and lowercased. */
export const emailField = (key = 'valid_email') =>
  z.string({ error: key }).trim().toLowerCase().pipe(z.email({ error: key }));

/** Country and city ids of the shared catalogue, the city belonging to the country. */
export function refineLocation(value: { country?: string | null; city?: string | null }, ctx: z.RefinementCtx) {
  if (value.country && !findCountry(value.country)) {
    ctx.addIssue({ code: 'custom', path: ['country'], message: 'unknown_country' });
  } else if (value.city && (!value.country || !isCityOfCountry(value.city, value.country))) {
    ctx.addIssue({ code: 'custom', path: ['city'], message: 'unknown_city' });
  }
}

/** `?limit=&offset=&q=` of lists that grow; without limit the whole list is answered. */
export const PageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  q: z.string().trim().max(200).optional(),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** Integer money in centavos (RD$ 1.00 = 100). */
export const centavos = () => z.number({ error: 'integer_required' }).int({ error: 'integer_required' }).min(0, { error: 'min_zero' });
