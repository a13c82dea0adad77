import type { EventType, LiveEvent } from '../../shared/events';
import { db } from '../db';
import { schedulePlanIssue } from '../jobs/billing';
import { scheduleBookingStep } from '../jobs/bookings';
import { scheduleBroadcastExpiry } from '../jobs/broadcasts';
import { enqueueEventEmails } from '../jobs/mail';
import { scheduleOverdueCheck } from '../jobs/maintenance';
import { scheduleRecurringExpense } from '../jobs/recurringExpenses';
import { scheduleNotifications } from '../jobs/notifications';
import { enqueueExport, enqueueImport } from '../jobs/onboarding';
import type { Queues } from '../jobs/queues';
import { scheduleVisitorExpiry } from '../jobs/visitors';
import { ACCOUNT_EMAIL_EVENTS } from '../notifications/accounts';
import { enqueueTestPushes } from '../push/enqueue';
import { ACCESS_CHANGES, type AccessTargets } from '../realtime/access';
import { NOTIFICATION_RULES } from '../notifications/rules';
import type { FollowUps } from './relay';

type FollowUp = (event: LiveEvent) => Promise<void>;

/**
 * Jobs that follow committed events, run by the relay before it publishes the event (and again
 * if it is re-delivered: each is idempotent). Scheduling here rather than right after a
 * request's commit means a Redis outage or a crash between commit and enqueue loses nothing:
 * the event waits in the outbox and its job is scheduled when Redis is back.
 */
export function followUps(queues: Queues, reconcileAccess?: (targets: AccessTargets) => Promise<void>): FollowUps {
  const all: Partial<Record<EventType, FollowUp[]>> = {};
  const on = (types: readonly EventType[], followUp: FollowUp) => types.forEach((type) => (all[type] ??= []).push(followUp));

  on(['broadcast.created', 'broadcast.updated', 'broadcast.deleted'], (event) =>
    scheduleBroadcastExpiry(queues.broadcasts, event.subjectId!),
  );
  // A request's deadline job; its administrators' copy of the event is enough (one per change).
  on(['maintenance.created', 'maintenance.updated'], async (event) => {
    if (event.audience === 'administrators') await scheduleOverdueCheck(queues.maintenance, event.subjectId!);
  });
  // A booking's next step (reminder, auto-cancel, completion); its property copy is enough.
  on(['booking.created', 'booking.confirmed', 'booking.cancelled', 'booking.rescheduled'], async (event) => {
    if (event.audience === 'property') await scheduleBookingStep(queues.bookings, event.subjectId!);
  });
  // A pass's closing job (validity end, walk-in time-out); its administrators' copy is enough.
  on(['visitor.created', 'visitor.updated', 'visitor.cancelled', 'visitor.walk_in_requested', 'visitor.walk_in_decided', 'visitor.checked_in', 'visitor.checked_out'], async (event) => {
    if (event.audience === 'administrators') await scheduleVisitorExpiry(queues.visitors, event.subjectId!);
  });
  // A billing plan's monthly job scheduler follows the plan (gone with its property).
  on(['billing_plan.updated', 'property.deleted'], (event) => schedulePlanIssue(queues.billing, event.subjectId!));
  // A recurring expense template's job of the month it issues next follows the template.
  on(['recurring_expense.created', 'recurring_expense.updated', 'recurring_expense.deleted'], (event) => scheduleRecurringExpense(queues.billing, event.subjectId!));
  // An import too big for a request, and an export: the worker's job of each.
  on(['import.started'], async (event) => void (await enqueueImport(queues.onboarding, event.subjectId!)));
  on(['export.requested'], async (event) => void (await enqueueExport(queues.onboarding, event.subjectId!)));
  // The inbox and emails of the events in the notification rules.
  on(Object.keys(NOTIFICATION_RULES) as EventType[], (event) => scheduleNotifications(queues.notifications, event));
  // Invitations and password resets: their emails were written with the event.
  on(ACCOUNT_EMAIL_EVENTS, (event) => enqueueEventEmails(queues.mail, event.id));
  // Settings' "Enviar prueba": a push to each of the user's devices.
  on(['push.test_requested'], async (event) => void (await enqueueTestPushes(queues.push, event)));
  // Live access follows access: sockets leave what their users may no longer read (and join
  // what they now may) before the event goes out.
  if (reconcileAccess) {
    on(Object.keys(ACCESS_CHANGES) as EventType[], async (event) => reconcileAccess(await ACCESS_CHANGES[event.type]!(event, db())));
  }

  return Object.fromEntries(
    Object.entries(all).map(([type, list]) => [type, async (event: LiveEvent) => {
      for (const followUp of list) await followUp(event);
    }]),
  );
}
