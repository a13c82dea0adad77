import type { User } from '../models';

/**
 * What the session query of an HTTP request loads beside its user (server/session/store.ts):
 * the organization's module switches and, for an Administrador, the organizations they reach.
 * Read for the rest of that request instead of asking the database again; a socket's user,
 * which lives as long as its connection, never carries them.
 */
export type SessionLookups = {
  /** The organization's `settings.features` (a module is off when its value is false). */
  features: Record<string, unknown> | null;
  /** Ids of the organizations reached; null unless an Administrador (not super-admin). */
  reachableOrganizationIds: number[] | null;
};

const loaded = new WeakMap<User, SessionLookups>();

export const rememberLookups = (user: User, lookups: SessionLookups) => loaded.set(user, lookups);
export const lookupsOf = (user: User) => loaded.get(user);
