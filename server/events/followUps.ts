import type { LiveEvent } from '../../shared/events';
import { scheduleBroadcastExpiry } from '../../worker/jobs/expire-broadcast';
import type { Queues } from '../../worker/queues';
import type { FollowUps } from './relay';

/**
 * Jobs that follow committed events, run by the relay before it publishes the event (and again
 * if it is re-delivered: each is idempotent). Scheduling here rather than right after a
 * request's commit means a Redis outage or a crash between commit and enqueue loses nothing:
 * the event waits in the outbox and its job is scheduled when Redis is back.
 */
export function followUps(queues: Queues): FollowUps {
  const syncExpiry = (event: LiveEvent) => scheduleBroadcastExpiry(queues.broadcasts, event.subjectId!);
  return {
    'broadcast.created': syncExpiry,
    'broadcast.updated': syncExpiry,
    'broadcast.deleted': syncExpiry,
  };
}
