import { describe, expect, it } from 'vitest';
import type { DOCUMENT_ACCESS } from '../../shared/enums';
import { db } from '../../server/db';
import type { User } from '../../server/models';
import { whereDocumentReadable } from '../../server/policies/documents';
import { whereEventVisible } from '../../server/policies/events';
import {
  createMaintenanceRequest,
  createOrganization,
  createCharge,
  createProperty,
  createResident,
  createUnit,
  createUser,
  signedIn,
  unique,
} from '../support/factories';
import { client } from '../support/services';

type DocumentAccess = (typeof DOCUMENT_ACCESS)[number];

// Rows this file needs beyond the shared factories (kept local: other domains own theirs).
async function insertDocument(fields: {
  organizationId: number;
  access?: DocumentAccess;
  propertyId?: number | null;
  uploadedById?: number | null;
  title?: string;
}) {
  const [row] = await db()('documents')
    .insert({
      title: fields.title ?? unique('Documento'),
      category: 'regulations',
      access: fields.access ?? 'public',
      fileSize: '1 B',
      sizeBytes: 1,
      fileType: 'application/pdf',
      content: Buffer.from('x'),
      organizationId: fields.organizationId,
      propertyId: fields.propertyId ?? null,
      uploadedById: fields.uploadedById ?? null,
    })
    .returning('id');
  return row.id as number;
}

/** A charge to a unit; a `completed` one is paid in full. */
async function insertCharge(unitId: number, amount: number, status: 'pending' | 'completed' = 'pending') {
  await createCharge({ unitId, amount, status, paidAmount: status === 'completed' ? amount : 0 });
}

async function insertEvent(fields: {
  organizationId: number;
  audience: 'organization' | 'administrators' | 'property' | 'user' | 'members';
  propertyId?: number;
  userId?: number;
  actorId?: number;
  title?: string;
  type?: string;
}) {
  const { title, type = 'document.uploaded', ...rest } = fields;
  const [row] = await db()('events')
    .insert({ type, payload: { title: title ?? unique('evento') }, ...rest })
    .returning('id');
  return Number(row.id);
}

const readableDocumentIds = async (user: User) =>
  (await whereDocumentReadable(db()('documents').select('id'), user).orderBy('id')).map((row: { id: number }) => row.id);

const visibleEventIds = async (user: User) =>
  (await whereEventVisible(db()('events').select('id'), user).orderBy('id')).map((row: { id: string | number }) => Number(row.id));

async function dashboardOf(user: User) {
  const response = await (await signedIn(user)).get('/api/dashboard');
  expect(response.status).toBe(200);
  return response.body;
}

