import { DelayedError, type Job, type Queue } from 'bullmq';
import { JOBS, notifyJobId, type NotifyEventData } from '../../shared/jobs';
import type { LiveEvent } from '../../shared/events';
import { db } from '../../server/db';
import { transaction } from '../../server/db/transaction';
import { loadEvent } from '../../server/events/relay';
import { deliverNotifications } from '../../server/notifications/deliver';
import { ruleFor } from '../../server/notifications/rules';
import { enqueueEventEmails } from './send-email';

/**
 * Schedules the notifications of a committed event (a follow-up, server/events/followUps.ts):
 * one job per event, delayed until the thing is due (a broadcast that starts tomorrow).
 * Adding it again (a re-delivered event, the sweep) is a no-op while it exists.
 */
export async function scheduleNotifications(queue: Queue, event: LiveEvent | { id: number; type: string }) {
  const rule = ruleFor(event.type);
  if (!rule) return;
  const full = 'organizationId' in event ? event : await loadEvent(event.id);
  const due = full && rule.due ? await rule.due(full, db()) : null;
  const delay = due ? Math.max(0, due.getTime() - Date.now()) : 0;
  const data: NotifyEventData = { eventId: event.id };
  await queue.add(JOBS.notifyEvent, data, { jobId: notifyJobId(event.id), delay });
}

/**
 * Writes the event's inbox rows and emails (idempotent: a retry or a second run adds nothing),
 * then queues the emails to send. A thing not yet due waits; one that no longer calls for a
 * notification (deleted, a draft) is recorded as handled with no recipient.
 */
export function notifyEvent(mailQueue: Queue) {
  return async (job: Job<NotifyEventData>, token?: string) => {
    const event = await loadEvent(job.data.eventId);
    const rule = event && ruleFor(event.type);
    if (!event || !rule) return { notified: 0 };
    if (rule.due) {
      const due = await rule.due(event, db());
      if (!due) {
        await db()('notifiedEvents').insert({ eventId: event.id, recipients: 0 }).onConflict('eventId').ignore();
        return { notified: 0 };
      }
      if (due.getTime() > Date.now() && token) {
        await job.moveToDelayed(due.getTime(), token);
        throw new DelayedError();
      }
    }
    const notified = await transaction((trx) => deliverNotifications(trx, event, rule));
    await enqueueEventEmails(mailQueue, event.id);
    return { notified };
  };
}
