import { describe, expect, it } from 'vitest';
import type { DOCUMENT_ACCESS } from '../../shared/enums';
import { db } from '../../server/db';
import type { User } from '../../server/models';
import { whereDocumentReadable } from '../../server/policies/documents';
import { whereEventVisible } from '../../server/policies/events';
import {
  createOrganization,
  createProperty,
  createResident,
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

async function insertPayment(fields: { userId: number; propertyId: number; amount: number; status?: string }) {
  await db()('payments').insert({ type: 'rent', status: 'pending', ...fields });
}

async function insertEvent(fields: {
  organizationId: number;
  audience: 'organization' | 'administrators' | 'property' | 'user';
  propertyId?: number;
  userId?: number;
  actorId?: number;
  title?: string;
}) {
  const { title, ...rest } = fields;
  const [row] = await db()('events')
    .insert({ type: 'document.uploaded', payload: { title: title ?? unique('evento') }, ...rest })
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
    const { user: resident } = await createResident({ property });
    await createResident({ property: second });
    await createResident({ property: second, user: {} }).then(({ resident: row }) =>
      db()('residents').where({ id: row.id }).update({ status: 'inactive' }),
    );
    await insertDocument({ organizationId, access: 'admin' });
    await insertDocument({ organizationId, access: 'custom' });
    await insertPayment({ userId: resident.id, propertyId: property.id, amount: 1_250_000 });
    await insertPayment({ userId: resident.id, propertyId: second.id, amount: 50_050 });
    await insertPayment({ userId: resident.id, propertyId: property.id, amount: 99_999, status: 'completed' });

    // Another organization's rows never count.
    const other = await createProperty();
    const { user: stranger } = await createResident({ property: other });
    await insertDocument({ organizationId: other.organizationId });
    await insertPayment({ userId: stranger.id, propertyId: other.id, amount: 700 });

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
    const { user } = await createResident({ property: childProperty });
    await insertPayment({ userId: user.id, propertyId: childProperty.id, amount: 300 });
    await insertDocument({ organizationId: child.id, access: 'admin' });

    expect(await dashboardOf(admin)).toMatchObject({ properties: 2, residents: 1, documents: 1, outstandingBalance: 300 });
  });

  it('counts for an owner only their properties, their residents and their own charges', async () => {
    const organization = await createOrganization();
    const owner = await createUser({ role: 'Propietario', organizationId: organization.id });
    const owned = await createProperty({ organizationId: organization.id, ownerId: owner.id });
    const notOwned = await createProperty({ organizationId: organization.id });
    await createResident({ property: owned });
    const { user: neighbour } = await createResident({ property: notOwned });
    await insertPayment({ userId: owner.id, propertyId: owned.id, amount: 4_500 });
    await insertPayment({ userId: neighbour.id, propertyId: owned.id, amount: 10_000 });

    expect(await dashboardOf(owner)).toMatchObject({ properties: 1, residents: 1, outstandingBalance: 4_500 });
  });

  it('counts for a supplier the properties with work assigned and no residents or documents', async () => {
    const property = await createProperty();
    const supplier = await createUser({ role: 'Suplidor', organizationId: property.organizationId });
    await createProperty({ organizationId: property.organizationId });
    await createResident({ property });
    await insertDocument({ organizationId: property.organizationId });
    await db()('maintenance_requests').insert({ propertyId: property.id, title: 'Fuga', assignedToId: supplier.id });

    expect(await dashboardOf(supplier)).toMatchObject({ properties: 1, residents: 0, documents: 0, outstandingBalance: 0 });
  });

  it('lists the latest five visible events, newest first, with the actor name', async () => {
    const { user: resident, property } = await createResident({ user: { name: 'Lucía', lastName: 'Gómez' } });
    const organizationId = property.organizationId;
    await insertEvent({ organizationId, audience: 'administrators', title: 'solo-admin' });
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      ids.push(await insertEvent({ organizationId, audience: 'organization', actorId: resident.id, title: `aviso-${i}` }));
    }
    const body = await dashboardOf(resident);
    expect(body.recentActivity.map((item: { id: number }) => item.id)).toEqual(ids.slice(1).reverse());
    expect(body.recentActivity[0]).toMatchObject({
      type: 'document.uploaded',
      payload: { title: 'aviso-5' },
      actor: { id: resident.id, name: 'Lucía Gómez' },
    });
    expect(typeof body.recentActivity[0].createdAt).toBe('string');
  });

  it('answers an empty activity list and zero figures for a new resident', async () => {
    const organization = await createOrganization();
    const user = await createUser({ role: 'Residente', organizationId: organization.id });
    expect(await dashboardOf(user)).toEqual({
      properties: 0,
      residents: 0,
      documents: 0,
      outstandingBalance: 0,
      recentActivity: [],
    });
  });
});

describe('whereDocumentReadable', () => {
  it('applies the access levels of PRODUCT.md for each role', async () => {
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
