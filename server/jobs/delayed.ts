import { DelayedError, type Job, type Queue } from 'bullmq';

/** When a row's job is due: the moment (kept in the job's data) and the time left by the database clock. */
export type Due = { at: Date; inMs: number };

/**
 * Keeps one delayed job per row in step with the database (broadcast expiry, maintenance
 * deadlines): a job at `due` while there is one, none otherwise; a new moment replaces the
 * job. `data` carries the moment as `dueKey` so an unchanged job is left alone. Idempotent, so
 * the relay may run it again for a re-delivered event.
 */
export async function keepDelayedJob<D extends Record<string, unknown>>(
  queue: Queue,
  name: string,
  jobId: string,
  due: Due | null,
  data: (at: string) => D,
  dueKey: keyof D & string,
) {
  const existing = await queue.getJob(jobId);
  if (existing) {
    const at = due?.at.toISOString();
    if (at && existing.data?.[dueKey] === at && (await existing.isDelayed())) return;
    // 0: the job is running right now; it reads the current moment itself (waitAgain).
    if ((await queue.remove(jobId)) === 0) return;
  }
  if (due) await queue.add(name, data(due.at.toISOString()), { jobId, delay: due.inMs });
}

/**
 * A job that ran before its row's moment (moved later without its event) waits again until
 * then; answers false when there is nothing left to wait for.
 */
export async function waitAgain<D>(job: Job<D>, token: string | undefined, due: Due | null, data: D): Promise<false> {
  if (due && due.inMs > 0 && token) {
    await job.updateData(data);
    await job.moveToDelayed(Date.now() + due.inMs, token);
    throw new DelayedError();
  }
  return false;
}
