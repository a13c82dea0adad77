import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ANONYMISED_PICKUP } from '../../shared/schemas/packages';
import { ANONYMISED_NAME } from '../../shared/schemas/visitors';
import { hashPassword } from '../../server/services/passwords';
import { BENCH_PASSWORD, HOT_PATH_TARGETS, load, targetsTable, type BenchContext, type BenchSuite } from '../lib';
import { seedLargeOrganization, type PropertySeedSizes } from '../seed-properties';
import { dueCounts, seedRetention } from '../seed-retention';

const here = path.dirname(fileURLToPath(import.meta.url));

const SIZES: PropertySeedSizes = { properties: 100, unitsPerProperty: 30, residents: 4_500 };
const VISITS = Number(process.env.BENCH_RETENTION_VISITS ?? 1_000_000);
const PACKAGES = Number(process.env.BENCH_RETENTION_PACKAGES ?? 30_000);
const LIMIT_MS = 1000;
const APPLICATION_NAME = 'vecindad-retention';
const LOAD_SECONDS = 5;

/**
 * The retention sweep (Ley 172-13) over a million visits: 1,000,000 closed passes of one
 * organization over three years, nearly all past the 180-day period, and 30,000 packages with
 * their photo and signature. Baseline: one bare UPDATE of the same rows (visits, then packages)
 * in one transaction, its deferred data-version triggers run (SET CONSTRAINTS ALL IMMEDIATE)
 * and rolled back, timed. Then the worker's sweep job, run once in a child process: every
 * statement and transaction timed on its side (knex's query events), its backend sampled every
 * 100 ms in pg_stat_activity (age of its transaction: how long its row locks have been held;
 * age of its running statement) and pg_locks (sessions waiting for a lock), while the tower
 * guard's desk lists are loaded at 10 connections. Targets: no statement and no transaction
 * over 1 s; everything due anonymised, nothing more on a second run; the lists' p99 < 50 ms
 * during the sweep (beside their p99 without it).
 */
