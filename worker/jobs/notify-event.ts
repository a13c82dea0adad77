import { DelayedError, type Job, type Queue } from 'bullmq';
import { JOBS, sendsJobId, type NotifyEventData } from '../../shared/jobs';
import { db } from '../../server/db';
import { transaction } from '../../server/db/transaction';
import { loadEvent } from '../../server/events/relay';
import { enqueueEventEmails } from '../../server/jobs/mail';
import { deliverNotifications } from '../../server/notifications/deliver';
import { notifyingRule } from '../../server/notifications/rules';
import { enqueueEventPushes } from '../../server/push/enqueue';

/**
 * Jobs with a priority wait for every job without one (BullMQ): an event's sends are queued
 * after the inbox rows of the events already waiting, so a notice to 200 towers writes all of
 * its 10,000 inbox rows before it spends the worker on queuing 20,000 emails and pushes.
 */
const AFTER_THE_INBOX = 1;

/**
 * Writes the event's inbox rows and emails (idempotent: a retry or a second run adds nothing),
 * then asks for its sends to be queued (`queueSends`, after the inbox rows waiting). A thing
 * not yet due waits; one that no longer calls for a notification (deleted, a draft) is recorded
 * as handled with no recipient.
 */
export function notifyEvent(notificationsQueue: Queue) {
  return async (job: Job<NotifyEventData>, token?: string) => {
    const event = await loadEvent(job.data.eventId);
    const rule = event && notifyingRule(event);
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
    await notificationsQueue.add(JOBS.queueSends, { eventId: event.id } satisfies NotifyEventData, { jobId: sendsJobId(event.id), priority: AFTER_THE_INBOX });
    return { notified };
  };
}

/**
 * Queues the emails of the event still pending and the pushes (docs/modules/push.md) of its
 * notifications; stable job ids make a second run a no-op (the sweep queues pending emails too).
 */
export function queueSends(mailQueue: Queue, pushQueue: Queue) {
  return async (job: Job<NotifyEventData>) => {
    const event = await loadEvent(job.data.eventId);
    if (!event) return { pushed: 0 };
    await enqueueEventEmails(mailQueue, event.id);
    return { pushed: await enqueueEventPushes(pushQueue, event) };
  };
}
