import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server as SocketServer } from 'socket.io';
import { CONNECTION_STATE_RECOVERY, streamsAdapter } from '../server/realtime';
import { createRedis } from '../server/services/redis';

/**
 * The live-push baseline: a bare Socket.IO server (no sign-in, no rooms of its own, no outbox)
 * with the same Redis streams adapter and recovery options as Vecindad's, on a stream of its
 * own. Each bench server process runs one, so the baseline has Vecindad's topology: an emit on
 * one process reaches the other's sockets through Redis.
 */
export async function startBareSocketServer(redisUrl: string, prefix: string) {
  const redis = createRedis(redisUrl, { maxRetriesPerRequest: null });
  const server = http.createServer();
  const io = new SocketServer(server, {
    transports: ['websocket'],
    adapter: streamsAdapter(redis, `${prefix}:bare-socket.io`),
    connectionStateRecovery: CONNECTION_STATE_RECOVERY,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    /** Emits `event` to every socket of every process. */
    emit: (event: object) => io.emit('event', event),
    /**
     * Emits `event` to each socket of this process on its own, one emit per socket through the
     * adapter (as an event per user goes to that user's room); answers how many.
     */
    emitToEach: (event: object) => {
      for (const id of io.of('/').sockets.keys()) io.to(id).emit('event', event);
      return io.of('/').sockets.size;
    },
    async close() {
      await new Promise<void>((resolve) => io.close(() => resolve()));
      redis.disconnect();
    },
  };
}
