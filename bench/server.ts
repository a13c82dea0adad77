import { AsyncLocalStorage } from 'node:async_hooks';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import pg from 'pg';
import { connectDatabase, preparedName } from '../server/db';
import { startServer } from '../server/server';
import { SESSION_WITH_USER, findSessionWithUser } from '../server/session/store';
import { startBareSocketServer } from './bare-socket';
import { startProfile, stopProfile } from './profile';

/**
 * The server under measurement, in its own process (so load generators do not share its
 * event loop), beside two baselines on the same database:
 * - a bare Koa app whose one route runs the session-and-user query GET /api/user makes;
 * - a bare `node:http` + `pg` server that replays, for one registered request, the session
 *   query and then the very SQL the real server ran for that request (recorded from Knex's
 *   query events), on one connection, answering the rows as JSON.
 * - a bare Socket.IO server (bench/bare-socket.ts) that emits an event to every socket on
 *   request, the baseline of live push (bench/second-server.ts runs a second instance of the
 *   server and of this baseline).
 * The difference between a route and its replay is what Vecindad adds around the database.
 */
type Statement = { sql: string; bindings: unknown[]; prepared: boolean };

const database = connectDatabase(process.env.DATABASE_URL!, 20);
const running = await startServer({ redisUrl: process.env.REDIS_URL!, port: 0, host: '127.0.0.1' });

const bare = new Koa();
bare.use(async (ctx) => {
  ctx.body = (await findSessionWithUser(String(ctx.query.sid)))?.user ?? null;
});
const bareServer = http.createServer(bare.callback());
await new Promise<void>((resolve) => bareServer.listen(0, '127.0.0.1', resolve));

// Only the statements of the recorded request: Knex emits `query` in the caller's async
// context, and the recorded request's handling runs in a context marked before Koa sees it
// (the event relay's own queries, and requests of a previous load still being answered,
// running meanwhile, are not the request's).
const RECORDED = 'x-bench-record';
let recording: Statement[] | undefined;
const inRequest = new AsyncLocalStorage<true>();
running.server.prependListener('request', (request: http.IncomingMessage) => {
  if (request.headers[RECORDED]) inRequest.enterWith(true);
});
database.on('query', (query: { sql: string; bindings?: unknown[]; options?: { prepare?: boolean } }) => {
  if (inRequest.getStore()) recording?.push({ sql: query.sql, bindings: query.bindings ?? [], prepared: Boolean(query.options?.prepare) });
});

/**
 * The SQL one request runs (its session lookup apart: a prepared statement the replay runs
 * itself): `first`, GET `path` the first time, when nothing it reads is remembered yet (its
 * total, bookmarks and rows: services/listTotals.ts); `statements`, the second time, as it runs
 * under load while the organization does not change. A POST with `body` (as JSON) is sent once.
 */
async function record(path: string, cookie: string, body?: unknown) {
  const recorded = async () => {
    recording = [];
    try {
      const response = await fetch(
        `http://127.0.0.1:${running.port}${path}`,
        body === undefined
          ? { headers: { cookie, [RECORDED]: '1' } }
          : { method: 'POST', headers: { cookie, [RECORDED]: '1', 'content-type': 'application/json' }, body: JSON.stringify(body) },
      );
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      await response.arrayBuffer();
      return recording;
    } finally {
      recording = undefined;
      // Node 20 tracks every promise while an AsyncLocalStorage is enabled: off again, so the
      // loads measured next do not pay for it (the next recording enables it anew).
      inRequest.disable();
    }
  };
  const first = await recorded();
  return { first, statements: body === undefined ? await recorded() : first };
}

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const replays = new Map<string, Statement[]>();
const replayServer = http.createServer(async (request, response) => {
  const url = new URL(request.url!, 'http://bench');
  const statements = replays.get(url.pathname.slice(1));
  if (!statements) return response.writeHead(404).end();
  const client = await pool.connect();
  try {
    const results = [(await client.query({ ...SESSION_WITH_USER, values: [url.searchParams.get('sid')] })).rows];
    // Prepared as the server prepares them (server/db: PREPARE).
    for (const { sql, bindings, prepared } of statements) {
      results.push((await client.query({ ...(prepared && { name: preparedName(sql) }), text: sql, values: bindings })).rows);
    }
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(results));
  } catch (error) {
    response.writeHead(500).end(String(error));
  } finally {
    client.release();
  }
});
await new Promise<void>((resolve) => replayServer.listen(0, '127.0.0.1', resolve));

const bareSocket = await startBareSocketServer(process.env.REDIS_URL!, process.env.REDIS_PREFIX!);

type Message = { type: string; id: number; path?: string; cookie?: string; body?: unknown; name?: string; event?: object };
process.on('message', async (message: Message) => {
  if (message.type === 'memory') {
    global.gc?.();
    process.send!({ type: 'memory', id: message.id, memory: process.memoryUsage() });
  }
  if (message.type === 'bare-emit') {
    bareSocket.emit(message.event!);
    process.send!({ type: 'bare-emit', id: message.id });
  }
  if (message.type === 'bare-emit-each') process.send!({ type: 'bare-emit-each', id: message.id, sockets: bareSocket.emitToEach(message.event!) });
  if (message.type === 'profile-start') {
    await startProfile();
    process.send!({ type: 'profile-start', id: message.id });
  }
  if (message.type === 'profile-stop') process.send!({ type: 'profile-stop', id: message.id, ...(await stopProfile()) });
  if (message.type === 'replay') {
    try {
      const { first, statements } = await record(message.path!, message.cookie!, message.body);
      replays.set(message.name!, statements);
      process.send!({ type: 'replay', id: message.id, first, statements });
    } catch (error) {
      process.send!({ type: 'replay', id: message.id, error: String(error) });
    }
  }
});
process.on('SIGTERM', async () => {
  await running.close();
  bareServer.close();
  replayServer.close();
  await bareSocket.close();
  await pool.end();
  process.exit(0);
});
process.send!({
  type: 'ready',
  port: running.port,
  barePort: (bareServer.address() as AddressInfo).port,
  replayPort: (replayServer.address() as AddressInfo).port,
  bareSocketPort: bareSocket.port,
});
