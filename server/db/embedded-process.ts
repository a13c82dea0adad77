import path from 'node:path';
import { config } from '../config';
import { startEmbeddedPostgres } from './embedded';

/**
 * The embedded PostgreSQL in a process of its own (forked by server/infrastructure.ts), so the
 * parent decides when it stops: after the server and worker have shut down. Reports its URL
 * over IPC; the package's exit hook stops PostgreSQL when this process gets SIGTERM.
 */
try {
  const embedded = await startEmbeddedPostgres({
    dir: path.join(config.dataDir, 'postgres'),
    port: config.embeddedPgPort,
    database: 'vecindad',
  });
  process.send!({ url: embedded.url });
  // Stop when the parent goes away without saying so.
  process.on('disconnect', () => void embedded.stop().then(() => process.exit(0)));
} catch (error) {
  process.send!({ error: error instanceof Error ? error.message : String(error) });
  process.exit(1);
}
