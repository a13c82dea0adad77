import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@client/lib/api';
import type { Role } from '@shared/enums';
import type { Language } from '@shared/messages';
import type { Preferences } from '@shared/schemas/auth';
import { SESSION_HINT_COOKIE } from '@shared/session';

/** The signed-in user as `GET /api/user` answers it (server/presenters/user.ts). */
export type User = {
  id: number;
  username: string;
  name: string;
  lastName: string | null;
  role: Role;
  email: string | null;
  phone: string | null;
  country: string | null;
  city: string | null;
  identificationNumber: string | null;
  propertyRef: string | null;
  companyName: string | null;
  position: string | null;
  termsAccepted: boolean;
  organizationId: number;
  isSuperAdmin: boolean;
  mustChangePassword: boolean;
  /** False right after signing in with a temporary password: changing it does not ask for it again. */
  currentPasswordRequired: boolean;
  /** `awaiting`: a self-registration waiting for an administrator's approval; reads only its own account. */
  access: 'member' | 'awaiting';
  /** Works the visitors desk: an administrator, or a supplier on a property's security staff. */
  worksDesk?: boolean;
  /** An operator of the installation (super-admin, administrator of a master organization): /admin/mail, /admin/status. */
  operator?: boolean;
  language: Language;
  preferences: Preferences;
  avatarUrl: string | null;
  createdAt: string;
  updatedAt: string;
};

/** Whether a session may exist: the server's readable hint is there (shared/session.ts). */
export const mayBeSignedIn = () => document.cookie.split('; ').some((cookie) => cookie.startsWith(`${SESSION_HINT_COOKIE}=`));

/**
 * The current user, or null when nobody is signed in: without the session hint, at once (a
 * visitor makes no request answered 401); with it, as the server says (401 when it was stale).
 */
export async function getUser(): Promise<User | null> {
  if (!mayBeSignedIn()) return null;
  try {
    return await api.get<User>('/api/user');
  } catch (error) {
    if (isApiError(error, 401)) return null;
    throw error;
  }
}

export const userQueryKey = () => ['user'] as const;

export const userQueryOptions = () => queryOptions({ queryKey: userQueryKey(), queryFn: getUser });

export const useUser = () => useQuery(userQueryOptions());

/** The signed-in user inside the protected routes (which render only once it is known). */
export function useCurrentUser(): User {
  const { data } = useUser();
  if (!data) throw new Error('useCurrentUser: no signed-in user');
  return data;
}

