import type { NotificationCategory } from './enums';
import type { Preferences } from './schemas/auth';

/**
 * The categories a user chooses to receive by email, each a switch of Settings >
 * Notificaciones (`preferences.notifications[category]`). Every notification reaches the inbox;
 * these decide only the email. `account` emails (invitations, resets) always go.
 */
export const EMAIL_SWITCHES = ['messages', 'maintenance', 'payment', 'visitor', 'marketing'] as const satisfies readonly NotificationCategory[];
export type EmailSwitch = (typeof EMAIL_SWITCHES)[number];

export const isEmailSwitch = (category: NotificationCategory): category is EmailSwitch =>
  (EMAIL_SWITCHES as readonly string[]).includes(category);

/** Whether a user's preferences send this category by email (`email` off stops all of them). */
export function emailsCategory(preferences: Pick<Preferences, 'notifications'>, category: NotificationCategory): boolean {
  if (!isEmailSwitch(category)) return true;
  return preferences.notifications.email && preferences.notifications[category];
}

/** The live event types of the inbox (the bell), never shown in the activity feed. */
export const INBOX_EVENT_TYPES = ['notification.created', 'notification.read'] as const;

/**
 * Whether a user's preferences send this category to their devices (Web Push): the category's
 * switch, whatever `email` says (turning email off keeps the phone's notifications).
 * Emergencies are sent regardless (server/push/rules.ts).
 */
export function pushesCategory(preferences: Pick<Preferences, 'notifications'>, category: NotificationCategory): boolean {
  if (!isEmailSwitch(category)) return true;
  return preferences.notifications[category];
}
