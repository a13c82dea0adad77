import { z } from 'zod';
import { requiredText, versionField } from './common';
import { booleanField, formNumber, optionalDecimal, optionalInteger } from './properties';

/** Unit fields (spec section 5): unitNumber required, floor optional, squareMeters >= 1, the rest >= 0. */
const unitFields = {
  unitNumber: requiredText('unit_number_required', 'code'),
  floor: z.preprocess(
    (value) => (value === '' || value === null ? null : typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value),
    z.number({ error: 'integer_required' }).int({ error: 'integer_required' }).min(-100, { error: 'integer_required' }).max(500, { error: 'integer_required' }).nullish(),
  ),
  // decimal(10,2) in the database.
  squareMeters: optionalDecimal({ min: 1, max: 99_999_999, decimals: 2, key: 'unit_area_invalid', minKey: 'unit_area_min' }),
  bedrooms: optionalInteger(0),
  // decimal(3,1): 0 to 99.9.
  bathrooms: optionalDecimal({ min: 0, max: 99.9, decimals: 1, key: 'unit_bathrooms_invalid', minKey: 'min_zero' }),
  isAvailable: booleanField(),
  /** Integer centavos of RD$. */
  monthlyRent: optionalInteger(0),
  /** Participation percentage (alícuota, Ley 5038): 0 to 100 with up to 4 decimals; the shares of a property may add up to 100. */
  share: optionalDecimal({ min: 0, max: 100, decimals: 4, key: 'unit_share_invalid' }),
  /** The unit's owner (a Propietario of the organization), billed before its residents; null for none. */
  ownerId: z.preprocess(formNumber, z.number({ error: 'billing_owner_invalid' }).int({ error: 'billing_owner_invalid' }).positive({ error: 'billing_owner_invalid' }).nullish()),
};

/** `POST /api/properties/:id/units` (the property is the one of the path). */
export const UnitCreateSchema = z.object({ ...unitFields, isAvailable: unitFields.isAvailable.default(true) });
export type UnitCreateInput = z.infer<typeof UnitCreateSchema>;

/** `PATCH /api/units/:id`: any of the fields, and the version the editor loaded. */
export const UnitUpdateSchema = z.object(unitFields).partial().extend({ version: versionField() });
export type UnitUpdateInput = z.infer<typeof UnitUpdateSchema>;

/** The most rows one CSV import takes. */
export const MAX_UNIT_IMPORT_ROWS = 1000;

/**
 * `POST /api/properties/:id/units/import`: the rows of a CSV (unit number, floor, area, share).
 * A unit number the property has updates that unit (an empty cell leaves its value); a new one
 * creates the unit. All in one transaction.
 */
export const UnitImportSchema = z.object({
  rows: z
    .array(z.object({ unitNumber: unitFields.unitNumber, floor: unitFields.floor, squareMeters: unitFields.squareMeters, share: unitFields.share }), { error: 'unit_import_empty' })
    .min(1, { error: 'unit_import_empty' })
    .max(MAX_UNIT_IMPORT_ROWS, { error: 'unit_import_too_many' }),
});
export type UnitImportInput = z.infer<typeof UnitImportSchema>;
