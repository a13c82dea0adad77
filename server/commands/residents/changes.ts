import type { Knex } from 'knex';
import { messageText } from '../../../shared/messages';
import type { NoticeInput, ResidentCreateInput, ResidentUpdateInput } from '../../../shared/schemas/residents';
import { conflict } from '../../errors';
import { claimVersion } from '../../db/versioned';
import { recordEvent } from '../../events/outbox';
import type { Property, User } from '../../models';
import type { ResidentRow } from '../../rows/residents';
import { hashPassword, temporaryPassword } from '../../services/passwords';
import { assertOrganizationLimit } from '../../policies/limits';
import { inviteUser } from '../../notifications/accounts';
import { leaveUnit } from '../departures';
import { unitForResident } from '../units';
import { isUniqueViolation } from '../../db/violations';
import { fullName } from '../../../shared/format';
import { getResident } from './list';

type ResidentEventType = 'resident.created' | 'resident.updated' | 'resident.deactivated';

/** Told to the property (its owner and residents) and the administrators: no contact data. */
const residentEvent = (type: ResidentEventType, actor: User, row: ResidentRow) => ({
  type,
  organizationId: row.organizationId,
  audience: 'property' as const,
  propertyId: row.propertyId,
  actorId: actor.id,
  subject: { type: 'resident', id: row.id },
  payload: { name: fullName(row.name, row.lastName), unitNumber: row.unitNumber, status: row.status },
});

/** The end date a residence gets when it becomes inactive (today, never before its start). */
const endsToday = (trx: Knex) =>
  trx.raw('case when start_date is null or start_date <= current_date then current_date else start_date end');

const emailTaken = () =>
  conflict(messageText('resident_email_taken'), 'duplicate_username', { username: messageText('resident_email_taken') });

/**
 * A residence lets its administrators edit the account's name and phone, so an account the
 * actor could not manage otherwise (of another organization than the property's, or a
 * super-admin's unless they are one) is never linked or edited through it: 409, nothing changes.
 */
function assertAccountManageable(actor: User, property: Property, account: { isSuperAdmin: boolean; organizationId: number }) {
  if (account.organizationId !== property.organizationId || (account.isSuperAdmin && !actor.isSuperAdmin)) {
    throw conflict(messageText('resident_account_protected'), 'account_protected', { username: messageText('resident_account_protected') });
  }
}

/**
 * Adds a resident to a property (spec resident form), all or nothing:
 * - a new email creates a Residente account with a temporary password (answered once, to be
 *   changed at first sign-in) and emails them an invitation to choose their own; an email of a
 *   user of the same organization links that user (their profile is theirs and stays as it
 *   is); an email of another organization, or of a super-admin, is refused (409);
 * - the unit is the property's unit with that number; one it does not have is created only
 *   when the request says so (`createUnit`);
 * - a former (inactive) residence of the same user in the property is reopened.
 */
export async function createResident(trx: Knex, actor: User, property: Property, input: ResidentCreateInput) {
  const existing = await trx('users').where({ username: input.username }).forUpdate().first('id', 'organizationId', 'isSuperAdmin');
  if (existing && existing.organizationId !== property.organizationId) throw emailTaken();
  if (existing) assertAccountManageable(actor, property, existing);

  let userId: number = existing?.id;
  let tempPassword: string | null = null;
  if (!existing) {
    await assertOrganizationLimit(trx, property.organizationId, 'users');
    tempPassword = temporaryPassword();
    try {
      [{ id: userId }] = await trx('users')
        .insert({
          username: input.username,
          email: input.username,
          password: await hashPassword(tempPassword),
          name: input.name,
          lastName: input.lastName,
          phone: input.phone,
          country: property.country,
          city: property.city,
          role: 'Residente',
          organizationId: property.organizationId,
          mustChangePassword: true,
        })
        .returning('id');
    } catch (error) {
      throw isUniqueViolation(error, 'users_username_unique') ? emailTaken() : error;
    }
  }

  const previous = await trx('residents').where({ userId, propertyId: property.id }).forUpdate().first('id', 'status');
  if (previous && previous.status !== 'inactive') {
    throw conflict(messageText('resident_already_linked'), 'already_resident', { username: messageText('resident_already_linked') });
  }
  const unit = await unitForResident(trx, actor, property, input.unit, input.createUnit);
  const values = { unitId: unit.id, status: input.status, startDate: trx.raw('current_date'), endDate: null };
  const [{ id }] = previous
    ? await trx('residents').where({ id: previous.id }).update({ ...values, version: trx.raw('version + 1'), updatedAt: trx.fn.now() }).returning('id')
    : await trx('residents').insert({ ...values, userId, propertyId: property.id }).returning('id');

  const row = await getResident(trx, id);
  await recordEvent(trx, residentEvent('resident.created', actor, row));
  const invited = tempPassword !== null && (await inviteUser(trx, actor, userId));
  return { row, tempPassword, invited };
}

