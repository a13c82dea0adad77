import type { Knex } from 'knex';
import type { ProfileUpdateInput, RegisterInput } from '../../shared/schemas/auth';
import { AppError, WrongPasswordError, conflict, validationError } from '../errors';
import { assertOrganizationLimit } from '../policies/limits';
import { Organization, Resident, User } from '../models';
import { accessOf } from '../policies/access';
import { requestToJoin } from './joinRequests';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../services/passwords';
import { messageText } from '../../shared/messages';

export const DUPLICATE_USERNAME = 'Ya existe una cuenta con este correo electrónico';

/**
 * The organization a self-registration joins (and whose branding the sign-in page shows): the
 * one whose domain is the host the app is served on (without port), else the default: the
 * oldest top-level organization, i.e. the one the installation started with.
 */
export async function organizationForHost(host: string, trx?: Knex): Promise<Organization | undefined> {
  const hostname = host.replace(/:\d+$/, '').replace(/\.$/, '').toLowerCase();
  const byDomain = await Organization.query(trx).findOne({ domain: hostname });
  return byDomain ?? Organization.query(trx).whereNull('parentId').orderBy('id').first();
}

export async function usernameTaken(username: string, trx?: Knex) {
  return Boolean(await User.query(trx).findOne({ username }).select('id'));
}

/**
 * Self-registration: always a Residente of the organization of the host, who reads nothing
 * but their own account until an administrator approves their join request (for the
 * referenced property when it names one of that organization).
 */
export async function registerResident(trx: Knex, input: RegisterInput, host: string): Promise<User> {
  const organization = await organizationForHost(host, trx);
  if (!organization) throw new AppError(503, 'no_organization', messageText('no_organization'));
  if (organization.status !== 'active') throw new AppError(403, 'organization_inactive', messageText('organization_inactive'));
  if (organization.settings?.showRegistrationForm === false) {
    throw new AppError(403, 'registration_closed', messageText('registration_closed'));
  }
  if (await usernameTaken(input.username, trx)) {
    throw conflict(DUPLICATE_USERNAME, 'duplicate_username', { username: DUPLICATE_USERNAME });
  }
  await assertOrganizationLimit(trx, organization.id, 'users');
  const user = await User.query(trx).insertAndFetch({
    username: input.username,
    email: input.username,
    password: await hashPassword(input.password),
    name: input.name,
    lastName: input.lastName,
    phone: input.phone,
    country: input.country,
    city: input.city,
    role: 'Residente',
    termsAccepted: true,
    propertyRef: input.propertyReference,
    identificationNumber: input.identificationNumber,
    companyName: input.companyName,
    position: input.position,
    organizationId: organization.id,
  });
  await requestToJoin(trx, user, input.propertyReference);
  user.access = 'awaiting';
  return user;
}

/**
 * The active user with these credentials, or undefined (in constant-ish time). Users of a
 * suspended or inactive organization cannot sign in (super-admins always can), nor residents
 * whose every residence has ended; both are told why only once their password was right.
 */
export async function authenticate(username: string, password: string): Promise<User | undefined> {
  const user = await User.query()
    .findOne({ username: username.toLowerCase(), isActive: true })
    .withGraphJoined('organization(status)')
    .modifiers({ status: (query) => query.select('status') });
  const valid = await verifyPassword(password, user?.password ?? (await dummyPasswordHash()));
  if (!valid || !user) return undefined;
  if (user.organization?.status !== 'active' && !user.isSuperAdmin) {
    throw new AppError(403, 'organization_inactive', messageText('organization_inactive'));
  }
  user.access = await accessOf(user.id);
  if (user.access === 'ended') throw new AppError(403, 'residence_ended', messageText('residence_ended'));
  return user;
}

export async function updateProfile(trx: Knex, user: User, input: ProfileUpdateInput) {
  return user.$query(trx).patchAndFetch(input);
}

/**
 * Changes the caller's password. The current one is checked (a wrong one counts like a failed
 * sign-in, see routes/account.ts) unless `currentVerified`: the session was opened with the
 * temporary password being replaced, typed moments ago. The new one must differ from it.
 */
