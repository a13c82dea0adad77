import type { Queue } from 'bullmq';
import { JOBS, notifyJobId, type NotifyEventData } from '../../shared/jobs';
import type { LiveEvent } from '../../shared/events';
import { db } from '../db';
import { loadEvent } from '../events/relay';
import { notifyingRule } from '../notifications/rules';

/**
 * Schedules the notifications of a committed event (a follow-up, server/events/followUps.ts):
 * one job per event (per change: see the rules' `copy`), delayed until the thing is due (a broadcast that starts tomorrow).
 * Adding it again (a re-delivered event, the sweep) is a no-op while it exists.
 */
export async function scheduleNotifications(queue: Queue, event: LiveEvent | Pick<LiveEvent, 'id' | 'type' | 'audience'>) {
  const rule = notifyingRule(event);
  if (!rule) return;
  const full = 'organizationId' in event ? event : await loadEvent(event.id);
  const due = full && rule.due ? await rule.due(full, db()) : null;
  const delay = due ? Math.max(0, due.getTime() - Date.now()) : 0;
  const data: NotifyEventData = { eventId: event.id };
  await queue.add(JOBS.notifyEvent, data, { jobId: notifyJobId(event.id), delay });
}
