import { z } from 'zod';
import { JOIN_REQUEST_STATUSES } from '../enums';
import { PageQuerySchema, requiredText } from './common';
import { idField } from './properties';
import { ResidentCreateSchema } from './residents';

/** `GET /api/join-requests`: the administrators' queue (pending unless `status` says otherwise). */
export const JoinRequestListQuerySchema = PageQuerySchema.extend({
  status: z.enum(JOIN_REQUEST_STATUSES, { error: 'invalid_value' }).default('pending'),
});
export type JoinRequestListQuery = z.infer<typeof JoinRequestListQuerySchema>;

/**
 * `POST /api/join-requests/:id/approve`: the property and the unit (by number, as in Add
 * Resident). A unit that does not exist is created only when `createUnit` says so.
 */
export const JoinRequestApproveSchema = z.object({
  propertyId: idField('join_request_property_required'),
  unit: ResidentCreateSchema.shape.unit,
  createUnit: z.boolean({ error: 'boolean_required' }).default(false),
});
export type JoinRequestApproveInput = z.infer<typeof JoinRequestApproveSchema>;

/** `POST /api/user/join-request`: a new request (after a declined one), naming the property. */
export const JoinRequestCreateSchema = z.object({
  propertyReference: requiredText('join_request_reference_required'),
});
