import { z } from 'zod';
import { PROPERTY_STATUSES, PROPERTY_TYPES } from '../enums';
import type { MessageKey } from '../messages';
import { optionalText, refineLocation, requiredText, versionField } from './common';

/**
 * Form values arrive as JSON numbers or as the text of an input: '' and null mean "not
 * given", numeric text is read as a number, anything else is left for the schema to refuse.
 */
export function formNumber(value: unknown): unknown {
  if (value === '' || value === null) return null;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return value;
}

const hasAtMostDecimals = (value: number, decimals: number) =>
  Math.abs(Math.round(value * 10 ** decimals) - value * 10 ** decimals) < 1e-9;

/** An optional whole number of at least `min` (null when empty). */
export const optionalInteger = (min: number, minKey: MessageKey = 'min_zero') =>
  z.preprocess(
    formNumber,
    z
      .number({ error: 'integer_required' })
      .int({ error: 'integer_required' })
      .min(min, { error: minKey })
      .max(2_000_000_000, { error: 'integer_required' })
      .nullish(),
  );

/** An optional decimal number in [min, max] with at most `decimals` decimals (null when empty). */
export const optionalDecimal = (options: { min: number; max: number; decimals: number; key: MessageKey; minKey?: MessageKey }) =>
  z.preprocess(
    formNumber,
    z
      .number({ error: 'number_required' })
      .min(options.min, { error: options.minKey ?? options.key })
      .max(options.max, { error: options.key })
      .refine((value) => hasAtMostDecimals(value, options.decimals), { error: options.key })
      .nullish(),
  );

/** A whole number of at least 0 where an empty input becomes `fallback` (spec: amenities). */
export const countWithDefault = (fallback = 0) =>
  z.preprocess(
    (value) => (value === '' || value === null || value === undefined ? fallback : formNumber(value)),
    z.number({ error: 'integer_required' }).int({ error: 'integer_required' }).min(0, { error: 'min_zero' }).max(2_000_000_000, { error: 'integer_required' }),
  );

/** The same, for updates: absent stays absent. */
export const optionalCount = () =>
  z.preprocess(
    (value) => (value === '' || value === null ? 0 : formNumber(value)),
    z.number({ error: 'integer_required' }).int({ error: 'integer_required' }).min(0, { error: 'min_zero' }).max(2_000_000_000, { error: 'integer_required' }).optional(),
  );

/** A positive id given in a body (also as numeric text). */
export const idField = (key: MessageKey = 'invalid_value') =>
  z.preprocess(formNumber, z.number({ error: key }).int({ error: key }).positive({ error: key }));

export const booleanField = () => z.boolean({ error: 'boolean_required' });

/**
 * Fields a property form sends (spec: name, address, country, city, type, status,
 * description). Its number of units is not typed: it is the count of its units.
 */
const propertyFields = {
  name: requiredText('required_field', 'name'),
  address: requiredText(),
  country: requiredText('required_field', 'code'),
  city: requiredText('required_field', 'code'),
  type: z.enum(PROPERTY_TYPES, { error: 'property_type_invalid' }),
  status: z.enum(PROPERTY_STATUSES, { error: 'property_status_invalid' }),
  description: optionalText('text'),
  bedrooms: optionalInteger(0),
  // numeric(2,1) in the database: 0 to 9.9.
  bathrooms: optionalDecimal({ min: 0, max: 9.9, decimals: 1, key: 'property_bathrooms_invalid' }),
  area: optionalInteger(0),
  /** Monthly rent in integer centavos of RD$. */
  rent: optionalInteger(0),
  /** A Propietario of the property's organization, or null. */
  ownerId: z.preprocess(formNumber, z.number({ error: 'property_owner_invalid' }).int({ error: 'property_owner_invalid' }).positive({ error: 'property_owner_invalid' }).nullish()),
};

/** `POST /api/properties`. organizationId: only a master Administrador or a super-admin may name another organization. */
export const PropertyCreateSchema = z
  .object({
    ...propertyFields,
    type: propertyFields.type.default('apartment'),
    status: propertyFields.status.default('vacant'),
    organizationId: z.preprocess(formNumber, z.number({ error: 'property_organization_invalid' }).int({ error: 'property_organization_invalid' }).positive({ error: 'property_organization_invalid' }).nullish()),
  })
  .superRefine(refineLocation);
export type PropertyCreateInput = z.infer<typeof PropertyCreateSchema>;

/**
 * `PATCH /api/properties/:id`: any of the fields; absent ones keep their value. Country and
 * city are checked together with the stored ones (a new country needs a city of it). `version`
 * is the one the editor loaded (409 when the property changed since).
 */
export const PropertyUpdateSchema = z.object(propertyFields).partial().extend({ version: versionField() });
export type PropertyUpdateInput = z.infer<typeof PropertyUpdateSchema>;

/** The location rule alone, for the merge of an update with the stored row. */
export const PropertyLocationSchema = z
  .object({ country: z.string().nullish(), city: z.string().nullish() })
  .superRefine(refineLocation);

export const PROPERTY_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
/** The largest property photo, decoded. */
export const PROPERTY_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** `PUT /api/properties/:id/image`: the photo as base64 (a data: URL prefix is allowed). */
export const PropertyImageSchema = z.object({
  fileType: z.enum(PROPERTY_IMAGE_TYPES, { error: 'property_image_invalid_type' }),
  content: z.string({ error: 'required_field' }).min(1, { error: 'required_field' }),
});

/** `GET /api/properties`: `?limit=&offset=&q=` (q searches name and address). */
export { PageQuerySchema as PropertyListQuerySchema } from './common';
