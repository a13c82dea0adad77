import { z } from 'zod';
import { BROADCAST_CATEGORIES, BROADCAST_STATUSES } from '../enums';
import { PageQuerySchema, text, versionField } from './common';
import type { TextKind } from '../limits';
import { instantField } from './dates';

/** A point in time: a Date (forms), an ISO date-time, or a day (its start in the organization's zone). */
const dateField = () => instantField('date_invalid', { bareDay: true });

/** A text of its kind with at least `min` characters once trimmed; a missing one is "required". */
const textOfAtLeast = (kind: TextKind, min: number, key: string) => text(kind).min(min, { error: key });

/**
 * Title (at most 150) and message (at most 5,000): they bound what every event of a broadcast
 * pushes to each open socket of its property.
 */
const fields = {
  title: textOfAtLeast('title', 3, 'broadcast_title_min'),
  message: textOfAtLeast('text', 10, 'broadcast_message_min'),
  category: z.enum(BROADCAST_CATEGORIES, { error: 'broadcast_category_invalid' }),
  status: z.enum(BROADCAST_STATUSES, { error: 'broadcast_status_invalid' }),
  startDate: dateField(),
  endDate: dateField().nullable(),
};

/** The one date rule: a broadcast cannot end before it starts (an open end is fine). */
export const endsBeforeStart = (startDate: Date, endDate: Date | null | undefined) =>
  Boolean(endDate && endDate.getTime() < startDate.getTime());

function checkDates(value: { startDate?: Date; endDate?: Date | null }, ctx: z.RefinementCtx) {
  if (value.startDate && endsBeforeStart(value.startDate, value.endDate)) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'end_before_start' });
  }
}

/** A new broadcast's fields. Defaults per spec: status active, category announcement, starting now, no end. */
const createFields = {
  ...fields,
  category: fields.category.default('announcement'),
  status: fields.status.default('active'),
  startDate: fields.startDate.optional().transform((value) => value ?? new Date()),
  endDate: fields.endDate.optional().transform((value) => value ?? null),
};
/**
 * `POST /api/properties/:propertyId/broadcasts`. The property comes from the path and the
 * author is the caller: `propertyId` and `createdBy` in the body are ignored.
 */
export const BroadcastCreateSchema = z.object(createFields).superRefine(checkDates);
export type BroadcastCreateInput = z.infer<typeof BroadcastCreateSchema>;

/** At most this many properties in one `POST /api/broadcasts` (the screen lists 100 at a time). */
export const MAX_BROADCAST_PROPERTIES = 100;

const propertyId = z.number({ error: 'invalid_value' }).int({ error: 'invalid_value' }).positive({ error: 'invalid_value' });

/**
 * `POST /api/broadcasts`: the same broadcast to each of `propertyIds` (one to 100, in the order
 * given, repeats ignored), all or none: one broadcast per property, each with its event.
 */
export const BroadcastSendSchema = z
  .object({
    ...createFields,
    propertyIds: z
      .array(propertyId, { error: 'broadcast_property_required' })
      .min(1, { error: 'broadcast_property_required' })
      .max(MAX_BROADCAST_PROPERTIES, { error: 'broadcast_properties_too_many' })
      .transform((ids) => [...new Set(ids)]),
  })
  .superRefine(checkDates);
export type BroadcastSendInput = z.infer<typeof BroadcastSendSchema>;

/**
 * `PATCH /api/broadcasts/:id`: any of the fields (the dates are checked against the stored
 * ones too), and the version the editor loaded.
 */
export const BroadcastUpdateSchema = z.object(fields).partial().extend({ version: versionField() }).superRefine(checkDates);
export type BroadcastUpdateInput = z.infer<typeof BroadcastUpdateSchema>;

/** `GET /api/broadcasts?propertyId=&onlyActive=true` (and `limit`/`offset` for long lists). */
export const BroadcastListQuerySchema = PageQuerySchema.omit({ q: true }).extend({
  propertyId: z
    .string({ error: (issue) => (issue.input === undefined ? 'broadcast_property_required' : 'invalid_value') })
    .min(1, { error: 'broadcast_property_required' })
    .regex(/^[1-9]\d{0,9}$/, { error: 'invalid_value' })
    .transform(Number),
  onlyActive: z
    .enum(['true', 'false', '1', '0'], { error: 'invalid_value' })
    .optional()
    .transform((value) => value === 'true' || value === '1'),
});
export type BroadcastListQuery = z.infer<typeof BroadcastListQuerySchema>;

/** A broadcast as the API answers it (and as broadcast events carry it). */
export type BroadcastView = {
  id: number;
  title: string;
  message: string;
  category: (typeof BROADCAST_CATEGORIES)[number];
  status: (typeof BROADCAST_STATUSES)[number];
  propertyId: number;
  createdBy: number | null;
  startDate: string;
  endDate: string | null;
  createdAt: string;
  updatedAt: string;
  /** The row's version: an edit sends it back (409 when it changed since). */
  version: number;
};

/** Payload of the `broadcast.*` events. */
export type BroadcastEventPayload = { broadcast: BroadcastView };
