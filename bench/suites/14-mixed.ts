import autocannon from 'autocannon';
import type { Knex } from 'knex';
import { hashPassword } from '../../server/services/passwords';
import { TIME_ZONE, nextDay, zonedInstant, zonedParts } from '../../shared/time';
import { BENCH_PASSWORD, loadSummary, mb, percentile, targetsTable, type BenchContext, type BenchSuite } from '../lib';
import { seedAmenities } from '../seed-amenities';
import { seedMonthlyLedger } from '../seed-billing';
import { insertPackages } from '../seed-packages';
import { seedLargeOrganization, type PropertySeedSizes } from '../seed-properties';
import { seedPasses } from '../seed-visitors';

/** 100 towers of 20 units: 2,000 units, 3,000 residents. */
const SIZES: PropertySeedSizes = { properties: 100, unitsPerProperty: 20, residents: 3_000 };
const RESIDENT_PASSWORD = 'bench-resident';
const CONNECTIONS = 50;
/** BENCH_MIXED_SECONDS shortens the run while developing; the target is for 120 s. */
const SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 120);
const WARM_UP_SECONDS = Math.round(SECONDS / 2);
const TARGET = { p99Ms: 100, rssGrowth: 0.1 };

type Who = { cookie: string; kind: 'admin' | 'resident'; userId: number; propertyId: number; unitId: number; amenityId: number; requestId: number };
type Call = { route: string; method: 'GET' | 'POST'; path: string; body?: unknown; headers?: Record<string, string> };
type Picker = { weight: number; route: string; make: (who: Who, n: number) => Omit<Call, 'route'> | undefined; as: 'admin' | 'resident' };

/**
 * A mixed load (one server process, 2 cores): an organization of 100 towers with a year of
 * cuotas, amenities and their bookings, visitor passes, packages, documents, work orders,
 * broadcasts and notifications; 50 connections for two minutes, each request drawn at random:
 * 80 % reads over every module's lists and details, as several administrators and residents,
 * 20 % writes (payments recorded by an administrator with an Idempotency-Key, bookings and
 * visitor passes by residents, comments on work orders). Targets: p99 < 100 ms, no errors, and
 * the server's RSS growing < 10 % from after a warm-up to the end. Baseline: GET /api/user at
 * 50 connections as long, in the same run.
 */
