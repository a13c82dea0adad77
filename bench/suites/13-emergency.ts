import os from 'node:os';
import nodemailer from 'nodemailer';
import { hashPassword } from '../../server/services/passwords';
import { forkClients, forkWorker, stopProcess, type Clients } from '../children';
import { postEmergency, sendBaselinePushes, startPushService, startSmtpSink, subscribeResidents } from '../deliveries';
import { BENCH_SESSION_SECRET, load, percentile, targetsTable, type BenchContext, type BenchSuite } from '../lib';
import { seedLargeOrganization, type PropertySeedSizes } from '../seed-properties';
import { sessionsFor } from '../sessions';
import type { ChildProcess } from 'node:child_process';

/**
 * 200 towers of 25 units and 50 active residents each (10,000 residents with an email address
 * and a subscribed phone), as in the push suite. BENCH_EMERGENCY_TOWERS runs a smaller copy.
 * BENCH_EMERGENCY_SOCKETS: how many of them have the app open (a socket each); 2,000 by
 * default, what a 2-core machine holds beside everything else this measurement runs.
 */
const TOWERS = Number(process.env.BENCH_EMERGENCY_TOWERS ?? 200);
const SIZES: PropertySeedSizes = { properties: TOWERS, unitsPerProperty: 25, residents: Math.floor((TOWERS * 50 * 10) / 9) };
const SOCKETS = Number(process.env.BENCH_EMERGENCY_SOCKETS ?? 2000);
const CLIENT_PROCESSES = 2;
/** Worker processes (BENCH_EMERGENCY_WORKERS): one, as the other suites; jobs have stable ids, so more share them. */
const WORKERS = Number(process.env.BENCH_EMERGENCY_WORKERS ?? 1);
/** The worker's default concurrency (worker/index.ts); the baselines send as many at once. */
const CONCURRENCY = 5;
const TARGET_SECONDS = 10;
const TIMEOUT_MS = 15 * 60_000;
/** The list page loaded during the fan-out, as in the properties suite. */
const LIST = '/api/residents?limit=25';
const LOAD_WINDOW_S = 5;
/**
 * The list's requests per second meanwhile (BENCH_EMERGENCY_LIST_RATE): 50, what ten
 * administrators clicking busily ask; 0 asks as fast as its 10 connections are answered (some
 * 500-800/s here), which measures the fan-out sharing 2 cores with a saturating load instead.
 */
const LIST_RATE = Number(process.env.BENCH_EMERGENCY_LIST_RATE ?? 50);
const listLoadText = `10 conexiones, ${LIST_RATE ? `${LIST_RATE} solicitudes/s` : 'tan rápido como respondan'}`;
const RESIDENTS = 'residents';
const BARE = 'bare';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const epoch = () => performance.timeOrigin + performance.now();
const seconds = (ms: number) => Math.round(ms / 100) / 10;
const load1 = () => Math.round(os.loadavg()[0] * 10) / 10;

/**
 * An emergency notice to every resident of one organization (issue 33): the Administrador's
 * POST /api/broadcasts (category emergency, the group's 200 towers in two requests of 100)
 * through the whole path: outbox, relay, the production worker (worker/index.ts, concurrency 5)
 * writing the inbox rows, their `notification.created` events (live, one per resident) and the
 * emails, then the emails handed to a local SMTP server (smtp-server) and the Web Push to a
 * local push service. Measured from the first POST: the 10,000 inbox rows (counted in SQL), the
 * live event on every connected resident's socket (2 client processes), the emails and pushes
 * (each rate between its first and last arrival), and GET /api/residents at 10 connections (LIST_RATE)
 * meanwhile, in 5-s windows until everything arrived. Baselines, same run: the same inbox rows
 * as one INSERT ... SELECT; an emit to each of as many sockets of the bare Socket.IO server
 * (bench/bare-socket.ts, same adapter); as many emails sent with nodemailer straight to the same
 * SMTP server (a pool of 5 connections); as many pushes encrypted beforehand sent 5 at a time;
 * the list's p99 before the notice.
 */
