import type { Knex } from 'knex';
import type { EventType } from '../../../shared/events';
import type { AssemblyLivePayload } from '../../../shared/schemas/assemblies';
import { recordEvent } from '../../events/outbox';
import type { User } from '../../models';
import type { AssemblyRow } from '../../policies/assemblies';

/**
 * The events of an assembly. A draft is the administrators' business; from convening on, the
 * property's room hears every change (its owners and residents read the assembly, and the
 * administrators' room is added by the relay): quorum, tallies and results move live on every
 * phone and the room screen. Payloads carry figures and unit numbers only, never how a unit
 * voted on a secret ballot.
 */
export async function recordAssemblyEvent(
  trx: Knex,
  type: EventType,
  assembly: Pick<AssemblyRow, 'id' | 'organizationId' | 'propertyId' | 'status'>,
  actor: Pick<User, 'id'> | null,
  payload: Omit<AssemblyLivePayload, 'assemblyId'> = {},
  { administratorsOnly = false } = {},
) {
  await recordEvent(trx, {
    type,
    organizationId: assembly.organizationId,
    propertyId: assembly.propertyId,
    audience: administratorsOnly || assembly.status === 'draft' ? 'administrators' : 'property',
    actorId: actor?.id ?? null,
    subject: { type: 'assembly', id: assembly.id },
    payload: { assemblyId: assembly.id, status: assembly.status, ...payload },
  });
}
