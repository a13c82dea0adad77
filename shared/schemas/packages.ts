import { z } from 'zod';
import { PACKAGE_CARRIERS, PACKAGE_SIZES, PACKAGE_STATUSES, PET_SPECIES, type PackageCarrier, type PackageSize, type PackageStatus, type PetSpecies } from '../enums';
import { clearableText, optionalText, PageQuerySchema, requiredText, text } from './common';
import { dayField } from './dates';
import { uploadFileName } from './documents';

/**
 * Packages, vehicles and pets (docs/modules/packages.md): the desk's other work. The API
 * table of the product's desk document is the contract (docs/modules/packages.md).
 */

/** Photos of packages: what a phone or tablet camera produces. */
export const PACKAGE_PHOTO_TYPES = { 'image/jpeg': ['.jpg', '.jpeg'], 'image/png': ['.png'], 'image/webp': ['.webp'] } as const;
export type PackagePhotoType = keyof typeof PACKAGE_PHOTO_TYPES;
export const MAX_PACKAGE_PHOTO_BYTES = 10 * 1024 * 1024;
/** A signature drawn on the tablet's canvas: a PNG. */
export const SIGNATURE_TYPES = { 'image/png': ['.png'] } as const;
export const MAX_SIGNATURE_BYTES = 1024 * 1024;
/** Vaccination records: a scan or a photo. */
export const PET_RECORD_TYPES = { 'application/pdf': ['.pdf'], 'image/jpeg': ['.jpg', '.jpeg'], 'image/png': ['.png'] } as const;
export type PetRecordType = keyof typeof PET_RECORD_TYPES;
export const MAX_PET_RECORD_BYTES = 10 * 1024 * 1024;

/** Reminders to the unit after this many days waiting (organization setting), then once a day at most. */
export const DEFAULT_REMINDER_DAYS = 3;
/** Administrators see vaccination records expiring within this many days. */
export const EXPIRING_WITHIN_DAYS = 30;
/** What an anonymised pickup keeps in place of the name of who took the package. */
export const ANONYMISED_PICKUP = 'Anonimizado';

const id = (key = 'invalid_value') => z.number({ error: key }).int({ error: key }).positive({ error: key });
const blankAsMissing = (value: unknown) => (value === '' || value === null ? undefined : value);
const queryId = (key = 'invalid_value') => z.coerce.number({ error: key }).int({ error: key }).positive({ error: key });
const lowerType = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

/** A plate as the desk types it: upper case, without spaces or dashes (A 123-456 -> A123456). */
export const normalisePlate = (value: string) => value.toUpperCase().replace(/[\s-]+/g, '');
const plateField = () =>
  text('code', 'vehicle_plate_required')
    .transform(normalisePlate)
    .refine((value) => value.length > 0, { error: 'vehicle_plate_required' })
    .refine((value) => /^[A-Z0-9]{1,12}$/.test(value), { error: 'vehicle_plate_invalid' });

const upload = <T extends string>(types: readonly T[], key: string) =>
  z.object({
    fileName: uploadFileName,
    fileType: z.preprocess(lowerType, z.enum(types as [T, ...T[]], { error: key })),
    content: z.string({ error: key }).trim().min(1, { error: key }),
  });

// Packages --------------------------------------------------------------------------------------

/** `POST /api/packages`: logged by the desk in seconds. */
export const PackageCreateSchema = z.object({
  propertyId: id('package_property_required'),
  unitId: id('package_unit_required'),
  carrier: z.enum(PACKAGE_CARRIERS, { error: 'package_carrier_invalid' }),
  tracking: optionalText('code'),
  size: z.preprocess(blankAsMissing, z.enum(PACKAGE_SIZES, { error: 'package_size_invalid' }).default('medium')),
  perishable: z.boolean({ error: 'invalid_value' }).default(false),
  shelf: optionalText('code'),
  notes: optionalText('text'),
  photo: upload(Object.keys(PACKAGE_PHOTO_TYPES) as PackagePhotoType[], 'package_photo_type').nullish(),
});
export type PackageCreateInput = z.infer<typeof PackageCreateSchema>;