/** Status columns of a change of status: becoming inactive ends the residence today; coming back reopens it. */
function statusChange(trx: Knex, from: string, to: string | undefined) {
  if (!to || to === from) return {};
  if (to === 'inactive') return { status: to, endDate: endsToday(trx) };
  return { status: to, endDate: null };
}

/** A residence as its commands change it. */
type Residence = { id: number; userId: number; unitId: number | null; status: string };

/**
 * Edits a resident (spec: name, lastName, phone, unit, status): the name and phone are the
 * user's; the unit is found by number (created only when the request says so). Moved to
 * another unit, or made inactive, they leave the unit they had (commands/departures.ts).
 */
export async function updateResident(trx: Knex, actor: User, property: Property, resident: Residence, input: ResidentUpdateInput) {
  await claimVersion(trx, 'residents', resident.id, input.version);
  const account = await trx('users').where({ id: resident.userId }).forUpdate().first('name', 'lastName', 'phone', 'isSuperAdmin', 'organizationId');
  const userChanges = Object.fromEntries(
    Object.entries({ name: input.name, lastName: input.lastName, phone: input.phone }).filter(
      ([field, value]) => value !== undefined && value !== account[field],
    ),
  );
  if (Object.keys(userChanges).length) {
    assertAccountManageable(actor, property, account);
    await trx('users').where({ id: resident.userId }).update({ ...userChanges, updatedAt: trx.fn.now() });
  }
  const unit = await unitForResident(trx, actor, property, input.unit, input.createUnit);
  await trx('residents')
    .where({ id: resident.id })
    .update({ unitId: unit.id, ...statusChange(trx, resident.status, input.status), updatedAt: trx.fn.now() });
  const row = await getResident(trx, resident.id);
  const deactivated = row.status === 'inactive' && resident.status !== 'inactive';
  await recordEvent(trx, residentEvent(deactivated ? 'resident.deactivated' : 'resident.updated', actor, row));
  if (resident.unitId && (deactivated || row.unitId !== resident.unitId)) await leaveUnit(trx, actor, resident.userId, resident.unitId);
  return row;
}

/**
 * Ends a residence: status inactive, end date today; the user no longer reads the property
 * (unless they own it or a unit of it) and leaves their unit (commands/departures.ts).
 */
export async function deactivateResident(trx: Knex, actor: User, resident: Residence) {
  // A change like an edit: an edit form opened before it answers 409 rather than reopen it.
  await claimVersion(trx, 'residents', resident.id);
  if (resident.status !== 'inactive') {
    await trx('residents').where({ id: resident.id }).update({ ...statusChange(trx, resident.status, 'inactive'), updatedAt: trx.fn.now() });
  }
  const row = await getResident(trx, resident.id);
  if (resident.status !== 'inactive') {
    await recordEvent(trx, residentEvent('resident.deactivated', actor, row));
    if (resident.unitId) await leaveUnit(trx, actor, resident.userId, resident.unitId);
  }
  return row;
}

/**
 * "Send Message": a direct notice to the resident's user, kept as a `notice.sent` event for
 * that user only (activity feed and live push).
 */
export async function sendNotice(trx: Knex, actor: User, resident: ResidentRow, input: NoticeInput) {
  const senderName = fullName(actor.name, actor.lastName);
  await recordEvent(trx, {
    type: 'notice.sent',
    organizationId: resident.organizationId,
    audience: 'user',
    userId: resident.userId,
    propertyId: resident.propertyId,
    actorId: actor.id,
    subject: { type: 'resident', id: resident.id },
    payload: { title: input.title, message: input.message, senderName },
  });
  return {
    residentId: resident.id,
    userId: resident.userId,
    title: input.title,
    message: input.message,
    senderName,
    sentAt: new Date().toISOString(),
  };
}
