import { newAccessCode, newPassToken } from '../../server/commands/visitors';
import { db } from '../../server/db';
import { randomUUID } from 'node:crypto';
import type { Role, StaffService } from '../../shared/enums';
import { Organization, Property, Resident, Unit, User } from '../../server/models';
import { hashPassword } from '../../server/services/passwords';
import { client } from './services';
import { Document } from '../../server/models';
import { formatFileSize } from '../../shared/format';
import { Amenity, AmenityBooking, Charge, MaintenanceRequest } from '../../server/models';
import { Broadcast } from '../../server/models';

/**
 * Factories: each creates the row with sensible defaults and any missing parent, so a test
 * names only what it cares about.
 */
export const PASSWORD = 'secreto123';
let passwordHash: Promise<string> | undefined;
// The fixtures' users carry a cheap scrypt cost in their stored hash (the hash names its own
// cost, so sign-in verifies it as written): a sign-in costs 1-2 ms instead of 30, over the
// thousands of sign-ins of a run. Passwords the app hashes keep the production cost (tested).
const hashed = () => (passwordHash ??= hashPassword(PASSWORD, { N: 1024, r: 8, p: 1 }));

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

/**
 * The usual start of an API test: an organization with a signed-in Administrador and a
 * property (`withProperty: false` for tests that count properties).
 */
export async function adminWorld(
  organizationOverrides: Partial<Organization> = {},
  { admin: adminOverrides = {}, withProperty = true }: { admin?: Partial<User>; withProperty?: boolean } = {},
) {
  const organization = await createOrganization(organizationOverrides);
  const admin = await createUser({ role: 'Administrador', organizationId: organization.id, ...adminOverrides });
  const property = withProperty ? await createProperty({ organizationId: organization.id }) : undefined;
  return { organization, admin, property: property!, agent: await signedIn(admin) };
}

/** The events recorded about one row. */
export const eventsOf = (type: string, subjectId: number) => db()('events').where({ type, subjectId });

/** A small valid PDF: the default content of a document. */
export const samplePdf = (text = 'Vecindad') =>
  Buffer.from(`%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n% ${text}\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`);

/** A stored document (a small PDF unless `content` is given), shared with `sharedWith` user ids. */
export async function createDocument(overrides: Omit<Partial<Document>, 'sharedWith'> & { sharedWith?: number[] } = {}) {
  const { sharedWith = [], ...fields } = overrides;
  const organizationId = fields.organizationId ?? (await createOrganization()).id;
  const content = fields.content ?? samplePdf();
  const document = await Document.query()
    .insert({
      title: unique('Documento'),
      category: 'regulations',
      access: 'public',
      fileType: 'application/pdf',
      ...fields,
      content,
      sizeBytes: content.length,
      fileSize: formatFileSize(content.length),
      organizationId,
    })
    .returning(Document.metaColumns as unknown as string[]);
  if (sharedWith.length) {
    await Document.knex()('document_shares').insert(sharedWith.map((userId) => ({ documentId: document.id, userId })));
  }
  return document;
}

/** An amenity of a property (the property, and its organization, created when not given). */
export async function createAmenity(overrides: Partial<Amenity> = {}) {
  const property = overrides.propertyId
    ? await Property.query().findById(overrides.propertyId).throwIfNotFound()
    : await createProperty();
  return Amenity.query().insertAndFetch({
    name: unique('Piscina'),
    type: 'pool',
    ...overrides,
    propertyId: property.id,
    organizationId: property.organizationId,
  });
}

/** A booking of an amenity, tomorrow from 10:00 to 12:00 unless given. */
export async function createBooking(overrides: Partial<AmenityBooking> & { amenityId: number; userId: number }) {
  const start = new Date(Date.now() + 24 * 3600_000);
  start.setUTCHours(14, 0, 0, 0);
  return AmenityBooking.query().insertAndFetch({
    startTime: start,
    endTime: new Date(start.getTime() + 2 * 3600_000),
    status: 'confirmed',
    ...overrides,
  });
}

/** A pending charge to a unit (RD$2,500.00 of maintenance, due in 30 days unless given). */
export async function createCharge(overrides: Partial<Charge> & { unitId: number }) {
  const unit = await Unit.query().findById(overrides.unitId).throwIfNotFound();
  const property = await Property.query().findById(unit.propertyId).throwIfNotFound();
  return Charge.query().insertAndFetch({
    organizationId: property.organizationId,
    propertyId: property.id,
    amount: 2_500_00,
    type: 'maintenance',
    description: 'Cuota de mantenimiento',
    dueDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    invoiceNumber: unique('FAC'),
    ...overrides,
  });
}

/** A supplier on a property's staff (maintenance unless another service is given). */
export async function createStaff(row: { propertyId: number; userId: number; service?: StaffService }) {
  const [staff] = await db()('property_staff')
    .insert({ service: 'maintenance', ...row })
    .onConflict(['property_id', 'user_id', 'service'])
    .merge()
    .returning('*');
  return staff as { id: number; propertyId: number; userId: number; service: StaffService };
}

/**
 * A maintenance request of a property (a common area unless a unit is given), with its deadline
 * in a week. Assigned to `assignedToId` when given, who then staffs the property for maintenance.
 */
export async function createMaintenanceRequest(overrides: Partial<MaintenanceRequest> & { propertyId: number }) {
  if (overrides.assignedToId) await createStaff({ propertyId: overrides.propertyId, userId: overrides.assignedToId });
  return MaintenanceRequest.query().insertAndFetch({
    title: unique('Fuga de agua'),
    description: 'Gotea el techo',
    location: overrides.unitId ? null : 'Lobby',
    dueAt: new Date(Date.now() + 7 * 24 * 3600_000),
    ...overrides,
  });
}

/** A broadcast of a property (active, announcement, started a minute ago, no end unless given). */
export async function createBroadcast(overrides: Partial<Broadcast> & { propertyId: number }) {
  return Broadcast.query().insertAndFetch({
    title: unique('Aviso'),
    message: 'Mensaje de prueba para los residentes',
    startDate: new Date(Date.now() - 60_000),
    ...overrides,
  });
}

/**
 * A visitor pass of a unit, valid today (Santo Domingo) as a one-time pass unless overridden,
 * with a fresh access code and link token.
 */
export async function createVisitorPass(overrides: Record<string, unknown> & { propertyId: number; unitId: number; hostId: number }) {
  const now = Date.now();
  const [row] = await db()('visitors')
    .insert({
      name: 'Laura Sánchez',
      visitType: 'guest',
      passKind: 'one-time',
      expectedArrival: new Date(now),
      validFrom: new Date(now - 3600_000),
      validTo: new Date(now + 6 * 3600_000),
      maxUses: 1,
      accessCode: newAccessCode(),
      passToken: newPassToken(),
      status: 'scheduled',
      ...overrides,
    })
    .returning('*');
  return row as { id: number; accessCode: string; passToken: string; name: string; status: string };
}

/** A package waiting at the desk for a unit (a fresh 6-digit pickup code unless given). */
export async function createPackage(overrides: Record<string, unknown> & { propertyId: number; unitId: number }) {
  const [row] = await db()('packages')
    .insert({ carrier: 'amazon', size: 'medium', pickupCode: String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0'), ...overrides })
    .returning(['id', 'pickupCode', 'propertyId', 'unitId']);
  return row as { id: number; pickupCode: string; propertyId: number; unitId: number };
}
