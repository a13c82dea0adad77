import { startEmbeddedPostgres, type EmbeddedOptions } from './embedded';

/**
 * The embedded PostgreSQL in a process of its own (forked by server/infrastructure.ts with its
 * options in VECINDAD_EMBEDDED_PG), so the parent decides when it stops, and the package's exit
 * hooks (they take over SIGTERM and the exit code) never run in the parent. Reports its URL
 * over IPC; the package's exit hook stops PostgreSQL when this process gets SIGTERM.
 */
try {
  const options = JSON.parse(process.env.VECINDAD_EMBEDDED_PG ?? '') as EmbeddedOptions;
  const embedded = await startEmbeddedPostgres(options);
  process.send!({ url: embedded.url });
  // Stop when the parent goes away without saying so.
  process.on('disconnect', () => void embedded.stop().then(() => process.exit(0)));
} catch (error) {
  process.send!({ error: error instanceof Error ? error.message : String(error) });
  process.exit(1);
}
