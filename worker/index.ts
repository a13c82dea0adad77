import { config } from '../server/config';
import { logger } from '../server/logger';

/** The BullMQ worker process (its jobs arrive with the broadcasts and live parts). */
async function main() {
  logger.info({ redis: config.redisUrl }, 'worker listo');
  const keepAlive = setInterval(() => {}, 60_000);
  const shutdown = () => {
    clearInterval(keepAlive);
    process.exit(0);
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

void main();
