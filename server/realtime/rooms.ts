import { rooms } from '../../shared/events';
import { isAdministrator } from '../../shared/permissions';
import { db } from '../db';
import type { User } from '../models';
import { followsPropertyEvents } from '../policies/events';
import { reachableOrganizationIds, readablePropertyIds } from '../policies/tenancy';

/**
 * The Socket.IO rooms a user's socket joins, by what they may read (PRODUCT.md): their own
 * room and organization; administrators the organization and administrators rooms of every
 * organization they reach (property events reach them there); owners and residents the
 * rooms of the properties they read. Suppliers join no property room: property events carry
 * what owners and residents read (broadcasts), and a supplier's work reaches them in their
 * own room.
 */
export async function roomsOf(user: User): Promise<string[]> {
  const joined = [rooms.user(user.id), rooms.organization(user.organizationId)];
  if (isAdministrator(user)) {
    const organizations = (await reachableOrganizationIds(user)) ?? (await db()('organizations').pluck('id'));
    for (const id of organizations) joined.push(rooms.organization(id), rooms.administrators(id));
  } else if (followsPropertyEvents(user)) {
    const properties: Array<{ id: number }> = await readablePropertyIds(user);
    for (const { id } of properties) joined.push(rooms.property(id));
  }
  return [...new Set(joined)];
}
