import autocannon from 'autocannon';
import pg from 'pg';
import type { Knex } from 'knex';
import type { ProfileRow } from './profile';

/** What every benchmark suite gets: a running server (separate process) and its database. */
export type BenchContext = {
  baseUrl: string;
  /** A bare Koa app in the server process: GET /bare?sid= runs the session-and-user query. */
  bareUrl: string;
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  db: Knex;
  /**
   * The server process's environment (database, Redis prefix, SESSION_SECRET): a second
   * instance started with it shares the first one's sessions and Socket.IO rooms.
   */
  serverEnv: NodeJS.ProcessEnv;
  /**
   * A bare Socket.IO server in the server process (bench/bare-socket.ts: the same Redis streams
   * adapter, no sign-in): the live-push baseline.
   */
  bareSocketUrl: string;
  /** The bare Socket.IO server emits `event` to every socket (of every process sharing its stream). */
  bareEmit: (event: object) => Promise<void>;
  /** It emits `event` to each socket of the bench server process on its own (one emit per socket); answers how many. */
  bareEmitToEach: (event: object) => Promise<number>;
  /**
   * Records the SQL the server runs for GET `path` (POST with `body` as JSON when given) as the
   * holder of `cookie` and registers its replay on the bare `node:http` + `pg` server: GET
   * `url?sid=` runs the session query and then the same statements on one connection.
   * `statements`: what the request ran besides the session lookup, asked again (as under
   * load); `first`: what it ran the first time, before anything it reads was remembered.
   */
  replay: (
    name: string,
    path: string,
    cookie: string,
    body?: unknown,
  ) => Promise<{ url: string; first: Array<{ sql: string; bindings: unknown[] }>; statements: Array<{ sql: string; bindings: unknown[] }> }>;
  /** `--profile` was given: suites may profile the server (`profile`) besides measuring it. */
  profiling: boolean;
  /** The server process's CPU use while `run` runs, summed by package and by function (bench/profile.ts). */
  profile: (run: () => Promise<unknown>) => Promise<{ byPackage: ProfileRow[]; byFunction: ProfileRow[] }>;
  /** Memory of the server process right now (after a GC when exposed). */
  serverMemory: () => Promise<NodeJS.MemoryUsage>;
  /** Signs in over HTTP and returns the Cookie header to send. */
  signIn: (username: string, password: string) => Promise<string>;
  /** A new organization with an Administrador (password BENCH_PASSWORD), signed in. */
  createAdministrator: () => Promise<{ userId: number; organizationId: number; cookie: string; sid: string }>;
};

export type BenchTable = { title: string; rows: Array<Record<string, string | number>> };
export type BenchSuite = { name: string; description: string; run: (ctx: BenchContext) => Promise<BenchTable[]> };

/**
 * One of the issues' targets, as the run's closing summary prints it: the figure, its baseline
 * of the same run, their ratio, and whether the target holds. A suite returns its targets as
 * one `targetsTable` among its tables.
 */
export type BenchTarget = { objetivo: string; valor: string; referencia: string; proporción: number | string; cumple: boolean };
export const TARGETS_TITLE = 'Objetivos';
export const targetsTable = (targets: BenchTarget[]): BenchTable => ({
  title: TARGETS_TITLE,
  rows: targets.map((target) => ({ ...target, cumple: target.cumple ? 'sí' : 'NO' })),
});

export const BENCH_PASSWORD = 'bench-password';

/** Debian's Chromium (never a downloaded browser) and its flags for the browser suites. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
/** The name/value pairs of a Cookie header (`ctx.createAdministrator().cookie`), to put in a browser's jar. */
export const cookiePairs = (cookie: string) =>
  cookie.split('; ').map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1) }));

/** The benchmark server's SESSION_SECRET (suites that sign session cookies themselves need it). */
export const BENCH_SESSION_SECRET = 'bench-secret-bench-secret-bench-secret-1234';

/** Runs autocannon against one request and returns the figures the tables print. */
export async function load(options: {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  duration?: number;
  /** Requests per second across the connections (an open rate); as fast as they go without it. */
  rate?: number;
}) {
  const result = await autocannon({
    ...(options.rate ? { overallRate: options.rate } : {}),
    url: options.url,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    connections: options.connections ?? 20,
    duration: options.duration ?? 8,
  });
  return loadSummary(result);
}