describe('GET /api/dashboard', () => {
  it('answers 401 without a session', async () => {
    const response = await (await client()).get('/api/dashboard');
    expect(response.status).toBe(401);
  });

  it('gives an administrator the real figures of their organization only', async () => {
    const property = await createProperty();
    const organizationId = property.organizationId;
    const admin = await createUser({ role: 'Administrador', organizationId });
    const second = await createProperty({ organizationId });
    const { unit } = await createResident({ property });
    const { unit: secondUnit } = await createResident({ property: second });
    await createResident({ property: second, user: {} }).then(({ resident: row }) =>
      db()('residents').where({ id: row.id }).update({ status: 'inactive' }),
    );
    await insertDocument({ organizationId, access: 'admin' });
    await insertDocument({ organizationId, access: 'custom' });
    await insertCharge(unit.id, 1_250_000);
    await insertCharge(secondUnit.id, 50_050);
    await insertCharge(unit.id, 99_999, 'completed');

    // Another organization's rows never count.
    const other = await createProperty();
    const { unit: strangerUnit } = await createResident({ property: other });
    await insertDocument({ organizationId: other.organizationId });
    await insertCharge(strangerUnit.id, 700);

    expect(await dashboardOf(admin)).toMatchObject({
      properties: 2,
      residents: 2,
      documents: 2,
      outstandingBalance: 1_300_050,
    });
  });

  it('reaches the child organizations of a master organization administrator', async () => {
    const master = await createOrganization({ type: 'master' });
    const child = await createOrganization({ parentId: master.id });
    const admin = await createUser({ role: 'Administrador', organizationId: master.id });
    await createProperty({ organizationId: master.id });
    const childProperty = await createProperty({ organizationId: child.id });
    const { unit } = await createResident({ property: childProperty });
    await insertCharge(unit.id, 300);
    await insertDocument({ organizationId: child.id, access: 'admin' });

    expect(await dashboardOf(admin)).toMatchObject({ properties: 2, residents: 1, documents: 1, outstandingBalance: 300 });
  });

  it('counts for an owner only their properties, their residents and the charges of the units they own', async () => {
    const organization = await createOrganization();
    const owner = await createUser({ role: 'Propietario', organizationId: organization.id });
    const owned = await createProperty({ organizationId: organization.id, ownerId: owner.id });
    const notOwned = await createProperty({ organizationId: organization.id });
    const { unit: rented } = await createResident({ property: owned });
    await createResident({ property: notOwned });
    const ownUnit = await createUnit({ propertyId: owned.id, ownerId: owner.id });
    await insertCharge(ownUnit.id, 4_500);
    await insertCharge(rented.id, 10_000);

    expect(await dashboardOf(owner)).toMatchObject({ properties: 1, residents: 1, outstandingBalance: 4_500 });
  });

  it('counts for a supplier the properties they staff and no residents or documents', async () => {
    const property = await createProperty();
    const supplier = await createUser({ role: 'Suplidor', organizationId: property.organizationId });
    await createProperty({ organizationId: property.organizationId });
    await createResident({ property });
    await insertDocument({ organizationId: property.organizationId });
    await createMaintenanceRequest({ propertyId: property.id, assignedToId: supplier.id, location: 'Lobby' });

    expect(await dashboardOf(supplier)).toMatchObject({ properties: 1, residents: 0, documents: 0, outstandingBalance: 0, pendingIssues: 1 });
  });

  it('lists the latest five visible events, newest first, with the actor name', async () => {
    const { user: resident, property } = await createResident({ user: { name: 'Lucía', lastName: 'Gómez' } });
    const organizationId = property.organizationId;
    await insertEvent({ organizationId, audience: 'administrators', title: 'solo-admin' });
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      ids.push(await insertEvent({ organizationId, audience: 'organization', actorId: resident.id, title: `aviso-${i}`, type: 'amenity.created' }));
    }
    const body = await dashboardOf(resident);
    expect(body.recentActivity.map((item: { id: number }) => item.id)).toEqual(ids.slice(1).reverse());
    expect(body.recentActivity[0]).toMatchObject({
      type: 'amenity.created',
      title: 'aviso-5',
      payload: { title: 'aviso-5' },
      actor: { id: resident.id, name: 'Lucía Gómez' },
    });
    expect(typeof body.recentActivity[0].createdAt).toBe('string');
  });

  it('answers an empty activity list and zero figures for a new owner', async () => {
    const organization = await createOrganization();
    const user = await createUser({ role: 'Propietario', organizationId: organization.id });
    expect(await dashboardOf(user)).toEqual({
      properties: 0,
      residents: 0,
      documents: 0,
      outstandingBalance: 0,
      pendingIssues: 0,
      recentActivity: [],
    });
  });
});