const suite: BenchSuite = {
  name: 'mixed',
  description: 'Carga mixta: 80 % lecturas de todos los módulos, 20 % escrituras, 50 conexiones',
  async run(ctx) {
    const admin = await ctx.createAdministrator();
    const { organizationId } = admin;
    const started = Date.now();
    const seeded = await seedOrganization(ctx.db, organizationId, admin.userId);
    const seedSeconds = Math.round((Date.now() - started) / 100) / 10;
    const people = await signInPeople(ctx, organizationId, admin);
    const pickers = routes();

    const errors = new Map<string, number>();
    const times = new Map<string, number[]>();
    let counter = 0;
    const run = async (seconds: number) => {
      errors.clear();
      times.clear();
      const result = await autocannon({
        url: ctx.baseUrl,
        connections: CONNECTIONS,
        duration: seconds,
        requests: [
          {
            setupRequest: (request, state) => {
              const context = state as Record<string, unknown>;
              const call = draw(pickers, people, ++counter);
              context.route = call.route;
              context.started = performance.now();
              const json = call.body !== undefined;
              return {
                ...request,
                method: call.method,
                path: call.path,
                headers: { ...request.headers, ...call.headers, ...(json && { 'content-type': 'application/json' }) },
                body: json ? JSON.stringify(call.body) : undefined,
              };
            },
            onResponse: (status, _body, state) => {
              const context = state as Record<string, unknown>;
              const route = context.route as string;
              if (!times.has(route)) times.set(route, []);
              times.get(route)!.push(performance.now() - (context.started as number));
              if (status < 200 || status > 299) errors.set(`${route} → ${status}`, (errors.get(`${route} → ${status}`) ?? 0) + 1);
            },
          },
        ],
      });
      return loadSummary(result);
    };

    // Warm-up, then the memory the measured run starts from.
    await run(WARM_UP_SECONDS);
    const before = await ctx.serverMemory();
    // --profile: the measured run under the server's CPU profiler (where the event loop's time goes).
    let mixed!: Awaited<ReturnType<typeof run>>;
    const profile = ctx.profiling ? await ctx.profile(async () => (mixed = await run(SECONDS))) : ((mixed = await run(SECONDS)), undefined);
    const after = await ctx.serverMemory();
    const byRoute = [...times].map(([ruta, values]) => ({
      ruta,
      peticiones: values.length,
      'p50 ms': Math.round(percentile(values, 50)),
      'p99 ms': Math.round(percentile(values, 99)),
    }));
    byRoute.sort((a, b) => b['p99 ms'] - a['p99 ms']);
    const erred = [...errors].map(([ruta, veces]) => ({ ruta, veces }));

    const user = await baseline(ctx, admin.cookie);
    const growth = (after.rss - before.rss) / before.rss;
    const uptime = (await import('node:os')).loadavg().map((value) => value.toFixed(2)).join(' ');
    const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
    return [
      { title: `Datos sembrados en ${seedSeconds} s (zona ${TIME_ZONE})`, rows: [seeded] },
      targetsTable([
        {
          objetivo: `mezcla a ${CONNECTIONS} conexiones ${SECONDS} s: p99 < ${TARGET.p99Ms} ms`,
          valor: `${mixed['req/s']} req/s, p99 ${mixed['p99 ms']} ms`,
          referencia: `GET /api/user: ${user['req/s']} req/s, p99 ${user['p99 ms']} ms`,
          proporción: ratio(mixed['req/s'], user['req/s']),
          cumple: mixed.requests > 0 && mixed['p99 ms'] < TARGET.p99Ms,
        },
        { objetivo: 'mezcla: 0 errores', valor: `${mixed.errors} de ${mixed.requests}`, referencia: `GET /api/user: ${user.errors}`, proporción: '', cumple: mixed.errors === 0 },
        {
          objetivo: `RSS del servidor crece < ${TARGET.rssGrowth * 100} % (tras el calentamiento → al final, tras GC)`,
          valor: `${mb(before.rss)} → ${mb(after.rss)} MB (${(growth * 100).toFixed(1)} %)`,
          referencia: `heap ${mb(before.heapUsed)} → ${mb(after.heapUsed)} MB`,
          proporción: ratio(after.rss, before.rss),
          cumple: growth < TARGET.rssGrowth,
        },
      ]),
      {
        title: `Carga mixta, ${CONNECTIONS} conexiones, ${SECONDS} s tras ${WARM_UP_SECONDS} s de calentamiento (carga de la máquina al final: ${uptime})`,
        rows: [
          { carga: 'mezcla (80 % lecturas, 20 % escrituras)', ...mixed },
          { carga: 'GET /api/user (referencia: sesión sola)', ...user },
        ],
      },
      { title: 'Cada ruta de la mezcla (tiempos medidos por el cliente)', rows: byRoute },
      { title: 'Rutas con respuestas que no son 2xx', rows: erred },
      ...(profile
        ? [
            { title: 'Perfil de CPU del servidor durante la mezcla: tiempo propio por paquete', rows: profile.byPackage },
            { title: 'Perfil de CPU del servidor durante la mezcla: tiempo propio por función', rows: profile.byFunction },
          ]
        : []),
    ];
  },
};
export default suite;

function draw(pickers: Picker[], people: { admins: Who[]; residents: Who[] }, n: number): Call {
  const total = pickers.reduce((sum, picker) => sum + picker.weight, 0);
  for (;;) {
    let roll = Math.random() * total;
    const picker = pickers.find((candidate) => (roll -= candidate.weight) < 0) ?? pickers[0];
    const group = picker.as === 'admin' ? people.admins : people.residents;
    const who = group[n % group.length];
    const call = picker.make(who, n);
    if (call) return { ...call, headers: { ...call.headers, cookie: who.cookie }, route: picker.route };
  }
}

