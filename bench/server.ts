import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { connectDatabase } from '../server/db';
import { startServer } from '../server/server';
import { findSessionWithUser } from '../server/session/store';

/**
 * The server under measurement, in its own process (so load generators do not share its
 * event loop). Also serves a bare Koa app whose one route runs the same session-and-user
 * query GET /api/user makes, the baseline for the cost of our middleware.
 */
connectDatabase(process.env.DATABASE_URL!, 20);
const running = await startServer({ redisUrl: process.env.REDIS_URL!, port: 0, host: '127.0.0.1' });

const bare = new Koa();
bare.use(async (ctx) => {
  ctx.body = (await findSessionWithUser(String(ctx.query.sid)))?.user ?? null;
});
const bareServer = http.createServer(bare.callback());
await new Promise<void>((resolve) => bareServer.listen(0, '127.0.0.1', resolve));

process.on('message', (message: { type: string; id: number }) => {
  if (message.type === 'memory') {
    global.gc?.();
    process.send!({ type: 'memory', id: message.id, memory: process.memoryUsage() });
  }
});
process.send!({ type: 'ready', port: running.port, barePort: (bareServer.address() as AddressInfo).port });
process.on('SIGTERM', async () => {
  await running.close();
  bareServer.close();
  process.exit(0);
});
