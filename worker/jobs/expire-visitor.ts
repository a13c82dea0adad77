import type { Job } from 'bullmq';
import type { ExpireVisitorData } from '../../shared/jobs';
import { expireVisitors } from '../../server/commands/visitors/retention';
import { transaction } from '../../server/db/transaction';
import { waitAgain } from '../../server/jobs/delayed';
import { visitorExpiryDue } from '../../server/jobs/visitors';

/** Closes the pass or walk-in when its time has come (by the database clock); if it moved later, waits again. */
export async function expireVisitor(job: Job<ExpireVisitorData>, token?: string) {
  const { visitorId } = job.data;
  const closed = await transaction((trx) => expireVisitors(trx, { visitorId }));
  if (closed.length) return { expired: true };
  const due = await visitorExpiryDue(visitorId);
  return { expired: await waitAgain(job, token, due, { visitorId, dueAt: due?.at.toISOString() ?? job.data.dueAt }) };
}
