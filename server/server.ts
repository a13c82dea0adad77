import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import { logger } from './logger';
import { createRedis } from './services/redis';
import { deleteExpiredSessions } from './session/store';

export type RunningServer = { server: http.Server; port: number; close: () => Promise<void> };

/**
 * One server instance on a connected database: HTTP API and client files (and, with the live
 * parts, Socket.IO and the event relay). Used by server/index.ts, browser tests and benchmarks.
 */
export async function startServer(options: { redisUrl: string; port: number; host?: string }): Promise<RunningServer> {
  const redis = createRedis(options.redisUrl, { failFast: true });
  const app = createApp({ redis });
  const server = http.createServer(app.callback());
  const sweep = setInterval(() => deleteExpiredSessions().catch(() => {}), 60 * 60 * 1000);
  sweep.unref();

  await new Promise<void>((resolve) => server.listen(options.port, options.host ?? '0.0.0.0', resolve));
  const port = (server.address() as AddressInfo).port;

  const close = async () => {
    clearInterval(sweep);
    server.closeIdleConnections();
    await new Promise((resolve) => server.close(resolve));
    redis.disconnect();
  };
  logger.debug({ port }, 'server listening');
  return { server, port, close };
}