const get = (path: string): Omit<Call, 'route'> => ({ method: 'GET', path });
const post = (path: string, body: unknown, headers?: Record<string, string>): Omit<Call, 'route'> => ({ method: 'POST', path, body, headers });

/** Reads (weights summing to 80) and writes (20). */
function routes(): Picker[] {
  const today = zonedParts(new Date()).day;
  let weekEnd = today;
  for (let i = 0; i < 7; i++) weekEnd = nextDay(weekEnd);
  const week = `from=${encodeURIComponent(zonedInstant(today, 0).toISOString())}&to=${encodeURIComponent(zonedInstant(weekEnd, 0).toISOString())}`;
  const reads: Array<[string, 'admin' | 'resident', (who: Who) => string]> = [
    ['GET /api/user', 'resident', () => '/api/user'],
    ['GET /api/dashboard', 'admin', () => '/api/dashboard'],
    ['GET /api/properties', 'admin', () => '/api/properties?limit=25'],
    ['GET /api/properties/:id', 'admin', (who) => `/api/properties/${who.propertyId}`],
    ['GET /api/properties/:id/units', 'admin', (who) => `/api/properties/${who.propertyId}/units?limit=25`],
    ['GET /api/residents', 'admin', () => '/api/residents?limit=25'],
    ['GET /api/documents', 'resident', () => '/api/documents?limit=25'],
    ['GET /api/documents (admin)', 'admin', () => '/api/documents?limit=25'],
    ['GET /api/maintenance', 'admin', () => '/api/maintenance?limit=25'],
    ['GET /api/maintenance (residente)', 'resident', () => '/api/maintenance?limit=25'],
    ['GET /api/maintenance/:id', 'admin', (who) => `/api/maintenance/${who.requestId}`],
    ['GET /api/charges?status=overdue', 'admin', () => '/api/charges?status=overdue&limit=25'],
    ['GET /api/payments', 'admin', () => '/api/payments?limit=25'],
    ['GET /api/billing/summary', 'admin', () => '/api/billing/summary'],
    ['GET /api/units/:id/statement', 'resident', (who) => `/api/units/${who.unitId}/statement`],
    ['GET /api/amenities', 'resident', () => '/api/amenities'],
    ['GET /api/amenities/:id/availability', 'resident', (who) => `/api/amenities/${who.amenityId}/availability?${week}`],
    ['GET /api/bookings', 'resident', () => '/api/bookings?limit=25'],
    ['GET /api/bookings (admin)', 'admin', () => '/api/bookings?limit=25'],
    ['GET /api/visitors', 'resident', () => '/api/visitors?limit=25'],
    ['GET /api/visitors (admin)', 'admin', () => '/api/visitors?limit=25'],
    ['GET /api/desk/today', 'admin', (who) => `/api/desk/today?propertyId=${who.propertyId}`],
    ['GET /api/packages', 'admin', () => '/api/packages?limit=25'],
    ['GET /api/packages (residente)', 'resident', () => '/api/packages?limit=25'],
    ['GET /api/broadcasts', 'resident', (who) => `/api/broadcasts?propertyId=${who.propertyId}&limit=25`],
    ['GET /api/notifications', 'resident', () => '/api/notifications?limit=25'],
    ['GET /api/notifications/unread-count', 'resident', () => '/api/notifications/unread-count'],
    ['GET /api/finances/summary', 'admin', (who) => `/api/finances/summary?propertyId=${who.propertyId}`],
  ];
  const readWeight = 80 / reads.length;
  const runId = Date.now().toString(36);
  return [
    ...reads.map(([route, as, path]): Picker => ({ route, as, weight: readWeight, make: (who) => get(path(who)) })),
    {
      route: 'POST /api/payments (Idempotency-Key)',
      as: 'admin',
      weight: 5,
      make: (_who, n) =>
        post(
          '/api/payments',
          { unitId: unitIds[n % unitIds.length], amount: 150000, method: 'bank_transfer', reference: `MIX-${n}`, receivedAt: today },
          { 'Idempotency-Key': `mixed-${runId}-${n}` },
        ),
    },
    {
      route: 'POST /api/amenities/:id/bookings',
      as: 'resident',
      weight: 5,
      // A free hour of the wide study room, between tomorrow and four weeks ahead.
      make: (who, n) => {
        let day = nextDay(today);
        for (let i = 0; i < n % 28; i++) day = nextDay(day);
        const start = zonedInstant(day, (8 + (n % 12)) * 60);
        return post(`/api/amenities/${who.amenityId}/bookings`, { startTime: start.toISOString(), endTime: new Date(start.getTime() + 3_600_000).toISOString(), attendees: 1 });
      },
    },
    {
      route: 'POST /api/visitors',
      as: 'resident',
      weight: 5,
      make: (who, n) =>
        post('/api/visitors', { propertyId: who.propertyId, unitId: who.unitId, name: `Invitado ${n}`, expectedArrival: new Date(Date.now() + (1 + (n % 72)) * 3_600_000).toISOString() }),
    },
    {
      route: 'POST /api/maintenance/:id/updates',
      as: 'admin',
      weight: 5,
      make: (who, n) => post(`/api/maintenance/${who.requestId}/updates`, { content: `Seguimiento ${n}: el técnico pasa mañana.` }),
    },
  ];
}

