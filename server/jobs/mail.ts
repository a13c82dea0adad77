import type { Queue } from 'bullmq';
import { JOBS, emailJobId, type SendEmailData } from '../../shared/jobs';
import { db } from '../db';

/**
 * Sending retries for about 17 minutes (2 s doubling, 10 attempts) before the email is marked
 * failed; an operator may send it again from /admin/mail.
 */
export const MAIL_JOB_OPTIONS = { attempts: 10, backoff: { type: 'exponential', delay: 2000 } } as const;

/** Queues the sending of these emails: one job per email, adding again is a no-op. */
export async function enqueueEmails(queue: Queue, emailIds: number[]) {
  if (!emailIds.length) return;
  await queue.addBulk(
    emailIds.map((emailId) => ({
      name: JOBS.sendEmail,
      data: { emailId } satisfies SendEmailData,
      opts: { ...MAIL_JOB_OPTIONS, jobId: emailJobId(emailId) },
    })),
  );
}

/** The emails of an event still to send (a follow-up of the event, and after its notifications). */
export async function enqueueEventEmails(queue: Queue, eventId: number) {
  const ids: number[] = await db()('emailOutbox').where({ eventId, status: 'pending' }).pluck('id');
  await enqueueEmails(queue, ids);
}
