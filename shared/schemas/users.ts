import { z } from 'zod';
import { ROLES } from '../enums';
import { PageQuerySchema } from './common';

/** `GET /api/users`: the organization's users for administrators, by role and name. */
export const UserListQuerySchema = PageQuerySchema.extend({
  role: z.enum(ROLES).optional(),
  organizationId: z.coerce.number().int().positive().optional(),
});
export type UserListQuery = z.infer<typeof UserListQuerySchema>;
