import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Keygrip from 'keygrip';
import { createRedis } from '../../server/services/redis';
import { SESSION_COOKIE, SESSION_MAX_AGE_MS } from '../../server/session/store';
import { expiryJobId } from '../../shared/jobs';
import { createQueues } from '../../worker/queues';
import { BENCH_SESSION_SECRET, mb, percentile, type BenchContext, type BenchSuite, type BenchTable } from '../lib';

const RESIDENTS = 2000;
const FANOUT_ROUNDS = 5;
const EXPIRING = 10;
const CLIENT_PROCESSES = 2;
// bench/index.ts starts the server with this SESSION_SECRET; checked below against a real cookie.

const here = path.dirname(fileURLToPath(import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => performance.timeOrigin + performance.now();

/**
 * Live push: 2,000 residents' sockets (in separate processes) on one property; an
 * administrator publishes. Fan-out latency from the POST's response to each socket's receipt
 * (target: all received, p99 < 300 ms), server memory per socket, then expiry lateness with a
 * worker running (broadcasts ending 2 s later; target p99 < 2 s) and the sweep catching a
 * broadcast whose job was deleted.
 */
const suite: BenchSuite = {
  name: 'realtime',
  description: 'Difusión a 2.000 sockets de residentes, memoria por socket, expiración y barrido',
  async run(ctx) {
    const admin = await ctx.createAdministrator();
    const propertyId = await residentsWithSessions(ctx, admin);
    const clients = await forkClients(CLIENT_PROCESSES);
    const worker: { child?: ChildProcess } = {};
    try {
      // Memory per socket: the server's heap and RSS before and after the sockets connect.
      const before = await ctx.serverMemory();
      const cookies = await signedCookies(ctx, admin.cookie, propertyId);
      const started = Date.now();
      const { connected, failed, refusals } = await clients.connect(ctx.baseUrl, cookies);
      if (!connected) throw new Error(`ningún socket se conectó: ${JSON.stringify(refusals)}`);
      const connectSeconds = (Date.now() - started) / 1000;
      await sleep(1000);
      const after = await ctx.serverMemory();

      const publish = async (body: Record<string, unknown>) => {
        const response = await fetch(`${ctx.baseUrl}/api/properties/${propertyId}/broadcasts`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', cookie: admin.cookie },
          body: JSON.stringify({ title: 'Aviso de emergencia', message: 'Corte general de electricidad en la torre.', category: 'emergency', ...body }),
        });
        const answeredAt = now();
        if (response.status !== 201) throw new Error(`POST broadcast: ${response.status} ${await response.text()}`);
        return { id: ((await response.json()) as { id: number }).id, answeredAt };
      };

      // Fan-out: one broadcast at a time, every socket must receive it.
      const fanout: number[] = [];
      const rounds: BenchTable['rows'] = [];
      await clients.waitForAll(`broadcast.created:${(await publish({})).id}`, 10_000); // warm-up
      for (let round = 1; round <= FANOUT_ROUNDS; round++) {
        const { id, answeredAt } = await publish({});
        const times = await clients.waitForAll(`broadcast.created:${id}`, 10_000);
        const latencies = times.map((time) => time - answeredAt);
        fanout.push(...latencies);
        rounds.push({ ronda: round, recibidos: `${times.length}/${connected}`, ...summary(latencies) });
      }

      // The baseline: as many sockets on a bare Socket.IO server, one emit to all per round.
      const counts = clients.counts();
      const bare = await clients.connect(ctx.bareSocketUrl, cookies.map(() => ''));
      const bareFanout: number[] = [];
      for (let round = 0; round <= FANOUT_ROUNDS; round++) {
        const emittedAt = now();
        await ctx.bareEmit(round);
        const times = await clients.waitForAll(`bare.ping:${round}`, 10_000);
        if (round) bareFanout.push(...times.map((time) => time - emittedAt)); // round 0 warms up
      }
      clients.restore(counts);
      const baselineRatio = Math.round((percentile(fanout, 99) / percentile(bareFanout, 99)) * 100) / 100;

      // Expiry lateness: a worker process; broadcasts ending 2 s after they are published.
      worker.child = await forkWorker(ctx, 60_000);
      const ending = await Promise.all(
        Array.from({ length: EXPIRING }, async () => {
          const endsAt = Date.now() + 2000;
          const { id } = await publish({ endDate: new Date(endsAt).toISOString() });
          return { id, endsAt };
        }),
      );
      const lateness: number[] = [];
      let expiredReceived = 0;
      for (const { id, endsAt } of ending) {
        const times = await clients.waitForAll(`broadcast.expired:${id}`, 10_000);
        expiredReceived += times.length;
        lateness.push(...times.map((time) => time - endsAt));
      }

      // The sweep: a worker whose sweep runs every 2 s; the broadcast's own job is deleted.
      await stopWorker(worker.child);
      worker.child = await forkWorker(ctx, 2000);
      const sweepCheck = await sweepCatches(ctx, publish, clients, connected);

      return [
        {
          title: `Difusión: ${connected} sockets de residentes en una propiedad (objetivo: todos, p99 < 300 ms desde la respuesta del POST)`,
          rows: [...rounds, { ronda: 'total', recibidos: `${fanout.length}/${connected * FANOUT_ROUNDS}`, ...summary(fanout) }],
        },
        {
          title: `Línea base: ${bare.connected} sockets en un servidor Socket.IO sin nada más, un emit a todos por ronda (objetivo: p99 de Vecindad <= 1.3 veces el de la línea base)`,
          rows: [
            { servidor: 'Vecindad (POST, outbox, relay, Redis)', recibidos: `${fanout.length}/${connected * FANOUT_ROUNDS}`, ...summary(fanout) },
            { servidor: 'Socket.IO sin nada más', recibidos: `${bareFanout.length}/${bare.connected * FANOUT_ROUNDS}`, ...summary(bareFanout) },
            { servidor: 'proporción p99', recibidos: String(baselineRatio), objetivo: baselineRatio <= 1.3 ? 'cumple' : 'NO cumple' },
          ],
        },
        {
          title: 'Conexiones y memoria del servidor por socket',
          rows: [
            {
              sockets: connected,
              fallidos: failed,
              'conexión (s)': connectSeconds,
              'heap antes (MB)': mb(before.heapUsed),
              'heap después (MB)': mb(after.heapUsed),
              'heap por socket (KB)': Math.round(((after.heapUsed - before.heapUsed) / connected / 1024) * 10) / 10,
              'RSS por socket (KB)': Math.round(((after.rss - before.rss) / connected / 1024) * 10) / 10,
            },
          ],
        },
        {
          title: `Expiración: ${EXPIRING} mensajes que terminan 2 s después; retraso hasta que cada socket recibe broadcast.expired (objetivo: p99 < 2 s)`,
          rows: [{ recibidos: `${expiredReceived}/${connected * EXPIRING}`, ...summary(lateness) }],
        },
        { title: 'Barrido (cada 2 s en esta medición; 60 s por defecto): mensaje cuyo trabajo fue borrado', rows: [sweepCheck] },
      ];
    } finally {
      if (worker.child) await stopWorker(worker.child);
      clients.close();
      await clearRedisPrefix(ctx);
    }
  },
};
export default suite;

function summary(values: number[]) {
  return {
    'p50 ms': Math.round(percentile(values, 50)),
    'p99 ms': Math.round(percentile(values, 99)),
    'máx ms': Math.round(Math.max(...values)),
  };
}

/** A property of the administrator's organization with 2,000 residents, each with a session (bulk SQL). */
async function residentsWithSessions(ctx: BenchContext, admin: { organizationId: number }) {
  const [{ id: propertyId }] = await ctx.db('properties')
    .insert({ name: 'Torre Fan-out', address: 'Av. Anacaona 100', organizationId: admin.organizationId })
    .returning('id');
  const tag = Date.now().toString(36);
  await ctx.db.raw(
    `with created as (
       insert into users (username, email, password, name, last_name, role, organization_id)
       select 'residente-' || g || '-' || :tag || '@bench.do', 'residente-' || g || '-' || :tag || '@bench.do',
              'sin-acceso', 'Residente', 'N' || g, 'Residente', :organizationId
       from generate_series(1, :count) g
       returning id)
     insert into residents (user_id, property_id, status) select id, :propertyId, 'active' from created`,
    { tag, organizationId: admin.organizationId, count: RESIDENTS, propertyId },
  );
  return propertyId as number;
}

/**
 * Session rows for the property's residents and the signed cookies a browser would hold
 * (signed with the bench server's secret, verified first against the administrator's cookie).
 */
async function signedCookies(ctx: BenchContext, adminCookie: string, propertyId: number) {
  const keys = new Keygrip([BENCH_SESSION_SECRET]);
  const sid = new RegExp(`${SESSION_COOKIE.replace('.', '\\.')}=([^;]+)`).exec(adminCookie)?.[1];
  const sig = new RegExp(`${SESSION_COOKIE.replace('.', '\\.')}\\.sig=([^;]+)`).exec(adminCookie)?.[1];
  if (!sid || !sig || !keys.verify(`${SESSION_COOKIE}=${sid}`, sig)) {
    throw new Error("BENCH_SESSION_SECRET (bench/lib.ts) no coincide con el SESSION_SECRET del servidor de benchmark");
  }
  const residents: Array<{ userId: number }> = await ctx.db('residents').where({ propertyId }).select('userId');
  const userIds = residents.map((resident) => resident.userId);
  const expire = new Date(Date.now() + SESSION_MAX_AGE_MS);
  const sessions = userIds.map((userId) => ({
    sid: randomBytes(24).toString('base64url'),
    sess: { userId, _expire: expire.getTime(), _maxAge: SESSION_MAX_AGE_MS },
    expire,
    userId,
  }));
  await ctx.db.batchInsert('session', sessions, 1000);
  return sessions.map(({ sid }) => `${SESSION_COOKIE}=${sid}; ${SESSION_COOKIE}.sig=${keys.sign(`${SESSION_COOKIE}=${sid}`)}`);
}

/**
 * The residents' sockets, split over CLIENT_PROCESSES processes (on one machine they stand for
 * many devices: one process would measure its own queue as much as the server).
 */
async function forkClients(processes: number) {
  const children = await Promise.all(
    Array.from({ length: processes }, async () => {
      const child = fork(path.join(here, '..', 'realtime-clients.ts'), { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      await new Promise<void>((resolve, reject) => {
        child.once('message', () => resolve());
        child.once('exit', (code) => reject(new Error(`los clientes terminaron (${code})`)));
      });
      return { child, connected: 0 };
    }),
  );
  const request = <T>(child: ChildProcess, message: object, reply: string, key?: string) =>
    new Promise<T>((resolve) => {
      const listener = (answer: { type: string; key?: string }) => {
        if (answer.type !== reply || answer.key !== key) return;
        child.off('message', listener);
        resolve(answer as T);
      };
      child.on('message', listener);
      child.send(message);
    });
  type Connected = { connected: number; failed: number; refusals: Record<string, number> };
  return {
    /** Opens one socket per cookie, the cookies dealt out over the processes. */
    async connect(url: string, cookies: string[]) {
      const results = await Promise.all(
        children.map(async (client, index) => {
          const share = cookies.filter((_, i) => i % children.length === index);
          const result = await request<Connected>(client.child, { type: 'connect', url, cookies: share }, 'connected');
          client.connected = result.connected;
          return result;
        }),
      );
      return {
        connected: results.reduce((sum, r) => sum + r.connected, 0),
        failed: results.reduce((sum, r) => sum + r.failed, 0),
        refusals: results.map((r) => r.refusals),
      };
    },
    /** Receipt times of an event by every connected socket (or what arrived before the timeout). */
    async waitForAll(key: string, timeoutMs: number) {
      const times = await Promise.all(
        children.map((client) =>
          request<{ times: number[] }>(client.child, { type: 'collect', key, expected: client.connected, timeoutMs }, 'collected', key),
        ),
      );
      return times.flatMap((answer) => answer.times);
    },
    /** How many sockets each process expects events on (saved before a second connect, then restored). */
    counts: () => children.map((client) => client.connected),
    restore(counts: number[]) {
      children.forEach((client, index) => (client.connected = counts[index]));
    },
    close() {
      for (const { child } of children) child.send({ type: 'close' });
    },
  };
}

/** worker/index.ts as `npm start` runs it, on the bench database and Redis prefix. */
async function forkWorker(ctx: BenchContext, sweepEveryMs: number) {
  const child = fork(path.join(here, '..', '..', 'worker', 'index.ts'), {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      DATABASE_URL: ctx.databaseUrl,
      REDIS_URL: ctx.redisUrl,
      REDIS_PREFIX: ctx.redisPrefix,
      BROADCAST_SWEEP_EVERY_MS: String(sweepEveryMs),
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`el worker terminó (${code})`)));
  });
  return child;
}

