import { z } from 'zod';
import { LANGUAGES } from '../enums';
import { emailField, optionalText, refineLocation, requiredText } from './common';

export const LoginSchema = z.object({
  username: emailField(),
  password: z.string({ error: 'password_min_length' }).min(6, { error: 'password_min_length' }),
});
export type LoginInput = z.infer<typeof LoginSchema>;

const registerFields = z.object({
  name: requiredText(),
  lastName: requiredText(),
  username: emailField(),
  phone: requiredText(),
  country: requiredText(),
  city: requiredText(),
  password: z.string({ error: 'password_min_length' }).min(6, { error: 'password_min_length' }),
  acceptedTerms: z.literal(true, { error: 'terms_required' }),
  propertyReference: optionalText(),
  identificationNumber: optionalText(),
  companyName: optionalText(),
  position: optionalText(),
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
    name: z.string({ error: 'profile_name_required' }).trim().min(2, { error: 'profile_name_required' }),
    lastName: z.string({ error: 'profile_last_name_required' }).trim().min(2, { error: 'profile_last_name_required' }),
    email: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.union([z.literal(''), z.email({ error: 'profile_email_invalid' })]))
      .nullish()
      .transform((value) => value || null),
    phone: optionalText(),
    country: optionalText(),
    city: optionalText(),
    propertyRef: optionalText(),
  })
  .superRefine(refineLocation);
export type ProfileUpdateInput = z.infer<typeof ProfileUpdateSchema>;

export const PasswordChangeSchema = z.object({
  currentPassword: z.string({ error: 'current_password_required' }).min(1, { error: 'current_password_required' }),
  newPassword: z.string({ error: 'new_password_min_length' }).min(8, { error: 'new_password_min_length' }),
});

export const PasswordChangeFormSchema = PasswordChangeSchema.extend({
  confirmPassword: z.string().min(8, { error: 'confirm_password_required' }),
}).refine((value) => value.newPassword === value.confirmPassword, {
  path: ['confirmPassword'],
  message: 'password_confirm_mismatch',
});
export type PasswordChangeFormInput = z.infer<typeof PasswordChangeFormSchema>;

/** Notification and privacy switches of Settings, with the spec's defaults. */
export const PreferencesSchema = z.object({
  notifications: z
    .object({
      email: z.boolean().default(true),
      visitor: z.boolean().default(true),
      maintenance: z.boolean().default(true),
      payment: z.boolean().default(true),
      marketing: z.boolean().default(false),
    })
    .default({ email: true, visitor: true, maintenance: true, payment: true, marketing: false }),
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
  password: z.string({ error: 'current_password_required' }).min(1, { error: 'current_password_required' }),
});

/** A photo sent as base64 (profile photo: JPG, GIF or PNG, 1 MB at most). */
export const AvatarUploadSchema = z.object({
  fileType: z.enum(['image/jpeg', 'image/png', 'image/gif'], { error: 'avatar_invalid_type' }),
  content: z.string({ error: 'required_field' }).min(1, { error: 'required_field' }),
});
