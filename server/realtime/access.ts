import type { Knex } from 'knex';
import type { Server } from 'socket.io';
import { rooms, type EventType, type LiveEvent } from '../../shared/events';
import { findSignedInUser } from '../session/store';
import { roomsOf } from './rooms';

/** Sockets to bring in line with their users' access: those of these users and those in these rooms. */
export type AccessTargets = { users?: number[]; rooms?: string[] };

type AccessChange = (event: LiveEvent, trx: Knex) => Promise<AccessTargets>;

// (`pluck` would miss camelCase column names: the snake_case mapping applies after it.)
const ids = async (query: Knex.QueryBuilder) => (await query).map((row: { id: number }) => row.id);

const residenceHolder: AccessChange = async (event, trx) => ({
  users: await ids(trx('residents').where({ id: event.subjectId }).select('userId as id')),
});

const changed = (event: LiveEvent) => (Array.isArray(event.payload.changed) ? (event.payload.changed as string[]) : []);

/**
 * Events that change who may read what, and whose sockets they concern. The relay brings those
 * sockets in line before it publishes the event (server/events/followUps.ts), on every server
 * instance. A change of access elsewhere adds its row here.
 */
export const ACCESS_CHANGES: Partial<Record<EventType, AccessChange>> = {
  // A residence added, moved, deactivated or reopened (join approvals go through these too).
  'resident.created': residenceHolder,
  'resident.updated': residenceHolder,
  'resident.deactivated': residenceHolder,
  // The person approved: the copy told to them names them (the administrators' copy does not).
  'join_request.approved': async (event) => ({ users: event.userId ? [event.userId] : [] }),
  // A new owner, and whoever was in the property's room (the former owner among them).
  'property.updated': async (event, trx) =>
    changed(event).includes('ownerId')
      ? {
          users: await ids(trx('properties').where({ id: event.propertyId }).whereNotNull('ownerId').select('ownerId as id')),
          rooms: [rooms.property(event.propertyId!)],
        }
      : {},
  // Its residents may be left with no residence at all.
  'property.deleted': async (event) => ({ rooms: [rooms.property(event.propertyId!)] }),
  // The owner of one unit reads its property (policies/tenancy.ts): a new owner, and whoever
  // was in the property's room (the former owner among them).
  'unit.created': async (event, trx) => ({ users: await ids(trx('units').where({ id: event.subjectId }).whereNotNull('ownerId').select('ownerId as id')) }),
  'unit.updated': async (event, trx) =>
    changed(event).includes('ownerId')
      ? {
          users: await ids(trx('units').where({ id: event.subjectId }).whereNotNull('ownerId').select('ownerId as id')),
          rooms: [rooms.property(event.propertyId!)],
        }
      : {},
  'unit.deleted': async (event) => ({ rooms: [rooms.property(event.propertyId!)] }),
  // A suspended or inactive organization's people may not stay signed in.
  'organization.updated': async (event, trx) => {
    const organization = await trx('organizations').where({ id: event.subjectId }).first('status');
    return organization && organization.status !== 'active' ? { rooms: [rooms.organization(event.subjectId!)] } : {};
  },
};

/**
 * Brings these sockets (on every instance, through the Redis adapter) in line with what their
 * users may read now: a socket whose user may no longer be signed in, or whose rooms differ
 * from those the user would join now, is disconnected. The web client then connects anew
 * (joining the right rooms, or refused) and refetches what it shows, so a screen that lost or
 * gained access follows at once.
 */
export async function reconcileAccess(io: Server, { users = [], rooms: inRooms = [] }: AccessTargets) {
  const targets = [...users.map(rooms.user), ...inRooms];
  if (!targets.length) return;
  const byUser = new Map<number, Array<Awaited<ReturnType<Server['fetchSockets']>>[number]>>();
  for (const socket of await io.in(targets).fetchSockets()) {
    byUser.set(socket.data.userId, [...(byUser.get(socket.data.userId) ?? []), socket]);
  }
  for (const [userId, userSockets] of byUser) {
    const user = await findSignedInUser(userId);
    const wanted = user && !user.mustChangePassword ? new Set(await roomsOf(user)) : undefined;
    for (const socket of userSockets) {
      const joined = [...socket.rooms].filter((room) => room !== socket.id && room !== socket.data.session);
      if (!wanted || joined.length !== wanted.size || joined.some((room) => !wanted.has(room))) socket.disconnect();
    }
  }
}
