import { z } from 'zod';
// Only the two locales the product speaks (`z.locales` would bundle every language).
import en from 'zod/v4/locales/en.js';
import es from 'zod/v4/locales/es.js';
import { findCountry, isCityOfCountry } from '../catalog/countries';
import type { Language } from '../messages';
import { TEXT_LIMITS, type TextKind } from '../limits';

/**
 * Zod speaks the user's language for its own messages; a missing value is always
 * "required_field". Called once by the server (Spanish) and by the client on language change.
 */
export function configureZod(lang: Language) {
  z.config(lang === 'es' ? es() : en());
  z.config({ customError: (issue) => (issue.input === undefined ? 'required_field' : undefined) });
}

// Control characters (NUL included) are refused everywhere; multi-line texts keep \t \n \r.
/* eslint-disable no-control-regex -- matching control characters is the point */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const CONTROL_CHARACTERS_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/* eslint-enable no-control-regex */
const MULTILINE: ReadonlySet<TextKind> = new Set(['text', 'summary']);
const hasControlCharacters = (value: string, kind: TextKind) =>
  (MULTILINE.has(kind) ? CONTROL_CHARACTERS_BUT_LINE_BREAKS : CONTROL_CHARACTERS).test(value);

/** A trimmed string of this kind: at most its length, no control characters. */
export const text = (kind: TextKind = 'line', key = 'required_field') =>
  z
    .string({ error: key })
    .trim()
    .max(TEXT_LIMITS[kind], { error: 'text_too_long' })
    .refine((value) => !hasControlCharacters(value, kind), { error: 'invalid_characters' });

/** A required text: trimmed, not empty, within its kind's length, no control characters. */
export const requiredText = (key = 'required_field', kind: TextKind = 'line') => text(kind, key).min(1, { error: key });

/** An optional text: trimmed; empty or missing becomes null. */
export const optionalText = (kind: TextKind = 'line') =>
  text(kind)
    .nullish()
    .transform((value) => value || null);

/**
 * For updates: absent stays absent (keep the stored value), empty or null clears it.
 */
export const clearableText = (kind: TextKind = 'line') =>
  text(kind)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null));

/** An email, trimmed and lowercased. */
export const emailField = (key = 'valid_email') =>
  z.string({ error: key }).trim().toLowerCase().max(TEXT_LIMITS.email, { error: 'text_too_long' }).pipe(z.email({ error: key }));

// A Dominican number (809/829/849 and 7 digits) or an international one (+ and 8 to 15
// digits), with the spaces, dots, dashes and parentheses people type.
const PHONE_SHAPE = /^\+?[\d\s().-]+$/;
const isPhone = (value: string) => {
  if (!PHONE_SHAPE.test(value)) return false;
  const digits = value.replace(/\D/g, '');
  return value.startsWith('+') ? digits.length >= 8 && digits.length <= 15 : digits.length === 10 || (digits.length === 11 && digits.startsWith('1'));
};

/** A required phone number (Dominican or international). */
export const phoneField = (key = 'required_field') =>
  text('phone', key)
    .min(1, { error: key })
    .refine((value) => isPhone(value), { error: 'invalid_phone' });
/** An optional phone number: empty or missing becomes null. */
export const optionalPhone = () => optionalText('phone').refine((value) => value === null || isPhone(value), { error: 'invalid_phone' });
/** For updates: absent stays absent, empty or null clears it. */
export const clearablePhone = () => clearableText('phone').refine((value) => value == null || isPhone(value), { error: 'invalid_phone' });

/** A password as typed (never trimmed): at least `min` characters, within its limit, no control characters. */
export const passwordField = (key: string, min = 1) =>
  z
    .string({ error: key })
    .min(min, { error: key })
    .max(TEXT_LIMITS.password, { error: 'text_too_long' })
    .refine((value) => !hasControlCharacters(value, 'password'), { error: 'invalid_characters' });

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
  q: text('search').optional(),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** The version of a row the user saw when editing it (server/db/versioned.ts). */
export const versionField = () => z.number({ error: 'invalid_value' }).int({ error: 'invalid_value' }).positive({ error: 'invalid_value' }).optional();

/** Integer money in centavos (RD$ 1.00 = 100). */
export const centavos = () => z.number({ error: 'integer_required' }).int({ error: 'integer_required' }).min(0, { error: 'min_zero' });
