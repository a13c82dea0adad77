import knex from 'knex';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { knexConfig } from '../../knexfile';
import { db } from '../../server/db';
import { createProperty, createUnit, createUser } from '../support/factories';
import { testApp } from '../support/services';

await testApp(); // connects this worker's database

type Row = Record<string, unknown>;

/** A valid row for each table (with its parents created), to be spoiled one column at a time. */
const validRow: Record<string, () => Promise<Row>> = {
  organizations: async () => ({ name: 'Org válida' }),
  users: async () => {
    const { organizationId } = await createProperty();
    return { username: `u${Math.random().toString(36).slice(2)}@x.do`, password: 'x', name: 'A', organizationId };
  },
  session: async () => ({ sid: `s${Math.random()}`, sess: {}, expire: new Date(), userId: (await createUser()).id }),
  properties: async () => ({ name: 'P', address: 'A', organizationId: (await createProperty()).organizationId }),
  units: async () => ({ propertyId: (await createProperty()).id, unitNumber: `U${Math.random()}` }),
  residents: async () => {
    const unit = await createUnit();
    return { userId: (await createUser()).id, propertyId: unit.propertyId, unitId: unit.id };
  },
  documents: async () => {
    const property = await createProperty();
    return {
      organizationId: property.organizationId,
      propertyId: property.id,
      uploadedById: (await createUser({ organizationId: property.organizationId })).id,
      title: 'Doc',
      category: 'other',
      fileSize: '1 B',
      sizeBytes: 1,
      fileType: 'application/pdf',
      content: Buffer.from('x'),
    };
  },
  document_shares: async () => {
    const [document] = await db()('documents').insert(await validRow.documents()).returning('id');
    return { documentId: document.id, userId: (await createUser()).id };
  },
  maintenance_requests: async () => {
    const unit = await createUnit();
    const user = await createUser();
    return { propertyId: unit.propertyId, unitId: unit.id, requestedById: user.id, assignedToId: user.id, title: 'Fuga' };
  },
  maintenance_updates: async () => {
    const [request] = await db()('maintenance_requests').insert(await validRow.maintenance_requests()).returning('id');
    return { requestId: request.id, updatedById: (await createUser()).id, content: 'Revisado' };
  },
  payments: async () => ({
    userId: (await createUser()).id,
    propertyId: (await createProperty()).id,
    amount: 100,
    type: 'rent',
    method: 'cash',
  }),
  amenities: async () => {
    const property = await createProperty();
    return { name: 'Piscina', propertyId: property.id, organizationId: property.organizationId };
  },
  amenity_bookings: async () => {
    const [amenity] = await db()('amenities').insert(await validRow.amenities()).returning('id');
    return {
      amenityId: amenity.id,
      userId: (await createUser()).id,
      startTime: new Date('2030-01-01T10:00:00Z'),
      endTime: new Date('2030-01-01T12:00:00Z'),
    };
  },
  visitors: async () => {
    const unit = await createUnit();
    return { hostId: (await createUser()).id, propertyId: unit.propertyId, unitId: unit.id, name: 'Visita', accessCode: `C${Math.random()}` };
  },
  broadcasts: async () => ({
    title: 'Aviso',
    message: 'Mensaje de diez o más',
    propertyId: (await createProperty()).id,
    createdBy: (await createUser()).id,
  }),
  events: async () => {
    const user = await createUser();
    return { type: 'x.y', audience: 'organization', organizationId: user.organizationId, actorId: user.id };
  },
};

