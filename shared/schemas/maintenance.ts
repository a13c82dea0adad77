import { z } from 'zod';
import {
  MAINTENANCE_PRIORITIES,
  MAINTENANCE_STATUSES,
  MAINTENANCE_VISIBILITIES,
  STAFF_SERVICES,
  type MaintenancePriority,
  type MaintenanceStatus,
  type StaffService,
} from '../enums';
import { PageQuerySchema, optionalText, requiredText, versionField } from './common';
import { instantField } from './dates';
import { uploadFileName } from './documents';

/** Response deadlines per priority, in hours from `requestedAt` (editable per organization). */
export const DEFAULT_DEADLINE_HOURS: Record<MaintenancePriority, number> = { emergency: 24, high: 72, medium: 168, low: 336 };
/** The longest deadline an organization may set: 90 days. */
export const MAX_DEADLINE_HOURS = 90 * 24;

/** A requester may reopen a completed request within this many days of its completion. */
export const REOPEN_WINDOW_DAYS = 14;

/** Photos of requests: the types a phone produces, each with the extensions it may carry. */
export const MAINTENANCE_PHOTO_TYPES = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/webp': ['.webp'],
  'image/heic': ['.heic', '.heif'],
  'image/heif': ['.heif', '.heic'],
} as const satisfies Record<string, readonly string[]>;
export type MaintenancePhotoType = keyof typeof MAINTENANCE_PHOTO_TYPES;
export const MAX_MAINTENANCE_PHOTO_BYTES = 10 * 1024 * 1024;
/** Photos one request may gather (its own and its updates'). */
export const MAX_PHOTOS_PER_REQUEST = 30;

const id = (key = 'invalid_value') => z.number({ error: key }).int({ error: key }).positive({ error: key });
const priority = z.enum(MAINTENANCE_PRIORITIES, { error: 'maintenance_priority_invalid' });
const status = z.enum(MAINTENANCE_STATUSES, { error: 'maintenance_status_invalid' });
const blankAsMissing = (value: unknown) => (value === '' || value === null ? undefined : value);

/** A Date (forms), an ISO date-time, or a day (its start in the organization's zone); null clears it. */
const dateField = () => instantField('date_invalid', { bareDay: true });

/**
 * `POST /api/maintenance`: a unit of the property, or a common area named in `location`
 * ("Lobby", "Piscina"). Priority medium unless chosen.
 */
export const MaintenanceCreateSchema = z
  .object({
    propertyId: z.preprocess(blankAsMissing, id('maintenance_property_required')),
    unitId: z.preprocess(blankAsMissing, id().optional()),
    location: optionalText('line'),
    title: requiredText('maintenance_title_required', 'title'),
    description: requiredText('maintenance_description_required', 'text'),
    priority: priority.default('medium'),
  })
  .superRefine((value, ctx) => {
    if (!value.unitId && !value.location) ctx.addIssue({ code: 'custom', path: ['location'], message: 'maintenance_place_required' });
  });
export type MaintenanceCreateInput = z.infer<typeof MaintenanceCreateSchema>;

/**
 * `PATCH /api/maintenance/:id`, per role (server/policies/maintenance.ts):
 * - administrators: `priority`, `scheduledDate` (null clears), `assignedToId` (null unassigns), `status`;
 * - the assignee: `accepted: true` (accept), `accepted: false` with `reason` (decline), `status`
 *   (start, complete);
 * - the requester: `status` (cancel while pending, reopen a completed request).
 * `reason` goes to the timeline as the update's comment.
 */
export const MaintenancePatchSchema = z
  .object({
    priority: priority.optional(),
    scheduledDate: dateField().nullable().optional(),
    assignedToId: z.preprocess((value) => (value === '' ? null : value), id('maintenance_assignee_invalid').nullable().optional()),
    status: status.optional(),
    accepted: z.boolean({ error: 'boolean_required' }).optional(),
    reason: optionalText('text'),
    version: versionField(),
  })
  .superRefine((value, ctx) => {
    if (value.accepted === false && !value.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'maintenance_reason_required' });
  });
