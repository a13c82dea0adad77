import type { EventAudience } from './enums';

/**
 * Domain events: written to the `events` table with the change that caused them, then
 * published to Socket.IO rooms. Names are `<domain>.<verb>`.
 */
export const EVENT_TYPES = [
  'user.registered',
  'user.password_reset',
  'user.invited',
  'user.invitation_accepted',
  'user.reset_requested',
  'user.password_recovered',
  'notification.created',
  'notification.read',
  'organization.created',
  'organization.updated',
  'organization.deleted',
  'settings.updated',
  'property.created',
  'property.updated',
  'property.deleted',
  'unit.created',
  'unit.updated',
  'unit.deleted',
  'resident.created',
  'resident.updated',
  'resident.deactivated',
  'amenity.created',
  'amenity.updated',
  'amenity.deleted',
  'booking.created',
  'booking.confirmed',
  'booking.cancelled',
  'booking.rescheduled',
  'booking.completed',
  'booking.reminder',
  'notice.sent',
  'document.uploaded',
  'document.deleted',
  'broadcast.created',
  'broadcast.updated',
  'broadcast.deleted',
  'broadcast.expired',
  'charge.created',
  'payment.recorded',
  'payment.reported',
  'payment.rejected',
  'payment.refunded',
  'charge.waived',
  'charge.credited',
  'charge.reminder',
  'billing.reminder_schedule_updated',
  'billing_plan.updated',
  'fund.created',
  'fund.updated',
  'fund.transferred',
  'supplier.created',
  'supplier.updated',
  'import.started',
  'import.progress',
  'import.finished',
  'export.requested',
  'export.ready',
  'export.failed',
  'expense.created',
  'expense.updated',
  'expense.paid',
  'expense.voided',
  'account.created',
  'account.updated',
  'bank_account.created',
  'bank_account.updated',
  'bank.statement_imported',
  'bank.line_matched',
  'bank.line_unmatched',
  'bank.month_reconciled',
  'income.recorded',
  'recurring_expense.created',
  'recurring_expense.updated',
  'recurring_expense.deleted',
  'budget.updated',
  'finances.transparency_updated',
  'period.closed',
  'period.reopened',
  'finance_report.published',
  'join_request.created',
  'join_request.approved',
  'join_request.declined',
  'maintenance.created',
  'maintenance.updated',
  'maintenance.commented',
  'maintenance.photo_added',
  'maintenance.rated',
  'maintenance.overdue',
  'maintenance.settings_updated',
  'staff.added',
  'staff.removed',
  'visitor.created',
  'visitor.updated',
  'visitor.cancelled',
  'visitor.checked_in',
  'visitor.checked_out',
  'visitor.walk_in_requested',
  'visitor.walk_in_decided',
  'visitor.walk_in_timed_out',
  'visitor.expired',
  'visitor.blocked',
  'visitor.unblocked',
  'visitor.settings_updated',
  'visitors.anonymised',
  'package.logged',
  'package.picked_up',
  'package.returned',
  'package.reminder',
  'package.settings_updated',
  'packages.anonymised',
  'vehicle.created',
  'vehicle.updated',
  'vehicle.deleted',
  'pet.created',
  'pet.updated',
  'pet.deleted',
  'assembly.created',
  'assembly.updated',
  'assembly.convened',
  'assembly.started',
  'assembly.closed',
  'assembly.cancelled',
  'assembly.quorum',
  'assembly.item_opened',
  'assembly.tally',
  'assembly.item_closed',
  'assembly.proxy_requested',
  'assembly.proxy_decided',
  'push.subscribed',
  'push.unsubscribed',
  'push.test_requested',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** What clients receive over Socket.IO (event name `event`). */
export type LiveEvent = {
  id: number;
  type: EventType;
  audience: EventAudience;
  organizationId: number;
  propertyId: number | null;
  userId: number | null;
  actorId: number | null;
  subjectType: string | null;
  subjectId: number | null;
  payload: Record<string, unknown>;
  createdAt: string;
};

/** Socket.IO room names. */
export const rooms = {
  organization: (id: number) => `org:${id}`,
  administrators: (organizationId: number) => `org:${organizationId}:admin`,
  members: (organizationId: number) => `org:${organizationId}:members`,
  property: (id: number) => `property:${id}`,
  user: (id: number) => `user:${id}`,
};

/** The rooms an event goes to; administrators of the organization see every property event. */
export function roomsFor(event: Pick<LiveEvent, 'audience' | 'organizationId' | 'propertyId' | 'userId'>): string[] {
  switch (event.audience) {
    case 'organization':
      return [rooms.organization(event.organizationId)];
    case 'administrators':
      return [rooms.administrators(event.organizationId)];
    case 'property':
      return [rooms.property(event.propertyId!), rooms.administrators(event.organizationId)];
    case 'user':
      return [rooms.user(event.userId!)];
    case 'members':
      return [rooms.members(event.organizationId)];
  }
}
