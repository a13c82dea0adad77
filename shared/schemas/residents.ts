import { z } from 'zod';
import { RESIDENT_STATUSES } from '../enums';
import { PageQuerySchema, emailField, optionalText, requiredText } from './common';
import { idField } from './properties';

const unitNumber = () => requiredText('resident_unit_required').pipe(z.string().max(50, { error: 'text_too_long' }));
const status = () => z.enum(RESIDENT_STATUSES, { error: 'resident_status_invalid' });
const phone = () => optionalText().refine((value) => value === null || value.length <= 40, { error: 'text_too_long' });

/**
 * `POST /api/properties/:id/residents` (spec resident form). `unit` is the unit NUMBER in the
 * property (created when it does not exist). A new email creates a Residente account with a
 * temporary password; an email of the same organization links that user.
 */
export const ResidentCreateSchema = z.object({
  name: requiredText('resident_name_required').pipe(z.string().max(100, { error: 'text_too_long' })),
  lastName: requiredText('resident_last_name_required').pipe(z.string().max(100, { error: 'text_too_long' })),
  username: emailField(),
  phone: phone(),
  unit: unitNumber(),
  status: status().default('active'),
});
export type ResidentCreateInput = z.infer<typeof ResidentCreateSchema>;

/**
 * `PATCH /api/properties/:id/residents/:residentId` (spec: name and unit required, lastName
 * and phone optional). An absent lastName/phone keeps its value; an empty one clears it.
 */
export const ResidentUpdateSchema = z.object({
  name: requiredText('resident_name_required').pipe(z.string().max(100, { error: 'text_too_long' })),
  lastName: z
    .string()
    .trim()
    .max(100, { error: 'text_too_long' })
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null)),
  phone: z
    .string()
    .trim()
    .max(40, { error: 'text_too_long' })
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null)),
  unit: unitNumber(),
  status: status().optional(),
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
  title: requiredText('notice_title_required').pipe(z.string().max(200, { error: 'text_too_long' })),
  message: requiredText('notice_message_required').pipe(z.string().max(5000, { error: 'text_too_long' })),
});
export type NoticeInput = z.infer<typeof NoticeSchema>;
