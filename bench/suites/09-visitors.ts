import type { Knex } from 'knex';
import { displayCode } from '../../shared/access-codes';
import { hashPassword } from '../../server/services/passwords';
import { BENCH_PASSWORD, hotPathTargets, type BenchSuite } from '../lib';
import { seedPasses } from '../seed-visitors';
import { seedLargeOrganization, type PropertySeedSizes } from '../seed-properties';

/** 100 towers of 30 units and a year of visitor passes: 1,000 a tower. */
const SIZES: PropertySeedSizes = { properties: 100, unitsPerProperty: 30, residents: 4_500 };
const PASSES = 100_000;

/**
 * The visitors desk (issue 6): 100,000 passes over the past year and the next two weeks across
 * 100 towers (most used and closed, some expired or cancelled, one in twenty recurring, today's
 * expected or inside), their entries and a do-not-admit list. The tower's security guard (a
 * supplier on its security staff) looks a pass up by its 8-character code as typed: a valid
 * pass, a used one, a code nobody has; the same for an Administrador; and the desk's today
 * list. Target: p99 < 50 ms at 10 connections.
 */
const suite: BenchSuite = {
  name: 'visitors',
  description: 'Consulta de un pase por su código en la recepción (100.000 pases en 100 torres)',
  async run(ctx) {
    const admin = await ctx.createAdministrator();
    const { organizationId } = admin;
    const started = Date.now();
    await seedLargeOrganization(ctx.db, organizationId, await hashPassword('bench-resident'), SIZES);
    const seeded = await seedPasses(ctx.db, organizationId, admin.userId, PASSES);
    await ctx.db.raw('vacuum analyze visitors, visits, visitor_blocks');
    const seedSeconds = Math.round((Date.now() - started) / 100) / 10;

    // A one-time pass valid now, and its tower's guard; a used pass and an unknown code there.
    const valid = await ctx.db('visitors')
      .join('properties', 'properties.id', 'visitors.property_id')
      .where({ 'properties.organizationId': organizationId, 'visitors.status': 'scheduled', 'visitors.passKind': 'one-time' })
      .where('visitors.validFrom', '<=', ctx.db.fn.now())
      .where('visitors.validTo', '>', ctx.db.fn.now())
      .orderBy('visitors.id')
      .first('visitors.propertyId', 'visitors.accessCode');
    const propertyId = valid.propertyId as number;
    const used = await ctx.db('visitors').where({ propertyId, status: 'checked-out' }).orderBy('id').first('accessCode');
    const guard = await securityGuard(ctx.db, organizationId, propertyId);
    const cookie = await ctx.signIn(guard, BENCH_PASSWORD);
    const desk = { cookie, sid: /vecindad\.sid=([^;]+)/.exec(cookie)![1] };
    const lookups = [
      { ruta: 'POST /api/desk/lookup (pase válido)', path: '/api/desk/lookup', body: { propertyId, code: displayCode(valid.accessCode) } },
      { ruta: 'POST /api/desk/lookup (pase ya usado)', path: '/api/desk/lookup', body: { propertyId, code: displayCode(used.accessCode) } },
      { ruta: 'POST /api/desk/lookup (código desconocido)', path: '/api/desk/lookup', body: { propertyId, code: 'XXXX-XXXX' } },
    ];
    const asGuard = await hotPathTargets(
      ctx,
      desk,
      [...lookups, { ruta: 'GET /api/desk/today (la lista del día)', path: `/api/desk/today?propertyId=${propertyId}` }],
      'Recepción como vigilante de la torre',
    );
    const asAdministrator = await hotPathTargets(ctx, admin, lookups.slice(0, 1), 'Recepción como Administrador');
    return [{ title: `Datos sembrados en ${seedSeconds} s`, rows: [{ propiedades: SIZES.properties, ...seeded }] }, ...asGuard, ...asAdministrator];
  },
};
export default suite;

/** A supplier on the security staff of the property (password BENCH_PASSWORD): its username. */
async function securityGuard(db: Knex, organizationId: number, propertyId: number) {
  const username = `vigilante-${Date.now()}@bench.do`;
  const [user] = await db('users')
    .insert({ username, email: username, password: await hashPassword(BENCH_PASSWORD), name: 'Ramón', lastName: 'Vigilante', role: 'Suplidor', organizationId })
    .returning('id');
  await db('propertyStaff').insert({ propertyId, userId: user.id, service: 'security' });
  return username;
}