/** For every CHECK (and exclusion) constraint: the table and a value that breaks it. */
const violations: Record<string, [table: string, spoil: Row | ((row: Row) => Promise<Row>)]> = {
  amenities_capacity_check: ['amenities', { capacity: -1 }],
  amenities_hourly_rate_check: ['amenities', { hourlyRate: -1 }],
  amenities_hours_check: ['amenities', { openingTime: '20:00', closingTime: '08:00' }],
  amenities_type_check: ['amenities', { type: 'jacuzzi-volador' }],
  amenity_bookings_attendees_check: ['amenity_bookings', { attendees: 0 }],
  amenity_bookings_no_overlap: [
    'amenity_bookings',
    async (row) => {
      await db()('amenity_bookings').insert(row);
      return { startTime: new Date('2030-01-01T11:00:00Z'), endTime: new Date('2030-01-01T13:00:00Z') };
    },
  ],
  amenity_bookings_status_check: ['amenity_bookings', { status: 'maybe' }],
  amenity_bookings_time_check: ['amenity_bookings', { endTime: new Date('2030-01-01T09:00:00Z') }],
  amenity_bookings_total_cost_check: ['amenity_bookings', { totalCost: -5 }],
  broadcasts_category_check: ['broadcasts', { category: 'spam' }],
  broadcasts_dates_check: ['broadcasts', { startDate: new Date('2030-01-02'), endDate: new Date('2030-01-01') }],
  broadcasts_message_check: ['broadcasts', { message: 'corto' }],
  broadcasts_status_check: ['broadcasts', { status: 'archived' }],
  broadcasts_title_check: ['broadcasts', { title: 'ab' }],
  documents_access_check: ['documents', { access: 'everyone' }],
  documents_category_check: ['documents', { category: 'memes' }],
  documents_size_bytes_check: ['documents', { sizeBytes: 10 * 1024 * 1024 + 1 }],
  documents_title_check: ['documents', { title: '   ' }],
  events_audience_check: ['events', { audience: 'world' }],
  events_property_audience_check: ['events', { audience: 'property', propertyId: null }],
  events_type_check: ['events', { type: 'Not An Event' }],
  events_user_audience_check: ['events', { audience: 'user', userId: null }],
  maintenance_requests_priority_check: ['maintenance_requests', { priority: 'whenever' }],
  maintenance_requests_status_check: ['maintenance_requests', { status: 'lost' }],
  maintenance_updates_status_check: ['maintenance_updates', { status: 'lost' }],
  organizations_domain_lowercase: ['organizations', { domain: 'Vecindad.DO' }],
  organizations_max_properties_check: ['organizations', { maxProperties: -1 }],
  organizations_max_users_check: ['organizations', { maxUsers: -1 }],
  organizations_parent_not_self: ['organizations', { id: 2_000_000_000, parentId: 2_000_000_000 }],
  organizations_status_check: ['organizations', { status: 'closed' }],
  organizations_type_check: ['organizations', { type: 'franchise' }],
  payments_amount_check: ['payments', { amount: 0 }],
  payments_method_check: ['payments', { method: 'bitcoin' }],
  payments_status_check: ['payments', { status: 'lost' }],
  payments_type_check: ['payments', { type: 'tip' }],
  properties_area_check: ['properties', { area: -1 }],
  properties_bathrooms_check: ['properties', { bathrooms: -0.5 }],
  properties_bedrooms_check: ['properties', { bedrooms: -1 }],
  properties_image_type_check: ['properties', { imageType: 'text/html' }],
  properties_rent_check: ['properties', { rent: -1 }],
  properties_status_check: ['properties', { status: 'haunted' }],
  properties_type_check: ['properties', { type: 'castle' }],
  properties_units_check: ['properties', { units: 0 }],
  residents_dates_check: ['residents', { startDate: '2030-02-01', endDate: '2030-01-01' }],
  residents_status_check: ['residents', { status: 'evicted' }],
  units_bathrooms_check: ['units', { bathrooms: -1 }],
  units_bedrooms_check: ['units', { bedrooms: -1 }],
  units_monthly_rent_check: ['units', { monthlyRent: -1 }],
  units_square_meters_check: ['units', { squareMeters: 0.5 }],
  units_unit_number_check: ['units', { unitNumber: ' ' }],
  users_avatar_type_check: ['users', { avatarType: 'image/svg+xml' }],
  users_language_check: ['users', { language: 'fr' }],
  users_role_check: ['users', { role: 'Jefe' }],
  users_username_lowercase: ['users', { username: 'Mayus@X.DO' }],
  visitors_expected_check: ['visitors', { expectedArrival: new Date('2030-01-02'), expectedDeparture: new Date('2030-01-01') }],
  visitors_status_check: ['visitors', { status: 'lost' }],
  visitors_visit_type_check: ['visitors', { visitType: 'vip' }],
};

/** The error a statement fails with (rolled back in a savepoint so nothing stays). */
async function failure(work: (trx: import('knex').Knex.Transaction) => Promise<unknown>) {
  try {
    await db().transaction(async (trx) => {
      await work(trx);
      throw new Error('no constraint rejected the row');
    });
  } catch (error) {
    return error as { code?: string; constraint?: string; message: string };
  }
  throw new Error('unreachable');
}

const constraints = async (types: string) =>
  (
    await db().raw(
      `select conname, conrelid::regclass::text as table_name, contype from pg_constraint
       where connamespace = 'public'::regnamespace and contype = any(?) order by conname`,
      [types.split('')],
    )
  ).rows as Array<{ conname: string; table_name: string }>;