export async function changePassword(
  trx: Knex,
  user: User,
  { currentPassword, newPassword, currentVerified }: { currentPassword?: string; newPassword: string; currentVerified: boolean },
) {
  const stored = await User.query(trx).findById(user.id).select('password', 'mustChangePassword').forUpdate();
  if (!stored) throw new WrongPasswordError('currentPassword', messageText('current_password_incorrect'));
  if (!currentVerified) {
    if (!currentPassword) throw validationError({ currentPassword: messageText('current_password_required') });
    if (!(await verifyPassword(currentPassword, stored.password))) {
      throw new WrongPasswordError('currentPassword', messageText('current_password_incorrect'));
    }
  }
  if (await verifyPassword(newPassword, stored.password)) {
    const message = messageText(stored.mustChangePassword ? 'new_password_is_temporary' : 'new_password_unchanged');
    throw validationError({ newPassword: message }, message);
  }
  await User.query(trx)
    .findById(user.id)
    .patch({ password: await hashPassword(newPassword), mustChangePassword: false });
}

export const LAST_ADMINISTRATOR =
  'No puede eliminar su cuenta: es el último Administrador de la organización';

/**
 * Deletes the caller's account after checking the password. When records that must be kept
 * (charges and payments billed to, recorded or reviewed by it) point at it, the account is
 * anonymised instead. The last Administrador of an
 * organization cannot leave it without one.
 */
export async function deleteAccount(trx: Knex, user: User, password: string) {
  const stored = await User.query(trx).findById(user.id).forUpdate();
  if (!stored || !(await verifyPassword(password, stored.password))) {
    throw new WrongPasswordError('password', messageText('password_incorrect'));
  }
  if (stored.role === 'Administrador') {
    const administrators = await User.query(trx)
      .where({ organizationId: stored.organizationId, role: 'Administrador', isActive: true })
      .resultSize();
    if (administrators <= 1) throw conflict(LAST_ADMINISTRATOR, 'last_administrator');
  }
  if (!(await hasLedgerRows(trx, user.id))) {
    await User.query(trx).deleteById(user.id);
    return;
  }
  await User.query(trx)
    .findById(user.id)
    .patch({
      username: `eliminado-${user.id}@vecindad.invalid`,
      password: await hashPassword(crypto.randomUUID()),
      name: 'Usuario',
      lastName: 'eliminado',
      email: null,
      phone: null,
      identificationNumber: null,
      propertyRef: null,
      companyName: null,
      position: null,
      avatar: null,
      avatarType: null,
      preferences: {},
      isActive: false,
    });
  await trx('session').where({ userId: user.id }).delete();
}

/** Whether billing rows point at the user (they are never deleted, so neither is the user). */
async function hasLedgerRows(trx: Knex, userId: number) {
  const row = await trx.raw(
    `select exists (select 1 from charges where user_id = :id or created_by_id = :id)
         or exists (select 1 from payments where user_id = :id or recorded_by_id = :id or reviewed_by_id = :id)
         or exists (select 1 from payment_refunds where refunded_by_id = :id) as found`,
    { id: userId },
  );
  return row.rows[0].found as boolean;
}

/** Everything the product keeps about the caller, as one JSON document. */
export async function exportAccount(user: User) {
  const profile = await User.query().findById(user.id).select(...User.lightColumns);
  const [residences, documents, charges, payments, bookings, visitors, maintenance] = await Promise.all([
    Resident.query().where({ userId: user.id }).withGraphFetched('[property(basic), unit]').modifiers({
      basic: (q) => q.select('id', 'name', 'address'),
    }),
    User.knex()('documents')
      .where({ uploadedById: user.id })
      .select('id', 'title', 'category', 'access', 'fileName', 'fileSize', 'fileType', 'uploadedAt'),
    User.knex()('charges').where({ userId: user.id }).orderBy('id'),
    User.knex()('payments')
      .where({ userId: user.id })
      .orderBy('id')
      .select('id', 'unitId', 'amount', 'method', 'reference', 'receivedAt', 'receiptNumber', 'status', 'reason', 'createdAt'),
    User.knex()('amenity_bookings').where({ userId: user.id }).orderBy('id'),
    User.knex()('visitors').where({ hostId: user.id }).orderBy('id'),
    User.knex()('maintenance_requests').where({ requestedById: user.id }).orderBy('id'),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    profile,
    residences,
    documents,
    charges,
    payments,
    amenityBookings: bookings,
    visitors,
    maintenanceRequests: maintenance,
  };
}
