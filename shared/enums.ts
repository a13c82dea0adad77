/**
 * Every enumeration of the product (spec section 3). Migrations build their CHECK constraints
 * from these lists and the zod schemas validate against them: one place for each.
 */
export const ROLES = ['Administrador', 'Propietario', 'Residente', 'Suplidor'] as const;
export type Role = (typeof ROLES)[number];

export { LANGUAGES } from './languages';

export const ORGANIZATION_TYPES = ['master', 'client'] as const;
export const ORGANIZATION_STATUSES = ['active', 'inactive', 'suspended'] as const;

export const PROPERTY_TYPES = ['apartment', 'house', 'commercial', 'mixed-use'] as const;
export const PROPERTY_STATUSES = ['occupied', 'vacant', 'reserved', 'maintenance'] as const;

export const RESIDENT_STATUSES = ['active', 'inactive', 'temporary'] as const;

/** A self-registration's request to join a property, until an administrator decides. */
export const JOIN_REQUEST_STATUSES = ['pending', 'approved', 'declined'] as const;
export type JoinRequestStatus = (typeof JOIN_REQUEST_STATUSES)[number];

export const DOCUMENT_CATEGORIES = [
  'regulations',
  'contracts',
  'meeting-minutes',
  'financial',
  'property-info',
  'other',
] as const;
export const DOCUMENT_ACCESS = ['public', 'residents', 'admin', 'custom'] as const;
/** The "Show" select of the documents table: all, my uploads, shared with me. */
export const DOCUMENT_SHOW = ['all', 'mine', 'shared'] as const;

export const MAINTENANCE_PRIORITIES = ['low', 'medium', 'high', 'emergency'] as const;
// `scheduled`: assigned with a date (docs/modules/maintenance.md); open until completed or cancelled.
export const MAINTENANCE_STATUSES = ['pending', 'scheduled', 'in-progress', 'completed', 'cancelled'] as const;
export type MaintenanceStatus = (typeof MAINTENANCE_STATUSES)[number];
export type MaintenancePriority = (typeof MAINTENANCE_PRIORITIES)[number];
export const OPEN_MAINTENANCE_STATUSES = ['pending', 'scheduled', 'in-progress'] as const satisfies readonly MaintenanceStatus[];
/** Who reads an update of a request: everyone who reads the request, or staff only (administrators and the assignee). */
export const MAINTENANCE_VISIBILITIES = ['public', 'internal'] as const;

/** What a supplier does at a property (property_staff): maintenance work orders, cleaning, the visitors desk. */
export const STAFF_SERVICES = ['maintenance', 'janitorial', 'security'] as const;
export type StaffService = (typeof STAFF_SERVICES)[number];

/**
 * Billing (docs/modules/billing.md). A charge is what a unit owes (the spec's `payments` row, renamed
 * `charges`): `maintenance` is the monthly cuota; `pending` until fully paid, then `completed`.
 * A payment is money received: `reported` by a resident until an administrator confirms or
 * rejects it; `confirmed` ones have a receipt; `refunded` ones were returned (a refund row
 * points to them). Methods are the spec's; no card data is ever stored.
 */
