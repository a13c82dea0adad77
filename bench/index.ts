import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import knex from 'knex';
import pg from 'pg';
import { knexConfig } from '../knexfile';
import { config } from '../server/config';
import { startInfrastructure } from '../server/infrastructure';
import { createRedis } from '../server/services/redis';
import { hashPassword } from '../server/services/passwords';
import { BENCH_PASSWORD, BENCH_SESSION_SECRET, printTable, TARGETS_TITLE, type BenchContext, type BenchSuite, type BenchTable } from './lib';

/**
 * `npm run bench [suite...] [--json] [--profile] [--keep]`: a fresh benchmark database, the server in a child process, then
 * each suite's tables. Uses DATABASE_URL's server (or the embedded PostgreSQL) and REDIS_URL.
 */
const here = path.dirname(fileURLToPath(import.meta.url));

async function loadSuites(): Promise<BenchSuite[]> {
  const files = fs.readdirSync(path.join(here, 'suites')).filter((file) => file.endsWith('.ts')).sort();
  const suites: BenchSuite[] = [];
  for (const file of files) suites.push((await import(path.join(here, 'suites', file))).default as BenchSuite);
  return suites;
}

async function main() {
  const args = process.argv.slice(2);
  // --json: the tables are also written, machine-readable, to bench-results.json.
  const json = args.includes('--json');
  // --profile: each target request is also run once more under the server's CPU profiler.
  const profiling = args.includes('--profile');
  // --keep: the benchmark database stays (its name is printed), to read its plans afterwards.
  const keep = args.includes('--keep');
  const wanted = args.filter((arg) => !arg.startsWith('--'));
  const suites = (await loadSuites()).filter((suite) => !wanted.length || wanted.includes(suite.name));
  if (!suites.length) throw new Error(`No hay benchmarks con esos nombres: ${wanted.join(', ')}`);

  const infrastructure = await startInfrastructure(config, (line) => console.log(line));
  const serverUrl = infrastructure.databaseUrl.replace(/\/[^/]*$/, '');
  // A database of this run's own (dropped at the end), so two benchmark runs never collide.
  const databaseName = `vecindad_bench_${process.pid}`;
  const databaseUrl = `${serverUrl}/${databaseName}`;
  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.query(`create database ${databaseName}`);
  const database = knex(knexConfig(databaseUrl, 10));
  await database.migrate.latest();

  const redisPrefix = `vecindad-bench-${Date.now().toString(36)}`;
  const serverEnv = { ...process.env, DATABASE_URL: databaseUrl, REDIS_URL: infrastructure.redisUrl, REDIS_PREFIX: redisPrefix, LOG_LEVEL: 'error', NODE_ENV: 'production', COOKIE_SECURE: 'false', SESSION_SECRET: BENCH_SESSION_SECRET };
  const child = fork(path.join(here, 'server.ts'), {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: serverEnv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<{ port: number; barePort: number; replayPort: number; bareSocketPort: number }>((resolve, reject) => {
    type Ready = { type: string; port: number; barePort: number; replayPort: number; bareSocketPort: number };
    // tsx's loader sends messages of its own on the same channel.
    child.on('message', (message: Ready) => message.type === 'ready' && resolve(message));
    child.once('exit', (code) => reject(new Error(`el servidor de benchmark terminó (${code})`)));
  });
  let nextId = 0;
  /** A request to the server process over IPC, answered by a message of the same type and id. */
  const ask = <T>(message: { type: string } & Record<string, unknown>) =>
    new Promise<T>((resolve) => {
      const id = ++nextId;
      const listener = (answer: { type: string; id: number }) => {
        if (answer.type !== message.type || answer.id !== id) return;
        child.off('message', listener);
        resolve(answer as T);
      };
      child.on('message', listener);
      child.send({ ...message, id });
    });
  const baseUrl = `http://127.0.0.1:${ready.port}`;
  const passwordHash = await hashPassword(BENCH_PASSWORD);

  const signIn = async (username: string, password: string) => {
    const response = await fetch(`${baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
    return response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
  };

  const ctx: BenchContext = {
    baseUrl,
    bareUrl: `http://127.0.0.1:${ready.barePort}`,
    databaseUrl,
    redisUrl: infrastructure.redisUrl,
    redisPrefix,
    db: database,
    serverEnv,
    bareSocketUrl: `http://127.0.0.1:${ready.bareSocketPort}`,
    bareEmit: async (event) => {
      await ask({ type: 'bare-emit', event });
    },
    bareEmitToEach: async (event) => (await ask<{ sockets: number }>({ type: 'bare-emit-each', event })).sockets,
    profiling,
    profile: async (run) => {
      await ask({ type: 'profile-start' });
      await run();
      return ask({ type: 'profile-stop' });
    },
    serverMemory: async () => (await ask<{ memory: NodeJS.MemoryUsage }>({ type: 'memory' })).memory,
    replay: async (name, path, cookie, body) => {
      type Statements = Array<{ sql: string; bindings: unknown[] }>;
      const answer = await ask<{ first: Statements; statements: Statements; error?: string }>({ type: 'replay', name, path, cookie, body });
      if (answer.error) throw new Error(answer.error);
      return { url: `http://127.0.0.1:${ready.replayPort}/${name}`, first: answer.first, statements: answer.statements };
    },
    signIn,
    createAdministrator: async () => {
      const [organization] = await database('organizations').insert({ name: `Bench ${Date.now()}` }).returning('id');
      const username = `admin-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@bench.do`;
      const [user] = await database('users')
        .insert({ username, email: username, password: passwordHash, name: 'Bench', lastName: 'Admin', role: 'Administrador', organizationId: organization.id })
        .returning('id');
      const cookie = await signIn(username, BENCH_PASSWORD);
      const sid = /vecindad\.sid=([^;]+)/.exec(cookie)![1];
      return { userId: user.id, organizationId: organization.id, cookie, sid };
    },
  };

  try {
    const results: Array<{ suite: string; description: string; tables: BenchTable[] }> = [];
    for (const suite of suites) {
      console.log(`\n== ${suite.name}: ${suite.description}`);
      const tables = await suite.run(ctx);
      tables.forEach(printTable);
      results.push({ suite: suite.name, description: suite.description, tables });
    }
    // Every target of the run in one place, each with its baseline and ratio.
    const targets = results.flatMap(({ suite, tables }) => tables.filter((table) => table.title === TARGETS_TITLE).flatMap((table) => table.rows.map((row): Record<string, string | number> => ({ suite, ...row }))));
    console.log(`\n== Resumen: ${targets.filter((row) => row.cumple === 'sí').length} de ${targets.length} objetivos cumplidos`);
    printTable({ title: 'Objetivos de esta ejecución (valor, referencia de la misma ejecución, proporción)', rows: targets });
    if (json) {
      const file = path.resolve('bench-results.json');
      fs.writeFileSync(file, `${JSON.stringify({ date: new Date().toISOString(), cpus: os.cpus().length, results }, null, 2)}\n`);
      console.log(`\nResultados en ${file}`);
    }
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await database.destroy();
    if (keep) console.log(`\nBase de datos conservada: ${databaseUrl}`);
    else await admin.query(`drop database if exists ${databaseName} with (force)`);
    await deleteRedisKeys(infrastructure.redisUrl, `${redisPrefix}*`);
    await admin.end();
    await infrastructure.stop();
  }
}

/** Deletes this run's Redis keys (queues, streams, limits). */
async function deleteRedisKeys(url: string, pattern: string) {
  const redis = createRedis(url);
  for await (const keys of redis.scanStream({ match: pattern, count: 500 })) {
    if ((keys as string[]).length) await redis.unlink(...(keys as string[]));
  }
  redis.disconnect();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
