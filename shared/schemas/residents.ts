import { z } from 'zod';
import { RESIDENT_STATUSES } from '../enums';
import { PageQuerySchema, clearablePhone, clearableText, emailField, optionalPhone, requiredText, versionField } from './common';
import { booleanField, idField } from './properties';

const name = () => requiredText('resident_name_required', 'name');
const unitNumber = () => requiredText('resident_unit_required', 'code');
const status = () => z.enum(RESIDENT_STATUSES, { error: 'resident_status_invalid' });
/** A unit the property does not have is created only when the request says so (after the user confirmed it). */
const createUnit = () => booleanField().default(false);

/**
 * `POST /api/properties/:id/residents` (spec resident form). `unit` is the unit NUMBER in the
 * property; one it does not have is refused (400 `unknown_unit`) unless `createUnit`. A new
 * email creates a Residente account with a temporary password; an email of the same
 * organization links that user.
 */
export const ResidentCreateSchema = z.object({
  name: name(),
  lastName: requiredText('resident_last_name_required', 'name'),
  username: emailField(),
  phone: optionalPhone(),
  unit: unitNumber(),
  createUnit: createUnit(),
  status: status().default('active'),
});
export type ResidentCreateInput = z.infer<typeof ResidentCreateSchema>;

/**
 * `PATCH /api/properties/:id/residents/:residentId` (spec: name and unit required, lastName
 * and phone optional). An absent lastName/phone keeps its value; an empty one clears it.
 */
export const ResidentUpdateSchema = z.object({
  name: name(),
  lastName: clearableText('name'),
  phone: clearablePhone(),
  unit: unitNumber(),
  createUnit: createUnit(),
  status: status().optional(),
  version: versionField(),
});
export type ResidentUpdateInput = z.infer<typeof ResidentUpdateSchema>;

/** `GET /api/residents` and its CSV export: search (name, last name, email, unit), filters, page. */
export const ResidentListQuerySchema = PageQuerySchema.extend({
  status: z.enum(RESIDENT_STATUSES, { error: 'resident_status_invalid' }).optional(),
  propertyId: idField().optional(),
});
export type ResidentListQuery = z.infer<typeof ResidentListQuerySchema>;

/** `GET /api/properties/:id/residents`: the same without the property filter. */
export const PropertyResidentsQuerySchema = ResidentListQuerySchema.omit({ propertyId: true });

/** `POST /api/residents/:id/messages` ("Send Message"): a direct notice to the resident. */
export const NoticeSchema = z.object({
  title: requiredText('notice_title_required', 'title'),
  message: requiredText('notice_message_required', 'text'),
});
export type NoticeInput = z.infer<typeof NoticeSchema>;
