import type { Knex } from 'knex';
import type { LiveEvent } from '../../shared/events';
import type { Language } from '../../shared/messages';
import { emailsCategory } from '../../shared/notifications';
import { recordEvent } from '../events/outbox';
import { notificationEmail, type Recipient } from '../mail/messages';
import { queueEmails } from '../mail/outbox';
import { Organization } from '../models';
import { presentBranding } from '../presenters/settings';
import { preferencesOf } from '../presenters/user';
import type { NotificationRule } from './rules';

/**
 * Writes the notifications of one committed event, in one transaction: an inbox row per
 * recipient (a second run adds none: one per user and key), the emails those recipients
 * want, a `notification.created` event per row (the bell, live) and the record that the event
 * was handled. Answers how many notifications were new.
 */
export async function deliverNotifications(trx: Knex, event: LiveEvent, rule: NotificationRule): Promise<number> {
  const category = rule.category(event);
  const recipients = trx('users')
    .select(
      trx.raw('?::int', [event.organizationId]),
      'users.id',
      trx.raw('?::bigint', [event.id]),
      trx.raw('?', [event.type]),
      trx.raw('?', [category]),
      trx.raw('?', [rule.key?.(event) ?? `event:${event.id}`]),
      trx.raw('?', [event.subjectType]),
      trx.raw('?::int', [event.subjectId]),
      trx.raw('?::jsonb', [JSON.stringify(event.payload)]),
      trx.raw('?', [rule.link(event)]),
    )
    .whereIn('users.id', rule.recipients(event, trx))
    .where('users.isActive', true);
  if (event.actorId) recipients.whereNot('users.id', event.actorId);

  const { rows } = await trx.raw(
    `insert into notifications (organization_id, user_id, event_id, type, category, key, subject_type, subject_id, payload, link)
     ? on conflict (user_id, key) do nothing returning id, user_id`,
    [recipients],
  );
  const created = (rows as Array<{ id: number; user_id: number }>).map((row) => ({ id: Number(row.id), userId: row.user_id }));

  // In chunks: a statement takes at most 65,535 parameters.
  for (let start = 0; start < created.length; start += 1000) {
    await recordEvent(
      trx,
      ...created.slice(start, start + 1000).map(({ id, userId }) => ({
        type: 'notification.created' as const,
        organizationId: event.organizationId,
        audience: 'user' as const,
        userId,
        subject: { type: 'notification', id },
        payload: { notificationId: id, type: event.type },
      })),
    );
  }
  if (created.length) await queueEmails(trx, await emailsOf(trx, event, rule, created));
  await trx('notifiedEvents').insert({ eventId: event.id, recipients: created.length }).onConflict('eventId').ignore();
  return created.length;
}

/** The emails of new notifications: to recipients with an address whose settings want them. */
async function emailsOf(trx: Knex, event: LiveEvent, rule: NotificationRule, created: Array<{ id: number; userId: number }>) {
  const policy = rule.email(event);
  if (policy === 'never') return [];
  const category = rule.category(event);
  const notificationOf = new Map(created.map(({ id, userId }) => [userId, id]));
  const users: Array<Recipient & { preferences: Record<string, unknown> }> = await trx('users')
    .whereIn('id', [...notificationOf.keys()])
    .whereNotNull('email')
    .select('id', 'name', 'lastName', 'email', 'language', 'preferences', 'organizationId');
  const wanted = users.filter((user) => policy === 'always' || emailsCategory(preferencesOf(user), category));
  if (!wanted.length) return [];

  const organization = await Organization.query(trx).findById(event.organizationId);
  const branding = presentBranding(organization);
  const texts = new Map<Language, ReturnType<NotificationRule['text']['es']>>();
  const textIn = (language: Language) => texts.get(language) ?? texts.set(language, rule.text[language](event.payload)).get(language)!;
  const attachments = rule.attachments?.(event);
  return wanted.map((user) => ({
    ...notificationEmail(
      user,
      branding,
      { id: notificationOf.get(user.id)!, eventId: event.id, category, link: rule.link(event), always: policy === 'always' },
      textIn(user.language),
    ),
    ...(attachments?.length ? { attachments } : {}),
  }));
}
