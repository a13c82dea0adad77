import type { Queue } from 'bullmq';
import type { NotificationCategory } from '../../shared/enums';
import type { LiveEvent } from '../../shared/events';
import { JOBS, pushJobId, type SendPushData } from '../../shared/jobs';
import { pushesCategory } from '../../shared/notifications';
import { db } from '../db';
import { preferencesOf } from '../presenters/user';
import { pushRuleFor } from './rules';

/**
 * Queues the pushes of an event's notifications (after they are committed): one job per
 * notification and device of its recipient, within the notification's organization, when the
 * recipient's switch for the category is on (or the rule says always). A second run adds
 * nothing: the job ids are stable.
 */
export async function enqueueEventPushes(queue: Queue, event: LiveEvent): Promise<number> {
  const rule = pushRuleFor(event.type);
  if (!rule || (rule.when && !rule.when(event))) return 0;
  const always = rule.always?.(event) ?? false;
  const rows: Array<{ notificationId: number; subscriptionId: number; category: NotificationCategory; preferences: Record<string, unknown> }> = await db()(
    'notifications as n',
  )
    .join('pushSubscriptions as s', function () {
      this.on('s.userId', 'n.userId').andOn('s.organizationId', 'n.organizationId');
    })
    .join('users as u', 'u.id', 'n.userId')
    .where('n.eventId', event.id)
    .where('u.isActive', true)
    .select('n.id as notificationId', 's.id as subscriptionId', 'n.category', 'u.preferences');
  const jobs = rows
    .filter((row) => always || pushesCategory(preferencesOf(row), row.category))
    .map(({ notificationId, subscriptionId }): SendPushData => ({ notificationId: Number(notificationId), subscriptionId }));
  await addPushJobs(queue, jobs);
  return jobs.length;
}

/** A test push to every device of the user who asked (Settings > Notificaciones, "Enviar prueba"). */
export async function enqueueTestPushes(queue: Queue, event: Pick<LiveEvent, 'id' | 'userId' | 'organizationId'>): Promise<number> {
  const rows: Array<{ id: number }> = await db()('pushSubscriptions').where({ userId: event.userId, organizationId: event.organizationId }).select('id');
  await addPushJobs(queue, rows.map(({ id }) => ({ subscriptionId: id, test: { eventId: event.id } })));
  return rows.length;
}

async function addPushJobs(queue: Queue, jobs: SendPushData[]) {
  for (let start = 0; start < jobs.length; start += 500) {
    await queue.addBulk(jobs.slice(start, start + 500).map((data) => ({ name: JOBS.sendPush, data, opts: { jobId: pushJobId(data) } })));
  }
}