const suite: BenchSuite = {
  name: 'retention',
  description: `Barrido de retención (Ley 172-13) sobre ${VISITS.toLocaleString('es-DO')} visitas, por lotes, con la recepción en uso`,
  async run(ctx) {
    const admin = await ctx.createAdministrator();
    const started = Date.now();
    await seedLargeOrganization(ctx.db, admin.organizationId, await hashPassword('bench-resident'), SIZES);
    await seedRetention(ctx.db, admin.organizationId, admin.userId, { visits: VISITS, packages: PACKAGES });
    await ctx.db.raw('vacuum analyze visitors, packages');
    const seedSeconds = Math.round((Date.now() - started) / 100) / 10;
    const due = await dueCounts(ctx.db);
    const sizes = await tableSizes(ctx);

    const baseline = await bareUpdate(ctx);
    const vacuumStarted = Date.now();
    await ctx.db.raw('vacuum analyze visitors, packages');
    const vacuumSeconds = Math.round((Date.now() - vacuumStarted) / 100) / 10;

    const propertyId = (await ctx.db('properties').where({ organizationId: admin.organizationId }).orderBy('id').first('id')).id as number;
    const cookie = await ctx.signIn(await securityGuard(ctx, admin.organizationId, propertyId), BENCH_PASSWORD);
    const lists = [
      { ruta: 'GET /api/desk/today', path: `/api/desk/today?propertyId=${propertyId}` },
      { ruta: 'GET /api/visitors (bitácora de la torre)', path: `/api/visitors?propertyId=${propertyId}&limit=20` },
      { ruta: 'GET /api/packages (bitácora de la torre)', path: `/api/packages?propertyId=${propertyId}&limit=20` },
    ];
    const measure = (route: (typeof lists)[number], duration = LOAD_SECONDS) =>
      load({ url: `${ctx.baseUrl}${route.path}`, headers: { cookie }, connections: HOT_PATH_TARGETS.connections, duration });
    const quiet: Record<string, Awaited<ReturnType<typeof measure>>> = {};
    for (const route of lists) {
      await measure(route, 2); // warm-up
      quiet[route.ruta] = await measure(route);
    }

    // The sweep, watched from the database and loaded by the desk meanwhile.
    const sampler = sample(ctx);
    const sweeping = runSweep(ctx);
    let done = false;
    void sweeping.finally(() => (done = true)).catch(() => {});
    const during: Record<string, Array<Awaited<ReturnType<typeof measure>>>> = {};
    for (let i = 0; !done; i++) {
      const route = lists[i % lists.length];
      (during[route.ruta] ??= []).push(await measure(route));
    }
    const watched = await sampler.stop();
    const sweep = await sweeping;
    const left = await dueCounts(ctx.db);
    const again = await runSweep(ctx);
    const anonymised = await anonymisedCounts(ctx);

    const rows = sweep.result.anonymised + sweep.result.packages;
    const rate = Math.round(rows / (sweep.ms / 1000));
    const baseRate = Math.round(baseline.rows / (baseline.totalMs / 1000));
    const maxStatement = Math.max(...sweep.statements);
    const maxTransaction = Math.max(...sweep.transactions);
    const allDone = left.visits === 0 && left.packages === 0 && sweep.result.anonymised === due.visits && sweep.result.packages === due.packages;
    const unchanged = again.result.anonymised === 0 && again.result.packages === 0;
    const ms = (value: number) => Math.round(value);
    const targets = [
      {
        objetivo: `Sentencia más larga del barrido < ${LIMIT_MS} ms (tiempo en el worker; muestreo de pg_stat_activity cada 100 ms)`,
        valor: `${ms(maxStatement)} ms en el worker; ${ms(watched.queryMs)} ms vista en la base`,
        referencia: `UPDATE único de las visitas: ${ms(baseline.visitsMs)} ms`,
        proporción: Math.round((maxStatement / baseline.visitsMs) * 1000) / 1000,
        cumple: maxStatement < LIMIT_MS && watched.queryMs < LIMIT_MS,
      },
      {
        objetivo: `Transacción más larga del barrido (sus bloqueos de filas) < ${LIMIT_MS} ms`,
        valor: `${ms(maxTransaction)} ms en el worker; ${ms(watched.xactMs)} ms vista en la base; máx. ${watched.waiting} sesiones esperando un bloqueo`,
        referencia: `transacción del UPDATE único: ${ms(baseline.totalMs)} ms`,
        proporción: Math.round((maxTransaction / baseline.totalMs) * 1000) / 1000,
        cumple: maxTransaction < LIMIT_MS && watched.xactMs < LIMIT_MS,
      },
      {
        objetivo: 'Todo lo vencido anonimizado por lotes; una 2ª pasada no cambia nada',
        valor: `${rows} filas en ${Math.round(sweep.ms / 100) / 10} s: ${rate} filas/s; quedan ${left.visits + left.packages}; 2ª pasada ${again.result.anonymised + again.result.packages} filas en ${Math.round(again.ms)} ms`,
        referencia: `UPDATE único: ${baseline.rows} filas en ${Math.round(baseline.totalMs / 100) / 10} s: ${baseRate} filas/s`,
        proporción: Math.round((rate / baseRate) * 100) / 100,
        cumple: allDone && unchanged,
      },
      ...lists.map((route) => {
        const runs = during[route.ruta] ?? [];
        const p99 = Math.max(...runs.map((run) => run['p99 ms']));
        const errors = runs.reduce((sum, run) => sum + run.errors, 0);
        return {
          objetivo: `${route.ruta} durante el barrido: p99 < ${HOT_PATH_TARGETS.p99Ms} ms a ${HOT_PATH_TARGETS.connections} conexiones`,
          valor: `p99 ${p99} ms (peor de ${runs.length} tandas de ${LOAD_SECONDS} s), ${errors} errores`,
          referencia: `sin barrido: p99 ${quiet[route.ruta]['p99 ms']} ms`,
          proporción: Math.round((p99 / quiet[route.ruta]['p99 ms']) * 100) / 100,
          cumple: runs.length > 0 && p99 < HOT_PATH_TARGETS.p99Ms && errors === 0,
        };
      }),
    ];
    const statementsSorted = [...sweep.statements].sort((a, b) => a - b);
    const pct = (values: number[], p: number) => ms(values[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)] ?? 0);
    const txSorted = [...sweep.transactions].sort((a, b) => a - b);
    return [
      targetsTable(targets),
      { title: `Datos sembrados en ${seedSeconds} s`, rows: [{ visitas: VISITS, paquetes: PACKAGES, 'visitas vencidas': due.visits, 'paquetes vencidos': due.packages, ...sizes }] },
      {
        title: 'Referencia: un UPDATE único de las mismas filas en una transacción (triggers diferidos ejecutados, luego ROLLBACK)',
        rows: [{ filas: baseline.rows, 'visitas ms': ms(baseline.visitsMs), 'paquetes ms': ms(baseline.packagesMs), 'triggers ms': ms(baseline.triggersMs), 'total ms': ms(baseline.totalMs), 'filas/s': baseRate, 'VACUUM después s': vacuumSeconds }],
      },
      {
        title: `Barrido por lotes (hasta ${sweep.sizes.limit} filas y ${sweep.sizes.span} ids por lote, ${sweep.sizes.budgetMs} ms de presupuesto por lote): tiempos en el worker (BEGIN y COMMIT incluidos) y en la base (muestreo cada 100 ms)`,
        rows: [
          {
            pasada: '1ª',
            visitas: sweep.result.anonymised,
            paquetes: sweep.result.packages,
            's': Math.round(sweep.ms / 100) / 10,
            'filas/s': rate,
            sentencias: sweep.statements.length,
            'sentencia p50 ms': pct(statementsSorted, 50),
            'sentencia p99 ms': pct(statementsSorted, 99),
            'sentencia máx ms': ms(maxStatement),
            transacciones: sweep.transactions.length,
            'filas por lote': Math.round(rows / Math.max(1, sweep.transactions.length)),
            'transacción p99 ms': pct(txSorted, 99),
            'transacción máx ms': ms(maxTransaction),
            'muestras': watched.samples,
            'máx xact vista ms': ms(watched.xactMs),
            'máx sentencia vista ms': ms(watched.queryMs),
            'máx en espera de bloqueo': watched.waiting,
          },
          { pasada: '2ª (nada vencido)', visitas: again.result.anonymised, paquetes: again.result.packages, 's': Math.round(again.ms / 100) / 10, sentencias: again.statements.length, 'sentencia máx ms': ms(Math.max(...again.statements)) },
        ],
      },
      { title: 'Sentencias más largas de la 1ª pasada', rows: sweep.longest.map((row) => ({ ms: ms(row.ms), sentencia: row.sql })) },
      {
        title: `Listas de la recepción (vigilante de la torre), ${HOT_PATH_TARGETS.connections} conexiones: sin barrido y durante el barrido`,
        rows: lists.flatMap((route) => [
          { ruta: route.ruta, momento: 'sin barrido', ...quiet[route.ruta] },
          ...(during[route.ruta] ?? []).map((run, i) => ({ ruta: route.ruta, momento: `durante, tanda ${i + 1}`, ...run })),
        ]),
      },
      { title: 'Comprobación', rows: [{ ...anonymised, 'visitas sin anonimizar (recientes)': await ctx.db('visitors').whereNull('anonymizedAt').count({ n: '*' }).then((r) => Number(r[0].n)) }] },
    ];
  },
};
export default suite;

