import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import type { Knex } from 'knex';
import { periodOf } from '../../shared/billing';
import { JOBS, QUEUES } from '../../shared/jobs';
import { addDays, todayThere } from '../../shared/time';
import { createRedis } from '../../server/services/redis';
import { hashPassword } from '../../server/services/passwords';
import { load, targetsTable, type BenchContext, type BenchSuite } from '../lib';
import { seedLargeOrganization } from '../seed-properties';

const here = path.dirname(fileURLToPath(import.meta.url));
const PROPERTIES = 200;
const UNITS_PER_PROPERTY = 200;
const UNITS = PROPERTIES * UNITS_PER_PROPERTY;
const OVERDUE = 24_000;
const ISSUE_TARGET_S = 60;
const LATE_FEES_TARGET_S = 30;
const SCALING_TARGET = 1.6;
const P99_TARGET_MS = 50;
const CONNECTIONS = 10;

/**
 * The worker's 1st of the month at scale: an organization of 40,000 units in 200 properties,
 * each with a billing plan, its month of cuotas issued by ONE production worker process
 * (worker/index.ts, concurrency 5) from the moment the 200 properties' issue jobs are enqueued
 * until the last cuota is in; then the same for a second organization of the same size by TWO
 * worker processes at once (throughput against one). While each runs, the administrator's list
 * pages are loaded at 10 connections, one after another in windows of 3 s (the worst window's
 * p99 is the figure). Checked in SQL: one cuota per unit, invoice numbers 1..N without gaps.
 * Then the day's late fees over the first organization with 24,000 overdue charges, by a
 * worker, and a second run that must create nothing. Baselines, in the same run: the same rows
 * (charges, journal entries and lines, events) written by one bare SQL script each, rolled back.
 */