export type MaintenancePatchInput = z.infer<typeof MaintenancePatchSchema>;

/**
 * `POST /api/maintenance/:id/updates`: a comment, public or internal, optionally changing the
 * status (then public: the requester follows every status).
 */
export const MaintenanceCommentSchema = z
  .object({
    content: requiredText('maintenance_comment_required', 'text'),
    visibility: z.enum(MAINTENANCE_VISIBILITIES, { error: 'invalid_value' }).default('public'),
    status: status.optional(),
    version: versionField(),
  })
  .superRefine((value, ctx) => {
    if (value.visibility === 'internal' && value.status) ctx.addIssue({ code: 'custom', path: ['visibility'], message: 'maintenance_internal_status' });
  });
export type MaintenanceCommentInput = z.infer<typeof MaintenanceCommentSchema>;

/** `POST /api/maintenance/:id/photos`: one photo as base64, checked by content on the server. */
export const MaintenancePhotoSchema = z.object({
  fileName: uploadFileName,
  fileType: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
    z.enum(Object.keys(MAINTENANCE_PHOTO_TYPES) as [MaintenancePhotoType, ...MaintenancePhotoType[]], { error: 'maintenance_photo_type' }),
  ),
  content: z.string({ error: 'maintenance_photo_required' }).trim().min(1, { error: 'maintenance_photo_required' }),
});
export type MaintenancePhotoInput = z.infer<typeof MaintenancePhotoSchema>;

/** `POST /api/maintenance/:id/rating`: the requester's score of completed work. */
export const MaintenanceRatingSchema = z.object({
  score: z.number({ error: 'maintenance_score_invalid' }).int({ error: 'maintenance_score_invalid' }).min(1, { error: 'maintenance_score_invalid' }).max(5, { error: 'maintenance_score_invalid' }),
  comment: optionalText('text'),
});
export type MaintenanceRatingInput = z.infer<typeof MaintenanceRatingSchema>;

const queryId = z.coerce.number({ error: 'invalid_value' }).int({ error: 'invalid_value' }).positive({ error: 'invalid_value' });

/** `GET /api/maintenance` (and its CSV): filters, search and paging. */
export const MaintenanceListQuerySchema = PageQuerySchema.extend({
  propertyId: z.preprocess(blankAsMissing, queryId.optional()),
  status: z.preprocess(blankAsMissing, status.optional()),
  priority: z.preprocess(blankAsMissing, priority.optional()),
  assignedToId: z.preprocess(blankAsMissing, queryId.optional()),
  overdue: z.preprocess(blankAsMissing, z.enum(['true', 'false'], { error: 'invalid_value' }).optional()).transform((value) => value === 'true'),
});
export type MaintenanceListQuery = z.infer<typeof MaintenanceListQuerySchema>;

export const MaintenanceSummaryQuerySchema = z.object({ propertyId: z.preprocess(blankAsMissing, queryId.optional()) });
export const MaintenanceUnitsQuerySchema = z.object({
  propertyId: z.preprocess(blankAsMissing, z.coerce.number({ error: 'maintenance_property_required' }).int({ error: 'maintenance_property_required' }).positive({ error: 'maintenance_property_required' })),
});

const hours = z
  .number({ error: 'maintenance_deadline_invalid' })
  .int({ error: 'maintenance_deadline_invalid' })
  .min(1, { error: 'maintenance_deadline_invalid' })
  .max(MAX_DEADLINE_HOURS, { error: 'maintenance_deadline_invalid' });

/** `PUT /api/maintenance/settings`: the response deadline of each priority, in hours. */
export const MaintenanceSettingsSchema = z.object({
  deadlineHours: z.object({ emergency: hours, high: hours, medium: hours, low: hours }),
});
export type MaintenanceSettings = z.infer<typeof MaintenanceSettingsSchema>;

