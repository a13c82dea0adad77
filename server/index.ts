import { config } from './config';
import { closeDatabase, connectDatabase, migrateLatest } from './db';
import { startInfrastructure } from './infrastructure';
import { onShutdown } from './lifecycle';
import { logger } from './logger';
import { startServer } from './server';

/** Boots one server process (database and Redis from the environment, or local ones). */
async function main() {
  const infrastructure = await startInfrastructure(config, (line) => logger.info(line));
  await migrateLatest(connectDatabase(infrastructure.databaseUrl, config.databasePoolSize));
  const running = await startServer({ redisUrl: infrastructure.redisUrl, port: config.port, host: config.host });
  logger.info({ port: running.port }, `Vecindad escuchando en http://localhost:${running.port}`);

  onShutdown('el servidor', async () => {
    await running.close();
    await closeDatabase();
    await infrastructure.stop();
  });
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
