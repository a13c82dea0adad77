import { z } from 'zod';
import { BOOKING_STATUSES } from '../enums';
import { PageQuerySchema, optionalText, text } from './common';
import { instantField } from './dates';
import { booleanField, idField } from './properties';

const formInt = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value);
const intBetween = (min: number, max: number, key: string) =>
  z.preprocess(formInt, z.number({ error: key }).int({ error: key }).min(min, { error: key }).max(max, { error: key }));

/**
 * The booking rules of an amenity (docs/modules/bookings.md), set in the amenity dialog. Defaults
 * are the database's: every day, 60-minute slots, no notice, 30 days ahead, no buffer, no
 * monthly cap, exclusive, no approval, cancellable until the start, overdue units not blocked,
 * no deposit.
 */
export const bookingRuleFields = {
  daysOpen: z
    .array(z.number({ error: 'booking_days_open_invalid' }).int({ error: 'booking_days_open_invalid' }).min(1, { error: 'booking_days_open_invalid' }).max(7, { error: 'booking_days_open_invalid' }), {
      error: 'booking_days_open_invalid',
    })
    .min(1, { error: 'booking_days_open_invalid' })
    .max(7, { error: 'booking_days_open_invalid' })
    .refine((days) => new Set(days).size === days.length, { error: 'booking_days_open_invalid' })
    .transform((days) => [...days].sort()),
  slotMinutes: intBetween(15, 720, 'booking_slot_minutes_invalid'),
  minNoticeHours: intBetween(0, 720, 'booking_hours_range_invalid'),
  maxAdvanceDays: intBetween(1, 365, 'booking_advance_invalid'),
  bufferMinutes: intBetween(0, 240, 'booking_buffer_invalid'),
  maxPerUnitPerMonth: z.preprocess((value) => (value === '' ? null : formInt(value)), intBetween(1, 1000, 'booking_monthly_invalid').nullable()),
  exclusive: booleanField(),
  requiresApproval: booleanField(),
  cancelHoursBefore: intBetween(0, 720, 'booking_hours_range_invalid'),
  blockIfOverdue: booleanField(),
  deposit: intBetween(0, 2_000_000_000, 'integer_required'),
};
export const BookingRulesSchema = z.object(bookingRuleFields).partial();
export type BookingRulesInput = z.infer<typeof BookingRulesSchema>;

/** A booking's instant with its offset ('2026-12-05T10:00:00-04:00' or 'Z'). */
const bookingInstant = () => instantField('booking_time_invalid');

const refineRange = (value: { startTime?: Date; endTime?: Date }, ctx: z.RefinementCtx) => {
  if (value.startTime && value.endTime && value.endTime <= value.startTime) {
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'booking_end_before_start' });
  }
};

/** `POST /api/amenities/:id/bookings`: `userId` (administrators) books for a resident. */
export const BookingCreateSchema = z
  .object({
    startTime: bookingInstant(),
    endTime: bookingInstant(),
    attendees: intBetween(1, 100_000, 'booking_attendees_invalid'),
    purpose: optionalText('line'),
    notes: optionalText('text'),
    userId: idField('booking_user_invalid').optional(),
  })
  .superRefine(refineRange);
export type BookingCreateInput = z.infer<typeof BookingCreateSchema>;

const BookingDecisionSchema = z
  .object({ status: z.enum(['confirmed', 'cancelled'], { error: 'booking_status_invalid' }), reason: optionalText('line') })
  .strict()
  .superRefine((value, ctx) => {
    if (value.status === 'cancelled' && !value.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'booking_reason_required' });
  });
const BookingRescheduleSchema = z.object({ startTime: bookingInstant(), endTime: bookingInstant() }).strict().superRefine(refineRange);
type BookingPatch = z.output<typeof BookingDecisionSchema> | z.output<typeof BookingRescheduleSchema>;

/**
 * `PATCH /api/bookings/:id`: with `status` a decision or cancellation (reason required to
 * cancel), else a reschedule. The body's keys choose the form, so a refusal names its field.
 */
export const BookingPatchSchema = z.unknown().transform((value, ctx): BookingPatch => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    ctx.addIssue({ code: 'custom', message: 'booking_status_invalid' });
    return z.NEVER;
  }
  const result = ('status' in value ? BookingDecisionSchema : BookingRescheduleSchema).safeParse(value);
  if (result.success) return result.data;
  for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  return z.NEVER;
});
export type BookingPatchInput = z.infer<typeof BookingPatchSchema>;

const queryInstant = () => bookingInstant().optional();

/** `GET /api/amenities/:id/availability?from&to` (at most 31 days). */
export const AvailabilityQuerySchema = z
  .object({ from: bookingInstant(), to: bookingInstant() })
  .superRefine((value, ctx) => {
    if (value.to <= value.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'booking_end_before_start' });
    else if (value.to.getTime() - value.from.getTime() > 31 * 86_400_000) ctx.addIssue({ code: 'custom', path: ['to'], message: 'booking_range_too_long' });
  });

/** `GET /api/bookings?propertyId&amenityId&status&mine&from&to&limit&offset`. */
export const BookingListQuerySchema = PageQuerySchema.extend({
  propertyId: idField().optional(),
  amenityId: idField().optional(),
  status: z.enum(BOOKING_STATUSES, { error: 'booking_status_invalid' }).optional(),
  mine: z.enum(['true', 'false'], { error: 'invalid_value' }).transform((value) => value === 'true').optional(),
  from: queryInstant(),
  to: queryInstant(),
  q: text('search').optional(),
});
export type BookingListQuery = z.infer<typeof BookingListQuerySchema>;
