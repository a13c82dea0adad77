import type { Job, Queue } from 'bullmq';
import type { ApplyImportData, BuildExportData } from '../../shared/jobs';
import { applyImportJob, failImport } from '../../server/commands/imports/apply';
import { buildExport, expireExports, failExport } from '../../server/commands/exports/exports';
import { db } from '../../server/db';
import { transaction } from '../../server/db/transaction';
import { enqueueExport, enqueueImport } from '../../server/jobs/onboarding';
import { User } from '../../server/models';

/** Whether this run is the job's last attempt (after it, the import or export is marked failed). */
const lastAttempt = (job: Job) => job.attemptsMade + 1 >= (job.opts.attempts ?? 1);

/** Applies one import too big for a request, as the administrator who asked for it. */
export async function applyImport(job: Job<ApplyImportData>) {
  const { importId } = job.data;
  try {
    const row = await db()('imports').where({ id: importId }).first('createdById');
    const actor = row?.createdById ? ((await User.query().findById(row.createdById)) ?? null) : null;
    return await applyImportJob(importId, actor);
  } catch (error) {
    if (lastAttempt(job)) await failImport(importId);
    throw error;
  }
}

/** Builds one export's zip. */
export async function buildExportJob(job: Job<BuildExportData>) {
  try {
    return await buildExport(job.data.exportId);
  } catch (error) {
    if (lastAttempt(job)) await failExport(job.data.exportId);
    throw error;
  }
}

/**
 * Every minute: empties the exports past their 24 hours, and enqueues again the imports still
 * `applying` and the exports still `building` a minute after their last change (their job was
 * lost with Redis; the stable job ids make this a no-op for jobs that exist).
 */
export const sweepOnboarding = (queue: Queue) => async () => {
  let expired = 0;
  for (;;) {
    const count = await transaction((trx) => expireExports(trx, 100));
    expired += count;
    if (count < 100) break;
  }
  const stale = (table: string, status: string) =>
    db()(table).where({ status }).where('updatedAt', '<', db().raw("now() - interval '1 minute'")).orderBy('id').limit(500).pluck('id') as Promise<number[]>;
  const imports = await stale('imports', 'applying');
  for (const id of imports) await enqueueImport(queue, id);
  const exports = await stale('exports', 'building');
  for (const id of exports) await enqueueExport(queue, id);
  return { expired, imports: imports.length, exports: exports.length };
};
