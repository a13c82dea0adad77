import type { Knex } from 'knex';
import { messageText } from '../../../shared/messages';
import type { AttendanceInput, AttendanceRow } from '../../../shared/schemas/assemblies';
import { conflict, forbidden, validationError } from '../../errors';
import type { User } from '../../models';
import { managesAssemblies, votingUnits, type AssemblyRow } from '../../policies/assemblies';
import { recordAssemblyEvent } from './events';
import { quorumOf } from './results';

/**
 * Attendance per unit (docs/modules/assemblies.md, "In session"): the administrator checks in
 * a unit in the room; an owner or approved proxy holder marks their own units present online.
 * Every change pushes the quorum to the property's room (`assembly.quorum`).
 */

/** Every unit of the property with its share, owner, presence and approved proxy holder (unit-number order). */
export async function listAttendance(trx: Knex, assembly: Pick<AssemblyRow, 'id' | 'propertyId'>): Promise<AttendanceRow[]> {
  const rows = await trx('units')
    .leftJoin('users as owners', 'owners.id', 'units.owner_id')
    .leftJoin('assembly_attendance as a', (join) => join.on('a.unit_id', 'units.id').andOnVal('a.assembly_id', assembly.id))
    .leftJoin('assembly_proxies as x', (join) =>
      join.on('x.unit_id', 'units.id').andOnVal('x.assembly_id', assembly.id).andOnVal('x.status', 'approved'),
    )
    .leftJoin('users as holders', 'holders.id', 'x.holder_user_id')
    .where('units.property_id', assembly.propertyId)
    .orderByRaw('length(units.unit_number), units.unit_number, units.id')
    .select(
      'units.id as unitId',
      'units.unitNumber',
      'units.share',
      trx.raw(`nullif(trim(concat_ws(' ', owners.name, owners.last_name)), '') as "ownerName"`),
      trx.raw('coalesce(a.present, false) as present'),
      trx.raw('case when a.present then a.via end as via'),
      trx.raw(`coalesce(nullif(trim(concat_ws(' ', holders.name, holders.last_name)), ''), x.holder_name) as "proxyHolder"`),
    );
  return rows.map((row: AttendanceRow & { share: string | null }) => ({ ...row, share: Number(row.share ?? 0) }));
}

/** Marks a unit present or absent. Administrators in the room (any unit); voters online (their own units). */
export async function markAttendance(trx: Knex, actor: User, assembly: AssemblyRow, input: AttendanceInput) {
  if (assembly.status !== 'convened' && assembly.status !== 'in_session') throw conflict(messageText('assembly_attendance_closed'), 'attendance_closed');
  const unit = await trx('units').where({ id: input.unitId, propertyId: assembly.propertyId }).first('id');
  if (!unit) throw validationError({ unitId: messageText('assembly_unit_invalid') });
  let via = input.via;
  if (!managesAssemblies(actor)) {
    const mine = await votingUnits(actor, assembly, trx);
    if (!mine.some((own) => own.unitId === input.unitId)) throw forbidden(messageText('assembly_attendance_forbidden'));
    via = 'online';
  }
  await trx('assembly_attendance')
    .insert({ assemblyId: assembly.id, unitId: input.unitId, present: input.present, via, recordedById: actor.id, recordedAt: trx.fn.now() })
    .onConflict(['assembly_id', 'unit_id'])
    .merge(['present', 'via', 'recordedById', 'recordedAt']);
  const quorum = await quorumOf(trx, assembly);
  await recordAssemblyEvent(trx, 'assembly.quorum', assembly, actor, { quorum });
  return quorum;
}

/** Whether the unit is present now. */
export async function isPresent(trx: Knex, assemblyId: number, unitId: number) {
  return Boolean(await trx('assembly_attendance').where({ assemblyId, unitId, present: true }).first('id'));
}