const suite: BenchSuite = {
  name: 'emergency',
  description: `Aviso de emergencia a ${(TOWERS * 50).toLocaleString('es-DO')} residentes de ${TOWERS} torres: bandeja, eventos en vivo, correo y Web Push`,
  async run(ctx) {
    const admin = await ctx.createAdministrator();
    const seedStarted = Date.now();
    await seedLargeOrganization(ctx.db, admin.organizationId, await hashPassword('bench-resident'), SIZES);
    const push = await startPushService();
    const smtp = await startSmtpSink();
    const { keys, devices } = await subscribeResidents(ctx, admin.organizationId, push.url);
    const propertyIds = (await ctx.db('properties').where({ organizationId: admin.organizationId }).orderBy('id').pluck('id')) as number[];
    const { rows: residentRows } = await ctx.db.raw(
      `select distinct r.user_id as id from residents r join properties p on p.id = r.property_id
       where p.organization_id = ? and r.status <> 'inactive' order by 1`,
      [admin.organizationId],
    );
    const residentIds = (residentRows as Array<{ id: number }>).map((row) => row.id);
    // Sockets spread over every tower: every n-th resident has the app open.
    const step = Math.max(1, Math.floor(residentIds.length / SOCKETS));
    const sessions = await sessionsFor(ctx, admin.cookie, residentIds.filter((_, i) => i % step === 0).slice(0, SOCKETS));
    const seedSeconds = seconds(Date.now() - seedStarted);

    const started: { clients?: Clients; workers: ChildProcess[] } = { workers: [] };
    try {
      const clients = (started.clients = await forkClients(CLIENT_PROCESSES));
      const connection = await clients.connect(sessions.map(({ cookie }) => ({ url: ctx.baseUrl, cookie, group: RESIDENTS })));
      const bare = await clients.connect(sessions.map(() => ({ url: ctx.bareSocketUrl, cookie: '', group: BARE })));
      if (!connection.connected) throw new Error(`ningún socket se conectó: ${JSON.stringify(connection.refusals)}`);
      for (let i = 0; i < WORKERS; i++) {
        started.workers.push(await forkWorker(ctx, 60_000, { SMTP_URL: smtp.url, SESSION_SECRET: BENCH_SESSION_SECRET, WORKER_CONCURRENCY: String(CONCURRENCY) }));
      }

      const listUrl = `${ctx.baseUrl}${LIST}`;
      const listLoad = (duration: number) => load({ url: listUrl, headers: { cookie: admin.cookie }, connections: 10, duration, rate: LIST_RATE });
      await listLoad(2); // warm-up
      const quiet = { ...(await listLoad(LOAD_WINDOW_S)), carga: load1() };

      // The notice, and everything measured from its first POST.
      const postedAt = performance.now();
      const postedEpoch = epoch();
      let finished = false;
      const windows: Array<Awaited<ReturnType<typeof listLoad>> & { carga: number }> = [];
      const loading = (async () => {
        while (!finished) windows.push({ ...(await listLoad(LOAD_WINDOW_S)), carga: load1() });
      })();
      await postEmergency(ctx, admin.cookie, propertyIds);
      const answeredAt = performance.now();
      const [inboxMs, liveTimes, broadcastTimes] = await Promise.all([
        inboxDone(ctx, admin.organizationId, residentIds.length, postedAt),
        clients.waitFor('notification.created:*', [RESIDENTS], TIMEOUT_MS),
        clients.waitFor('broadcast.created:*', [RESIDENTS], TIMEOUT_MS),
        smtp.waitFor(residentIds.length, TIMEOUT_MS),
        push.waitFor(devices, TIMEOUT_MS),
      ]);
      finished = true;
      await loading;
      const emails = smtp.counts();
      const pushes = push.counts();
      const inboxRows = Number((await ctx.db('notifications').where({ organizationId: admin.organizationId, type: 'broadcast.created' }).count({ n: '*' }))[0].n);
      const liveMs = Math.max(...liveTimes) - postedEpoch;
      const fanoutLoad = load1();
      await Promise.all(started.workers.splice(0).map(stopProcess));

      // Baselines, one after the other on the same machine.
      const insertMs = await bareInsert(ctx, admin.organizationId, residentIds);
      const bareEmitted = epoch();
      const bareSockets = await ctx.bareEmitToEach({ type: 'bare.each', subjectId: 1, propertyId: null, payload: { notificationId: 1, type: 'broadcast.created' } });
      const bareTimes = await clients.waitFor('bare.each:1', [BARE], TIMEOUT_MS);
      const bareMs = Math.max(...bareTimes) - bareEmitted;
      const smtpSeconds = await sendBaselineEmails(ctx, smtp, residentIds.length);
      push.reset();
      const pushSeconds = await sendBaselinePushes(push.url, keys, devices, CONCURRENCY);

      const worstWindow = windows.reduce((worst, window) => (window['p99 ms'] > worst['p99 ms'] ? window : worst), windows[0]);
      const listErrors = windows.reduce((sum, window) => sum + window.errors, 0);
      const emailRate = Math.round(emails.arrived / ((emails.lastAt - emails.firstAt) / 1000));
      const pushRate = Math.round(pushes.arrived / ((pushes.lastAt - pushes.firstAt) / 1000));
      const everySocket = liveTimes.length === connection.connected;
      return [
        targetsTable([
          {
            objetivo: `Bandeja: ${residentIds.length} filas <= ${TARGET_SECONDS} s desde el POST`,
            valor: `${seconds(inboxMs)} s (${inboxRows} filas)`,
            referencia: `INSERT ... SELECT de las mismas filas: ${seconds(insertMs)} s`,
            proporción: Math.round((inboxMs / insertMs) * 10) / 10,
            cumple: inboxRows === residentIds.length && inboxMs <= TARGET_SECONDS * 1000,
          },
          {
            objetivo: `En vivo: notification.created en los ${connection.connected} sockets conectados <= ${TARGET_SECONDS} s desde el POST`,
            valor: `${seconds(liveMs)} s (${liveTimes.length}/${connection.connected})`,
            referencia: `un emit a cada uno de ${bareSockets} sockets de Socket.IO sin nada más: ${seconds(bareMs)} s`,
            proporción: Math.round((liveMs / bareMs) * 10) / 10,
            cumple: everySocket && liveMs <= TARGET_SECONDS * 1000,
          },
          {
            objetivo: 'Correos: todos entregados al servidor SMTP (ritmo medido)',
            valor: `${emails.arrived} correos, ${emailRate}/s; el último a ${seconds(emails.lastAt - postedAt)} s`,
            referencia: `nodemailer directo (5 conexiones): ${Math.round(residentIds.length / smtpSeconds)}/s`,
            proporción: Math.round((emailRate / (residentIds.length / smtpSeconds)) * 100) / 100,
            cumple: emails.arrived >= residentIds.length,
          },
          {
            objetivo: 'Web Push: todos entregados al servicio de push (ritmo medido)',
            valor: `${pushes.arrived} pushes, ${pushRate}/s; el último a ${seconds(pushes.lastAt - postedAt)} s`,
            referencia: `ya cifrados, directos (5 a la vez): ${Math.round(devices / pushSeconds)}/s`,
            proporción: Math.round((pushRate / (devices / pushSeconds)) * 100) / 100,
            cumple: pushes.arrived >= devices,
          },
          {
            objetivo: `GET ${LIST} (${listLoadText}) durante el envío: p99 (se informa; sin errores)`,
            valor: `p99 ${worstWindow['p99 ms']} ms en la peor ventana de ${LOAD_WINDOW_S} s, ${listErrors} errores`,
            referencia: `antes del aviso: p99 ${quiet['p99 ms']} ms`,
            proporción: Math.round((worstWindow['p99 ms'] / quiet['p99 ms']) * 10) / 10,
            cumple: listErrors === 0,
          },
        ]),
        {
          title: `Datos sembrados en ${seedSeconds} s`,
          rows: [{ torres: propertyIds.length, residentes: residentIds.length, dispositivos: devices, 'sockets conectados': `${connection.connected}/${sessions.length}`, 'sockets de la línea base': bare.connected }],
        },
        {
          title: `Aviso de emergencia a ${residentIds.length} residentes (${WORKERS} proceso${WORKERS > 1 ? 's' : ''} del worker de producción, concurrencia ${CONCURRENCY}; carga durante el envío ${fanoutLoad})`,
          rows: [
            { medida: 'los POST respondidos', s: seconds(answeredAt - postedAt) },
            { medida: 'bandeja: todas las filas', s: seconds(inboxMs) },
            { medida: 'broadcast.created: último socket', s: seconds(Math.max(...broadcastTimes) - postedEpoch), 'p50 s': seconds(percentile(broadcastTimes, 50) - postedEpoch) },
            { medida: 'notification.created: último socket', s: seconds(liveMs), 'p50 s': seconds(percentile(liveTimes, 50) - postedEpoch) },
            { medida: 'correo: primero / último', s: `${seconds(emails.firstAt - postedAt)} / ${seconds(emails.lastAt - postedAt)}`, 'por s': emailRate },
            { medida: 'push: primero / último', s: `${seconds(pushes.firstAt - postedAt)} / ${seconds(pushes.lastAt - postedAt)}`, 'por s': pushRate },
          ],
        },
        {
          title: `GET ${LIST}, ${listLoadText}, ventanas de ${LOAD_WINDOW_S} s (antes y durante el envío)`,
          rows: [{ ventana: 'antes', ...quiet }, ...windows.map((window, i) => ({ ventana: i + 1, ...window }))],
        },
      ];
    } finally {
      await Promise.all(started.workers.map(stopProcess));
      if (started.clients) await started.clients.close();
      await push.close();
      await smtp.close();
    }
  },
};
export default suite;

