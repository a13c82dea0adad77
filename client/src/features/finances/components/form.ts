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

/** Like pesosField, 0 allowed and empty meaning 0 (the ITBIS, an opening balance). */
export const optionalPesosField = () =>
  z
    .string({ error: 'billing_amount_invalid' })
    .trim()
    .regex(/^(\d{1,9}(\.\d{1,2})?)?$/, { error: 'billing_amount_invalid' })
    .transform((value) => (value ? Math.round(Number(value) * 100) : 0));

/** Centavos as the text a money field holds ("1234.50"). */
export const pesosText = (centavos: number) => (centavos / 100).toFixed(2);

/** A select's id ('' when none chosen), refused with `message` when required. */
export const idChoice = (message: string) =>
  z
    .string({ error: message })
    .min(1, { error: message })
    .transform(Number)
    .pipe(z.number().int().positive({ error: message }));

/** A key for one expense, payment, fund or transfer the form means to create (Idempotency-Key). */
export function newIdempotencyKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `key-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
