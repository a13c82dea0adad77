import type { Knex } from 'knex';
import { hashPassword } from '../../server/services/passwords';
import { BENCH_PASSWORD, hotPathTargets, type BenchSuite } from '../lib';
import { insertPackages } from '../seed-packages';
import { seedLargeOrganization, type PropertySeedSizes } from '../seed-properties';

/** 100 towers of 30 units and a year of packages: about 1,500 a tower. */
const SIZES: PropertySeedSizes = { properties: 100, unitsPerProperty: 30, residents: 4_500 };
const PACKAGES = 150_000;
const PASSES = 30_000;

/**
 * The desk's other work (issue 31): 150,000 packages over the past year across 100 towers
 * (almost all picked up or returned, the last days' waiting), a vehicle for most units and
 * visitor passes with plates. The tower's guard reads its waiting packages by age and the first
 * page of its log, and searches a plate by part of it; an Administrador reads every tower's
 * waiting packages. Target: p99 < 50 ms at 10 connections.
 */
const suite: BenchSuite = {
  name: 'desk',
  description: 'Paquetes en espera y búsqueda de placas en la recepción (150.000 paquetes en 100 torres)',
  async run(ctx) {
    const admin = await ctx.createAdministrator();
    const { organizationId } = admin;
    const started = Date.now();
    await seedLargeOrganization(ctx.db, organizationId, await hashPassword('bench-resident'), SIZES);
    const seeded = await seedDesk(ctx.db, organizationId, admin.userId);
    await ctx.db.raw('vacuum analyze packages, vehicles, visitors');
    const seedSeconds = Math.round((Date.now() - started) / 100) / 10;

    const tower = await ctx.db('packages')
      .join('properties', 'properties.id', 'packages.property_id')
      .where({ 'properties.organizationId': organizationId, 'packages.status': 'waiting' })
      .orderBy('packages.id')
      .first('packages.propertyId');
    const propertyId = tower.propertyId as number;
    const plate = await ctx.db('vehicles').where({ propertyId }).orderBy('id').first('plate');
    const guard = await securityGuard(ctx.db, organizationId, propertyId);
    const cookie = await ctx.signIn(guard, BENCH_PASSWORD);
    const desk = { cookie, sid: /vecindad\.sid=([^;]+)/.exec(cookie)![1] };
    const asGuard = await hotPathTargets(
      ctx,
      desk,
      [
        { ruta: 'GET /api/packages (en espera de la torre)', path: `/api/packages?propertyId=${propertyId}&status=waiting&limit=500` },
        { ruta: 'GET /api/packages (bitácora, primera página)', path: `/api/packages?propertyId=${propertyId}&limit=20` },
        { ruta: 'GET /api/desk/vehicles (parte de una placa)', path: `/api/desk/vehicles?propertyId=${propertyId}&plate=${String(plate.plate).slice(0, 4)}` },
      ],
      'Recepción como vigilante de la torre',
    );
    const asAdministrator = await hotPathTargets(
      ctx,
      admin,
      [
        { ruta: 'GET /api/packages (en espera, todas las torres)', path: '/api/packages?status=waiting&limit=20' },
        { ruta: 'GET /api/packages (bitácora de una transportadora)', path: '/api/packages?carrier=dhl&limit=20' },
      ],
      'Paquetes como Administrador',
    );
    return [{ title: `Datos sembrados en ${seedSeconds} s`, rows: [seeded] }, ...asGuard, ...asAdministrator];
  },
};
export default suite;

/** A supplier on the security staff of the property (password BENCH_PASSWORD): its username. */
async function securityGuard(db: Knex, organizationId: number, propertyId: number) {
  const username = `vigilante-paquetes-${Date.now()}@bench.do`;
  const [user] = await db('users')
    .insert({ username, email: username, password: await hashPassword(BENCH_PASSWORD), name: 'Ramón', lastName: 'Vigilante', role: 'Suplidor', organizationId })
    .returning('id');
  await db('propertyStaff').insert({ propertyId, userId: user.id, service: 'security' });
  return username;
}

/**
 * Set-based: the packages (bench/seed-packages.ts); four units in five have a car (plates
 * A000000 up, Dominican format); one visitor pass in four has a plate.
 */
async function seedDesk(db: Knex, organizationId: number, adminId: number) {
  await db.transaction(async (trx) => {
    await insertPackages(trx, organizationId, adminId, PACKAGES);
    await trx.raw(
      `insert into vehicles (property_id, unit_id, plate, make, model, colour, parking_spot)
       select u.property_id, u.id, (array['A','G','L','X'])[1 + u.id % 4] || lpad((u.id * 7 % 1000000)::text, 6, '0'), 'Toyota', 'Corolla', 'Gris', 'P-' || u.id
       from units u join properties p on p.id = u.property_id
       where p.organization_id = :organizationId and u.id % 5 <> 0`,
      { organizationId },
    );
    await trx.raw(
      `with hosts as (
         select row_number() over (order by r.id) as n, r.user_id, r.unit_id, r.property_id
         from residents r join properties p on p.id = r.property_id where p.organization_id = :organizationId
       )
       insert into visitors (host_id, property_id, unit_id, name, visit_type, pass_kind, expected_arrival, valid_from, valid_to, max_uses, uses, status,
                             access_code, vehicle_plate, created_at, updated_at)
       select h.user_id, h.property_id, h.unit_id, 'Visitante ' || g, 'guest', 'one-time', now() - make_interval(days => g % 365),
              now() - make_interval(days => g % 365), now() - make_interval(days => g % 365) + interval '6 hours', 1, 1, 'checked-out',
              'DSK' || g, case when g % 4 = 0 then 'A' || lpad((g * 13 % 1000000)::text, 6, '0') end, now(), now()
       from generate_series(1, :passes) g
       join hosts h on h.n = g % (select count(*) from hosts) + 1`,
      { organizationId, passes: PASSES },
    );
  });
  const count = async (table: string, where: Record<string, unknown> = {}) =>
    Number((await db(table).join('properties', 'properties.id', `${table}.property_id`).where('properties.organizationId', organizationId).where(where).count({ n: '*' }))[0].n);
  return {
    propiedades: SIZES.properties,
    paquetes: await count('packages'),
    'en espera': await count('packages', { 'packages.status': 'waiting' }),
    vehículos: await count('vehicles'),
    'pases con placa': await count('visitors'),
  };
}
