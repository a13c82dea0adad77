import { DelayedError, type Job, type Queue } from 'bullmq';
import type { NotifyEventData } from '../../shared/jobs';
import { db } from '../../server/db';
import { transaction } from '../../server/db/transaction';
import { loadEvent } from '../../server/events/relay';
import { enqueueEventEmails } from '../../server/jobs/mail';
import { deliverNotifications } from '../../server/notifications/deliver';
import { ruleFor } from '../../server/notifications/rules';
import { enqueueEventPushes } from '../../server/push/enqueue';

/**
 * Writes the event's inbox rows and emails (idempotent: a retry or a second run adds nothing),
 * then queues the emails and the pushes (docs/modules/push.md) to send. A thing not yet due waits; one that no longer calls for a
 * notification (deleted, a draft) is recorded as handled with no recipient.
 */
export function notifyEvent(mailQueue: Queue, pushQueue: Queue) {
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
    const pushed = await enqueueEventPushes(pushQueue, event);
    return { notified, pushed };
  };
}
