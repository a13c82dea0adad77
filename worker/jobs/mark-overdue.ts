import type { Job } from 'bullmq';
import type { MarkOverdueData } from '../../shared/jobs';
import { markOverdueRequests } from '../../server/commands/maintenance/deadlines';
import { transaction } from '../../server/db/transaction';
import { waitAgain } from '../../server/jobs/delayed';
import { overdueCheckDue } from '../../server/jobs/maintenance';

/**
 * Marks the request overdue when its deadline has passed (by the database clock). If the
 * deadline moved later since the job was scheduled, the job waits again until then.
 */
export async function markOverdue(job: Job<MarkOverdueData>, token?: string) {
  const { requestId } = job.data;
  const marked = await transaction((trx) => markOverdueRequests(trx, { requestId }));
  if (marked.length) return { overdue: true };
  const due = await overdueCheckDue(requestId);
  return { overdue: await waitAgain(job, token, due, { requestId, dueAt: due?.at.toISOString() ?? job.data.dueAt }) };
}
