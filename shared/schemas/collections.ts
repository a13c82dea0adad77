import { z } from 'zod';

/**
 * Collecting money (docs/modules/collections.md): the organization's reminder schedule (avisos
 * de cobro) and the reminders an administrator sends from Morosidad.
 */

/** Days relative to a charge's due date (5 days before, the due day, 5 and 15 days after). */
export const DEFAULT_REMINDER_STEPS = [-5, 0, 5, 15] as const;

/** A scheduled step is sent up to this many days late (the worker was down that day), never later. */
export const REMINDER_CATCH_UP_DAYS = 3;

/** Reminders go out from this hour to before that one, in the organization's zone: none at night. */
export const REMINDER_HOURS = { from: 8, to: 20 } as const;

const step = z
  .number({ error: 'reminder_step_invalid' })
  .int({ error: 'reminder_step_invalid' })
  .min(-30, { error: 'reminder_step_invalid' })
  .max(90, { error: 'reminder_step_invalid' });

/** The organization's schedule: 0 to 8 distinct steps, kept in order. */
export const ReminderScheduleSchema = z.object({
  steps: z
    .array(step, { error: 'reminder_steps_invalid' })
    .max(8, { error: 'reminder_steps_too_many' })
    .refine((steps) => new Set(steps).size === steps.length, { error: 'reminder_steps_repeated' })
    .transform((steps) => [...steps].sort((a, b) => a - b)),
});
export type ReminderSchedule = z.infer<typeof ReminderScheduleSchema>;

/** "Enviar recordatorio" to one or many units of Morosidad. */
export const ReminderSendSchema = z.object({
  unitIds: z
    .array(z.number({ error: 'reminder_units_required' }).int({ error: 'reminder_units_required' }).positive({ error: 'reminder_units_required' }), { error: 'reminder_units_required' })
    .min(1, { error: 'reminder_units_required' })
    .max(200, { error: 'reminder_units_too_many' }),
});
export type ReminderSendInput = z.infer<typeof ReminderSendSchema>;

export type ReminderView = {
  id: number;
  kind: 'scheduled' | 'manual';
  chargeId: number | null;
  invoiceNumber: string | null;
  step: number | null;
  amount: number;
  sentBy: string | null;
  createdAt: string;
};

export type ReminderSendResult = { unitId: number; sent: boolean; amount: number; whatsappUrl: string | null };

/**
 * A wa.me link that opens WhatsApp with `message` to `phone`: digits only, and a Dominican
 * number of 10 digits (809/829/849) gets its country code 1. Null without a usable number.
 */
export function whatsappUrl(phone: string | null | undefined, message: string): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (digits.length < 10) return null;
  const number = digits.length === 10 ? `1${digits}` : digits;
  return `https://wa.me/${number}?text=${encodeURIComponent(message)}`;
}
