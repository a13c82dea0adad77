import type { Queue } from 'bullmq';
import type { LiveEvent } from '../../shared/events';
import { db } from '../../server/db';
import { enqueueEmails } from '../../server/jobs/mail';
import { scheduleNotifications } from '../../server/jobs/notifications';
import { whereNotified } from '../../server/notifications/rules';

const BATCH = 500;

/**
 * The safety net (every minute): events of the last week with notification rules and no
 * notifications written, and pending emails, older than half a minute, get their job again
 * (a no-op where the job still exists), whatever happened to the first one.
 */
export function sweepNotifications(queues: { notifications: Queue; mail: Queue }) {
  return async () => {
    const events: Array<Pick<LiveEvent, 'id' | 'type' | 'audience'>> = await whereNotified(db()('events'))
      .where('createdAt', '>', db().raw("now() - interval '7 days'"))
      .where('createdAt', '<', db().raw("now() - interval '30 seconds'"))
      .whereNotExists(db()('notifiedEvents').whereRaw('notified_events.event_id = events.id'))
      .orderBy('id')
      .limit(BATCH)
      .select('id', 'type', 'audience');
    for (const event of events) await scheduleNotifications(queues.notifications, event);

    const emails: number[] = await db()('emailOutbox')
      .where({ status: 'pending' })
      .where('createdAt', '<', db().raw("now() - interval '30 seconds'"))
      .orderBy('id')
      .limit(BATCH)
      .pluck('id');
    await enqueueEmails(queues.mail, emails);
    return { events: events.length, emails: emails.length };
  };
}
