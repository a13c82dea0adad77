import { createHash } from 'node:crypto';
import { rooms } from '../../shared/events';
import { isAdministrator } from '../../shared/permissions';
import { db } from '../db';
import type { User } from '../models';
import { followsPropertyEvents } from '../policies/events';
import { reachableOrganizationIds, readablePropertyIds } from '../policies/tenancy';

/**
 * The Socket.IO rooms a user's socket joins, by what they may read (docs/permissions.md): their own
 * room and organization; administrators the organization, members and administrators rooms
 * of every organization they reach (property events reach them there); owners and residents
 * their organization's members room and the rooms of the properties they read. Suppliers
 * join no members or property room: property events carry what owners and residents read
 * (broadcasts), and a supplier's work reaches them in their own room. An account waiting for
 * approval joins only its own room.
 */
export async function roomsOf(user: User): Promise<string[]> {
  if (user.access === 'awaiting') return [rooms.user(user.id)];
  const joined = [rooms.user(user.id), rooms.organization(user.organizationId)];
  if (isAdministrator(user)) {
    const organizations = (await reachableOrganizationIds(user)) ?? (await db()('organizations').pluck('id'));
    for (const id of organizations) joined.push(rooms.organization(id), rooms.members(id), rooms.administrators(id));
  } else if (followsPropertyEvents(user)) {
    joined.push(rooms.members(user.organizationId));
    const properties: Array<{ id: number }> = await readablePropertyIds(user);
    for (const { id } of properties) joined.push(rooms.property(id));
  }
  return [...new Set(joined)];
}

/** The room of the sockets of one session (named by a hash: room names are not secrets). */
export const sessionRoom = (sid: string) => `session:${createHash('sha256').update(sid).digest('base64url').slice(0, 22)}`;