/** The organization's units, over which the administrators' payments spread. */
let unitIds: number[] = [];

/** Everything the mix reads, set-based. */
async function seedOrganization(db: Knex, organizationId: number, adminId: number) {
  await seedLargeOrganization(db, organizationId, await hashPassword(RESIDENT_PASSWORD), SIZES);
  const ledger = await seedMonthlyLedger(db, organizationId, adminId, 12);
  const amenities = await seedAmenities(db, organizationId, { from: -7, to: 30 });
  // A study room per tower, shared by a wide capacity: the residents' bookings of the mix.
  await db.raw(
    `insert into amenities (name, type, capacity, opening_time, closing_time, slot_minutes, exclusive, max_advance_days, property_id, organization_id)
     select 'Sala de estudio', 'common_area', 100000, '06:00', '22:00', 60, false, 60, id, organization_id from properties where organization_id = :organizationId`,
    { organizationId },
  );
  const passes = await seedPasses(db, organizationId, adminId, 20_000);
  await db.transaction((trx) => insertPackages(trx, organizationId, adminId, 20_000));
  await db.raw(
    `insert into documents (organization_id, title, category, access, file_name, file_size, size_bytes, file_type, content, uploaded_by_id, uploaded_at, last_modified)
     select :organizationId, 'Documento ' || g, (array['regulations','contracts','meeting-minutes','financial','property-info','other'])[1 + g % 6],
            case when g % 5 = 0 then 'admin' else 'public' end, 'documento-' || g || '.pdf', '1.0 KB', 1024, 'application/pdf',
            decode(repeat('00', 1024), 'hex'), :adminId, now() - g * interval '1 hour', now() - g * interval '1 hour'
     from generate_series(1, 500) g`,
    { organizationId, adminId },
  );
  // Work orders: ten per tower, requested by its residents, each with a few comments.
  await db.raw(
    `with people as (
       select r.property_id, r.unit_id, r.user_id, row_number() over (partition by r.property_id order by r.id) as k
       from residents r join properties p on p.id = r.property_id where p.organization_id = :organizationId and r.status = 'active'
     )
     insert into maintenance_requests (property_id, unit_id, requested_by_id, title, description, priority, status, requested_at, location)
     select property_id, unit_id, user_id, 'Avería ' || k, 'Se filtra agua por el techo del baño.', (array['low','medium','high'])[1 + k % 3],
            (array['pending','scheduled','in-progress','completed'])[1 + k % 4], now() - make_interval(days => k::int), 'Baño'
     from people where k <= 10`,
    { organizationId },
  );
  await db.raw(
    `insert into maintenance_updates (request_id, updated_by_id, content, created_at)
     select m.id, :adminId, 'Revisado por el técnico (' || g || ').', m.requested_at + make_interval(hours => g)
     from maintenance_requests m join properties p on p.id = m.property_id cross join generate_series(1, 3) g
     where p.organization_id = :organizationId`,
    { organizationId, adminId },
  );
  await db.raw(
    `insert into broadcasts (title, message, category, property_id, created_by, start_date)
     select 'Aviso ' || g, 'Corte de agua programado el jueves de 9:00 a 12:00.', 'announcement', p.id, :adminId, now() - make_interval(days => g)
     from properties p cross join generate_series(1, 5) g where p.organization_id = :organizationId`,
    { organizationId, adminId },
  );
  await db.raw(
    `insert into notifications (organization_id, user_id, type, category, key, payload, created_at, read_at)
     select :organizationId, u.id, 'broadcast.published', 'messages', 'mixed-' || g, '{}'::jsonb, now() - make_interval(hours => g),
            case when g > 3 then now() end
     from users u cross join generate_series(1, 20) g where u.organization_id = :organizationId and u.role = 'Residente'`,
    { organizationId },
  );
  await db.raw('vacuum analyze');
  unitIds = (await db('units').join('properties', 'properties.id', 'units.property_id').where('properties.organizationId', organizationId).pluck('units.id')) as number[];
  const count = async (table: string) => Number((await db.raw(`select count(*) from ${table}`)).rows[0].count);
  return {
    ...SIZES,
    ...ledger,
    ...amenities,
    ...passes,
    paquetes: await count('packages'),
    documentos: await count('documents'),
    'órdenes de trabajo': await count('maintenance_requests'),
    avisos: await count('broadcasts'),
    notificaciones: await count('notifications'),
  };
}

