import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import { config } from './config';
import { followUps } from './events/followUps';
import { startRelay } from './events/relay';
import { closeQueues, createQueues } from './jobs/queues';
import { logger } from './logger';
import { attachRealtime } from './realtime';
import { createRedis } from './services/redis';
import { deleteExpiredSessions } from './session/store';

/** How long a stopping server lets the requests it is answering finish. */
const CLOSE_GRACE_MS = 5000;

export type RunningServer = { server: http.Server; port: number; close: () => Promise<void> };

/**
 * One server instance on a connected database: HTTP API and client files, Socket.IO and the
 * event relay. Used by server/index.ts, browser tests and benchmarks. `redisPrefix` (default
 * REDIS_PREFIX) keeps test runs apart; `relay: false` runs an instance that only serves.
 */
export async function startServer(options: {
  redisUrl: string;
  port: number;
  host?: string;
  redisPrefix?: string;
  relay?: boolean;
  /** The built client served (a browser test serving a newer service worker). */
  clientDir?: string;
}): Promise<RunningServer> {
  const cfg = { ...config, ...(options.redisPrefix ? { redisPrefix: options.redisPrefix } : {}), ...(options.clientDir ? { clientDir: options.clientDir } : {}) };
  const redis = createRedis(options.redisUrl, { failFast: true });
  const app = createApp({ redis, config: cfg });
  const server = http.createServer(app.callback());

  // Socket.IO's own connection. Its commands wait for Redis to come back rather than fail: the
  // adapter leaves some of their promises unhandled (a rejection would end the process), and
  // the relay does not publish while Redis is away anyway.
  const socketRedis = createRedis(options.redisUrl, { maxRetriesPerRequest: null });
  const realtime = attachRealtime(server, { app, redis: socketRedis, prefix: cfg.redisPrefix, appOrigin: cfg.appOrigin });
  app.context.services.disconnectUser = realtime.disconnectUser;
  const queues = createQueues(redis, cfg.redisPrefix);
  const relay =
    options.relay === false
      ? undefined
      : startRelay({
          publish: realtime.publish,
          ready: () => realtime.ready() && redis.status === 'ready',
          followUps: followUps(queues, realtime.reconcile),
        });
  // Events that waited for Redis go out as soon as it is back.
  for (const connection of [redis, socketRedis]) connection.on('ready', () => relay?.wake());

  const sweep = setInterval(() => deleteExpiredSessions().catch(() => {}), 60 * 60 * 1000);
  sweep.unref();

  // Once stopping, each answer closes its connection: a browser's next request (a reconnecting
  // live connection among them) goes to a server that stays, never back to this one.
  server.prependListener('request', (_request: http.IncomingMessage, response: http.ServerResponse) => {
    if (!server.listening) response.setHeader('Connection', 'close');
  });

  await new Promise<void>((resolve) => server.listen(options.port, options.host ?? '0.0.0.0', resolve));
  const port = (server.address() as AddressInfo).port;

  /**
   * Stops as a deploy needs: at once it takes no new connection (nor live connection), closes
   * the idle ones and the sockets (whose clients reconnect elsewhere, or here once restarted,
   * and are replayed or refetch what they missed); requests being answered get CLOSE_GRACE_MS.
   */
  const close = async () => {
    clearInterval(sweep);
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    const overdue = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
    await Promise.all([relay?.stop(), realtime.close()]);
    await closed;
    clearTimeout(overdue);
    await closeQueues(queues);
    socketRedis.disconnect();
    redis.disconnect();
  };
  logger.debug({ port }, 'server listening');
  return { server, port, close };
}
