import { z } from 'zod';
import { LANGUAGES } from '../enums';
import { emailField, optionalPhone, optionalText, passwordField, phoneField, refineLocation, requiredText, text } from './common';

export const LoginSchema = z.object({
  username: emailField(),
  password: passwordField('password_min_length', 6),
});
export type LoginInput = z.infer<typeof LoginSchema>;

const registerFields = z.object({
  name: requiredText('required_field', 'name'),
  lastName: requiredText('required_field', 'name'),
  username: emailField(),
  phone: phoneField(),
  country: requiredText('required_field', 'code'),
  city: requiredText('required_field', 'code'),
  password: passwordField('password_min_length', 6),
  acceptedTerms: z.literal(true, { error: 'terms_required' }),
  propertyReference: optionalText(),
  identificationNumber: optionalText('code'),
  companyName: optionalText('name'),
  position: optionalText('name'),
});

/** What `POST /api/register` accepts (the role is always Residente, whatever is sent). */
export const RegisterSchema = registerFields.superRefine(refineLocation);
export type RegisterInput = z.infer<typeof RegisterSchema>;

/** The registration form: the same fields plus the confirmation, which is not sent. */
export const RegisterFormSchema = registerFields
  .extend({ passwordConfirm: z.string() })
  .superRefine(refineLocation)
  .refine((value) => value.password === value.passwordConfirm, {
    path: ['passwordConfirm'],
    message: 'passwords_dont_match',
  });
export type RegisterFormInput = z.input<typeof RegisterFormSchema>;

export const ProfileUpdateSchema = z
  .object({
    name: text('name', 'profile_name_required').min(2, { error: 'profile_name_required' }),
    lastName: text('name', 'profile_last_name_required').min(2, { error: 'profile_last_name_required' }),
    email: optionalText('email')
      .pipe(z.email({ error: 'profile_email_invalid' }).nullable())
      .transform((value) => value?.toLowerCase() ?? null),
    phone: optionalPhone(),
    country: optionalText('code'),
    city: optionalText('code'),
    propertyRef: optionalText(),
  })
  .superRefine(refineLocation);
export type ProfileUpdateInput = z.infer<typeof ProfileUpdateSchema>;

const newPassword = () => passwordField('new_password_min_length', 8);

/**
 * `PUT /api/user/password`. The current password may be left out only right after signing in
 * with a temporary password (the server knows it was typed; see commands/accounts.ts).
 */
export const PasswordChangeSchema = z.object({
  currentPassword: passwordField('current_password_required').optional(),
  newPassword: newPassword(),
});

const confirmed = <T extends { newPassword: string; confirmPassword: string }>(value: T) => value.newPassword === value.confirmPassword;
const CONFIRMATION = { path: ['confirmPassword'], message: 'password_confirm_mismatch' };
const confirmPassword = () => passwordField('confirm_password_required', 8);

export const PasswordChangeFormSchema = z
  .object({
    currentPassword: passwordField('current_password_required'),
    newPassword: newPassword(),
    confirmPassword: confirmPassword(),
  })
  .refine(confirmed, CONFIRMATION);
export type PasswordChangeFormInput = z.infer<typeof PasswordChangeFormSchema>;

/** The forced change right after signing in with a temporary password: the current one is not asked (left empty). */
export const NewPasswordFormSchema = z
  .object({ currentPassword: z.string(), newPassword: newPassword(), confirmPassword: confirmPassword() })
  .refine(confirmed, CONFIRMATION);

/**
 * Notification and privacy switches of Settings, with the spec's defaults. `email` allows
 * email at all; each other notification switch sends its category by email (shared/notifications.ts).
 */
export const PreferencesSchema = z.object({
  notifications: z
    .object({
      email: z.boolean().default(true),
      messages: z.boolean().default(true),
      visitor: z.boolean().default(true),
      maintenance: z.boolean().default(true),
      payment: z.boolean().default(true),
      marketing: z.boolean().default(false),
    })
    .default({ email: true, messages: true, visitor: true, maintenance: true, payment: true, marketing: false }),
  privacy: z
    .object({
      profileVisibility: z.boolean().default(true),
      contactVisibility: z.boolean().default(false),
      dataCollection: z.boolean().default(true),
      cookies: z.boolean().default(true),
    })
    .default({ profileVisibility: true, contactVisibility: false, dataCollection: true, cookies: true }),
});
export type Preferences = z.infer<typeof PreferencesSchema>;

/** `PUT /api/user/preferences`: any part of the preferences, and the language. */
export const PreferencesUpdateSchema = z.object({
  language: z.enum(LANGUAGES, { error: 'language_invalid' }).optional(),
  notifications: PreferencesSchema.shape.notifications.unwrap().partial().optional(),
  privacy: PreferencesSchema.shape.privacy.unwrap().partial().optional(),
});
export type PreferencesUpdateInput = z.infer<typeof PreferencesUpdateSchema>;

export const AccountDeleteSchema = z.object({
  password: passwordField('current_password_required'),
});

/** A photo sent as base64 (profile photo: JPG, GIF or PNG, 1 MB at most). */
export const AvatarUploadSchema = z.object({
  fileType: z.enum(['image/jpeg', 'image/png', 'image/gif'], { error: 'avatar_invalid_type' }),
  content: z.string({ error: 'required_field' }).min(1, { error: 'required_field' }),
});