/** Three administrators and twenty residents (one per tower, each with its tower's study room and a work order). */
async function signInPeople(ctx: BenchContext, organizationId: number, admin: { cookie: string; userId: number }) {
  const properties = (await ctx.db('properties').where({ organizationId }).orderBy('id').pluck('id')) as number[];
  const place = async (propertyId: number) => ({
    propertyId,
    amenityId: (await ctx.db('amenities').where({ propertyId, name: 'Sala de estudio' }).first('id')).id as number,
    requestId: (await ctx.db('maintenanceRequests').where({ propertyId }).orderBy('id').first('id')).id as number,
  });
  const admins: Who[] = [{ cookie: admin.cookie, kind: 'admin', userId: admin.userId, unitId: 0, ...(await place(properties[0])) }];
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  for (const i of [1, 2]) {
    const username = `admin-mixto-${i}-${Date.now()}@bench.do`;
    const [user] = await ctx.db('users').insert({ username, email: username, password: passwordHash, name: 'Admin', lastName: `Mixto ${i}`, role: 'Administrador', organizationId }).returning('id');
    admins.push({ cookie: await ctx.signIn(username, BENCH_PASSWORD), kind: 'admin', userId: user.id, unitId: 0, ...(await place(properties[i * 30])) });
  }
  const residents: Who[] = [];
  for (const propertyId of properties.filter((_, i) => i % 5 === 0)) {
    const resident = await ctx.db('residents')
      .join('users', 'users.id', 'residents.user_id')
      .where({ 'residents.propertyId': propertyId, 'residents.status': 'active' })
      .orderBy('residents.id')
      .first('users.username', 'users.id', 'residents.unitId');
    const cookie = await ctx.signIn(resident.username, RESIDENT_PASSWORD);
    const own = await place(propertyId);
    const request = await ctx.db('maintenanceRequests').where({ propertyId, requestedById: resident.id }).first('id');
    residents.push({ cookie, kind: 'resident', userId: resident.id, unitId: resident.unitId, ...own, requestId: request?.id ?? own.requestId });
  }
  return { admins, residents };
}

async function baseline(ctx: BenchContext, cookie: string) {
  const result = await autocannon({ url: `${ctx.baseUrl}/api/user`, headers: { cookie }, connections: CONNECTIONS, duration: SECONDS });
  return loadSummary(result);
}
