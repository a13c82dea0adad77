import { z } from 'zod';
import { IMPORT_KINDS } from '../onboarding';
import { text } from './common';

const idField = (key: string) => z.number({ error: key }).int({ error: key }).positive({ error: key });

/** A field -> column index mapping (a column may be left out: `null`). */
const mappingField = () => z.record(z.string().max(40), z.number({ error: 'import_mapping_invalid' }).int().min(0).max(500).nullable(), { error: 'import_mapping_invalid' });

/** `POST /api/imports`: a file (base64) for a property, read and previewed (nothing written). */
export const ImportCreateSchema = z.object({
  kind: z.enum(IMPORT_KINDS, { error: 'import_kind_invalid' }),
  propertyId: idField('import_property_required'),
  file: z.object(
    {
      fileName: text('line', 'import_file_required').min(1, { error: 'import_file_required' }),
      fileType: text('line').optional(),
      content: z
        .string({ error: 'import_file_required' })
        .min(1, { error: 'import_file_required' })
        .refine((value) => /^(data:[\w.+/-]*(;base64)?,)?[A-Za-z0-9+/=\r\n]*$/.test(value), { error: 'import_file_unreadable' }),
    },
    { error: 'import_file_required' },
  ),
  mapping: mappingField().optional(),
  sheet: text('line').optional(),
});
export type ImportCreateInput = z.infer<typeof ImportCreateSchema>;

/** `PATCH /api/imports/:id`: a new mapping, previewed again. */
export const ImportMappingSchema = z.object({ mapping: mappingField() });

/** `POST /api/imports/:id/apply`: `all` writes nothing when a row has an error; `valid` skips those rows. */
export const ImportApplySchema = z.object({
  mode: z.enum(['all', 'valid'], { error: 'invalid_value' }).default('all'),
  invite: z.boolean({ error: 'invalid_value' }).default(false),
});
export type ImportApplyInput = z.infer<typeof ImportApplySchema>;

/** `GET /api/imports/:id?status=error` */
export const ImportQuerySchema = z.object({ status: z.enum(['create', 'update', 'unchanged', 'error'], { error: 'invalid_value' }).optional() });

/**
 * `POST /api/properties/:id/units/bulk`: floors from-to, units per floor, a numbering pattern
 * (`{floor}` the floor, `{n}` the unit's place on it, `{letter}` A, B..., e.g. `{floor}{letter}`
 * -> 1A, `{floor}0{n}` -> 101), an optional prefix ("Local "), equal shares optional.
 */
export const UnitBulkSchema = z
  .object({
    floors: z.object({
      from: z.number({ error: 'integer_required' }).int({ error: 'integer_required' }).min(-10, { error: 'integer_required' }).max(200, { error: 'integer_required' }),
      to: z.number({ error: 'integer_required' }).int({ error: 'integer_required' }).min(-10, { error: 'integer_required' }).max(200, { error: 'integer_required' }),
    }),
    perFloor: z.number({ error: 'integer_required' }).int({ error: 'integer_required' }).min(1, { error: 'unit_bulk_per_floor' }).max(26, { error: 'unit_bulk_per_floor' }),
    pattern: text('code', 'unit_bulk_pattern')
      .refine((value) => /\{(n|letter)\}/.test(value), { error: 'unit_bulk_pattern' }),
    // Not trimmed: "Local " keeps its space.
    prefix: z.string({ error: 'invalid_value' }).max(20, { error: 'text_too_long' }).refine((value) => ![...value].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127), { error: 'invalid_characters' }).optional().default(''),
    equalShares: z.boolean({ error: 'invalid_value' }).optional().default(false),
  })
  .refine((value) => value.floors.to >= value.floors.from, { path: ['floors', 'to'], error: 'unit_bulk_floors' })
  .refine((value) => (value.floors.to - value.floors.from + 1) * value.perFloor <= 2000, { path: ['perFloor'], error: 'unit_bulk_too_many' });
export type UnitBulkInput = z.infer<typeof UnitBulkSchema>;

/** `POST /api/exports`: the organization, or one property of it. */
export const ExportCreateSchema = z.object({ propertyId: idField('import_property_required').optional() });
