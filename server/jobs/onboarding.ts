import type { Queue } from 'bullmq';
import { JOBS, exportJobId, importJobId, type ApplyImportData, type BuildExportData } from '../../shared/jobs';

/**
 * The onboarding queue's jobs (docs/modules/onboarding.md): one per import applied by the
 * worker and one per export, under stable ids, so the event follow-up, a re-delivered event
 * and the sweep enqueue each at most once. Fewer attempts than the default: an import that
 * fails three times is marked failed (nothing written) for its administrator to look at.
 */
const OPTIONS = { attempts: 3, backoff: { type: 'exponential' as const, delay: 5000 } };

export const enqueueImport = (queue: Queue, importId: number) =>
  queue.add(JOBS.applyImport, { importId } satisfies ApplyImportData, { ...OPTIONS, jobId: importJobId(importId) });

export const enqueueExport = (queue: Queue, exportId: number) =>
  queue.add(JOBS.buildExport, { exportId } satisfies BuildExportData, { ...OPTIONS, jobId: exportJobId(exportId) });