const suite: BenchSuite = {
  name: 'monthly',
  description: 'Cuotas del mes de 40.000 unidades (200 torres) por 1 y 2 procesos worker, y la mora del día sobre 24.000 cargos vencidos',
  async run(ctx) {
    const started = Date.now();
    const hash = await hashPassword('bench-resident');
    const one = await seedOrganization(ctx, hash);
    const two = await seedOrganization(ctx, hash);
    const seedSeconds = Math.round((Date.now() - started) / 100) / 10;
    const connection = createRedis(ctx.redisUrl, { maxRetriesPerRequest: null });
    const queue = new Queue(QUEUES.billing, { connection, prefix: ctx.redisPrefix });
    try {
      const single = await issueRun(ctx, queue, one, 1);
      const double = await issueRun(ctx, queue, two, 2);
      const issueBaseline = await baselineIssue(ctx.db, one.organizationId);
      const overdue = await seedOverdue(ctx.db, one.organizationId);
      const fees = await lateFeesRun(ctx, queue, one.organizationId);
      const feesBaseline = await baselineLateFees(ctx.db, one.organizationId);
      const s = (ms: number) => Math.round(ms / 100) / 10;
      const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
      const checks = (run: IssueRun) => `${run.check.cuotas} cuotas, ${run.check.units} unidades, ${run.check.duplicates} dobles, números ${run.check.numbers}`;
      const worstP99 = (run: IssueRun) => Math.max(...run.lists.map((row) => Number(row['p99 ms'])));
      const listRows = (run: IssueRun, workers: number) => run.lists.map((row) => ({ workers, ...row }));
      return [
        { title: `Datos sembrados en ${seedSeconds} s`, rows: [{ organizaciones: 2, torres: 2 * PROPERTIES, unidades: 2 * UNITS, 'cargos vencidos (mora)': overdue }] },
        targetsTable([
          {
            objetivo: `Cuotas de ${UNITS.toLocaleString('es')} unidades con 1 worker <= ${ISSUE_TARGET_S} s, una por unidad, sin huecos`,
            valor: `${s(single.ms)} s (${single.perSecond} cuotas/s); ${checks(single)}`,
            referencia: `SQL directo ${s(issueBaseline)} s`,
            proporción: ratio(single.ms, issueBaseline),
            cumple: single.ms <= ISSUE_TARGET_S * 1000 && single.check.ok,
          },
          {
            objetivo: `Con 2 workers: lo mismo, >= ${SCALING_TARGET}x las cuotas/s de 1`,
            valor: `${s(double.ms)} s (${double.perSecond} cuotas/s); ${checks(double)}`,
            referencia: `1 worker: ${single.perSecond} cuotas/s`,
            proporción: ratio(double.perSecond, single.perSecond),
            cumple: double.check.ok && double.ms <= ISSUE_TARGET_S * 1000 && double.perSecond >= SCALING_TARGET * single.perSecond,
          },
          {
            objetivo: `Listas del administrador durante la emisión: p99 < ${P99_TARGET_MS} ms con ${CONNECTIONS} conexiones`,
            valor: `peor ventana p99 ${worstP99(single)} ms (1 worker), ${worstP99(double)} ms (2 workers)`,
            referencia: `en reposo: peor p99 ${Math.max(...single.idle.map((row) => Number(row['p99 ms'])))} ms`,
            proporción: ratio(Math.max(worstP99(single), worstP99(double)), P99_TARGET_MS),
            cumple: Math.max(worstP99(single), worstP99(double)) < P99_TARGET_MS && [...single.lists, ...double.lists].every((row) => !row.errores),
          },
          {
            objetivo: `Mora del día sobre ${OVERDUE.toLocaleString('es')} cargos vencidos <= ${LATE_FEES_TARGET_S} s, idempotente`,
            valor: `${s(fees.ms)} s (${fees.made} recargos, ${fees.perSecond}/s); 2ª pasada: ${fees.again} nuevos en ${s(fees.againMs)} s`,
            referencia: `SQL directo ${s(feesBaseline)} s`,
            proporción: ratio(fees.ms, feesBaseline),
            cumple: fees.ms <= LATE_FEES_TARGET_S * 1000 && fees.made === OVERDUE && fees.again === 0,
          },
        ]),
        {
          title: 'Emisión mensual (desde encolar los 200 trabajos hasta la última cuota)',
          rows: [
            { medida: 'Vecindad, 1 worker (concurrencia 5)', s: s(single.ms), 'cuotas/s': single.perSecond, 'eventos escritos': single.check.events, comprobación: checks(single) },
            { medida: 'Vecindad, 2 workers (concurrencia 5 cada uno)', s: s(double.ms), 'cuotas/s': double.perSecond, 'eventos escritos': double.check.events, comprobación: checks(double) },
            { medida: 'Línea base: las mismas filas en un script SQL (deshecho)', s: s(issueBaseline), 'cuotas/s': Math.round(UNITS / (issueBaseline / 1000)), 'eventos escritos': '', comprobación: '' },
          ],
        },
        { title: `Listas del administrador, ${CONNECTIONS} conexiones, ventanas de 3 s (en reposo y durante la emisión)`, rows: [...listRows({ ...single, lists: single.idle }, 0), ...listRows(single, 1), ...listRows(double, 2)] },
        {
          title: 'Mora del día (el trabajo billing.late-fees y uno por torre, en un worker)',
          rows: [
            { medida: 'Vecindad, 1ª pasada', s: s(fees.ms), recargos: fees.made, 'recargos/s': fees.perSecond },
            { medida: 'Vecindad, 2ª pasada (nada nuevo)', s: s(fees.againMs), recargos: fees.again, 'recargos/s': '' },
            { medida: 'Línea base: las mismas filas en un script SQL (deshecho)', s: s(feesBaseline), recargos: OVERDUE, 'recargos/s': Math.round(OVERDUE / (feesBaseline / 1000)) },
          ],
        },
      ];
    } finally {
      await queue.close();
      await connection.quit().catch(() => connection.disconnect());
    }
  },
};
export default suite;

type Seeded = { organizationId: number; cookie: string; propertyIds: number[] };
type IssueRun = Awaited<ReturnType<typeof issueRun>>;

/** An organization of PROPERTIES × UNITS_PER_PROPERTY units with residents (no plans yet: they are added once the workers are up). */
async function seedOrganization(ctx: BenchContext, hash: string): Promise<Seeded> {
  const { organizationId, cookie } = await ctx.createAdministrator();
  await seedLargeOrganization(ctx.db, organizationId, hash, { properties: PROPERTIES, unitsPerProperty: UNITS_PER_PROPERTY, residents: UNITS });
  const propertyIds = (await ctx.db('properties').where({ organizationId }).orderBy('id').pluck('id')) as number[];
  return { organizationId, cookie, propertyIds };
}

/** Every property gets a plan saved last month (issue day 1, 10 % reserve, 5 % late fee after 5 days): it issues this month today. */
async function addPlans(db: Knex, organizationId: number) {
  await db.raw(
    `insert into billing_plans (property_id, organization_id, monthly_fee, split, issue_day, due_days, reserve_percent, late_fee_kind, late_fee_value, grace_days, created_at)
     select id, organization_id, 450000, 'equal', 1, 10, 10, 'percent', 5, 5, now() - interval '40 days' from properties where organization_id = ?`,
    [organizationId],
  );
}

