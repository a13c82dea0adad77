import { logger } from './logger';

/**
 * Runs `stop` once on SIGTERM or SIGINT, then exits: the orderly shutdown of the server and
 * worker processes.
 */
export function onShutdown(name: string, stop: () => Promise<void>) {
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, `cerrando ${name}`);
    try {
      await stop();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