function stopWorker(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** A broadcast ending in 2 s whose expiry job is deleted: the sweep must still expire it. */
async function sweepCatches(
  ctx: BenchContext,
  publish: (body: Record<string, unknown>) => Promise<{ id: number }>,
  clients: Awaited<ReturnType<typeof forkClients>>,
  connected: number,
) {
  const redis = createRedis(ctx.redisUrl);
  const queues = createQueues(redis, ctx.redisPrefix);
  try {
    const endsAt = Date.now() + 2000;
    const { id } = await publish({ endDate: new Date(endsAt).toISOString() });
    let removed = 0;
    for (let attempt = 0; attempt < 100 && !removed; attempt++) {
      if (await queues.broadcasts.getJob(expiryJobId(id))) removed = await queues.broadcasts.remove(expiryJobId(id));
      else await sleep(10);
    }
    const times = await clients.waitForAll(`broadcast.expired:${id}`, 15_000);
    const status = (await ctx.db('broadcasts').where({ id }).first('status'))?.status;
    return {
      'trabajo borrado': removed ? 'sí' : 'no',
      estado: status,
      recibidos: `${times.length}/${connected}`,
      'expirado tras el fin (s)': times.length ? Math.round((Math.max(...times) - endsAt) / 100) / 10 : 'no',
    };
  } finally {
    await queues.broadcasts.close();
    redis.disconnect();
  }
}

/** The suite's Redis keys (queues, Socket.IO stream, heartbeat) live under the bench prefix only. */
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
