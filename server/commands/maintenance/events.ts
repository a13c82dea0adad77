import type { Knex } from 'knex';
import type { EventType } from '../../../shared/events';
import type { MaintenanceEventPayload } from '../../../shared/schemas/maintenance';
import { recordEvent, type EventInput } from '../../events/outbox';
import { User } from '../../models';
import { whereRequestReadable } from '../../policies/maintenance';
import type { RequestRow } from '../../rows/maintenance';

/** The events of a request: who hears of each change (docs/modules/maintenance.md, "Notifications and live updates"). */

/** The event of a request without its audience. */
export function eventBase(type: EventType, row: RequestRow, actorId: number | null, extra: Partial<MaintenanceEventPayload> = {}) {
  const payload: MaintenanceEventPayload = {
    id: row.id,
    title: row.title,
    status: row.status,
    priority: row.priority,
    propertyId: row.propertyId,
    ...extra,
  };
  return {
    type,
    organizationId: row.organizationId,
    propertyId: row.propertyId,
    actorId,
    subject: { type: 'maintenance_request', id: row.id },
    payload,
  };
}

/**
 * A change of a request, told live to who follows it: the organization's administrators, the
 * requester while they may still read it (policies/maintenance.ts: not once they left its
 * unit) and the assignee (and an assignee just removed), each once. Suppliers, owners and
 * residents hear it in their own room (suppliers join no property room, and a property's room
 * would reach every neighbour); an internal change skips the requester.
 */
export async function recordRequestEvent(
  trx: Knex,
  type: EventType,
  row: RequestRow,
  actor: User | null,
  extra: Partial<MaintenanceEventPayload> & { internal?: boolean } = {},
  alsoTell: Array<number | null> = [],
) {
  const base = eventBase(type, row, actor?.id ?? null, extra);
  const requester = extra.internal ? null : await followingRequester(trx, row);
  const people = [requester, row.assignedToId, ...alsoTell].filter((id): id is number => id !== null);
  // Administrators read it in the administrators' room already.
  const administrators = people.length
    ? new Set<number>(await trx('users').whereIn('id', people).where({ role: 'Administrador' }).pluck('id'))
    : new Set<number>();
  const events: EventInput[] = [{ ...base, audience: 'administrators' }];
  for (const userId of new Set(people)) {
    if (!administrators.has(userId)) events.push({ ...base, audience: 'user', userId });
  }
  await recordEvent(trx, ...events);
}

/** The request's requester, when they may still read it. */
async function followingRequester(trx: Knex, row: RequestRow): Promise<number | null> {
  const requester = row.requestedById ? await User.query(trx).findById(row.requestedById) : undefined;
  if (!requester) return null;
  const readable = whereRequestReadable(trx('maintenance_requests').join('properties', 'properties.id', 'maintenance_requests.property_id'), requester, trx);
  return (await readable.where('maintenance_requests.id', row.id).first('maintenance_requests.id')) ? requester.id : null;
}
