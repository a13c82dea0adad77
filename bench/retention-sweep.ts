import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { closeDatabase, connectDatabase } from '../server/db';
import { RETENTION_BATCH } from '../server/db/retention';
import { sweepVisitorsIn } from '../worker/jobs/sweep-visitors';

/**
 * A child process of the retention suite: the visitors' sweep (worker/jobs/sweep-visitors.ts,
 * the job the worker runs every minute) once on DATABASE_URL, its connections named
 * APPLICATION_NAME so the suite can watch them in pg_stat_activity. Every statement the pg
 * driver sends (BEGIN and COMMIT included: the deferred data-version triggers run at COMMIT) is
 * timed here, on the worker's side, from the call until its answer; a transaction from its
 * BEGIN's call until its COMMIT's answer. The figures go back over IPC.
 */
type Timing = { sql: string; ms: number };
const statements: Timing[] = [];
const transactions: number[] = [];
const begun = new WeakMap<object, number>();

type Query = (this: pg.Client, ...args: unknown[]) => unknown;
const query = pg.Client.prototype.query as unknown as Query;
(pg.Client.prototype as unknown as { query: Query }).query = function (this: pg.Client, ...args: unknown[]) {
  const first = args[0] as string | { text?: string };
  const sql = typeof first === 'string' ? first : (first?.text ?? '');
  const started = performance.now();
  if (/^\s*begin/i.test(sql)) begun.set(this, started);
  const finished = () => {
    const now = performance.now();
    statements.push({ sql, ms: now - started });
    if (/^\s*(commit|rollback)/i.test(sql) && begun.has(this)) {
      transactions.push(now - begun.get(this)!);
      begun.delete(this);
    }
  };
  const callback = args[args.length - 1];
  if (typeof callback === 'function') {
    args[args.length - 1] = (...answer: unknown[]) => {
      finished();
      return (callback as (...a: unknown[]) => unknown)(...answer);
    };
    return query.apply(this, args);
  }
  const result = query.apply(this, args);
  if (result && typeof (result as Promise<unknown>).then === 'function') (result as Promise<unknown>).then(finished, finished);
  return result;
};

async function main() {
  const url = new URL(process.env.DATABASE_URL!);
  url.searchParams.set('application_name', process.env.APPLICATION_NAME ?? 'vecindad-retention');
  connectDatabase(url.toString(), 2);
  const sizes = {
    limit: Number(process.env.RETENTION_LIMIT ?? RETENTION_BATCH.limit),
    span: Number(process.env.RETENTION_SPAN ?? RETENTION_BATCH.span),
    budgetMs: Number(process.env.RETENTION_BUDGET_MS ?? RETENTION_BATCH.budgetMs),
  };
  const t0 = performance.now();
  const result = await sweepVisitorsIn(sizes);
  const ms = performance.now() - t0;
  const longest = [...statements].sort((a, b) => b.ms - a.ms).slice(0, 5).map((s) => ({ ms: s.ms, sql: s.sql.replace(/\s+/g, ' ').slice(0, 100) }));
  process.send!({ type: 'done', result, ms, sizes, statements: statements.map((s) => s.ms), transactions, longest });
  await closeDatabase();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
