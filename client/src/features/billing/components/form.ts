import { z } from 'zod';
import { amountField } from '@shared/schemas/billing';

/** RD$ typed in a form ("4500.50") as integer centavos; more than two decimals is refused, never rounded. */
export const pesosField = () =>
  z
    .string({ error: 'billing_amount_invalid' })
    .trim()
    .regex(/^\d{1,9}(\.\d{1,2})?$/, { error: 'billing_amount_invalid' })
    .transform((value) => Math.round(Number(value) * 100))
    .pipe(amountField());

/** A form's unit: the select's value as an id. */
export const unitField = () =>
  z
    .string({ error: 'billing_unit_required' })
    .min(1, { error: 'billing_unit_required' })
    .transform(Number)
    .pipe(z.number().int().positive({ error: 'billing_unit_required' }));

/** A form's fund (extraordinary charges): the select's value as an id; empty is the operating fund (null). */
export const fundField = () =>
  z
    .string()
    .transform((value) => (value ? Number(value) : null))
    .pipe(z.number().int().positive({ error: 'finances_fund_required' }).nullable());

/**
 * A key for one charge, split or payment the user means to create (the Idempotency-Key header;
 * a form keeps one while it is open, so a second click or a retry creates nothing more):
 * random, and made with getRandomValues so it works on plain-HTTP installs too (randomUUID
 * needs HTTPS).
 */
export function newIdempotencyKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `key-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
