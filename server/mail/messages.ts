import type { NotificationCategory, TokenPurpose } from '../../shared/enums';
import type { Language } from '../../shared/messages';
import { isEmailSwitch } from '../../shared/notifications';
import type { Branding } from '../../shared/schemas/settings';
import { publicOrigin } from '../config';
import type { NotificationText } from '../notifications/rules';
import type { OutgoingEmail } from './outbox';
import { renderEmail, type Link } from './render';
import { MAIL_TEXTS } from './texts';
import { unsubscribeToken } from './unsubscribe';
import { fullName } from '../../shared/format';

/** Who an email goes to. */
export type Recipient = { id: number; name: string; lastName: string | null; email: string; language: Language; organizationId: number };

const nameOf = (recipient: Recipient) => fullName(recipient.name, recipient.lastName);
const url = (path: string) => `${publicOrigin()}${path}`;

/** The app's pages that take a single-use token (in the fragment, which never reaches a server log). */
export const TOKEN_PAGES: Record<TokenPurpose, string> = { invitation: '/invitation', password_reset: '/reset-password' };

/** An invitation or a password reset: a button to the page that takes the token. */
export function accountEmail(
  recipient: Recipient,
  branding: Branding,
  purpose: TokenPurpose,
  token: string,
  eventId: number | null,
): OutgoingEmail {
  const texts = MAIL_TEXTS[recipient.language];
  const words = purpose === 'invitation' ? texts.invitation : texts.reset;
  const body = purpose === 'invitation' ? texts.invitation.body(branding.companyName, branding.appName) : texts.reset.body;
  return {
    organizationId: recipient.organizationId,
    userId: recipient.id,
    eventId,
    kind: purpose,
    category: 'account',
    language: recipient.language,
    to: recipient.email,
    branding,
    email: renderEmail({
      language: recipient.language,
      branding,
      recipientName: nameOf(recipient),
      subject: words.subject(branding.appName),
      body,
      action: { label: words.action, url: url(`${TOKEN_PAGES[purpose]}#${token}`) },
      notes: [texts.ignore],
    }),
  };
}

/**
 * A notification by email: its title as the subject, its text, a button to the thing, and the
 * footer with why it came and the one link that stops its category.
 */
export function notificationEmail(
  recipient: Recipient,
  branding: Branding,
  notification: { id: number; eventId: number; category: NotificationCategory; link: string | null; always: boolean },
  text: NotificationText,
): OutgoingEmail {
  const texts = MAIL_TEXTS[recipient.language];
  const category = texts.categories[notification.category];
  const unsubscribeUrl = isEmailSwitch(notification.category)
    ? url(`/unsubscribe#${unsubscribeToken(recipient.id, notification.category)}`)
    : undefined;
  const links: Link[] = [
    ...(unsubscribeUrl ? [{ label: texts.unsubscribe(category), url: unsubscribeUrl }] : []),
    { label: texts.preferences, url: url('/settings?tab=notifications') },
  ];
  return {
    organizationId: recipient.organizationId,
    userId: recipient.id,
    eventId: notification.eventId,
    notificationId: notification.id,
    kind: 'notification',
    category: notification.category,
    language: recipient.language,
    to: recipient.email,
    branding,
    unsubscribeUrl,
    email: renderEmail({
      language: recipient.language,
      branding,
      recipientName: nameOf(recipient),
      subject: text.title,
      body: text.body,
      action: { label: texts.open(branding.appName), url: url(notification.link ?? `/notifications?id=${notification.id}`) },
      notes: [texts.why(category, branding.appName), ...(notification.always ? [texts.always] : [])],
      links,
    }),
  };
}
