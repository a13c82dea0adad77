import autocannon from 'autocannon';
import type { Knex } from 'knex';

/** What every benchmark suite gets: a running server (separate process) and its database. */
export type BenchContext = {
  baseUrl: string;
  /** A bare Koa app in the server process: GET /bare?sid= runs the session-and-user query. */
  bareUrl: string;
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  db: Knex;
  /** Memory of the server process right now (after a GC when exposed). */
  serverMemory: () => Promise<NodeJS.MemoryUsage>;
  /** Signs in over HTTP and returns the Cookie header to send. */
  signIn: (username: string, password: string) => Promise<string>;
  /** A new organization with an Administrador (password BENCH_PASSWORD), signed in. */
  createAdministrator: () => Promise<{ userId: number; organizationId: number; cookie: string; sid: string }>;
};

export type BenchTable = { title: string; rows: Array<Record<string, string | number>> };
export type BenchSuite = { name: string; description: string; run: (ctx: BenchContext) => Promise<BenchTable[]> };

export const BENCH_PASSWORD = 'bench-password';
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
}) {
  const result = await autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    connections: options.connections ?? 20,
    duration: options.duration ?? 8,
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  return {
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    requests: result.requests.total,
    errors,
  };
}

export function percentile(values: number[], p: number) {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
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
