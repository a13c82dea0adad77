import type { Knex } from 'knex';
import type { ProfileUpdateInput, RegisterInput } from '../../shared/schemas/auth';
import { AppError, conflict, validationError } from '../errors';
import { recordEvent } from '../events/outbox';
import { assertOrganizationLimit } from '../policies/limits';
import { Organization, Property, Resident, User } from '../models';
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

/** Self-registration: always a Residente, linked to the referenced property when it exists. */
export async function registerResident(trx: Knex, input: RegisterInput, host: string): Promise<User> {
  const organization = await organizationForHost(host, trx);
  if (!organization) throw new AppError(503, 'no_organization', 'No hay ninguna organización configurada');
  if (organization.status !== 'active') throw new AppError(403, 'organization_inactive', ORGANIZATION_INACTIVE);
  if (organization.settings?.showRegistrationForm === false) {
    throw new AppError(403, 'registration_closed', 'El registro de nuevas cuentas está deshabilitado');
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

  const property = input.propertyReference
    ? await findPropertyByReference(trx, organization.id, input.propertyReference)
    : undefined;
  if (property) {
    await Resident.query(trx).insert({ userId: user.id, propertyId: property.id, status: 'active' });
  }
  await recordEvent(trx, {
    type: 'user.registered',
    organizationId: organization.id,
    audience: 'administrators',
    propertyId: property?.id,
    actorId: user.id,
    subject: { type: 'user', id: user.id },
    payload: { name: `${user.name} ${user.lastName ?? ''}`.trim() },
  });
  return user;
}

/** A property reference is its id or its exact name (case-insensitive) in the organization. */
async function findPropertyByReference(trx: Knex, organizationId: number, reference: string) {
  const query = Property.query(trx).where({ organizationId });
  return /^\d+$/.test(reference)
    ? query.findById(Number(reference))
    : query.whereRaw('lower(name) = lower(?)', [reference]).orderBy('id').first();
}

export const ORGANIZATION_INACTIVE = 'La organización no está activa. Contacte a la administración.';


/**
 * The active user with these credentials, or undefined (in constant-ish time). Users of a
 * suspended or inactive organization cannot sign in (super-admins always can).
 */
export async function authenticate(username: string, password: string): Promise<User | undefined> {
  const user = await User.query()
    .findOne({ username: username.toLowerCase(), isActive: true })
    .withGraphJoined('organization(status)')
    .modifiers({ status: (query) => query.select('status') });
  const valid = await verifyPassword(password, user?.password ?? (await dummyPasswordHash()));
  if (!valid || !user) return undefined;
  if (user.organization?.status !== 'active' && !user.isSuperAdmin) {
    throw new AppError(403, 'organization_inactive', ORGANIZATION_INACTIVE);
  }
  return user;
}

export async function updateProfile(trx: Knex, user: User, input: ProfileUpdateInput) {
  return user.$query(trx).patchAndFetch(input);
}

export async function changePassword(trx: Knex, user: User, currentPassword: string, newPassword: string) {
  const stored = await User.query(trx).findById(user.id).select('password').forUpdate();
  if (!stored || !(await verifyPassword(currentPassword, stored.password))) {
    throw validationError(
      { currentPassword: messageText('current_password_incorrect') },
      messageText('current_password_incorrect'),
    );
  }
  await User.query(trx)
    .findById(user.id)
    .patch({ password: await hashPassword(newPassword), mustChangePassword: false });
}

export const LAST_ADMINISTRATOR =
  'No puede eliminar su cuenta: es el último Administrador de la organización';

/**
 * Deletes the caller's account after checking the password. When records that must be kept
 * (payments) point at it, the account is anonymised instead. The last Administrador of an
 * organization cannot leave it without one.
 */
export async function deleteAccount(trx: Knex, user: User, password: string) {
  const stored = await User.query(trx).findById(user.id).forUpdate();
  if (!stored || !(await verifyPassword(password, stored.password))) {
    const message = 'La contraseña es incorrecta';
    throw validationError({ password: message }, message);
  }
  if (stored.role === 'Administrador') {
    const administrators = await User.query(trx)
      .where({ organizationId: stored.organizationId, role: 'Administrador', isActive: true })
      .resultSize();
    if (administrators <= 1) throw conflict(LAST_ADMINISTRATOR, 'last_administrator');
  }
  const [{ count: payments }] = await trx('payments').where({ userId: user.id }).count('* as count');
  if (Number(payments) === 0) {
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

/** Everything the product keeps about the caller, as one JSON document. */
export async function exportAccount(user: User) {
  const profile = await User.query().findById(user.id).select(...User.lightColumns);
  const [residences, documents, payments, bookings, visitors, maintenance] = await Promise.all([
    Resident.query().where({ userId: user.id }).withGraphFetched('[property(basic), unit]').modifiers({
      basic: (q) => q.select('id', 'name', 'address'),
    }),
    User.knex()('documents')
      .where({ uploadedById: user.id })
      .select('id', 'title', 'category', 'access', 'fileName', 'fileSize', 'fileType', 'uploadedAt'),
    User.knex()('payments').where({ userId: user.id }).orderBy('id'),
    User.knex()('amenity_bookings').where({ userId: user.id }).orderBy('id'),
    User.knex()('visitors').where({ hostId: user.id }).orderBy('id'),
    User.knex()('maintenance_requests').where({ requestedById: user.id }).orderBy('id'),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    profile,
    residences,
    documents,
    payments,
    amenityBookings: bookings,
    visitors,
    maintenanceRequests: maintenance,
  };
}
