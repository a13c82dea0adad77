import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRedis } from '../../server/services/redis';
import { expiryJobId } from '../../shared/jobs';
import { closeQueues, createQueues } from '../../server/jobs/queues';
import { latencySummary, mb, percentile, targetsTable, type BenchContext, type BenchSuite, type BenchTable } from '../lib';
import { SESSION_ROW_SQL, sessionRowBindings, sessionSigner } from '../sessions';
import { forkClients, forkWorker, readyMessage, request, stopProcess, type Clients } from '../children';

const RESIDENTS = 10_000;
/** Properties the residents are spread over (besides the one they all live in). */
const BLOCKS = 10;
const FANOUT_ROUNDS = 5;
const BLOCK_ROUNDS = 3;
const CLIENT_PROCESSES = 4;
const BARE_GROUP = 'bare';
/** How long the expiry measurement waits for the notifications of its broadcasts. */
const QUIET_TIMEOUT_MS = 60_000;
const TARGETS = { fanoutP99Ms: 1000, baselineRatio: 1.3, expiryP99Ms: 2000 };

const here = path.dirname(fileURLToPath(import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => performance.timeOrigin + performance.now();
const verdict = (met: boolean) => (met ? 'cumple' : 'NO cumple');

/**
 * Live push in the production topology: two server processes (bench/server.ts and
 * bench/second-server.ts) sharing rooms through the Redis streams adapter, 10,000 residents'
 * sockets (in CLIENT_PROCESSES processes) dealt out over both. Every resident lives in one
 * property they all share and in one of ten blocks. An administrator publishes on the first
 * process; latency runs from the POST's response to each socket's receipt:
 * - one broadcast to the shared property: all received, p99 < 1 s;
 * - the ten blocks broadcasting at once: each block's residents get their own block's broadcast
 *   and no other property's (all received, p99 < 1 s);
 * - the same 10,000 sockets of the same client processes on the bare Socket.IO baseline
 *   (bench/bare-socket.ts: one such server in each of the two processes, same Redis streams
 *   adapter and options, no sign-in, no outbox), one emit on the first process reaching all:
 *   Vecindad's p99 <= 1.3 times the baseline's. Everything else on the path (the POST, outbox,
 *   NOTIFY, relay, rooms by access) is what Vecindad adds;
 * - heap and RSS per socket on each server process;
 * - expiry lateness with a worker running (ten broadcasts whose end is edited to 2 s ahead;
 *   p99 < 2 s) and the sweep catching a broadcast whose job was deleted.
 * Socket.IO encodes each event once per emit (one frame, written as is to every socket of its
 * rooms) and the adapter sends it through Redis once: the cost that grows with the sockets is
 * writing that frame to each of them, Vecindad's and the baseline's alike.
 * Open files (`ulimit -n`, inherited by the forked processes): 10,000 per server process (half
 * the residents' sockets and half the baseline's), 5,000 per client process.
 */
const suite: BenchSuite = {
  name: 'realtime',
  description: 'Difusión a 10.000 sockets de residentes en dos procesos de servidor (Redis), memoria por socket, expiración y barrido',
  async run(ctx) {
    checkOpenFilesLimit();
    const admin = await ctx.createAdministrator();
    const community = await residentsWithSessions(ctx, admin);
    const started: { second?: Instance; clients?: Clients; worker?: ChildProcess } = {};
    try {
      const second = (started.second = await startSecondServer(ctx));
      const clients = (started.clients = await forkClients(CLIENT_PROCESSES));
      const instances = [
        { url: ctx.baseUrl, bareUrl: ctx.bareSocketUrl, memory: ctx.serverMemory },
        { url: second.url, bareUrl: second.bareUrl, memory: second.memory },
      ];

      // Memory per socket: each server's heap and RSS (after a GC) before and after the sockets connect.
      const before = await Promise.all(instances.map((instance) => instance.memory()));
      const connectStarted = Date.now();
      // Socket i goes to server i % 2 (a load balancer's round robin), from client process i % CLIENT_PROCESSES.
      const residentSockets = community.sessions.map(({ cookie, block }, i) => ({
        url: instances[Math.floor(i / CLIENT_PROCESSES) % instances.length].url,
        cookie,
        group: String(block),
        properties: [community.everyone, block],
      }));
      const connection = await clients.connect(residentSockets);
      if (!connection.connected) throw new Error(`ningún socket se conectó: ${JSON.stringify(connection.refusals)}`);
      const connectSeconds = (Date.now() - connectStarted) / 1000;
      await sleep(1000);
      const after = await Promise.all(instances.map((instance) => instance.memory()));

      const publish = async (propertyId: number, body: Record<string, unknown> = {}) => {
        const response = await fetch(`${ctx.baseUrl}/api/properties/${propertyId}/broadcasts`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', cookie: admin.cookie },
          body: JSON.stringify({ title: 'Aviso de emergencia', message: 'Corte general de electricidad en la torre.', category: 'emergency', ...body }),
        });
        const answeredAt = now();
        if (response.status !== 201) throw new Error(`POST broadcast: ${response.status} ${await response.text()}`);
        const broadcast = (await response.json()) as { id: number; version: number };
        return { id: broadcast.id, broadcast, answeredAt };
      };
      const everyone = clients.groups();

      // The baseline's sockets: as many, from the same client processes, dealt out over the two
      // bare servers alike (connected beside Vecindad's, so the rounds of both alternate and
      // share the machine's load of the moment).
      const bare = await clients.connect(residentSockets.map((_, i) => ({ url: instances[Math.floor(i / CLIENT_PROCESSES) % instances.length].bareUrl, cookie: '', group: BARE_GROUP })));
      // A GC in each server process (the handshakes' garbage is no round's to pay), then one
      // warm-up round of each.
      await Promise.all(instances.map((instance) => instance.memory()));
      const warmUp = await publish(community.everyone);
      await clients.waitFor(`broadcast.created:${warmUp.id}`, everyone);
      const bareEmit = async (round: number) => {
        const emittedAt = now();
        // As big as a broadcast's event.
        await ctx.bareEmit({ type: 'bare.ping', subjectId: round, propertyId: null, payload: { broadcast: warmUp.broadcast } });
        return (await clients.waitFor(`bare.ping:${round}`, [BARE_GROUP])).map((time) => time - emittedAt);
      };
      await bareEmit(0);

      // One broadcast to the property every resident lives in (every socket must receive it),
      // then one bare emit, round after round.
      const fanout: number[] = [];
      const bareFanout: number[] = [];
      const rounds: BenchTable['rows'] = [];
      for (let round = 1; round <= FANOUT_ROUNDS; round++) {
        const { id, answeredAt } = await publish(community.everyone);
        const latencies = (await clients.waitFor(`broadcast.created:${id}`, everyone)).map((time) => time - answeredAt);
        const bareLatencies = await bareEmit(round);
        fanout.push(...latencies);
        bareFanout.push(...bareLatencies);
        rounds.push({
          ronda: round,
          recibidos: `${latencies.length}/${connection.connected}`,
          ...latencySummary(latencies),
          'línea base p50 ms': Math.round(percentile(bareLatencies, 50)),
          'línea base p99 ms': Math.round(percentile(bareLatencies, 99)),
          // The machine's load (1 min): the figures move with it.
          carga: Math.round(os.loadavg()[0] * 10) / 10,
        });
      }
      const fanoutMet = fanout.length === connection.connected * FANOUT_ROUNDS && percentile(fanout, 99) < TARGETS.fanoutP99Ms;
      const baselineRatio = Math.round((percentile(fanout, 99) / percentile(bareFanout, 99)) * 100) / 100;

      // The ten blocks at once: each block's broadcast to its own residents only.
      const blocks: number[] = [];
      let blocksExpected = 0;
      for (let round = 1; round <= BLOCK_ROUNDS; round++) {
        const published = await Promise.all(community.blocks.map((block) => publish(block)));
        const received = await Promise.all(
          published.map(({ id, answeredAt }, i) =>
            clients.waitFor(`broadcast.created:${id}`, [String(community.blocks[i])]).then((times) => times.map((time) => time - answeredAt)),
          ),
        );
        blocks.push(...received.flat());
        blocksExpected += connection.connected;
      }
      await sleep(500); // a stray still on its way
      const strays = await clients.strays();
      const blocksMet = blocks.length === blocksExpected && !strays && percentile(blocks, 99) < TARGETS.fanoutP99Ms;

      // Expiry lateness, with a worker running: one broadcast per block (the blocks' 10,000
      // sockets). The broadcasts above go without notifications (no worker ran meanwhile: a
      // worker starting with that backlog, some 90,000 inbox rows and live events, would
      // measure this suite's own load, not the expiry path). The ten broadcasts' own
      // notifications (an inbox row and a live event per resident) are done before their end
      // comes, as when a broadcast ends hours after it was published: each end date is set to
      // 2 s ahead by an edit once the outbox and the notification queue are empty.
      await skipNotificationsSoFar(ctx);
      started.worker = await forkWorker(ctx, 60_000);
      const later = new Date(Date.now() + 60 * 60 * 1000).toISOString();
      const ending = await Promise.all(community.blocks.map(async (block) => ({ block, ...(await publish(block, { endDate: later })) })));
      const quietAfter = await waitForQuiet(ctx);
      const lateness: number[] = [];
      await Promise.all(
        ending.map(async ({ id, block, broadcast }) => {
          const endsAt = Date.now() + 2000;
          await editBroadcast(ctx, admin.cookie, id, { endDate: new Date(endsAt).toISOString(), version: broadcast.version });
          const times = await clients.waitFor(`broadcast.expired:${id}`, [String(block)]);
          lateness.push(...times.map((time) => time - endsAt));
        }),
      );
      const expiryMet = lateness.length === connection.connected && percentile(lateness, 99) < TARGETS.expiryP99Ms;
      const expirySteps = await expiryStepsOf(ctx, ending.map(({ id }) => id));

      // The sweep: a worker whose sweep runs every 2 s; the broadcast's own job is deleted.
      await stopProcess(started.worker);
      started.worker = await forkWorker(ctx, 2000);
      const [sweptBlock] = community.blocks;
      const sweepCheck = await sweepCatches(
        ctx,
        () => publish(sweptBlock, { startDate: new Date().toISOString(), endDate: new Date(Date.now() + 2000).toISOString() }),
        (key) => clients.waitFor(key, [String(sweptBlock)], 15_000),
        clients.count([String(sweptBlock)]),
      );
      await stopProcess(started.worker);

      const perSocket = (key: 'heapUsed' | 'rss') =>
        Math.round((instances.reduce((sum, _, i) => sum + after[i][key] - before[i][key], 0) / connection.connected / 1024) * 10) / 10;
      const p99 = (values: number[]) => Math.round(percentile(values, 99));
      const bareP99 = `Socket.IO sin nada más p99 ${p99(bareFanout)} ms`;
      return [
        targetsTable([
          {
            objetivo: `Difusión a ${connection.connected} sockets en 2 procesos: todos, p99 < ${TARGETS.fanoutP99Ms} ms`,
            valor: `${fanout.length}/${connection.connected * FANOUT_ROUNDS} recibidos, p99 ${p99(fanout)} ms`,
            referencia: bareP99,
            proporción: baselineRatio,
            cumple: fanoutMet,
          },
          {
            objetivo: `Difusión: p99 <= ${TARGETS.baselineRatio} veces el de Socket.IO sin nada más`,
            valor: `p99 ${p99(fanout)} ms`,
            referencia: bareP99,
            proporción: baselineRatio,
            cumple: baselineRatio <= TARGETS.baselineRatio,
          },
          {
            objetivo: `${BLOCKS} propiedades a la vez: cada residente solo la suya, p99 < ${TARGETS.fanoutP99Ms} ms`,
            valor: `${blocks.length}/${blocksExpected} recibidos, ${strays} de otra propiedad, p99 ${p99(blocks)} ms`,
            referencia: bareP99,
            proporción: Math.round((percentile(blocks, 99) / percentile(bareFanout, 99)) * 100) / 100,
            cumple: blocksMet,
          },
          {
            objetivo: `Expiración: p99 < ${TARGETS.expiryP99Ms} ms`,
            valor: `${lateness.length}/${connection.connected} recibidos, p99 ${p99(lateness)} ms`,
            referencia: `objetivo ${TARGETS.expiryP99Ms} ms`,
            proporción: Math.round((percentile(lateness, 99) / TARGETS.expiryP99Ms) * 100) / 100,
            cumple: expiryMet,
          },
        ]),
        {
          title: `Difusión: ${connection.connected} sockets de residentes de una propiedad, en 2 procesos de servidor (objetivo: todos, p99 < ${TARGETS.fanoutP99Ms} ms desde la respuesta del POST)`,
          rows: [
            ...rounds,
            { ronda: 'total', recibidos: `${fanout.length}/${connection.connected * FANOUT_ROUNDS}`, ...latencySummary(fanout), objetivo: verdict(fanoutMet) },
          ],
        },
        {
          title: `${BLOCKS} propiedades difunden a la vez, ${BLOCK_ROUNDS} rondas (objetivo: cada residente recibe la de su propiedad y ninguna otra, p99 < ${TARGETS.fanoutP99Ms} ms)`,
          rows: [{ recibidos: `${blocks.length}/${blocksExpected}`, 'de otra propiedad': strays, ...latencySummary(blocks), objetivo: verdict(blocksMet) }],
        },
        {
          title: `Línea base: ${bare.connected} sockets en 2 servidores Socket.IO sin nada más (mismo adaptador de Redis Streams), un emit a todos por ronda (objetivo: p99 de Vecindad <= ${TARGETS.baselineRatio} veces el de la línea base)`,
          rows: [
            { servidor: 'Vecindad (POST, outbox, relay, Redis)', recibidos: `${fanout.length}/${connection.connected * FANOUT_ROUNDS}`, ...latencySummary(fanout) },
            { servidor: 'Socket.IO sin nada más', recibidos: `${bareFanout.length}/${bare.connected * FANOUT_ROUNDS}`, ...latencySummary(bareFanout) },
            { servidor: 'proporción p99', recibidos: String(baselineRatio), objetivo: verdict(baselineRatio <= TARGETS.baselineRatio) },
          ],
        },
        {
          title: 'Conexiones y memoria de los servidores por socket (después de un GC)',
          rows: [
            ...instances.map((_, i) => ({
              proceso: i ? 'segundo' : 'primero',
              'heap antes (MB)': mb(before[i].heapUsed),
              'heap después (MB)': mb(after[i].heapUsed),
              'RSS antes (MB)': mb(before[i].rss),
              'RSS después (MB)': mb(after[i].rss),
            })),
            {
              proceso: 'total',
              sockets: connection.connected,
              fallidos: connection.failed,
              'conexión (s)': connectSeconds,
              'heap por socket (KB)': perSocket('heapUsed'),
              'RSS por socket (KB)': perSocket('rss'),
            },
          ],
        },
        {
          title: `Expiración: ${BLOCKS} mensajes (uno por propiedad) cuyo fin se edita a 2 s; retraso hasta que cada socket recibe broadcast.expired (objetivo: p99 < ${TARGETS.expiryP99Ms} ms)`,
          rows: [{ 'notificaciones hechas en (s)': quietAfter, ...expirySteps, recibidos: `${lateness.length}/${connection.connected}`, ...latencySummary(lateness), objetivo: verdict(expiryMet) }],
        },
        { title: 'Barrido (cada 2 s en esta medición; 60 s por defecto): mensaje cuyo trabajo fue borrado (objetivo: expirado y recibido por todos)', rows: [sweepCheck] },
      ];
    } finally {
      if (started.worker) await stopProcess(started.worker);
      if (started.clients) await started.clients.close();
      if (started.second) await stopProcess(started.second.child);
      await clearRedisPrefix(ctx);
    }
  },
};
export default suite;


/** The forked processes inherit this limit: each holds thousands of sockets. */
function checkOpenFilesLimit() {
  // A server process holds half the residents' sockets and half the baseline's.
  const needed = Math.max(RESIDENTS, Math.ceil((2 * RESIDENTS) / CLIENT_PROCESSES)) + 1000;
  const limit = Number(execFileSync('sh', ['-c', 'ulimit -n']).toString().trim());
  if (limit < needed) throw new Error(`ulimit -n es ${limit}: esta medición necesita al menos ${needed} (ulimit -n ${RESIDENTS * 2} antes de npm run bench)`);
}

/**
 * The residents and their sessions, in one statement: RESIDENTS Residente users living in one
 * property they all share and in one of BLOCKS others (by user id), each with a session row.
 * They have no email address: a broadcast would otherwise write 10,000 emails, the mail
 * pipeline's load rather than live push's. Answers each session's signed cookie (with the
 * bench server's secret, checked first against the administrator's real cookie) and block.
 */
async function residentsWithSessions(ctx: BenchContext, admin: { organizationId: number; cookie: string }) {
  const sign = sessionSigner(admin.cookie);
  const properties: Array<{ id: number }> = await ctx.db('properties')
    .insert([
      { name: 'Torre Fan-out', address: 'Av. Anacaona 100', organizationId: admin.organizationId },
      ...Array.from({ length: BLOCKS }, (_, i) => ({ name: `Bloque ${i + 1}`, address: `Calle ${i + 1}`, organizationId: admin.organizationId })),
    ])
    .returning('id');
  const [everyone, ...blocks] = properties.map((property) => property.id);
  const { rows } = await ctx.db.raw(
    `with created as (
       insert into users (username, password, name, last_name, role, organization_id)
       select 'residente-' || g || '-' || :tag || '@bench.do', 'sin-acceso', 'Residente', 'N' || g, 'Residente', :organizationId
       from generate_series(1, :count) g
       returning id
     ), placed as (
       insert into residents (user_id, property_id, status)
       select id, :everyone, 'active' from created
       union all
       select id, (:blocks::int[])[1 + id % :blockCount], 'active' from created
     )
     insert into session (sid, sess, expire, user_id)
     select ${SESSION_ROW_SQL}
     from created
     returning sid, user_id`,
    {
      tag: Date.now().toString(36),
      organizationId: admin.organizationId,
      count: RESIDENTS,
      everyone,
      blocks: `{${blocks.join(',')}}`,
      blockCount: BLOCKS,
      ...sessionRowBindings(),
    },
  );
  const sessions = (rows as Array<{ sid: string; user_id: number }>).map((row) => ({
    cookie: sign(row.sid),
    block: blocks[row.user_id % BLOCKS],
  }));
  return { everyone, blocks, sessions };
}

type Instance = { child: ChildProcess; url: string; bareUrl: string; memory: () => Promise<NodeJS.MemoryUsage> };

/** bench/second-server.ts with the first server's environment. */
async function startSecondServer(ctx: BenchContext): Promise<Instance> {
  const child = fork(path.join(here, '..', 'second-server.ts'), {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: ctx.serverEnv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await readyMessage<{ port: number; bareSocketPort: number }>(child, 'el segundo servidor');
  let nextId = 0;
  return {
    child,
    url: `http://127.0.0.1:${ready.port}`,
    bareUrl: `http://127.0.0.1:${ready.bareSocketPort}`,
    memory: async () => {
      const id = ++nextId;
      return (await request<{ memory: NodeJS.MemoryUsage }>(child, { type: 'memory', id }, (answer) => answer.type === 'memory' && answer.id === id)).memory;
    },
  };
}

/** A broadcast ending in 2 s whose expiry job is deleted: the sweep must still expire it. */
async function sweepCatches(ctx: BenchContext, publish: () => Promise<{ id: number }>, receipts: (key: string) => Promise<number[]>, connected: number) {
  const redis = createRedis(ctx.redisUrl);
  const queues = createQueues(redis, ctx.redisPrefix);
  try {
    const endsAt = Date.now() + 2000;
    const { id } = await publish();
    let removed = 0;
    for (let attempt = 0; attempt < 100 && !removed; attempt++) {
      if (await queues.broadcasts.getJob(expiryJobId(id))) removed = await queues.broadcasts.remove(expiryJobId(id));
      else await sleep(10);
    }
    const times = await receipts(`broadcast.expired:${id}`);
    const status = (await ctx.db('broadcasts').where({ id }).first('status'))?.status;
    return {
      'trabajo borrado': removed ? 'sí' : 'no',
      estado: status,
      recibidos: `${times.length}/${connected}`,
      'expirado tras el fin (s)': times.length ? Math.round((Math.max(...times) - endsAt) / 100) / 10 : 'no',
      objetivo: verdict(Boolean(removed) && status === 'expired' && times.length === connected),
    };
  } finally {
    await queues.broadcasts.close();
    redis.disconnect();
  }
}

/**
 * Where an expiry's time goes, by the database clock (medians over the broadcasts): from the end
 * date to the worker's expiring transaction, and from there to the relay's claiming the event.
 */
async function expiryStepsOf(ctx: BenchContext, broadcastIds: number[]) {
  const { rows } = await ctx.db.raw(
    `select percentile_cont(0.5) within group (order by extract(epoch from e.created_at - b.end_date)) * 1000 as written,
            percentile_cont(0.5) within group (order by extract(epoch from e.published_at - e.created_at)) * 1000 as claimed
     from events e join broadcasts b on b.id = e.subject_id
     where e.type = 'broadcast.expired' and e.subject_id = any(?)`,
    [broadcastIds],
  );
  return { 'worker tras el fin p50 ms': Math.round(rows[0].written), 'relay tras el worker p50 ms': Math.round(rows[0].claimed) };
}

/** PATCH /api/broadcasts/:id as the administrator's edit form sends it. */
async function editBroadcast(ctx: BenchContext, cookie: string, id: number, body: Record<string, unknown>) {
  const response = await fetch(`${ctx.baseUrl}/api/broadcasts/${id}`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`PATCH broadcast: ${response.status} ${await response.text()}`);
}

/**
 * Waits (up to QUIET_TIMEOUT_MS) until every event is published and no notification job waits
 * or runs; answers the seconds it took.
 */
async function waitForQuiet(ctx: BenchContext) {
  const redis = createRedis(ctx.redisUrl);
  const queues = createQueues(redis, ctx.redisPrefix);
  const started = Date.now();
  try {
    while (Date.now() - started < QUIET_TIMEOUT_MS) {
      const [{ pending }] = await ctx.db('events').whereNull('publishedAt').count({ pending: '*' });
      const jobs = await queues.notifications.getJobCounts('waiting', 'active', 'prioritized');
      if (!Number(pending) && !Object.values(jobs).some(Boolean)) break;
      await sleep(250);
    }
    return Math.round((Date.now() - started) / 100) / 10;
  } finally {
    await closeQueues(queues);
    redis.disconnect();
  }
}

/**
 * Leaves the broadcasts published so far without notifications: their waiting jobs are removed
 * and their events recorded as handled (or the worker's sweep would schedule them again).
 */
async function skipNotificationsSoFar(ctx: BenchContext) {
  const redis = createRedis(ctx.redisUrl);
  const queues = createQueues(redis, ctx.redisPrefix);
  try {
    await queues.notifications.drain();
    await ctx.db.raw(
      `insert into notified_events (event_id, recipients)
       select id, 0 from events where type = 'broadcast.created' on conflict (event_id) do nothing`,
    );
  } finally {
    await closeQueues(queues);
    redis.disconnect();
  }
}

/** The suite's Redis keys (queues, Socket.IO streams, heartbeat) live under the bench prefix only. */
async function clearRedisPrefix(ctx: BenchContext) {
  const redis = createRedis(ctx.redisUrl);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${ctx.redisPrefix}:*`, 'COUNT', 1000);
      if (keys.length) await redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
