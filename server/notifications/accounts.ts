import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { TokenPurpose } from '../../shared/enums';
import type { EventType } from '../../shared/events';
import { messageText } from '../../shared/messages';
import { AppError, validationError } from '../errors';
import { recordEvent } from '../events/outbox';
import { accountEmail, type Recipient } from '../mail/messages';
import { queueEmails } from '../mail/outbox';
import { Organization, User } from '../models';
import { presentBranding } from '../presenters/settings';
import { hashPassword, verifyPassword } from '../services/passwords';
import { fullName } from '../../shared/format';

/** Events whose emails are written with them (the relay's follow-up sends them). */
export const ACCOUNT_EMAIL_EVENTS = ['user.invited', 'user.reset_requested'] as const satisfies readonly EventType[];

/** How long a link works: an invitation a week, a password reset an hour. */
const LIFETIME_MINUTES: Record<TokenPurpose, number> = { invitation: 7 * 24 * 60, password_reset: 60 };

const tokenInvalid = () => new AppError(410, 'token_invalid', messageText('link_invalid'));

/** 256 random bits; only its SHA-256 is stored, so the table alone opens no account. */
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

async function recipientOf(trx: Knex, userId: number): Promise<Recipient | undefined> {
  const user = await trx('users')
    .where({ id: userId, isActive: true })
    .whereNotNull('email')
    .first('id', 'name', 'lastName', 'email', 'language', 'organizationId');
  return user as Recipient | undefined;
}

/**
 * A new single-use link for the user, its event and its email, in the caller's transaction.
 * Earlier unused links of the same purpose stop working: only the latest email counts.
 */
async function sendTokenLink(trx: Knex, recipient: Recipient, purpose: TokenPurpose, event: { type: EventType; actorId: number | null }) {
  const token = randomBytes(32).toString('base64url');
  await trx('userTokens').where({ userId: recipient.id, purpose }).whereNull('usedAt').update({ usedAt: trx.fn.now() });
  await trx('userTokens').insert({
    userId: recipient.id,
    purpose,
    tokenHash: hashOf(token),
    expiresAt: trx.raw(`now() + interval '${LIFETIME_MINUTES[purpose]} minutes'`),
  });
  const name = fullName(recipient.name, recipient.lastName);
  const [eventId] = await recordEvent(trx, {
    type: event.type,
    organizationId: recipient.organizationId,
    // Administrators see who was invited; a reset request is told to its user only.
    ...(purpose === 'invitation' ? { audience: 'administrators' as const } : { audience: 'user' as const, userId: recipient.id }),
    actorId: event.actorId,
    subject: { type: 'user', id: recipient.id },
    payload: { name },
  });
  const branding = presentBranding(await Organization.query(trx).findById(recipient.organizationId));
  await queueEmails(trx, [accountEmail(recipient, branding, purpose, token, eventId)]);
}

/**
 * Invites a user an administrator just added: a link (7 days, once) to choose their own
 * password. Nothing happens for a user without an email address; their temporary password
 * remains the way in either way.
 */
export async function inviteUser(trx: Knex, actor: User, userId: number) {
  const recipient = await recipientOf(trx, userId);
  if (recipient) await sendTokenLink(trx, recipient, 'invitation', { type: 'user.invited', actorId: actor.id });
  return Boolean(recipient);
}

/**
 * "Forgot password": a reset link (1 hour, once) to the active account with this sign-in
 * email. The caller answers the same whether or not there is one.
 */
export async function requestPasswordReset(trx: Knex, username: string) {
  const user = await trx('users').where({ username: username.toLowerCase(), isActive: true }).first('id');
  const recipient = user && (await recipientOf(trx, user.id));
  if (recipient) await sendTokenLink(trx, recipient, 'password_reset', { type: 'user.reset_requested', actorId: null });
}

/** What the page of a link shows before the password is chosen; 410 for a dead link. */
export async function describeToken(token: string, trx: Knex = User.knex()) {
  const row = await trx('userTokens as t')
    .join('users as u', 'u.id', 't.userId')
    .where({ 't.tokenHash': hashOf(token), 'u.isActive': true })
    .whereNull('t.usedAt')
    .where('t.expiresAt', '>', trx.fn.now())
    .first('t.purpose', 't.expiresAt', 'u.name', 'u.username', 'u.organizationId');
  if (!row) throw tokenInvalid();
  const branding = presentBranding(await Organization.query(trx).findById(row.organizationId));
  return { purpose: row.purpose as TokenPurpose, name: row.name as string, username: row.username as string, expiresAt: row.expiresAt as Date, appName: branding.appName };
}

/**
 * Uses a link: the password becomes the one chosen (no temporary password in force any more),
 * and every other link of the user stops working. The caller ends the user's other sessions
 * and live connections once this has committed.
 */
export async function setPasswordWithToken(trx: Knex, token: string, password: string): Promise<User> {
  const [used] = await trx('userTokens')
    .where({ tokenHash: hashOf(token) })
    .whereNull('usedAt')
    .where('expiresAt', '>', trx.fn.now())
    .whereIn('userId', trx('users').select('id').where({ isActive: true }))
    .update({ usedAt: trx.fn.now() })
    .returning(['userId', 'purpose']);
  if (!used) throw tokenInvalid();
  await trx('userTokens').where({ userId: used.userId }).whereNull('usedAt').update({ usedAt: trx.fn.now() });
  // The temporary password an administrator was shown may not become the account's own.
  const stored = await trx('users').where({ id: used.userId }).first('password', 'mustChangePassword');
  if (stored.mustChangePassword && (await verifyPassword(password, stored.password))) {
    const message = messageText('new_password_is_temporary');
    throw validationError({ password: message }, message);
  }
  const user = await User.query(trx).patchAndFetchById(used.userId, { password: await hashPassword(password), mustChangePassword: false });
  const invitation = used.purpose === 'invitation';
  await recordEvent(trx, {
    type: invitation ? 'user.invitation_accepted' : 'user.password_recovered',
    organizationId: user.organizationId,
    ...(invitation ? { audience: 'administrators' as const } : { audience: 'user' as const, userId: user.id }),
    actorId: user.id,
    subject: { type: 'user', id: user.id },
    payload: { name: fullName(user.name, user.lastName) },
  });
  return user;
}