type SweepRun = {
  result: { expired: number; anonymised: number; packages: number };
  ms: number;
  sizes: { limit: number; span: number; budgetMs: number };
  statements: number[];
  transactions: number[];
  longest: Array<{ ms: number; sql: string }>;
};

/** worker/jobs/sweep-visitors.ts once, in a child process on the bench database (bench/retention-sweep.ts). */
function runSweep(ctx: BenchContext) {
  const child = fork(path.join(here, '..', 'retention-sweep.ts'), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, DATABASE_URL: ctx.databaseUrl, APPLICATION_NAME, LOG_LEVEL: 'error' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise<SweepRun>((resolve, reject) => {
    let answer: SweepRun | undefined;
    child.on('message', (message: { type?: string } & SweepRun) => message.type === 'done' && (answer = message));
    child.once('exit', (code) => (answer ? resolve(answer) : reject(new Error(`el barrido terminó sin resultado (${code})`))));
  });
}

/**
 * Every 100 ms: the age of the sweep's open transaction (its row locks are held until it ends)
 * and of its running statement, and how many sessions of the database wait for a lock.
 */
function sample(ctx: BenchContext) {
  const client = new pg.Client({ connectionString: ctx.databaseUrl });
  const seen = { xactMs: 0, queryMs: 0, waiting: 0, samples: 0 };
  let running = true;
  const loop = (async () => {
    await client.connect();
    while (running) {
      const { rows } = await client.query(
        `select coalesce(max(extract(epoch from now() - xact_start) * 1000) filter (where a.application_name = $1), 0) as xact_ms,
                coalesce(max(extract(epoch from now() - query_start) * 1000) filter (where a.application_name = $1 and state = 'active'), 0) as query_ms,
                (select count(*) from pg_locks l join pg_stat_activity w on w.pid = l.pid where not l.granted and w.datname = current_database()) as waiting
         from pg_stat_activity a where a.datname = current_database()`,
        [APPLICATION_NAME],
      );
      seen.xactMs = Math.max(seen.xactMs, Number(rows[0].xact_ms));
      seen.queryMs = Math.max(seen.queryMs, Number(rows[0].query_ms));
      seen.waiting = Math.max(seen.waiting, Number(rows[0].waiting));
      seen.samples++;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })()
    .catch((error: unknown) => console.error('muestreo interrumpido:', error))
    .finally(() => client.end().catch(() => {}));
  return {
    stop: async () => {
      running = false;
      await loop;
      return seen;
    },
  };
}

/**
 * The baseline: the same rows anonymised by one bare UPDATE each (visits, then packages) in one
 * transaction, the deferred data-version triggers run as a commit would, then rolled back.
 */
async function bareUpdate(ctx: BenchContext) {
  const client = new pg.Client({ connectionString: ctx.databaseUrl });
  await client.connect();
  const retention = `make_interval(days => coalesce(case when jsonb_typeof(o.settings -> 'visitors' -> 'retentionDays') = 'number'
      then (o.settings -> 'visitors' ->> 'retentionDays')::int end, 180))`;
  try {
    const t0 = performance.now();
    await client.query('begin');
    const visits = await client.query(
      `update visitors v set name = $1, email = null, phone = null, vehicle_plate = null, purpose = null, notes = null, cancelled_reason = null,
              pass_token = null, anonymized_at = now()
       from properties p join organizations o on o.id = p.organization_id
       where p.id = v.property_id and v.anonymized_at is null and v.status not in ('scheduled', 'pending', 'checked-in')
         and coalesce(v.check_out_time, v.valid_to, v.created_at) < now() - ${retention}`,
      [ANONYMISED_NAME],
    );
    const t1 = performance.now();
    const packages = await client.query(
      `update packages k set photo = null, photo_type = null, signature = null,
              picked_up_by_name = case when k.picked_up_by_name is null then null else $1 end, picked_up_by_id_number = null, anonymized_at = now()
       from properties p join organizations o on o.id = p.organization_id
       where p.id = k.property_id and k.anonymized_at is null and k.status <> 'waiting'
         and coalesce(k.picked_up_at, k.returned_at) < now() - ${retention}`,
      [ANONYMISED_PICKUP],
    );
    const t2 = performance.now();
    await client.query('set constraints all immediate');
    const t3 = performance.now();
    await client.query('rollback');
    return { rows: (visits.rowCount ?? 0) + (packages.rowCount ?? 0), visitsMs: t1 - t0, packagesMs: t2 - t1, triggersMs: t3 - t2, totalMs: t3 - t0 };
  } finally {
    await client.end();
  }
}

async function tableSizes(ctx: BenchContext) {
  const { rows } = await ctx.db.raw(`select pg_size_pretty(pg_total_relation_size('visitors')) as visitors, pg_size_pretty(pg_total_relation_size('packages')) as packages`);
  return { 'tamaño visitors': rows[0].visitors, 'tamaño packages (con fotos)': rows[0].packages };
}

async function anonymisedCounts(ctx: BenchContext) {
  const { rows } = await ctx.db.raw(
    `select (select count(*) from visitors where anonymized_at is not null and name = ? and phone is null and pass_token is null) as visits,
            (select count(*) from packages where anonymized_at is not null and photo is null and signature is null) as packages`,
    [ANONYMISED_NAME],
  );
  return { 'visitas anonimizadas': Number(rows[0].visits), 'paquetes anonimizados': Number(rows[0].packages) };
}

/** A supplier on the security staff of the property (password BENCH_PASSWORD): its username. */
async function securityGuard(ctx: BenchContext, organizationId: number, propertyId: number) {
  const username = `vigilante-retencion-${Date.now()}@bench.do`;
  const [user] = await ctx.db('users')
    .insert({ username, email: username, password: await hashPassword(BENCH_PASSWORD), name: 'Ramón', lastName: 'Vigilante', role: 'Suplidor', organizationId })
    .returning('id');
  await ctx.db('propertyStaff').insert({ propertyId, userId: user.id, service: 'security' });
  return username;
}
