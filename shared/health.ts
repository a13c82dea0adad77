/**
 * `GET /api/health` (server/operators/health.ts), read by load balancers and by the
 * operators' status screen.
 */
export type HealthReport = {
  /**
   * `ok`: everything answers. `degraded` (HTTP 200): the app serves, but a part behind it is
   * not well (Redis unreachable, no worker beating, the relay behind): live updates, jobs or
   * email wait. `down` (HTTP 503): the database does not answer, nothing works.
   */
  status: 'ok' | 'degraded' | 'down';
  database: 'up' | 'down';
  redis: 'up' | 'down';
  /** Events waiting to be published, `behind` when one waited too long; null without the database. */
  relay: { status: 'up' | 'behind'; pending: number; oldestPendingSeconds: number | null } | null;
  /** The latest heartbeat of any worker: `stale` after three missed beats, `unknown` without Redis. */
  worker: { status: 'up' | 'stale' | 'missing' | 'unknown'; heartbeatAgeSeconds: number | null };
};