/** Milliseconds from `since` until the organization's `count` inbox rows of the notice are there (polled in SQL). */
async function inboxDone(ctx: BenchContext, organizationId: number, count: number, since: number) {
  const deadline = Date.now() + TIMEOUT_MS;
  while (Date.now() < deadline) {
    const [{ n }] = await ctx.db('notifications').where({ organizationId, type: 'broadcast.created' }).count({ n: '*' });
    if (Number(n) >= count) return performance.now() - since;
    await sleep(100);
  }
  throw new Error(`la bandeja no llegó a ${count} filas`);
}

/** The same inbox rows as one bare INSERT ... SELECT (under other keys, then deleted). Answers its milliseconds. */
async function bareInsert(ctx: BenchContext, organizationId: number, userIds: number[]) {
  const sample = await ctx.db('notifications').where({ organizationId, type: 'broadcast.created' }).first();
  const started = performance.now();
  await ctx.db.raw(
    `insert into notifications (organization_id, user_id, event_id, type, category, key, subject_type, subject_id, payload, link)
     select :organizationId, u.id, :eventId, :type, :category, 'bench-baseline', :subjectType, :subjectId, :payload::jsonb, :link
     from users u where u.id = any(:ids::int[]) and u.is_active`,
    { organizationId, eventId: sample.eventId, type: sample.type, category: sample.category, subjectType: sample.subjectType, subjectId: sample.subjectId, payload: JSON.stringify(sample.payload), link: sample.link, ids: `{${userIds.join(',')}}` },
  );
  const ms = performance.now() - started;
  await ctx.db('notifications').where({ key: 'bench-baseline' }).delete();
  return ms;
}

/** As many emails as the notice's (one of its own, as written in the outbox), sent with nodemailer straight to the same server. */
async function sendBaselineEmails(ctx: BenchContext, smtp: Awaited<ReturnType<typeof startSmtpSink>>, count: number) {
  const email = await ctx.db('emailOutbox').orderBy('id', 'desc').first();
  const transport = nodemailer.createTransport(`${smtp.url}?pool=true&maxConnections=${CONCURRENCY}`);
  smtp.reset();
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        const n = next++;
        await transport.sendMail({ from: email.fromAddress, to: email.toAddress, subject: email.subject, text: email.textBody, html: email.htmlBody, headers: email.headers, messageId: `<baseline-${n}@vecindad.local>` });
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  transport.close();
  return elapsed;
}
