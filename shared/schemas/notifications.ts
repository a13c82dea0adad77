import { z } from 'zod';
import { EMAIL_STATUSES } from '../enums';
import { PageQuerySchema, emailField, passwordField, requiredText } from './common';

/** `GET /api/notifications?unread=true&limit=&offset=`: the inbox, newest first. */
export const NotificationListQuerySchema = PageQuerySchema.omit({ q: true }).extend({
  unread: z.enum(['true', 'false'], { error: 'invalid_value' }).optional().transform((value) => value === 'true'),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuerySchema>;

/** `PATCH /api/notifications/:id`: read or unread again. */
export const NotificationUpdateSchema = z.object({ read: z.boolean({ error: 'boolean_required' }) });

/** A notification as the inbox shows it, in the user's language. */
export type NotificationView = {
  id: number;
  type: string;
  category: string;
  title: string;
  body: string;
  link: string | null;
  read: boolean;
  createdAt: string;
};

/** `GET /api/broadcasts/receipts?propertyId=`: how many of a broadcast's recipients read it. */
export type BroadcastReceipt = { broadcastId: number; read: number; recipients: number };

/** A single-use link's token (invitation, password reset, unsubscribe), from the page's address. */
const token = () => requiredText('token_required', 'line');

/** `POST /api/password/forgot`: the sign-in email. */
export const ForgotPasswordSchema = z.object({ username: emailField() });

export const TokenSchema = z.object({ token: token() });

/** `POST /api/password/reset`: the link's token and the new password (8 or more, like Settings). */
export const ResetPasswordSchema = z.object({
  token: token(),
  password: passwordField('new_password_min_length', 8),
});

/** The page's form: the password twice; only the password is sent. */
export const ResetPasswordFormSchema = z
  .object({ password: ResetPasswordSchema.shape.password, confirmPassword: z.string() })
  .refine((value) => value.password === value.confirmPassword, { path: ['confirmPassword'], message: 'password_confirm_mismatch' });
export type ResetPasswordFormInput = z.infer<typeof ResetPasswordFormSchema>;

/** `GET /api/admin/mail?status=&q=&limit=&offset=`: the outbox for operators. */
export const MailListQuerySchema = PageQuerySchema.extend({
  status: z.enum(EMAIL_STATUSES, { error: 'invalid_value' }).optional(),
});
export type MailListQuery = z.infer<typeof MailListQuerySchema>;
