import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { connectDatabase, db } from '../server/db';
import { startServer } from '../server/server';

/**
 * The server under measurement, in its own process (so load generators do not share its
 * event loop). Also serves a bare Koa app whose one route runs one PostgreSQL query, the
 * baseline for the cost of our middleware.
 */
connectDatabase(process.env.DATABASE_URL!, 20);
const running = await startServer({ redisUrl: process.env.REDIS_URL!, port: 0, host: '127.0.0.1' });

const bare = new Koa();
bare.use(async (ctx) => {
  const id = Number(ctx.query.id);
  const { rows } = await db().raw('select id, username, name, last_name, role from users where id = ?', [id]);
  ctx.body = rows[0] ?? null;
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