/** `POST /api/properties/:id/staff`: a Suplidor of the organization and the service they give there. */
export const StaffCreateSchema = z.object({
  userId: z.preprocess(blankAsMissing, id('staff_user_invalid')),
  service: z.enum(STAFF_SERVICES, { error: 'staff_service_invalid' }),
});
export type StaffCreateInput = z.infer<typeof StaffCreateSchema>;

/** What the caller may do to a request now (the screens show exactly these). */
export const MAINTENANCE_ACTIONS = [
  'comment',
  'commentInternal',
  'photo',
  'edit',
  'cancel',
  'accept',
  'decline',
  'start',
  'complete',
  'reopen',
  'rate',
] as const;
export type MaintenanceAction = (typeof MAINTENANCE_ACTIONS)[number];

export type PersonRef = { id: number; name: string; phone?: string | null };

/** What an update changed (the timeline words it in the reader's language). */
export type MaintenanceChanges = {
  created?: true;
  status?: MaintenanceStatus;
  priority?: MaintenancePriority;
  assignedTo?: PersonRef | null;
  scheduledDate?: string | null;
  accepted?: boolean;
  reopened?: true;
  photo?: true;
  rating?: number;
  overdue?: true;
  staffRemoved?: true;
};

export type MaintenancePhotoView = { id: number; fileName: string | null; fileType: string; sizeBytes: number; url: string; createdAt: string };

export type MaintenanceUpdateView = {
  id: number;
  actor: PersonRef | null;
  content: string | null;
  visibility: (typeof MAINTENANCE_VISIBILITIES)[number];
  status: MaintenanceStatus | null;
  changes: MaintenanceChanges;
  photos: MaintenancePhotoView[];
  createdAt: string;
};

/**
 * A request as the API answers it. A supplier gets only what the job needs (no deadline,
 * rating or internal bookkeeping); `requestedBy.phone` reaches administrators and the assignee.
 */
export type MaintenanceRequestView = {
  id: number;
  version: number;
  propertyId: number;
  propertyName: string;
  unitId: number | null;
  unitNumber: string | null;
  location: string | null;
  title: string;
  description: string | null;
  priority: MaintenancePriority;
  status: MaintenanceStatus;
  requestedAt: string;
  requestedBy: PersonRef | null;
  assignedTo: PersonRef | null;
  acceptedAt: string | null;
  scheduledDate: string | null;
  completedAt: string | null;
  dueAt?: string | null;
  overdue?: boolean;
  reopenCount?: number;
  rating?: { score: number; comment: string | null; ratedAt: string } | null;
  photoCount: number;
  actions: MaintenanceAction[];
};

export type MaintenanceDetailView = MaintenanceRequestView & { updates: MaintenanceUpdateView[]; photos: MaintenancePhotoView[] };

/** `GET /api/maintenance/summary`. */
export type MaintenanceSummary = Record<'pending' | 'scheduled' | 'inProgress' | 'completed' | 'cancelled' | 'overdue', number>;

/** One supplier on a property's staff (`GET /api/properties/:id/staff`). */
export type StaffMemberView = {
  id: number;
  propertyId: number;
  service: StaffService;
  user: { id: number; name: string; lastName: string | null; email: string | null; phone: string | null };
  /** Maintenance staff: the average of their rated work orders, and how many. */
  rating: { average: number | null; count: number };
  createdAt: string;
};

/** A supplier who may be chosen as assignee or filter (`GET /api/maintenance/assignees`). */
export type MaintenanceAssigneeView = { id: number; name: string; propertyIds: number[]; rating: { average: number | null; count: number } };

/** The payload of `maintenance.*` events (enough for the activity feed, notifications and live lists). */
export type MaintenanceEventPayload = {
  id: number;
  title: string;
  status: MaintenanceStatus;
  priority: MaintenancePriority;
  propertyId: number;
  updateId?: number;
  changes?: MaintenanceChanges;
  internal?: boolean;
  comment?: string | null;
};
