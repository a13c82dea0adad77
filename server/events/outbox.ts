import type { Knex } from 'knex';
import type { EventAudience } from '../../shared/enums';
import type { EventType } from '../../shared/events';

export type EventInput = {
  type: EventType;
  organizationId: number;
  audience: EventAudience;
  propertyId?: number | null;
  userId?: number | null;
  actorId?: number | null;
  subject?: { type: string; id: number };
  payload?: Record<string, unknown>;
};

/**
 * Writes a domain event in the caller's transaction: it exists if and only if the change
 * committed. The relay (events/relay.ts) publishes it afterwards. Answers the events' ids.
 */
export async function recordEvent(trx: Knex, ...events: EventInput[]): Promise<number[]> {
  if (!events.length) return [];
  const rows: Array<{ id: number }> = await trx('events').insert(
    events.map((event) => ({
      type: event.type,
      organizationId: event.organizationId,
      audience: event.audience,
      propertyId: event.propertyId ?? null,
      userId: event.userId ?? null,
      actorId: event.actorId ?? null,
      subjectType: event.subject?.type ?? null,
      subjectId: event.subject?.id ?? null,
      payload: event.payload ?? {},
    })),
    'id',
  );
  return rows.map((row) => Number(row.id));
}
