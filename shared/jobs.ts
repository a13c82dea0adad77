/**
 * Background jobs (BullMQ): queue names, job names, their data and the stable job ids that
 * make every job idempotent. The worker processes them; the server only enqueues (the event
 * relay's follow-ups) and shows them to operators (/admin/queues).
 */
export const QUEUES = {
  broadcasts: 'broadcasts',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export const JOBS = {
  /** Marks one broadcast expired at its end date (a delayed job per broadcast). */
  expireBroadcast: 'broadcast.expire',
  /** Expires every broadcast whose end date passed and whose job was lost (repeatable). */
  sweepBroadcasts: 'broadcasts.sweep',
} as const;

export type ExpireBroadcastData = { broadcastId: number; endsAt: string };

/** One delayed expiry job per broadcast: scheduling again replaces it instead of adding one. */
export const expiryJobId = (broadcastId: number) => `broadcast-expiry-${broadcastId}`;

/** Job schedulers upserted when a worker boots. */
export const SCHEDULERS = {
  broadcastSweep: { id: 'broadcasts-sweep', everyMs: 60_000 },
} as const;

/** Redis key (under the deployment's prefix) each worker refreshes; health reports its age. */
export const WORKER_HEARTBEAT_KEY = 'worker:heartbeat';
export const WORKER_HEARTBEAT_EVERY_MS = 5_000;
