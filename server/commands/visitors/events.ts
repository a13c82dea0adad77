import type { Knex } from 'knex';
import type { EventType } from '../../../shared/events';
import type { VisitorEventPayload } from '../../../shared/schemas/visitors';
import { recordEvent, type EventInput } from '../../events/outbox';
import type { User } from '../../models';
import type { VisitorRow } from '../../rows/visitors';
import { unitActorIds } from '../../policies/residency';
import { staffIds } from '../../policies/staff';
import { visitorPayload } from '../../presenters/visitor';

/**
 * A change of a pass, told live to who follows it: the organization's administrators, the
 * people who act for its unit now (policies/residency.ts: the host is told on check-in, asked
 * on a walk-in; a host who left the unit hears nothing more of it), and, for what the desk
 * shows, the property's security staff in their own rooms.
 */
export async function recordVisitorEvent(trx: Knex, type: EventType, row: VisitorRow, actor: User | null, extra: Partial<VisitorEventPayload> = {}) {
  const base = {
    type,
    organizationId: row.organizationId,
    propertyId: row.propertyId,
    actorId: actor?.id ?? null,
    subject: { type: 'visitor', id: row.id },
    payload: visitorPayload(row, extra),
  };
  const hosts: number[] = row.unitId ? (await unitActorIds(row.unitId, trx)).map((r: { id: number }) => r.id) : [];
  const desk: number[] = (await staffIds(row.propertyId, 'security', trx)).map((r: { id: number }) => r.id);
  const people = new Set<number>([...hosts, ...desk]);
  const administrators = new Set<number>(await trx('users').whereIn('id', [...people]).where({ role: 'Administrador' }).pluck('id'));
  const events: EventInput[] = [{ ...base, audience: 'administrators' }];
  for (const userId of people) if (!administrators.has(userId)) events.push({ ...base, audience: 'user', userId });
  await recordEvent(trx, ...events);
}
