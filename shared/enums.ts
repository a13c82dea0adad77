/**
 * Every enumeration of the product (spec section 3). Migrations build their CHECK constraints
 * from these lists and the zod schemas validate against them: one place for each.
 */
export const ROLES = ['Administrador', 'Propietario', 'Residente', 'Suplidor'] as const;
export type Role = (typeof ROLES)[number];

export const LANGUAGES = ['es', 'en'] as const;

export const ORGANIZATION_TYPES = ['master', 'client'] as const;
export const ORGANIZATION_STATUSES = ['active', 'inactive', 'suspended'] as const;

export const PROPERTY_TYPES = ['apartment', 'house', 'commercial', 'mixed-use'] as const;
export const PROPERTY_STATUSES = ['occupied', 'vacant', 'reserved', 'maintenance'] as const;

export const RESIDENT_STATUSES = ['active', 'inactive', 'temporary'] as const;

export const DOCUMENT_CATEGORIES = [
  'regulations',
  'contracts',
  'meeting-minutes',
  'financial',
  'property-info',
  'other',
] as const;
export const DOCUMENT_ACCESS = ['public', 'residents', 'admin', 'custom'] as const;

export const MAINTENANCE_PRIORITIES = ['low', 'medium', 'high', 'emergency'] as const;
export const MAINTENANCE_STATUSES = ['pending', 'in-progress', 'completed', 'cancelled'] as const;

export const PAYMENT_TYPES = ['rent', 'maintenance', 'fees', 'deposit', 'other'] as const;
export const PAYMENT_METHODS = ['credit_card', 'bank_transfer', 'cash', 'check', 'other'] as const;
export const PAYMENT_STATUSES = ['pending', 'completed', 'failed', 'refunded'] as const;

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

export const VISITOR_STATUSES = ['scheduled', 'checked-in', 'checked-out', 'cancelled'] as const;

export const BROADCAST_CATEGORIES = ['announcement', 'maintenance', 'emergency', 'event', 'other'] as const;
export const BROADCAST_STATUSES = ['active', 'expired', 'draft'] as const;

/** Who may see an event (activity feed and live push). */
export const EVENT_AUDIENCES = ['organization', 'administrators', 'property', 'user'] as const;
export type EventAudience = (typeof EVENT_AUDIENCES)[number];
