import { PreferencesSchema, type Preferences } from '../../shared/schemas/auth';
import type { User } from '../models';

const DEFAULT_PREFERENCES = PreferencesSchema.parse({});

/** Stored preferences (always written validated) over the spec's defaults. */
export function preferencesOf(user: Pick<User, 'preferences'>): Preferences {
  const stored = (user.preferences ?? {}) as Partial<Preferences>;
  return {
    notifications: { ...DEFAULT_PREFERENCES.notifications, ...stored.notifications },
    privacy: { ...DEFAULT_PREFERENCES.privacy, ...stored.privacy },
  };
}

/** The signed-in user as the client sees it (never the password hash or photo bytes). */
export function presentUser(user: User) {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    lastName: user.lastName,
    role: user.role,
    email: user.email,
    phone: user.phone,
    country: user.country,
    city: user.city,
    identificationNumber: user.identificationNumber,
    propertyRef: user.propertyRef,
    companyName: user.companyName,
    position: user.position,
    termsAccepted: user.termsAccepted,
    organizationId: user.organizationId,
    isSuperAdmin: user.isSuperAdmin,
    mustChangePassword: user.mustChangePassword,
    /** `awaiting`: waiting for an administrator's approval; reads only its own account. */
    access: user.access === 'awaiting' ? ('awaiting' as const) : ('member' as const),
    language: user.language,
    preferences: preferencesOf(user),
    avatarUrl: user.avatarType ? `/api/users/${user.id}/avatar?v=${new Date(user.updatedAt).getTime()}` : null,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
  };
}
export type PresentedUser = ReturnType<typeof presentUser>;
