import { connectDatabase } from '../server/db';
import { startServer } from '../server/server';
import { startBareSocketServer } from './bare-socket';

/**
 * A second server instance for the live-push suite (forked with bench/server.ts's environment:
 * same database, Redis prefix and SESSION_SECRET), as production runs several behind a load
 * balancer: its own HTTP, Socket.IO and relay, rooms shared through Redis. Beside it, a second
 * bare Socket.IO server on the baseline's stream. Messages: {type:'memory'} -> the process's
 * memory after a GC. Sends {type:'ready', port, bareSocketPort}; SIGTERM closes both.
 */
connectDatabase(process.env.DATABASE_URL!, 20);
const running = await startServer({ redisUrl: process.env.REDIS_URL!, port: 0, host: '127.0.0.1' });
const bareSocket = await startBareSocketServer(process.env.REDIS_URL!, process.env.REDIS_PREFIX!);

process.on('message', (message: { type: string; id: number }) => {
  if (message.type !== 'memory') return;
  global.gc?.();
  process.send!({ type: 'memory', id: message.id, memory: process.memoryUsage() });
});
process.on('SIGTERM', async () => {
  await running.close();
  await bareSocket.close();
  process.exit(0);
});
process.send!({ type: 'ready', port: running.port, bareSocketPort: bareSocket.port });
