import { randomUUID } from 'node:crypto';
import type { Role } from '../../shared/enums';
import { Organization, Property, Resident, Unit, User } from '../../server/models';
import { hashPassword } from '../../server/services/passwords';
import { client } from './services';

/**
 * Factories: each creates the row with sensible defaults and any missing parent, so a test
 * names only what it cares about.
 */
export const PASSWORD = 'secreto123';
let passwordHash: Promise<string> | undefined;
const hashed = () => (passwordHash ??= hashPassword(PASSWORD));

export const unique = (prefix = 'x') => `${prefix}-${randomUUID().slice(0, 8)}`;

export async function createOrganization(overrides: Partial<Organization> = {}) {
  return Organization.query().insertAndFetch({ name: unique('Org'), ...overrides });
}

export async function createUser(overrides: Partial<User> & { role?: Role } = {}) {
  const organizationId = overrides.organizationId ?? (await createOrganization()).id;
  const username = overrides.username ?? `${unique('user')}@example.com`;
  return User.query().insertAndFetch({
    name: 'Ana',
    lastName: 'Pérez',
    role: 'Residente',
    email: username,
    password: await hashed(),
    ...overrides,
    username,
    organizationId,
  });
}

export async function createProperty(overrides: Partial<Property> = {}) {
  const organizationId = overrides.organizationId ?? (await createOrganization()).id;
  return Property.query().insertAndFetch({
    name: unique('Torre'),
    address: 'Av. Winston Churchill 1000',
    country: 'DO',
    city: 'DO-santo-domingo',
    ...overrides,
    organizationId,
  });
}

export async function createUnit(overrides: Partial<Unit> = {}) {
  const propertyId = overrides.propertyId ?? (await createProperty()).id;
  return Unit.query().insertAndFetch({ unitNumber: unique('U'), ...overrides, propertyId });
}

/** A Residente living in a property (created with its organization when not given). */
export async function createResident(options: { property?: Property; user?: Partial<User>; unit?: Unit } = {}) {
  const property = options.property ?? (await createProperty());
  const unit = options.unit ?? (await createUnit({ propertyId: property.id }));
  const user = await createUser({ role: 'Residente', organizationId: property.organizationId, ...options.user });
  const resident = await Resident.query().insertAndFetch({ userId: user.id, propertyId: property.id, unitId: unit.id });
  return { user, property, unit, resident };
}

/** A client signed in as this user (password PASSWORD). */
export async function signedIn(user: User) {
  const agent = await client();
  const response = await agent.post('/api/login').send({ username: user.username, password: PASSWORD });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${response.text}`);
  return agent;
}
