import type { Job } from 'bullmq';
import type { SendPushData } from '../../shared/jobs';
import { sendPush } from '../../server/push/send';

/**
 * Sends one Web Push to one device (docs/modules/push.md). Its answer (sent, removed, why not)
 * is the job's result on the queue board; a failure is retried with backoff, then kept failed.
 */
export const sendPushJob = (job: Job<SendPushData>) => sendPush(job.data);
