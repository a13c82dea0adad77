import { z } from 'zod';
import { AMENITY_TYPES } from '../enums';
import { PageQuerySchema, optionalText, requiredText, versionField } from './common';
import { booleanField, countWithDefault, idField, optionalCount } from './properties';
import { bookingRuleFields } from './bookings';

/** 'HH:MM' (24 h); 'HH:MM:SS' as PostgreSQL answers is accepted and cut to minutes. */
const timeField = () =>
  z.preprocess(
    (value) => (value === '' ? null : value),
    z
      .string({ error: 'amenity_time_invalid' })
      .trim()
      .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, { error: 'amenity_time_invalid' })
      .transform((value) => value.slice(0, 5))
      .nullish(),
  );

/** Opening strictly before closing, when both are known ('HH:MM' compares as text). */
export const hoursInOrder = (opening: string | null | undefined, closing: string | null | undefined) =>
  !opening || !closing || opening.slice(0, 5) < closing.slice(0, 5);

const amenityFields = {
  name: requiredText('amenity_name_required', 'name'),
  type: z.enum(AMENITY_TYPES, { error: 'amenity_type_invalid' }),
  description: optionalText('text'),
  openingTime: timeField(),
  closingTime: timeField(),
};

const refineHours = (value: { openingTime?: string | null; closingTime?: string | null }, ctx: z.RefinementCtx) => {
  if (!hoursInOrder(value.openingTime, value.closingTime)) {
    ctx.addIssue({ code: 'custom', path: ['closingTime'], message: 'amenity_hours_order' });
  }
};

/**
 * `POST /api/amenities` (spec: name, type default pool, description, capacity and hourlyRate
 * integers >= 0 where empty becomes 0 - hourlyRate in centavos -, isBookable default true,
 * opening before closing, propertyId).
 */
export const AmenityCreateSchema = z
  .object({
    ...amenityFields,
    type: amenityFields.type.default('pool'),
    capacity: countWithDefault(0),
    hourlyRate: countWithDefault(0),
    isBookable: booleanField().default(true),
    propertyId: idField('property_id_required'),
    ...z.object(bookingRuleFields).partial().shape,
  })
  .superRefine(refineHours);
export type AmenityCreateInput = z.infer<typeof AmenityCreateSchema>;

/**
 * `PATCH /api/amenities/:id`: any field but the property (hours are checked with the stored
 * ones too), and the version the editor loaded.
 */
export const AmenityUpdateSchema = z
  .object({ ...amenityFields, capacity: optionalCount(), hourlyRate: optionalCount(), isBookable: booleanField(), ...bookingRuleFields })
  .partial()
  .extend({ version: versionField() })
  .superRefine(refineHours);
export type AmenityUpdateInput = z.infer<typeof AmenityUpdateSchema>;

/** `GET /api/amenities`: the amenities of the properties the caller may read. */
export const AmenityListQuerySchema = PageQuerySchema.extend({ propertyId: idField().optional() });
