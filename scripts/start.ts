import type { Knex } from 'knex';
import { config, sessionSecret } from '../server/config';
import { closeDatabase, connectDatabase, migrateLatest } from '../server/db';
import { startInfrastructure, type Infrastructure } from '../server/infrastructure';
import { logger } from '../server/logger';
import { DEMO_ACCOUNTS, DEMO_CLIENT_ADMIN, DEMO_PASSWORD, databaseIsEmpty, seedDemo } from '../server/seed/demo';
import { verifyPassword } from '../server/services/passwords';
import { appEntry } from '../server/paths';
import { supervise, type Supervised } from '../server/supervisor';
import { buildAppIfStale, buildClientIfStale } from './build';

/**
 * `npm start`: builds the client when needed, starts the database (embedded when DATABASE_URL
 * is unset) and Redis (a local redis-server when none answers), migrates, loads the demo on
 * an empty database, then runs the server and the worker until Ctrl+C. A worker that dies is
 * restarted with backoff while the server keeps serving; a server that dies stops everything.
 * With NODE_ENV=production they run as compiled JavaScript (built here when missing or stale).
 */
const log = (line: string) => logger.info(line);

let infrastructure: Infrastructure | undefined;
try {
  buildClientIfStale(config.clientDir, log);
  if (config.isProduction) await buildAppIfStale(log);
  infrastructure = await startInfrastructure(config, log);
  const knex = connectDatabase(infrastructure.databaseUrl, 2);
  await migrateLatest(knex);
  if (await databaseIsEmpty(knex)) {
    await knex.transaction((trx) => seedDemo(trx));
    log('Base de datos nueva: datos de demostración cargados.');
  }
  const demo = await openDemoAccounts(knex);
  await closeDatabase();
  run(infrastructure, demo);
} catch (error) {
  // One line that says what to do (the causes are in the lines logged before it).
  logger.fatal(`No se pudo iniciar Vecindad: ${error instanceof Error ? error.message : String(error)}`);
  await infrastructure?.stop();
  process.exit(1);
}

function run(infra: Infrastructure, demo: string[]) {
  const env = { ...process.env, DATABASE_URL: infra.databaseUrl, REDIS_URL: infra.redisUrl, SESSION_SECRET: sessionSecret() };
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    log('Deteniendo...');
    await Promise.all(children.map((child) => child.stop()));
    await infra.stop();
    process.exit(code);
  };
  const children: Supervised[] = [
    supervise(appEntry('server/index', config.isProduction), {
      env,
      onExit: (code) => {
        log(`El servidor terminó inesperadamente (código ${code}).`);
        void stop(1);
      },
    }),
    supervise(appEntry('worker/index', config.isProduction), { name: 'El worker', env, restart: true, log }),
  ];
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  log(`Vecindad: http://localhost:${config.port}`);
  for (const line of demo) log(line);
}

/**
 * The banner's demo accounts: those that still have the demo password (an installation whose
 * administrators changed it does not advertise it).
 */
async function openDemoAccounts(knex: Knex): Promise<string[]> {
  const accounts = [...DEMO_ACCOUNTS, DEMO_CLIENT_ADMIN];
  const rows: Array<{ username: string; password: string; isSuperAdmin: boolean; organization: string }> = await knex('users')
    .join('organizations', 'organizations.id', 'users.organizationId')
    .whereIn('username', accounts.map((account) => account.username))
    .select('username', 'password', 'isSuperAdmin', 'organizations.name as organization');
  const open: string[] = [];
  for (const account of accounts) {
    const row = rows.find((candidate) => candidate.username === account.username);
    if (!row || !(await verifyPassword(DEMO_PASSWORD, row.password))) continue;
    const role = row.isSuperAdmin ? `${account.role} (super-admin)` : account.role;
    open.push(`  ${role.padEnd(28)} ${account.username.padEnd(26)} ${row.organization}`);
  }
  return open.length ? [`Cuentas de demostración (contraseña ${DEMO_PASSWORD}):`, ...open] : [];
}