/** Starts `count` production worker processes; resolves once they are up and their first sweep (with no plan yet) is done. */
async function startWorkers(ctx: BenchContext, count: number) {
  const workers: ChildProcess[] = Array.from({ length: count }, () =>
    fork(path.join(here, '../../worker/index.ts'), {
      execArgv: ['--import', 'tsx'],
      env: { ...ctx.serverEnv, BROADCAST_SWEEP_EVERY_MS: String(60 * 60 * 1000) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
  await Promise.all(workers.map((worker) => new Promise<void>((resolve, reject) => {
    worker.on('message', (message: { type?: string }) => message?.type === 'ready' && resolve());
    worker.once('exit', (code) => reject(new Error(`el worker terminó (${code})`)));
  })));
  // The boot's sweeps run at once: a pause lets them finish before the plans exist.
  await new Promise((resolve) => setTimeout(resolve, 4000));
  return async () => {
    await Promise.all(workers.map((worker) => {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.kill('SIGTERM');
      return exited;
    }));
  };
}

const LIST_PATHS = (propertyId: number) => [
  { ruta: 'GET /api/charges?limit=25', path: '/api/charges?limit=25' },
  { ruta: 'GET /api/properties/:id/units', path: `/api/properties/${propertyId}/units` },
  { ruta: 'GET /api/payments?limit=25', path: '/api/payments?limit=25' },
];

/** Loads the lists one after another in 3 s windows, round after round until `done()` (at least one round). */
async function loadLists(ctx: BenchContext, seeded: Seeded, done: () => boolean) {
  const rows: Array<Record<string, string | number>> = [];
  do {
    for (const { ruta, path: route } of LIST_PATHS(seeded.propertyIds[0])) {
      const result = await load({ url: `${ctx.baseUrl}${route}`, headers: { cookie: seeded.cookie }, connections: CONNECTIONS, duration: 3 });
      rows.push({ ruta, 'req/s': result['req/s'], 'p50 ms': result['p50 ms'], 'p99 ms': result['p99 ms'], errores: result.errors });
    }
  } while (!done());
  return rows;
}

/** The month's issue of one organization by `workers` processes: enqueue the 200 jobs, wait for every cuota, check them. */
async function issueRun(ctx: BenchContext, queue: Queue, seeded: Seeded, workers: number) {
  const { organizationId } = seeded;
  for (const { path: route } of LIST_PATHS(seeded.propertyIds[0])) await load({ url: `${ctx.baseUrl}${route}`, headers: { cookie: seeded.cookie }, connections: CONNECTIONS, duration: 1 }); // warm-up
  const idle = await loadLists(ctx, seeded, () => true);
  const stop = await startWorkers(ctx, workers);
  try {
    await addPlans(ctx.db, organizationId);
    const period = periodOf(todayThere());
    const enqueuedAt = performance.now();
    await queue.addBulk(seeded.propertyIds.map((propertyId) => ({ name: JOBS.issueMonthly, data: { propertyId }, opts: { jobId: `bench-issue-${propertyId}-${period}`, attempts: 5, backoff: { type: 'exponential', delay: 2000 } } })));
    let finishedAt = 0;
    const watching = (async () => {
      const deadline = Date.now() + 10 * 60_000;
      while (Date.now() < deadline) {
        const { rows } = await ctx.db.raw(`select count(*)::int as n from charges where organization_id = ? and type = 'maintenance' and period = ?`, [organizationId, period]);
        if (rows[0].n >= UNITS) return (finishedAt = performance.now());
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`las cuotas no terminaron en 10 minutos (${workers} workers)`);
    })();
    const lists = await loadLists(ctx, seeded, () => finishedAt > 0);
    await watching;
    const ms = finishedAt - enqueuedAt;
    return { ms, perSecond: Math.round(UNITS / (ms / 1000)), lists, idle, check: await checkIssue(ctx.db, organizationId, period) };
  } finally {
    await stop();
  }
}

/** One cuota per unit and the organization's invoice numbers 1..N with no gap and no repeat. */
async function checkIssue(db: Knex, organizationId: number, period: string) {
  const { rows } = await db.raw(
    `select (select count(*)::int from charges where organization_id = :org and type = 'maintenance' and period = :period) as cuotas,
            (select count(distinct unit_id)::int from charges where organization_id = :org and type = 'maintenance' and period = :period) as units,
            (select count(*)::int from units u join properties p on p.id = u.property_id where p.organization_id = :org) as all_units,
            (select count(*)::int from charges where organization_id = :org) as numbered,
            (select count(distinct invoice_number)::int from charges where organization_id = :org) as distinct_numbers,
            (select min(substring(invoice_number from 10)::int) from charges where organization_id = :org) as first_number,
            (select max(substring(invoice_number from 10)::int) from charges where organization_id = :org) as last_number,
            (select count(*)::int from events where organization_id = :org and type = 'charge.created') as events`,
    { org: organizationId, period },
  );
  const r = rows[0];
  const gapless = r.distinct_numbers === r.numbered && r.first_number === 1 && r.last_number === r.numbered;
  return {
    cuotas: r.cuotas,
    units: r.units,
    duplicates: r.cuotas - r.units,
    events: r.events,
    numbers: gapless ? `1..${r.last_number} sin huecos` : `${r.first_number}..${r.last_number} para ${r.numbered} (HUECOS)`,
    ok: r.cuotas === r.all_units && r.units === r.all_units && gapless,
  };
}

/**
 * The same rows the issue writes (a cuota per unit with its number, its journal entry and three
 * lines, its events for the administrators and the unit's people), as one set-based SQL script
 * in a transaction rolled back (next month's period, so the month issued stays as it is).
 */
async function baselineIssue(db: Knex, organizationId: number) {
  const startedAt = performance.now();
  const period = periodOf(addDays(periodOf(todayThere()), 40));
  await db
    .transaction(async (trx) => {
      await trx.raw(
        `create temp table bench_cuotas on commit drop as
         select u.id as unit_id, u.property_id, u.unit_number, row_number() over (order by u.property_id, u.id) as n
         from units u join properties p on p.id = u.property_id where p.organization_id = ?`,
        [organizationId],
      );
      await trx.raw(
        `insert into billing_sequences as s (organization_id, series, year, last_number) values (?, 'invoice', extract(year from now())::int, (select count(*) from bench_cuotas))
         on conflict (organization_id, series, year) do update set last_number = s.last_number + excluded.last_number`,
        [organizationId],
      );
      await trx.raw(
        `insert into charges (organization_id, property_id, unit_id, user_id, type, amount, reserve_amount, due_date, description, period, invoice_number)
         select ?, c.property_id, c.unit_id, u.owner_id, 'maintenance', 247500, 22500, current_date + 10, 'Cuota de mantenimiento', ?::date, 'FAC-B-' || c.n
         from bench_cuotas c join units u on u.id = c.unit_id`,
        [organizationId, period],
      );
      await trx.raw(
        `with e as (
           insert into journal_entries (organization_id, property_id, date, source_type, source_id, description)
           select organization_id, property_id, current_date, 'charge', id, invoice_number || ' · ' || description from charges where organization_id = ? and period = ?::date
           returning id)
         insert into journal_lines (entry_id, account_id, debit, credit)
         select e.id, a.id, case when a.key = 'receivables' then 247500 else 0 end, case a.key when 'income:maintenance' then 225000 when 'income:reserve' then 22500 else 0 end
         from e cross join accounts a where a.organization_id = ? and a.key in ('receivables', 'income:maintenance', 'income:reserve')`,
        [organizationId, period, organizationId],
      );
      await trx.raw(
        `insert into events (type, organization_id, audience, property_id, user_id, subject_type, subject_id, payload)
         select 'charge.created', c.organization_id, 'administrators', c.property_id, null, 'charge', c.id, jsonb_build_object('id', c.id, 'unitId', c.unit_id, 'amount', c.amount, 'invoiceNumber', c.invoice_number)
         from charges c where c.organization_id = :org and c.period = :period
         union all
         select 'charge.created', c.organization_id, 'user', c.property_id, r.user_id, 'charge', c.id, jsonb_build_object('id', c.id, 'unitId', c.unit_id, 'amount', c.amount, 'invoiceNumber', c.invoice_number)
         from charges c join residents r on r.unit_id = c.unit_id and r.status <> 'inactive' where c.organization_id = :org and c.period = :period`,
        { org: organizationId, period },
      );
      throw new RolledBack();
    })
    .catch((error) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return performance.now() - startedAt;
}

class RolledBack extends Error {}

/** OVERDUE units of the organization owe last month's cuota (due 20 days ago, issued 30 days ago), written set-based. */
async function seedOverdue(db: Knex, organizationId: number) {
  await db.transaction(async (trx) => {
    await trx.raw(
      `insert into charges (organization_id, property_id, unit_id, amount, type, due_date, description, period, invoice_number, created_at, updated_at)
       select ?, u.property_id, u.id, 450000, 'maintenance', current_date - 20, 'Cuota anterior', (date_trunc('month', current_date) - interval '1 month')::date,
              'FAC-V-' || u.id, now() - interval '30 days', now() - interval '30 days'
       from units u join properties p on p.id = u.property_id where p.organization_id = ? order by u.id limit ?`,
      [organizationId, organizationId, OVERDUE],
    );
  });
  await db.raw('vacuum analyze charges');
  return OVERDUE;
}

/** The day's late-fee job on one worker process, then a second run of it (which must create nothing). */
async function lateFeesRun(ctx: BenchContext, queue: Queue, organizationId: number) {
  const stop = await startWorkers(ctx, 1);
  const fees = async () => Number((await ctx.db('charges').where({ organizationId, type: 'late_fee' }).count({ n: '*' }))[0].n);
  const run = async (n: number) => {
    const startedAt = performance.now();
    // The second run checks every property again: the first run's jobs (kept by id) go.
    await queue.clean(0, 10_000, 'completed');
    const job = await queue.add(JOBS.lateFees, { today: todayThere() }, { jobId: `bench-late-fees-${n}` });
    for (;;) {
      const state = await job.getState();
      if (state === 'failed') throw new Error(`mora: ${(await queue.getJob(job.id!))?.failedReason}`);
      // The day's job, then the job per property it enqueued ('unknown': completed, and gone
      // from the list of completed jobs, which keeps the last 100).
      if (state === 'completed' || state === 'unknown') {
        const failed = (await queue.getJobs(['failed'])).find((other) => other.name === JOBS.propertyLateFees);
        if (failed) throw new Error(`mora de la torre ${failed.data.propertyId}: ${failed.failedReason}`);
        if (!(await queue.getJobs(['waiting', 'active', 'prioritized', 'delayed'])).some((other) => other.name === JOBS.propertyLateFees)) break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return performance.now() - startedAt;
  };
  try {
    const ms = await run(1);
    const made = await fees();
    const againMs = await run(2);
    return { ms, made, perSecond: Math.round(made / (ms / 1000)), againMs, again: (await fees()) - made };
  } finally {
    await stop();
  }
}

/** The late fees' rows (a charge linked to its source, its entry and two lines, its events) as one SQL script, rolled back. */
async function baselineLateFees(db: Knex, organizationId: number) {
  const startedAt = performance.now();
  const period = periodOf(addDays(periodOf(todayThere()), 40));
  await db
    .transaction(async (trx) => {
      await trx.raw(
        `insert into charges (organization_id, property_id, unit_id, user_id, type, amount, due_date, description, period, source_charge_id, invoice_number)
         select c.organization_id, c.property_id, c.unit_id, c.user_id, 'late_fee', 22500, current_date, 'Mora de ' || c.invoice_number, ?::date, c.id, 'FAC-BM-' || c.id
         from charges c where c.organization_id = ? and c.status = 'pending' and c.type = 'maintenance' and c.due_date < current_date - 5`,
        [period, organizationId],
      );
      await trx.raw(
        `with e as (
           insert into journal_entries (organization_id, property_id, date, source_type, source_id, description)
           select organization_id, property_id, current_date, 'charge', id, invoice_number || ' · ' || description from charges where organization_id = ? and type = 'late_fee' and period = ?::date
           returning id)
         insert into journal_lines (entry_id, account_id, debit, credit)
         select e.id, a.id, case when a.key = 'receivables' then 22500 else 0 end, case when a.key = 'income:late_fee' then 22500 else 0 end
         from e cross join accounts a where a.organization_id = ? and a.key in ('receivables', 'income:late_fee')`,
        [organizationId, period, organizationId],
      );
      await trx.raw(
        `insert into events (type, organization_id, audience, property_id, user_id, subject_type, subject_id, payload)
         select 'charge.created', c.organization_id, 'administrators', c.property_id, null, 'charge', c.id, jsonb_build_object('id', c.id, 'unitId', c.unit_id, 'amount', c.amount)
         from charges c where c.organization_id = :org and c.type = 'late_fee' and c.period = :period
         union all
         select 'charge.created', c.organization_id, 'user', c.property_id, r.user_id, 'charge', c.id, jsonb_build_object('id', c.id, 'unitId', c.unit_id, 'amount', c.amount)
         from charges c join residents r on r.unit_id = c.unit_id and r.status <> 'inactive' where c.organization_id = :org and c.type = 'late_fee' and c.period = :period`,
        { org: organizationId, period },
      );
      throw new RolledBack();
    })
    .catch((error) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return performance.now() - startedAt;
}
