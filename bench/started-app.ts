import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { HealthReport } from '../shared/health';
import { freePort } from '../tests/support/ports';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type StartedApp = { baseUrl: string; stop: () => Promise<void> };

/**
 * Vecindad as `npm start` runs it (scripts/start.ts: server and worker, demo data in an empty
 * database), on a database and a data folder of its own, with this run's Redis under its own
 * prefix. `production`: NODE_ENV=production with SEED_DEMO=true (compiled JavaScript, as a
 * deployment runs it); otherwise the newcomer's plain `npm start`.
 */
export async function startApp(options: { serverUrl: string; redisUrl: string; production: boolean }): Promise<StartedApp> {
  const name = `vecindad_bench_app_${process.pid}_${options.production ? 'prod' : 'dev'}`;
  const admin = new pg.Client({ connectionString: `${options.serverUrl}/postgres` });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vecindad-bench-app-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: `${options.serverUrl}/${name}`,
      REDIS_URL: options.redisUrl,
      REDIS_PREFIX: name,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: options.production ? 'production' : 'development',
      ...(options.production && { SEED_DEMO: 'true', SESSION_SECRET: 'bench-app-secret-bench-app-secret-0123456789', COOKIE_SECURE: 'false' }),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  // Ready when the API answers and the worker reports in (the demo is loaded before either runs).
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`scripts/start.ts terminó (${child.exitCode}) antes de responder`);
    }
    const health = (await fetch(`${baseUrl}/api/health`).then((response) => response.json()).catch(() => undefined)) as HealthReport | undefined;
    if (health?.status === 'ok') break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`scripts/start.ts no respondió en ${baseUrl}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { baseUrl, stop };
}