/** `POST /api/packages/:id/pickup`: the code (required when someone else picks it up), who took it, their signature. */
export const PackagePickupSchema = z
  .object({
    code: z.preprocess(blankAsMissing, text('code', 'package_code_invalid').regex(/^\d{6}$/, { error: 'package_code_invalid' }).optional()),
    pickedUpBy: z.object(
      {
        userId: z.preprocess(blankAsMissing, id().optional()),
        name: optionalText('name'),
        idNumber: optionalText('code'),
      },
      { error: 'package_picked_up_by_required' },
    ),
    signature: upload(['image/png'], 'package_signature_type').nullish(),
  })
  .superRefine((value, ctx) => {
    const by = value.pickedUpBy;
    if (!by || by.userId) return;
    if (!by.name) ctx.addIssue({ code: 'custom', path: ['pickedUpBy', 'name'], message: 'package_picked_up_name_required' });
    if (!by.idNumber) ctx.addIssue({ code: 'custom', path: ['pickedUpBy', 'idNumber'], message: 'package_picked_up_id_required' });
  });
export type PackagePickupInput = z.infer<typeof PackagePickupSchema>;

/** `POST /api/packages/:id/return`: back to the carrier, with why. */
export const PackageReturnSchema = z.object({ reason: requiredText('package_return_reason_required', 'text') });

/** `GET /api/packages` (and its CSV): `q` finds a tracking number, a unit, a shelf. */
export const PackageListQuerySchema = PageQuerySchema.extend({
  propertyId: z.preprocess(blankAsMissing, queryId().optional()),
  unitId: z.preprocess(blankAsMissing, queryId().optional()),
  status: z.preprocess(blankAsMissing, z.enum(PACKAGE_STATUSES, { error: 'package_status_invalid' }).optional()),
  carrier: z.preprocess(blankAsMissing, z.enum(PACKAGE_CARRIERS, { error: 'package_carrier_invalid' }).optional()),
  from: z.preprocess(blankAsMissing, dayField().optional()),
  to: z.preprocess(blankAsMissing, dayField().optional()),
});
export type PackageListQuery = z.infer<typeof PackageListQuerySchema>;

/** Organization setting: reminders after this many days waiting. */
export const PackageSettingsSchema = z.object({
  reminderDays: z.number({ error: 'package_reminder_days_invalid' }).int({ error: 'package_reminder_days_invalid' }).min(1, { error: 'package_reminder_days_invalid' }).max(30, { error: 'package_reminder_days_invalid' }),
});
export type PackageSettings = z.infer<typeof PackageSettingsSchema>;

export type PackageAction = 'pickup' | 'return';
export type PackageView = {
  id: number;
  propertyId: number;
  propertyName: string;
  unitId: number;
  unitNumber: string;
  carrier: PackageCarrier;
  tracking: string | null;
  size: PackageSize;
  perishable: boolean;
  shelf: string | null;
  notes: string | null;
  status: PackageStatus;
  /** Only for who acts for the unit (its residents and owners), only while it waits; null for the desk and anyone else. */
  pickupCode: string | null;
  hasPhoto: boolean;
  photoUrl: string | null;
  hasSignature: boolean;
  signatureUrl: string | null;
  loggedBy: string | null;
  createdAt: string;
  /** Whole days it has waited (or waited) at the desk. */
  ageDays: number;
  pickedUpAt: string | null;
  pickedUpBy: { userId: number | null; name: string | null; idNumber: string | null } | null;
  handedBy: string | null;
  returnedAt: string | null;
  returnReason: string | null;
  reminders: number;
  anonymized: boolean;
  actions: PackageAction[];
  /** For the desk, on one waiting package (GET /api/packages/:id): who may pick it up by name (who acts for its unit). */
  unitPeople?: Array<{ id: number; name: string }>;
};

/** What events of a package carry: never its code, except the copies addressed to who acts for its unit. */
export type PackageEventPayload = {
  id: number;
  propertyId: number;
  propertyName: string;
  unitId: number;
  unitNumber: string;
  carrier: PackageCarrier;
  perishable: boolean;
  status: PackageStatus;
  pickupCode?: string;
  forUnit?: boolean;
  reason?: string | null;
  ageDays?: number;
};

