import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ROOT_DIR, config, sessionSecret } from '../server/config';
import { closeDatabase, connectDatabase, migrateLatest } from '../server/db';
import { startInfrastructure } from '../server/infrastructure';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, databaseIsEmpty, seedDemo } from '../server/seed/demo';
import { buildClientIfStale } from './client-build';

/**
 * `npm start`: builds the client when needed, starts the database (embedded when DATABASE_URL
 * is unset) and Redis (a local redis-server when none answers), migrates, loads the demo on
 * an empty database, then runs the server and the worker until Ctrl+C.
 */
const log = (line: string) => console.log(`[vecindad] ${line}`);

buildClientIfStale(config.clientDir, log);
const infrastructure = await startInfrastructure(config, log, { redis: true, databaseProcess: true });
const knex = connectDatabase(infrastructure.databaseUrl, 2);
await migrateLatest(knex);
const seeded = (await databaseIsEmpty(knex)) && (await knex.transaction((trx) => seedDemo(trx)), true);
if (seeded) log('Base de datos nueva: datos de demostración cargados.');
await closeDatabase();

const env = {
  ...process.env,
  DATABASE_URL: infrastructure.databaseUrl,
  REDIS_URL: infrastructure.redisUrl,
  SESSION_SECRET: sessionSecret(),
};
const children: ChildProcess[] = ['server/index.ts', 'worker/index.ts'].map((entry) =>
  // Own process groups: Ctrl+C reaches only this process, which stops them in order.
  fork(path.join(ROOT_DIR, entry), { env, execArgv: ['--import', 'tsx'], stdio: 'inherit', detached: true }),
);

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  log('Deteniendo...');
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
        }),
    ),
  );
  await infrastructure.stop();
  process.exit(code);
}
for (const child of children) {
  child.once('exit', (exitCode) => {
    if (!stopping) {
      log(`Un proceso terminó inesperadamente (código ${exitCode}).`);
      void stop(1);
    }
  });
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

log(`Vecindad: http://localhost:${config.port}`);
log(`Cuentas de demostración (contraseña ${DEMO_PASSWORD}):`);
for (const account of DEMO_ACCOUNTS) log(`  ${account.role.padEnd(14)} ${account.username}`);
