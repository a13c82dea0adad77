import type { User } from '../models';

/**
 * What the session query of an HTTP request loads beside its user (server/session/store.ts):
 * the organization's module switches and type, for an Administrador the organizations they
 * reach, and the data versions of what the user reaches.
 * Read for the rest of that request instead of asking the database again; a socket's user,
 * which lives as long as its connection, never carries them.
 */
export type SessionLookups = {
  /** The organization's `settings.features` (a module is off when its value is false). */
  features: Record<string, unknown> | null;
  /** The organization's type (`master` organizations manage others: policies/organizations.ts). */
  organizationType: string | null;
  /** Ids of the organizations reached; null unless an Administrador (not super-admin). */
  reachableOrganizationIds: number[] | null;
  /**
   * The data versions of the organizations the user reaches (services/listTotals.ts), read
   * before anything the request counts: what it remembers is never older than them.
   */
  dataVersions: string;
};

const loaded = new WeakMap<User, SessionLookups>();

export const rememberLookups = (user: User, lookups: SessionLookups) => loaded.set(user, lookups);
export const lookupsOf = (user: User) => loaded.get(user);