// Vehicles --------------------------------------------------------------------------------------

export const VehicleCreateSchema = z.object({
  plate: plateField(),
  make: optionalText('name'),
  model: optionalText('name'),
  colour: optionalText('name'),
  parkingSpot: optionalText('code'),
});
export type VehicleCreateInput = z.infer<typeof VehicleCreateSchema>;
export const VehiclePatchSchema = z
  .object({ plate: plateField(), make: clearableText('name'), model: clearableText('name'), colour: clearableText('name'), parkingSpot: clearableText('code') })
  .partial();
export type VehiclePatchInput = z.infer<typeof VehiclePatchSchema>;

/** `GET /api/desk/vehicles`: a partial plate (at least 2 characters) at a property. */
export const DeskPlateQuerySchema = z.object({
  propertyId: z.preprocess(blankAsMissing, queryId('package_property_required')),
  plate: text('code', 'vehicle_plate_search')
    .transform(normalisePlate)
    .refine((value) => /^[A-Z0-9]{2,12}$/.test(value), { error: 'vehicle_plate_search' }),
});

export type VehicleView = {
  id: number;
  propertyId: number;
  unitId: number;
  unitNumber: string;
  plate: string;
  make: string | null;
  model: string | null;
  colour: string | null;
  parkingSpot: string | null;
  createdAt: string;
  canManage: boolean;
};

/** A match of the desk's plate search: a unit's vehicle (it belongs here) or a visitor pass's plate. */
export type PlateMatch =
  | { source: 'vehicle'; plate: string; unitId: number; unitNumber: string; make: string | null; model: string | null; colour: string | null; parkingSpot: string | null }
  | { source: 'visitor'; plate: string; unitId: number | null; unitNumber: string | null; visitorId: number; visitorName: string; status: string; validTo: string | null };

// Pets ------------------------------------------------------------------------------------------

const petRecord = upload(Object.keys(PET_RECORD_TYPES) as PetRecordType[], 'pet_record_type');
export const PetCreateSchema = z.object({
  name: requiredText('pet_name_required', 'name'),
  species: z.enum(PET_SPECIES, { error: 'pet_species_invalid' }),
  breed: optionalText('name'),
  record: petRecord.nullish(),
  recordExpiresOn: z.preprocess(blankAsMissing, dayField('pet_record_expiry_invalid').optional()),
});
export type PetCreateInput = z.infer<typeof PetCreateSchema>;
export const PetPatchSchema = z
  .object({
    name: requiredText('pet_name_required', 'name'),
    species: z.enum(PET_SPECIES, { error: 'pet_species_invalid' }),
    breed: clearableText('name'),
    record: petRecord.nullable(),
    recordExpiresOn: z.preprocess((value) => (value === '' ? null : value), dayField('pet_record_expiry_invalid').nullable()),
  })
  .partial();
export type PetPatchInput = z.infer<typeof PetPatchSchema>;

/** `GET /api/pets/expiring`: records expiring within `days` (default 30) or already expired. */
export const PetExpiringQuerySchema = z.object({
  propertyId: z.preprocess(blankAsMissing, queryId().optional()),
  days: z.preprocess(blankAsMissing, z.coerce.number({ error: 'invalid_value' }).int({ error: 'invalid_value' }).min(0, { error: 'invalid_value' }).max(365, { error: 'invalid_value' }).default(EXPIRING_WITHIN_DAYS)),
});

export type PetView = {
  id: number;
  propertyId: number;
  unitId: number;
  unitNumber: string;
  name: string;
  species: PetSpecies;
  breed: string | null;
  hasRecord: boolean;
  recordName: string | null;
  recordUrl: string | null;
  recordExpiresOn: string | null;
  /** `expired`, `expiring` (within 30 days), `valid`, or `missing` (no record or no expiry). */
  recordState: 'expired' | 'expiring' | 'valid' | 'missing';
  createdAt: string;
  canManage: boolean;
};