describe('schema constraints', () => {
  it('has a rejected-row case for every CHECK and exclusion constraint', async () => {
    const names = (await constraints('cx')).map((c) => c.conname);
    expect(names.sort()).toEqual(Object.keys(violations).sort());
  });

  for (const [name, [table, spoil]] of Object.entries(violations)) {
    it(`${name} rejects a bad ${table} row`, async () => {
      const row = await validRow[table]();
      const error = await failure(async (trx) => {
        const changes = typeof spoil === 'function' ? await spoil(row) : spoil;
        await trx(table).insert({ ...row, ...changes });
      });
      expect(error.code).toMatch(/^(23514|23P01)$/);
      expect(error.constraint).toBe(name);
    });
  }

  it('every foreign key rejects a row pointing at nothing', async () => {
    const foreignKeys = (
      await db().raw(
        `select c.conname, c.conrelid::regclass::text as table_name, a.attname as column_name
         from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
         where c.connamespace = 'public'::regnamespace and c.contype = 'f' order by c.conname`,
      )
    ).rows as Array<{ conname: string; table_name: string; column_name: string }>;
    expect(foreignKeys.length).toBeGreaterThan(30);
    for (const fk of foreignKeys) {
      const row = await validRow[fk.table_name]();
      const column = fk.column_name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
      const error = await failure((trx) => trx(fk.table_name).insert({ ...row, [column]: 2_000_000_001 }));
      expect({ fk: fk.conname, code: error.code, constraint: error.constraint }).toEqual({
        fk: fk.conname,
        code: '23503',
        constraint: fk.conname,
      });
    }
  });

  it('deletes broadcasts, units and residents with their property, and refuses while payments or documents exist', async () => {
    const { id: propertyId, organizationId } = await createProperty();
    const unit = await createUnit({ propertyId });
    const user = await createUser({ organizationId });
    await db()('residents').insert({ userId: user.id, propertyId, unitId: unit.id });
    await db()('broadcasts').insert({ title: 'Aviso', message: 'Mensaje de prueba', propertyId });
    await db()('payments').insert({ userId: user.id, propertyId, amount: 100, type: 'rent' });

    const refused = await failure((trx) => trx('properties').where({ id: propertyId }).delete());
    expect(refused.code).toBe('23503');
    expect(refused.constraint).toBe('payments_property_id_foreign');

    await db()('payments').where({ propertyId }).delete();
    await db()('properties').where({ id: propertyId }).delete();
    expect(await db()('broadcasts').where({ propertyId })).toHaveLength(0);
    expect(await db()('units').where({ propertyId })).toHaveLength(0);
    expect(await db()('residents').where({ propertyId })).toHaveLength(0);
  });

  it('refuses to delete a unit somebody lives in', async () => {
    const unit = await createUnit();
    const user = await createUser();
    await db()('residents').insert({ userId: user.id, propertyId: unit.propertyId, unitId: unit.id });
    const error = await failure((trx) => trx('units').where({ id: unit.id }).delete());
    expect(error.constraint).toBe('residents_unit_id_foreign');
  });

  it('keeps usernames and organization domains unique', async () => {
    const user = await createUser();
    const duplicate = await failure(async (trx) => trx('users').insert({ ...(await validRow.users()), username: user.username }));
    expect(duplicate.code).toBe('23505');
    await db()('organizations').insert({ name: 'A', domain: 'unico.vecindad.do' });
    const domain = await failure((trx) => trx('organizations').insert({ name: 'B', domain: 'unico.vecindad.do' }));
    expect(domain.code).toBe('23505');
  });
});

describe('migrations', () => {
  it('migrate up, all the way down and up again on an empty database', async () => {
    const serverUrl = inject('serverUrl');
    const name = `${inject('templateDatabase')}_migrations`;
    const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const scratch = knex(knexConfig(`${serverUrl}/${name}`, 1));
    try {
      const [, applied] = await scratch.migrate.latest();
      expect(applied.length).toBeGreaterThan(10);
      await scratch.migrate.rollback(undefined, true);
      const { rows } = await scratch.raw(
        "select tablename from pg_tables where schemaname = 'public' and tablename not like 'knex_%'",
      );
      expect(rows).toEqual([]);
      const [, again] = await scratch.migrate.latest();
      expect(again).toEqual(applied);
    } finally {
      await scratch.destroy();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
