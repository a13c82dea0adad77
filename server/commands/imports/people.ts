import { z } from 'zod';
import { foldHeader } from '../../../shared/onboarding';
import { isValidCedula, taxIdDigits } from '../../../shared/finances';
import { messageText } from '../../../shared/messages';
import { ResidentCreateSchema } from '../../../shared/schemas/residents';
import { dayField } from '../../../shared/schemas/dates';
import { text } from '../../../shared/schemas/common';
import { recordEvent } from '../../events/outbox';
import { assertOrganizationLimit } from '../../policies/limits';
import { fieldErrors } from '../../validation';
import { unitEvent } from '../units';
import { leaveUnit } from '../departures';
import { inviteUser } from '../../notifications/accounts';
import { fullName } from '../../../shared/format';
import { changedFields, empty, failed, isoDay, markDuplicates, type KindHandler, type Planned } from './rows';

/**
 * People imports (docs/modules/onboarding.md): owners and residents of a property's units,
 * matched by email (the sign-in name, unique across the application).
 *
 * - A new email creates the account (Propietario or Residente) with no usable password: the
 *   person signs in once they choose one through an invitation (`invite` on apply, the same
 *   flow as the resident form) or a reset.
 * - An email of the same organization with the same role is that user: their name, phone and
 *   cédula are updated when the row differs, and they are linked to the unit (a Residente's
 *   residence in the property, a Propietario as the unit's owner).
 * - An email of another organization, of a super-admin, or of a user with another role is an
 *   error on the row.
 */
export const PERSON_ROLES = ['Propietario', 'Residente'] as const;
type PersonRole = (typeof PERSON_ROLES)[number];

/** "propietario", "Dueño", "owner" -> Propietario; "residente", "inquilino", "tenant" or empty -> Residente. */
function roleOf(value: string | undefined): PersonRole | 'invalid' {
  const folded = foldHeader(value ?? '');
  if (!folded || ['residente', 'resident', 'inquilino', 'inquilina', 'tenant'].includes(folded)) return 'Residente';
  if (['propietario', 'propietaria', 'dueno', 'duena', 'owner'].includes(folded)) return 'Propietario';
  return 'invalid';
}

/** The resident form's fields (the same messages), the cédula with its check digit, a day. */
const PersonRowSchema = z.object({
  firstName: ResidentCreateSchema.shape.name,
  lastName: ResidentCreateSchema.shape.lastName,
  email: ResidentCreateSchema.shape.username,
  phone: ResidentCreateSchema.shape.phone,
  nationalId: text('code')
    .transform((value) => (value ? taxIdDigits(value) : null))
    .refine((value) => value === null || isValidCedula(value), { error: 'person_national_id_invalid' }),
  unitNumber: ResidentCreateSchema.shape.unit,
  moveInDate: dayField('import_date_invalid').nullable(),
});

type StoredUser = { id: number; username: string; organizationId: number; isSuperAdmin: boolean; role: string; name: string; lastName: string | null; phone: string | null; identificationNumber: string | null };
type PersonData = {
  role: PersonRole;
  user: { name: string; lastName: string; phone: string | null; identificationNumber?: string };
  email: string;
  unitId: number;
  unitNumber: string;
  startDate: string | null;
  userId?: number;
  link: boolean;
  displayName: string;
  residenceId?: number;
  previousUnitId?: number | null;
};

