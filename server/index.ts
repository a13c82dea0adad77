import http from 'node:http';
import { createApp } from './app';
import { config } from './config';
import { closeDatabase, connectDatabase, migrateLatest } from './db';
import { startInfrastructure } from './infrastructure';
import { logger } from './logger';
import { createRedis } from './services/redis';
import { deleteExpiredSessions } from './session/store';

/** Boots one server instance: HTTP API, client files and (with the live parts) Socket.IO. */
async function main() {
  const infrastructure = await startInfrastructure(config, (line) => logger.info(line));
  const knex = connectDatabase(infrastructure.databaseUrl);
  await migrateLatest(knex);
  const redis = createRedis(infrastructure.redisUrl, { failFast: true });

  const app = createApp({ redis });
  const server = http.createServer(app.callback());
  const sweep = setInterval(() => deleteExpiredSessions().catch(() => {}), 60 * 60 * 1000);
  sweep.unref();

  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  logger.info({ port: config.port }, `Vecindad escuchando en http://localhost:${config.port}`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'cerrando el servidor');
    clearInterval(sweep);
    server.closeIdleConnections();
    await new Promise((resolve) => server.close(resolve));
    redis.disconnect();
    await closeDatabase();
    await infrastructure.stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error) => {
  logger.fatal(error instanceof Error ? error.message : error);
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
