import type { Knex } from 'knex';
import { messageText } from '../../shared/messages';
import type { MaintenanceAssigneeView, StaffCreateInput, StaffMemberView } from '../../shared/schemas/maintenance';
import { db } from '../db';
import { conflict, notFound, validationError } from '../errors';
import { recordEvent, type EventInput } from '../events/outbox';
import type { Property, User } from '../models';
import { readablePropertyIds } from '../policies/tenancy';
import { releaseAssignments } from './maintenance/changes';
import { fullName } from '../../shared/format';

/** Each supplier's average rating and how many rated work orders it averages (a subquery per user). */
const ratingColumns = (trx: Knex) => [
  trx('maintenance_requests').avg('rating').whereRaw('maintenance_requests.assigned_to_id = users.id').as('ratingAverage'),
  trx('maintenance_requests').count('rating').whereRaw('maintenance_requests.assigned_to_id = users.id').as('ratingCount'),
];
const rating = (row: { ratingAverage: string | null; ratingCount: string | number }) => ({
  average: row.ratingAverage === null ? null : Math.round(Number(row.ratingAverage) * 10) / 10,
  count: Number(row.ratingCount),
});

/** The staff of a property, by service and name. */
export async function listStaff(propertyId: number, trx: Knex = db()): Promise<StaffMemberView[]> {
  const rows = await trx('property_staff')
    .join('users', 'users.id', 'property_staff.user_id')
    .where('property_staff.property_id', propertyId)
    .select('property_staff.*', 'users.name', 'users.lastName', 'users.email', 'users.phone', ...ratingColumns(trx))
    .orderBy([{ column: 'property_staff.service' }, { column: 'users.sortName' }, { column: 'property_staff.id' }]);
  return rows.map((row) => ({
    id: row.id,
    propertyId: row.propertyId,
    service: row.service,
    user: { id: row.userId, name: row.name, lastName: row.lastName, email: row.email, phone: row.phone },
    rating: rating(row),
    createdAt: new Date(row.createdAt).toISOString(),
  }));
}

/**
 * The maintenance suppliers an administrator may assign or filter by: the maintenance staff of
 * the properties they reach (or of one), with the properties each staffs and their rating.
 */
export async function listAssignees(user: User, propertyId: number | undefined, trx: Knex = db()): Promise<MaintenanceAssigneeView[]> {
  const staff = trx('property_staff').select('user_id').where({ service: 'maintenance' }).whereIn('property_id', readablePropertyIds(user, trx));
  if (propertyId) staff.where({ propertyId });
  const rows = await trx('users')
    .whereIn('users.id', staff)
    .where({ 'users.isActive': true, 'users.role': 'Suplidor' })
    .select(
      'users.id',
      'users.name',
      'users.lastName',
      trx.raw(
        "array(select property_id from property_staff s where s.user_id = users.id and s.service = 'maintenance' and s.property_id in (?) order by property_id) as property_ids",
        [readablePropertyIds(user, trx)],
      ),
      ...ratingColumns(trx),
    )
    .orderBy('users.sortName');
  return rows.map((row) => ({
    id: row.id,
    name: fullName(row.name, row.lastName),
    propertyIds: row.propertyIds,
    rating: rating(row),
  }));
}

function staffEvents(type: 'staff.added' | 'staff.removed', property: Property, actor: User, row: { id: number; userId: number; service: string }, name: string): EventInput[] {
  const base = {
    type,
    organizationId: property.organizationId,
    propertyId: property.id,
    actorId: actor.id,
    subject: { type: 'property_staff', id: row.id },
    payload: { id: row.id, propertyId: property.id, propertyName: property.name, userId: row.userId, name, service: row.service },
  };
  return [
    { ...base, audience: 'administrators' },
    { ...base, audience: 'user', userId: row.userId },
  ];
}

/** Adds an active Suplidor of the property's organization to its staff for a service. */
export async function addStaff(trx: Knex, actor: User, property: Property, input: StaffCreateInput): Promise<StaffMemberView> {
  const user = await trx('users')
    .where({ id: input.userId, role: 'Suplidor', isActive: true, organizationId: property.organizationId })
    .first('id', 'name', 'lastName');
  if (!user) throw validationError({ userId: messageText('staff_user_invalid') });
  const [row] = await trx('property_staff')
    .insert({ propertyId: property.id, userId: user.id, service: input.service, createdById: actor.id })
    .onConflict(['property_id', 'user_id', 'service'])
    .ignore()
    .returning(['id', 'userId', 'service']);
  if (!row) throw conflict(messageText('staff_exists'), 'staff_exists');
  await recordEvent(trx, ...staffEvents('staff.added', property, actor, row, fullName(user.name, user.lastName)));
  return (await listStaff(property.id, trx)).find((member) => member.id === row.id)!;
}

/**
 * Removes a supplier from a property's staff. Leaving its maintenance staff gives their open
 * work orders there back to the administrators.
 */
export async function removeStaff(trx: Knex, actor: User, property: Property, staffId: number) {
  const row = await trx('property_staff').where({ id: staffId, propertyId: property.id }).forUpdate().first();
  if (!row) throw notFound(messageText('staff_not_found'));
  await trx('property_staff').where({ id: row.id }).delete();
  if (row.service === 'maintenance') await releaseAssignments(trx, actor, property.id, row.userId);
  const user = await trx('users').where({ id: row.userId }).first('name', 'lastName');
  await recordEvent(trx, ...staffEvents('staff.removed', property, actor, row, fullName(user?.name, user?.lastName)));
}