describe('whereDocumentReadable', () => {
  it('applies the access levels of docs/permissions.md for each role', async () => {
    const property = await createProperty();
    const organizationId = property.organizationId;
    const otherProperty = await createProperty({ organizationId });
    const { user: resident } = await createResident({ property });
    const owner = await createUser({ role: 'Propietario', organizationId });
    await db()('properties').where({ id: otherProperty.id }).update({ ownerId: owner.id });
    const admin = await createUser({ role: 'Administrador', organizationId });
    const supplier = await createUser({ role: 'Suplidor', organizationId });

    const publicDoc = await insertDocument({ organizationId, access: 'public' });
    const adminDoc = await insertDocument({ organizationId, access: 'admin' });
    const residentsOwn = await insertDocument({ organizationId, access: 'residents', propertyId: property.id });
    const residentsOther = await insertDocument({ organizationId, access: 'residents', propertyId: otherProperty.id });
    const residentsAll = await insertDocument({ organizationId, access: 'residents' });
    const customShared = await insertDocument({ organizationId, access: 'custom' });
    await db()('document_shares').insert({ documentId: customShared, userId: resident.id });
    const customNotShared = await insertDocument({ organizationId, access: 'custom' });
    const ownUploadAdminOnly = await insertDocument({ organizationId, access: 'admin', uploadedById: resident.id });
    const ownUploadCustom = await insertDocument({ organizationId, access: 'custom', uploadedById: owner.id });
    // Another organization's public document is never readable.
    await insertDocument({ organizationId: (await createOrganization()).id, access: 'public' });

    expect(await readableDocumentIds(resident)).toEqual([publicDoc, residentsOwn, residentsAll, customShared, ownUploadAdminOnly]);
    expect(await readableDocumentIds(owner)).toEqual([publicDoc, residentsOther, residentsAll, ownUploadCustom]);
    expect(await readableDocumentIds(admin)).toEqual([
      publicDoc,
      adminDoc,
      residentsOwn,
      residentsOther,
      residentsAll,
      customShared,
      customNotShared,
      ownUploadAdminOnly,
      ownUploadCustom,
    ]);
    expect(await readableDocumentIds(supplier)).toEqual([]);
  });

  it('does not let a former (inactive) resident read the residents documents of that property', async () => {
    const { user, property, resident } = await createResident();
    const doc = await insertDocument({ organizationId: property.organizationId, access: 'residents', propertyId: property.id });
    expect(await readableDocumentIds(user)).toEqual([doc]);
    await db()('residents').where({ id: resident.id }).update({ status: 'inactive' });
    expect(await readableDocumentIds(user)).toEqual([]);
  });

  it('works on an Objection query too', async () => {
    const { Document } = await import('../../server/models');
    const { user, property } = await createResident();
    const doc = await insertDocument({ organizationId: property.organizationId });
    const rows = await whereDocumentReadable(Document.query().select('documents.id'), user);
    expect(rows.map((row) => row.id)).toEqual([doc]);
  });
});

describe('whereEventVisible', () => {
  it('shows each audience to the right users only', async () => {
    const property = await createProperty();
    const organizationId = property.organizationId;
    const otherProperty = await createProperty({ organizationId });
    const { user: resident } = await createResident({ property });
    const admin = await createUser({ role: 'Administrador', organizationId });
    const owner = await createUser({ role: 'Propietario', organizationId });
    await db()('properties').where({ id: otherProperty.id }).update({ ownerId: owner.id });

    const everyone = await insertEvent({ organizationId, audience: 'organization' });
    const admins = await insertEvent({ organizationId, audience: 'administrators' });
    const ownProperty = await insertEvent({ organizationId, audience: 'property', propertyId: property.id });
    const ownedProperty = await insertEvent({ organizationId, audience: 'property', propertyId: otherProperty.id });
    const forResident = await insertEvent({ organizationId, audience: 'user', userId: resident.id });
    const forOwner = await insertEvent({ organizationId, audience: 'user', userId: owner.id });
    await insertEvent({ organizationId: (await createOrganization()).id, audience: 'organization' });

    expect(await visibleEventIds(resident)).toEqual([everyone, ownProperty, forResident]);
    expect(await visibleEventIds(owner)).toEqual([everyone, ownedProperty, forOwner]);
    expect(await visibleEventIds(admin)).toEqual([everyone, admins, ownProperty, ownedProperty]);
  });
});
