import type { Job } from 'bullmq';
import type { Transporter } from 'nodemailer';
import type { SendEmailData } from '../../shared/jobs';
import { db } from '../../server/db';
import { renderAttachments } from '../../server/mail/attachments';

/**
 * Sends one email of the outbox, once: only a `pending` email is sent, and it is marked sent
 * as soon as the SMTP server took it, so a repeated job sends nothing. An SMTP failure leaves
 * it pending for the next attempt (same Message-ID); after the last one it is `failed`.
 * Without a transport (no SMTP_URL) the email is `held`: kept for operators at /admin/mail.
 */
export function sendEmail(transport: Transporter | undefined) {
  return async (job: Job<SendEmailData>) => {
    if (!transport) {
      const held = await db()('emailOutbox').where({ id: job.data.emailId, status: 'pending' }).update({ status: 'held' });
      return { sent: false, status: held ? 'held' : await statusOf(job.data.emailId) };
    }
    // The attempt is counted as the email is read: one statement, and only a pending one.
    const [email] = await db()('emailOutbox').where({ id: job.data.emailId, status: 'pending' }).increment('attempts', 1).returning('*');
    if (!email) return { sent: false, status: await statusOf(job.data.emailId) };
    try {
      // Rendered now from their references (the notice's PDF, the calendar file), in the email's language.
      const attachments = await renderAttachments(db(), email.attachments, email.language);
      const info = await transport.sendMail({
        from: email.fromAddress,
        to: email.toAddress,
        replyTo: email.replyTo ?? undefined,
        subject: email.subject,
        text: email.textBody,
        html: email.htmlBody,
        headers: email.headers,
        messageId: `<email-${email.id}@${domainOf(email.fromAddress)}>`,
        attachments: attachments.map((file) => ({ filename: file.filename, contentType: file.contentType, content: file.content })),
      });
      await db()('emailOutbox')
        .where({ id: email.id })
        .update({ status: 'sent', sentAt: db().fn.now(), messageId: info.messageId, lastError: null });
      return { sent: true };
    } catch (error) {
      const last = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      await db()('emailOutbox')
        .where({ id: email.id })
        .update({ lastError: String((error as Error).message).slice(0, 1000), ...(last ? { status: 'failed' } : {}) });
      throw error;
    }
  };
}

const statusOf = async (id: number): Promise<string> => (await db()('emailOutbox').where({ id }).first('status'))?.status ?? 'missing';

const domainOf = (from: string) => /@([^>\s]+)>?$/.exec(from)?.[1] ?? 'vecindad.local';
