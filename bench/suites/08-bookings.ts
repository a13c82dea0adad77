import { hashPassword } from '../../server/services/passwords';
import { TIME_ZONE, nextDay, zonedInstant, zonedParts } from '../../shared/time';
import { hotPathTargets, type BenchSuite } from '../lib';
import { seedAmenities } from '../seed-amenities';
import { seedLargeOrganization, type PropertySeedSizes } from '../seed-properties';

/** 200 towers of 40 units, four amenities each. */
const SIZES: PropertySeedSizes = { properties: 200, unitsPerProperty: 40, residents: 12_000 };
/** Bookings from a week ago to five weeks ahead: the month measured and what is around it. */
const DAYS = { from: -7, to: 37 };
const RESIDENT_PASSWORD = 'bench-resident';

/**
 * Amenity bookings (issue 6): an organization of 200 towers, each with a gym and a pool (shared,
 * by capacity), a BBQ area and a party room (exclusive, the party room with approval and an
 * hour's buffer), and their bookings over six weeks (past ones completed, one in ten
 * cancelled). A resident of a tower asks for the availability of its gym and its party room
 * over the next 30 days (the longest range the route answers) and over the booking dialog's
 * week; an Administrador for the gym's month. Target: p99 < 50 ms at 10 connections.
 */
const suite: BenchSuite = {
  name: 'bookings',
  description: 'Disponibilidad de un área común por un mes (200 torres, 800 áreas, reservas de seis semanas)',
  async run(ctx) {
    const admin = await ctx.createAdministrator();
    const started = Date.now();
    await seedLargeOrganization(ctx.db, admin.organizationId, await hashPassword(RESIDENT_PASSWORD), SIZES);
    const seeded = await seedAmenities(ctx.db, admin.organizationId, DAYS);
    await ctx.db.raw('vacuum analyze amenities, amenity_bookings');
    const seedSeconds = Math.round((Date.now() - started) / 100) / 10;

    // A tower in the middle of the list, one of its residents, and its gym and party room.
    const [property] = await ctx.db('properties').where({ organizationId: admin.organizationId }).orderBy('id').offset(SIZES.properties / 2).limit(1).pluck('id');
    const amenity = async (type: string) => (await ctx.db('amenities').where({ propertyId: property, type }).first('id')).id as number;
    const [gym, partyRoom] = [await amenity('gym'), await amenity('party_room')];
    const resident = await ctx.db('residents').join('users', 'users.id', 'residents.user_id').where({ 'residents.propertyId': property, 'residents.status': 'active' }).orderBy('residents.id').first('users.username');
    const cookie = await ctx.signIn(resident.username, RESIDENT_PASSWORD);
    const host = { cookie, sid: /vecindad\.sid=([^;]+)/.exec(cookie)![1] };

    const today = zonedParts(new Date()).day;
    const range = (days: number) => {
      let end = today;
      for (let i = 0; i < days; i++) end = nextDay(end);
      return `from=${encodeURIComponent(zonedInstant(today, 0).toISOString())}&to=${encodeURIComponent(zonedInstant(end, 0).toISOString())}`;
    };
    const month = range(30);
    const live = await ctx.db('amenityBookings').where({ amenityId: gym }).whereIn('status', ['pending', 'confirmed']).count({ n: '*' });
    const asResident = await hotPathTargets(
      ctx,
      host,
      [
        { ruta: 'GET /api/amenities/:id/availability (gimnasio, 30 días)', path: `/api/amenities/${gym}/availability?${month}` },
        { ruta: 'GET /api/amenities/:id/availability (salón de fiestas, 30 días)', path: `/api/amenities/${partyRoom}/availability?${month}` },
        { ruta: 'GET /api/amenities/:id/availability (gimnasio, 7 días: el diálogo)', path: `/api/amenities/${gym}/availability?${range(7)}` },
      ],
      'Disponibilidad como Residente de la torre',
    );
    const asAdministrator = await hotPathTargets(
      ctx,
      admin,
      [{ ruta: 'GET /api/amenities/:id/availability (gimnasio, 30 días)', path: `/api/amenities/${gym}/availability?${month}` }],
      'Disponibilidad como Administrador',
    );
    return [
      { title: `Datos sembrados en ${seedSeconds} s (zona ${TIME_ZONE})`, rows: [{ propiedades: SIZES.properties, ...seeded, 'reservas vigentes del gimnasio medido': Number(live[0].n) }] },
      ...asResident,
      ...asAdministrator,
    ];
  },
};
export default suite;

