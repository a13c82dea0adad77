import type { Knex } from 'knex';
import type { EmailKind, NotificationCategory } from '../../shared/enums';
import type { Language } from '../../shared/messages';
import type { Branding } from '../../shared/schemas/settings';
import { config, type Config } from '../config';
import type { RenderedEmail } from './render';

/** What an email may carry attached, by reference (rendered by the worker: mail/attachments.ts). */
export const ATTACHMENT_KINDS = ['assembly_notice', 'assembly_invite'] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];
export type AttachmentRef = { kind: AttachmentKind; id: number };

export type OutgoingEmail = {
  organizationId: number;
  userId: number;
  eventId?: number | null;
  notificationId?: number | null;
  kind: EmailKind;
  category: NotificationCategory;
  language: Language;
  to: string;
  branding: Branding;
  email: RenderedEmail;
  /** The category's unsubscribe page (List-Unsubscribe), for notifications. */
  unsubscribeUrl?: string;
  /** Files sent with it, by reference: the outbox stores these, not the files. */
  attachments?: AttachmentRef[];
};

/** "Company name" <MAIL_FROM>: the organization speaks, from the installation's address. */
export const senderOf = (branding: Branding, cfg: Config = config) =>
  `"${branding.companyName.replace(/["\\\r\n]/g, '')}" <${cfg.mailFrom}>`;

/**
 * Writes emails to the outbox in the caller's transaction: they exist if and only if what
 * they tell of committed. The worker sends them (worker/jobs/send-email.ts). Answers their ids.
 */
export async function queueEmails(trx: Knex, emails: OutgoingEmail[]): Promise<number[]> {
  if (!emails.length) return [];
  const rows = emails.map((email) => ({
    organizationId: email.organizationId,
    userId: email.userId,
    eventId: email.eventId ?? null,
    notificationId: email.notificationId ?? null,
    kind: email.kind,
    category: email.category,
    language: email.language,
    toAddress: email.to,
    fromAddress: senderOf(email.branding),
    replyTo: email.branding.contactEmail,
    subject: email.email.subject,
    textBody: email.email.text,
    htmlBody: email.email.html,
    headers: email.unsubscribeUrl ? { 'List-Unsubscribe': `<${email.unsubscribeUrl}>` } : {},
    attachments: JSON.stringify(email.attachments ?? []),
  }));
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += 500) {
    const inserted: Array<{ id: string }> = await trx('email_outbox').insert(rows.slice(start, start + 500)).returning('id');
    ids.push(...inserted.map((row) => Number(row.id)));
  }
  return ids;
}
