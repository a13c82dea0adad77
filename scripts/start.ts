import { config, sessionSecret } from '../server/config';
import { closeDatabase, connectDatabase } from '../server/db';
import { startInfrastructure, type Infrastructure } from '../server/infrastructure';
import { logger } from '../server/logger';
import { prepareDatabase } from '../server/seed/first-start';
import { appEntry } from '../server/paths';
import { supervise, type Supervised } from '../server/supervisor';
import { buildAppIfStale, buildClientIfStale } from './build';

/**
 * `npm start`: builds the client when needed, starts the database (embedded when DATABASE_URL
 * is unset) and Redis (a local redis-server when none answers), migrates, loads the demo into
 * an empty database in development (server/seed/first-start.ts: never in production unless
 * SEED_DEMO=true), then runs the server and the worker until Ctrl+C. A worker that dies is
 * restarted with backoff while the server keeps serving; a server that dies stops everything.
 * With NODE_ENV=production they run as compiled JavaScript (built here when missing or stale).
 */
const log = (line: string) => logger.info(line);

let infrastructure: Infrastructure | undefined;
try {
  buildClientIfStale(config.clientDir, log);
  if (config.isProduction) await buildAppIfStale(log);
  infrastructure = await startInfrastructure(config, log);
  const banner = await prepareDatabase(connectDatabase(infrastructure.databaseUrl, 2), config, log);
  await closeDatabase();
  run(infrastructure, banner);
} catch (error) {
  // One line that says what to do (the causes are in the lines logged before it).
  logger.fatal(`No se pudo iniciar Vecindad: ${error instanceof Error ? error.message : String(error)}`);
  await infrastructure?.stop();
  process.exit(1);
}

function run(infra: Infrastructure, banner: string[]) {
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
  for (const line of banner) log(line);
}