export const CHARGE_TYPES = ['rent', 'maintenance', 'fees', 'deposit', 'other', 'late_fee', 'extraordinary'] as const;
export type ChargeType = (typeof CHARGE_TYPES)[number];
export const CHARGE_STATUSES = ['pending', 'completed', 'failed', 'refunded'] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];
/** `status` of the charges list: a stored status, or `overdue` (pending and past its due date). */
export const CHARGE_FILTER_STATUSES = [...CHARGE_STATUSES, 'overdue'] as const;
export type ChargeFilterStatus = (typeof CHARGE_FILTER_STATUSES)[number];
export const PAYMENT_METHODS = ['credit_card', 'bank_transfer', 'cash', 'check', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_STATUSES = ['reported', 'confirmed', 'rejected', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const AMENITY_TYPES = [
  'pool',
  'gym',
  'conference_room',
  'common_area',
  'event_space',
  'playground',
  'bbq',
  'meeting_room',
  'party_room',
  'tennis_court',
  'basketball_court',
  'spa',
  'garden',
  'lobby',
  'rooftop',
  'other',
] as const;
export const BOOKING_STATUSES = ['pending', 'confirmed', 'cancelled', 'completed'] as const;

/**
 * Visitor passes (docs/modules/visitors.md). `pending`: a walk-in waiting for its host's answer
 * (`denied` when refused, `expired` when unanswered in time or past its validity); a recurring
 * pass stays `scheduled` between entries (`checked-in` while its visitor is inside).
 */
export const VISITOR_STATUSES = ['scheduled', 'pending', 'checked-in', 'checked-out', 'cancelled', 'denied', 'expired'] as const;
export type VisitorStatus = (typeof VISITOR_STATUSES)[number];
/**
 * A pass still in play: waiting for its visitor or for its host's answer, or with its visitor
 * inside. Its access code is its own among these (the partial unique index `visitors_live_code`);
 * the others are closed and only age towards anonymisation.
 */
export const LIVE_VISITOR_STATUSES = ['scheduled', 'pending', 'checked-in'] as const satisfies readonly VisitorStatus[];
export const isLiveVisitor = (status: VisitorStatus) => (LIVE_VISITOR_STATUSES as readonly VisitorStatus[]).includes(status);
export const VISIT_TYPES = ['guest', 'service', 'delivery'] as const;
export type VisitType = (typeof VISIT_TYPES)[number];
export const PASS_KINDS = ['one-time', 'recurring'] as const;
export type PassKind = (typeof PASS_KINDS)[number];
/** The tabs of the visitors list. */
export const VISITOR_TABS = ['all', 'today', 'upcoming', 'completed'] as const;
export type VisitorTab = (typeof VISITOR_TABS)[number];

export const BROADCAST_CATEGORIES = ['announcement', 'maintenance', 'emergency', 'event', 'other'] as const;
export const BROADCAST_STATUSES = ['active', 'expired', 'draft'] as const;

/**
 * Who may see an event (activity feed and live push). `members`: the organization's people who
 * read its shared content (administrators, owners, residents; not suppliers nor accounts still
 * waiting for approval), e.g. a public document.
 */
export const EVENT_AUDIENCES = ['organization', 'administrators', 'property', 'user', 'members'] as const;
export type EventAudience = (typeof EVENT_AUDIENCES)[number];

/**
 * Notification categories: what the settings' switches decide by email (the inbox always gets
 * every notification). `account` (invitations, password resets) is never switched off.
 */
export const NOTIFICATION_CATEGORIES = ['messages', 'maintenance', 'payment', 'visitor', 'marketing', 'account'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

/** What an email of the outbox is, and where it stands (`held`: no SMTP_URL, kept for /admin/mail). */
export const EMAIL_KINDS = ['notification', 'invitation', 'password_reset'] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];
export const EMAIL_STATUSES = ['pending', 'sent', 'failed', 'held'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** Single-use links sent by email: an invitation (7 days) or a password reset (1 hour). */
export const TOKEN_PURPOSES = ['invitation', 'password_reset'] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

/** Packages at the desk (docs/modules/packages.md): who brought them, how big, and where they stand. */
export const PACKAGE_CARRIERS = ['dhl', 'fedex', 'ups', 'amazon', 'vimenpaq', 'eps', 'local', 'other'] as const;
export type PackageCarrier = (typeof PACKAGE_CARRIERS)[number];
export const PACKAGE_SIZES = ['small', 'medium', 'large', 'oversized'] as const;
export type PackageSize = (typeof PACKAGE_SIZES)[number];
/** `waiting` at the desk, then `picked_up` (by whom, signed) or `returned` (to the carrier, with why). */
export const PACKAGE_STATUSES = ['waiting', 'picked_up', 'returned'] as const;
export type PackageStatus = (typeof PACKAGE_STATUSES)[number];

/** Pets of a unit (docs/modules/packages.md, "Pets"). */
export const PET_SPECIES = ['dog', 'cat', 'bird', 'other'] as const;
export type PetSpecies = (typeof PET_SPECIES)[number];