export const people: KindHandler = {
  async plan(trx, { property }, rows) {
    const units: Array<{ id: number; unitNumber: string; ownerId: number | null }> = await trx('units').where({ propertyId: property.id }).select('id', 'unitNumber', 'ownerId');
    const unitByNumber = new Map(units.map((unit) => [unit.unitNumber.toLowerCase(), unit]));
    const emails = [...new Set(rows.map((row) => row.email?.trim().toLowerCase()).filter((email): email is string => !!email))];
    const users: StoredUser[] = emails.length
      ? await trx('users').whereRaw('username = any(?)', [emails]).select('id', 'username', 'organizationId', 'isSuperAdmin', 'role', 'name', 'lastName', 'phone', 'identificationNumber')
      : [];
    const userByEmail = new Map(users.map((user) => [user.username, user]));
    const residences: Array<{ id: number; userId: number; unitId: number | null; status: string; startDate: string | null }> = users.length
      ? await trx('residents').where({ propertyId: property.id }).whereIn('userId', users.map((user) => user.id)).select('id', 'userId', 'unitId', 'status', trx.raw("to_char(start_date, 'YYYY-MM-DD') as start_date"))
      : [];
    const residenceOf = new Map(residences.map((row) => [row.userId, row]));

    const planned = rows.map((row): Planned => {
      const role = roleOf(row.role);
      const result = PersonRowSchema.safeParse({
        firstName: row.firstName ?? '',
        lastName: row.lastName ?? '',
        email: row.email ?? '',
        phone: row.phone ?? '',
        nationalId: row.nationalId ?? '',
        unitNumber: row.unitNumber ?? '',
        moveInDate: empty(row.moveInDate) ? null : isoDay(row.moveInDate),
      });
      const errors = result.success ? {} : fieldErrors(result.error);
      if (role === 'invalid') errors.role = messageText('import_role_invalid');
      if (!result.success || role === 'invalid') return failed(errors);
      const values = result.data;
      const unit = unitByNumber.get(values.unitNumber.toLowerCase());
      if (!unit) return failed({ unitNumber: messageText('resident_unit_unknown') });
      const user = { name: values.firstName, lastName: values.lastName, phone: values.phone, ...(values.nationalId ? { identificationNumber: values.nationalId } : {}) };
      const data: PersonData = { role, user, email: values.email, unitId: unit.id, unitNumber: unit.unitNumber, startDate: values.moveInDate, link: true, displayName: fullName(values.firstName, values.lastName) };
      const existing = userByEmail.get(values.email);
      if (!existing) return { outcome: 'create', data };
      if (existing.organizationId !== property.organizationId || existing.isSuperAdmin) return failed({ email: messageText('import_email_taken') });
      if (existing.role !== role) return failed({ role: messageText('import_role_mismatch') });

      const userChanges = changedFields({ ...user, phone: user.phone ?? undefined }, existing);
      let link: boolean;
      if (role === 'Propietario') link = unit.ownerId !== existing.id;
      else {
        const residence = residenceOf.get(existing.id);
        data.residenceId = residence?.id;
        data.previousUnitId = residence?.status === 'inactive' ? null : residence?.unitId;
        link = !residence || residence.status === 'inactive' || residence.unitId !== unit.id || (values.moveInDate !== null && residence.startDate !== values.moveInDate);
      }
      if (!userChanges.length && !link) return { outcome: 'unchanged' };
      return { outcome: 'update', existingId: existing.id, data: { ...data, userId: existing.id, link, user: Object.fromEntries(userChanges.map((field) => [field, (user as Record<string, unknown>)[field]])) } };
    });
    markDuplicates(planned, rows.map((row) => row.email?.trim().toLowerCase() || null), 'email');
    return planned;
  },

  async write(trx, actor, { property, invite }, planned) {
    if (planned.outcome !== 'create' && planned.outcome !== 'update') return;
    const data = planned.data as unknown as PersonData;
    let userId = data.userId;
    if (planned.outcome === 'create') {
      await assertOrganizationLimit(trx, property.organizationId, 'users');
      const place = await trx('properties').where({ id: property.id }).first('country', 'city');
      [{ id: userId }] = await trx('users')
        .insert({
          username: data.email,
          email: data.email,
          // No password signs in (not a scrypt hash): the person chooses one through the invitation or a reset.
          password: '!',
          ...data.user,
          country: place.country,
          city: place.city,
          role: data.role,
          organizationId: property.organizationId,
        })
        .returning('id');
      if (invite) await inviteUser(trx, actor, userId!);
    } else if (Object.keys(data.user).length) {
      await trx('users').where({ id: userId }).update({ ...data.user, updatedAt: trx.fn.now() });
    }
    if (!data.link || !userId) return;
    if (data.role === 'Propietario') {
      const [unit] = await trx('units').where({ id: data.unitId }).update({ ownerId: userId, version: trx.raw('version + 1'), updatedAt: trx.fn.now() }).returning('*');
      await recordEvent(trx, unitEvent('unit.updated', actor, property.organizationId, unit, { changed: ['ownerId'] }));
      return;
    }
    const values = { unitId: data.unitId, status: 'active', startDate: data.startDate ?? trx.raw('current_date'), endDate: null };
    const [{ id }] = data.residenceId
      ? await trx('residents').where({ id: data.residenceId }).update({ ...values, version: trx.raw('version + 1'), updatedAt: trx.fn.now() }).returning('id')
      : await trx('residents').insert({ ...values, userId, propertyId: property.id }).returning('id');
    await recordEvent(trx, {
      type: planned.outcome === 'create' || !data.residenceId ? 'resident.created' : 'resident.updated',
      organizationId: property.organizationId,
      audience: 'property',
      propertyId: property.id,
      actorId: actor.id,
      subject: { type: 'resident', id },
      payload: { name: data.displayName, unitNumber: data.unitNumber, status: 'active' },
    });
    if (data.previousUnitId && data.previousUnitId !== data.unitId) await leaveUnit(trx, actor, userId, data.previousUnitId);
  },
};
