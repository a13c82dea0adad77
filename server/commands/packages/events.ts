import type { Knex } from 'knex';
import type { EventType } from '../../../shared/events';
import type { PackageEventPayload } from '../../../shared/schemas/packages';
import { recordEvent, type EventInput } from '../../events/outbox';
import type { User } from '../../models';
import type { PackageRow } from '../../rows/packages';
import { unitActorIds } from '../../policies/residency';
import { staffIds } from '../../policies/staff';
import { packagePayload } from '../../presenters/package';

/**
 * A change of a package, told live to who follows it: the organization's administrators and the
 * property's security staff without its code; each person who acts for its unit now
 * (policies/residency.ts) in a copy of their own, the only one that carries the code.
 */
export async function recordPackageEvent(trx: Knex, type: EventType, row: PackageRow, actor: User | null, extra: Partial<PackageEventPayload> = {}) {
  const base = { type, organizationId: row.organizationId, propertyId: row.propertyId, actorId: actor?.id ?? null, subject: { type: 'package', id: row.id } };
  const unitPeople = new Set<number>((await unitActorIds(row.unitId, trx)).map((r: { id: number }) => r.id));
  const desk: number[] = (await staffIds(row.propertyId, 'security', trx)).map((r: { id: number }) => r.id);
  const events: EventInput[] = [{ ...base, audience: 'administrators', payload: packagePayload(row, false, extra) }];
  for (const userId of unitPeople) events.push({ ...base, audience: 'user', userId, payload: packagePayload(row, true, extra) });
  for (const userId of desk) if (!unitPeople.has(userId)) events.push({ ...base, audience: 'user', userId, payload: packagePayload(row, false, extra) });
  await recordEvent(trx, ...events);
}