/** An autocannon run as the suites print it: throughput, p50 and p99, and every failed request. */
export function loadSummary(result: autocannon.Result) {
  return {
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

export function percentile(values: number[], p: number) {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** p50, p99 and the slowest of latencies in ms, as the live suites print them. */
export function latencySummary(values: number[]) {
  if (!values.length) return { 'p50 ms': '-', 'p99 ms': '-', 'máx ms': '-' };
  return {
    'p50 ms': Math.round(percentile(values, 50)),
    'p99 ms': Math.round(percentile(values, 99)),
    'máx ms': Math.round(values.reduce((max, value) => Math.max(max, value), 0)),
  };
}

export const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

export function printTable(table: BenchTable) {
  console.log(`\n${table.title}`);
  if (!table.rows.length) return console.log('  (sin filas)');
  const columns = [...new Set(table.rows.flatMap((row) => Object.keys(row)))];
  const cell = (value: unknown) => (typeof value === 'number' ? String(Math.round(value * 100) / 100) : String(value ?? ''));
  const widths = columns.map((c) => Math.max(c.length, ...table.rows.map((row) => cell(row[c]).length)));
  const line = (values: string[]) => `| ${values.map((v, i) => v.padEnd(widths[i])).join(' | ')} |`;
  console.log(line(columns));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of table.rows) console.log(line(columns.map((c) => cell(row[c]))));
}

/** Figures of the issue's list targets (same run, 10 connections). */
export const LIST_TARGETS = { connections: 10, p99Ms: 50, shareOfUser: 0.5 };
/** Figures of the issue's target for every module's hot paths (same run, 10 connections). */
export const HOT_PATH_TARGETS = { connections: 10, p99Ms: 50 };

/** A request measured against a target: GET `path`, or POST when it has a JSON `body`. */
export type TargetRoute = { ruta: string; path: string; body?: unknown };
type Target = { connections: number; p99Ms: number; shareOfUser?: number };

const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;

/**
 * Each paged list against GET /api/user (the session check alone) and against the replay of its
 * own SQL on a bare `node:http` + `pg` server, one after the other in this run: ratios hold on
 * a noisy machine where absolute figures do not. Target: every list >= 50% of /api/user's
 * req/s and p99 < 50 ms at 10 connections.
 */
export async function listTargets(ctx: BenchContext, admin: { cookie: string; sid: string }, routes: TargetRoute[]) {
  return measureTargets(ctx, admin, routes, LIST_TARGETS, 'Listas paginadas');
}

/** Hot paths (a summary, a calendar, a lookup) the same way, against p99 < 50 ms at 10 connections. */
export async function hotPathTargets(ctx: BenchContext, who: { cookie: string; sid: string }, routes: TargetRoute[], what: string) {
  return measureTargets(ctx, who, routes, HOT_PATH_TARGETS, what);
}

async function measureTargets(ctx: BenchContext, who: { cookie: string; sid: string }, routes: TargetRoute[], target: Target, what: string) {
  const { connections } = target;
  const measure = async (url: string, cookie?: string, body?: unknown) => {
    const headers: Record<string, string> = { ...(cookie && { cookie }), ...(body !== undefined && { 'content-type': 'application/json' }) };
    const options = { url, headers, connections, ...(body !== undefined && { method: 'POST' as const, body: JSON.stringify(body) }) };
    await load({ ...options, duration: 2 }); // warm-up
    return load(options);
  };
  const user = await measure(`${ctx.baseUrl}/api/user`, who.cookie);
  const explained: Array<Record<string, string | number>> = [];
  const profiles: BenchTable[] = [];
  const profiled = async (ruta: string, url: string, body?: unknown) => {
    if (!ctx.profiling) return;
    const { byPackage, byFunction } = await ctx.profile(() => measure(url, who.cookie, body));
    profiles.push({ title: `Perfil de CPU del servidor, ${ruta}: tiempo propio por paquete`, rows: byPackage });
    profiles.push({ title: `Perfil de CPU del servidor, ${ruta}: tiempo propio por función`, rows: byFunction });
  };
  await profiled('GET /api/user', `${ctx.baseUrl}/api/user`);
  const rows: Array<Record<string, string | number>> = [{ ruta: 'GET /api/user (referencia: sesión sola)', 'req/s': user['req/s'], 'p99 ms': user['p99 ms'] }];
  for (const [i, route] of routes.entries()) {
    const replay = await ctx.replay(`target-${Date.now().toString(36)}-${i}`, route.path, who.cookie, route.body);
    explained.push(...(await explain(ctx, replay.first)).map((row) => ({ ruta: route.ruta, ...row })));
    const real = await measure(`${ctx.baseUrl}${route.path}`, who.cookie, route.body);
    const bare = await measure(`${replay.url}?sid=${encodeURIComponent(who.sid)}`);
    const changed = route.body === undefined ? await afterChanges(ctx, `${ctx.baseUrl}${route.path}`, who.cookie) : undefined;
    await profiled(route.ruta, `${ctx.baseUrl}${route.path}`, route.body);
    const share = ratio(real['req/s'], user['req/s']);
    // No answer at all within the run (each slower than its length) is no p99 to meet.
    const met = real.requests > 0 && (target.shareOfUser === undefined || share >= target.shareOfUser) && real['p99 ms'] < target.p99Ms && !real.errors;
    rows.push({
      ruta: route.ruta,
      consultas: replay.statements.length,
      '1ª vez': replay.first.length,
      'req/s': real['req/s'],
      'p99 ms': real['p99 ms'],
      errores: real.errors,
      'réplica req/s': bare['req/s'],
      'réplica p99 ms': bare['p99 ms'],
      'proporción réplica': ratio(real['req/s'], bare['req/s']),
      'de /api/user': share,
      objetivo: met ? 'cumple' : 'NO cumple',
      ...(changed && { 'tras un cambio p50 ms': changed.p50, 'tras un cambio máx ms': changed.max }),
    });
  }
  const goal = `${target.shareOfUser === undefined ? '' : `>= ${target.shareOfUser} de las req/s de /api/user y `}p99 < ${target.p99Ms} ms`;
  const targets = rows.slice(1).map((row) => ({
    objetivo: `${row.ruta}: ${goal}`,
    valor: `${row['req/s']} req/s, p99 ${row['p99 ms']} ms, ${row.errores} errores`,
    referencia: `réplica ${row['réplica req/s']} req/s; /api/user ${user['req/s']} req/s`,
    proporción: row['proporción réplica'],
    cumple: row.objetivo === 'cumple',
  }));
  return [
    targetsTable(targets),
    {
      title:
        `${what}, ${connections} conexiones (objetivo: ${goal}; réplica: node:http + pg con el mismo SQL; consultas: las de ` +
        `cada petición y las de la 1ª vez, sin nada recordado; tras un cambio: una petición sola justo después de que cambien los datos, ${AFTER_CHANGES} veces)`,
      rows,
    },
    { title: 'Cada consulta de esas peticiones la 1ª vez (EXPLAIN ANALYZE, además de la sesión)', rows: explained },
    ...profiles,
  ];
}

const AFTER_CHANGES = 20;

/**
 * A GET right after the data changed, one at a time: what a request costs when nothing it
 * reads is remembered (every organization's data version raised first, as any change does).
 */
async function afterChanges(ctx: BenchContext, url: string, cookie: string) {
  const times: number[] = [];
  for (let i = 0; i < AFTER_CHANGES; i++) {
    await ctx.db('data_versions').increment('version', 1);
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    times.push(performance.now() - started);
  }
  return { p50: Math.round(percentile(times, 50) * 10) / 10, max: Math.round(Math.max(...times) * 10) / 10 };
}

/** Execution time and the start of each statement (transaction statements apart). */
async function explain(ctx: BenchContext, statements: Array<{ sql: string; bindings: unknown[] }>) {
  const client = new pg.Client({ connectionString: ctx.databaseUrl });
  await client.connect();
  try {
    const rows = [];
    for (const { sql, bindings } of statements) {
      if (!/^\s*(select|with)\b/i.test(sql)) continue;
      // The second run: the first on a new connection also loads the catalog caches.
      await client.query(`explain (analyze, format json) ${sql}`, bindings);
      const { rows: [plan] } = await client.query(`explain (analyze, format json) ${sql}`, bindings);
      const { 'Planning Time': planning, 'Execution Time': execution } = plan['QUERY PLAN'][0];
      rows.push({ 'plan ms': Math.round(planning * 100) / 100, 'ejecución ms': Math.round(execution * 100) / 100, consulta: sql.replace(/\s+/g, ' ').slice(0, 110) });
    }
    return rows;
  } finally {
    await client.end();
  }
}
