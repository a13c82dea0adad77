import type http from 'node:http';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { Redis } from 'ioredis';
import type Koa from 'koa';
import { Server } from 'socket.io';
import { rooms, roomsFor, type LiveEvent } from '../../shared/events';
import { logger } from '../logger';
import { reconcileAccess, type AccessTargets } from './access';
import { sameOriginHandshake, userOfHandshake } from './auth';
import { roomsOf, sessionRoom } from './rooms';

export type Realtime = {
  io: Server;
  /**
   * Emits a committed event to its rooms (socket event `event`, a LiveEvent) and resolves once
   * Redis has it, so every server instance delivers it; rejects when Redis did not take it.
   */
  publish: (event: LiveEvent) => Promise<void>;
  /** Whether Redis is connected (the relay waits while it is not). */
  ready: () => boolean;
  /** Ends a user's live connections on every instance (but those of one session, when given). */
  disconnectUser: (userId: number, options?: { exceptSession?: string }) => void;
  /**
   * Brings the sockets of these users and rooms, on every instance, in line with what their
   * users may read now (see reconcileAccess).
   */
  reconcile: (targets: AccessTargets) => Promise<void>;
  /**
   * Disconnects the sockets (their sessions kept for recovery) and closes the HTTP server it is
   * attached to, if still open.
   */
  close: () => Promise<void>;
};

/** What a socket keeps (plain data: other instances read it through fetchSockets). */
type SocketData = { userId: number; rooms: string[]; session: string };

const PUBLISH_TIMEOUT_MS = 5000;

/** A client back within two minutes gets the events it missed (and keeps its rooms). */
export const CONNECTION_STATE_RECOVERY = { maxDisconnectionDuration: 2 * 60 * 1000, skipMiddlewares: false };

/**
 * The Redis streams adapter on the stream `name` (its pub/sub channels and saved sessions under
 * the same name). Also the benchmark's bare Socket.IO baseline, so both share rooms alike.
 */
export function streamsAdapter(redis: Redis, name: string) {
  return createAdapter(redis, {
    streamName: name,
    channelPrefix: name,
    sessionKeyPrefix: `${name}:session:`,
    // How long an idle reader blocks; also how long closing waits for it.
    blockTimeInMs: 2000,
    onlyPlaintext: true,
  });
}

/**
 * Socket.IO on the app's HTTP server: same-origin only, authenticated from the session cookie,
 * each socket in the rooms its user may read. Instances share rooms through a Redis stream
 * (`@socket.io/redis-streams-adapter`), which also keeps missed packets for connection state
 * recovery; a client that is not recovered refetches what it shows.
 */
export function attachRealtime(
  server: http.Server,
  options: { app: Koa; redis: Redis; prefix: string; appOrigin?: string },
): Realtime {
  // The adapter swallows a failed Redis write (it still delivers locally), but it makes that
  // write synchronously inside emit(): capturing it tells publish() whether Redis took the event.
  let lastWrite: Promise<unknown> | undefined;
  // The adapter saves a disconnecting socket's session with a SET whose promise nobody
  // awaits; when Redis goes away (or at shutdown) its rejection would be unhandled. Saving a
  // session is best effort: a client that cannot be recovered refetches what it shows.
  const set = options.redis.set.bind(options.redis) as (...args: unknown[]) => Promise<unknown>;
  options.redis.set = ((...args: unknown[]) =>
    set(...args).catch((error: Error) => logger.debug({ err: error }, 'socket session not saved'))) as typeof options.redis.set;
  const redisAdapter = streamsAdapter(options.redis, `${options.prefix}:socket.io`);
  // Socket.IO calls it with `new`: a plain function returning the instance.
  const adapter = function (nsp: unknown) {
    const instance = redisAdapter(nsp);
    const doPublish = instance.doPublish.bind(instance);
    instance.doPublish = (message) => (lastWrite = doPublish(message));
    return instance;
  } as typeof redisAdapter;

  const io = new Server<Record<string, never>, { event: (event: LiveEvent) => void; resync: () => void }, Record<string, never>, SocketData>(
    server,
    {
      serveClient: false,
      transports: ['websocket', 'polling'],
      adapter,
      connectionStateRecovery: CONNECTION_STATE_RECOVERY,
      // A server that no longer listens (it is stopping) takes no new connection: the client
      // retries until one that stays (this one restarted, or another instance) takes it.
      allowRequest: (request, callback) => callback(null, server.listening && sameOriginHandshake(request, options.appOrigin)),
    },
  );

  io.use(async (socket, next) => {
    try {
      const signedIn = await userOfHandshake(options.app, socket.request);
      if (!signedIn) return next(refused('unauthorized'));
      const { user, sid } = signedIn;
      if (user.mustChangePassword) return next(refused('password_change_required'));
      socket.data = { userId: user.id, rooms: await roomsOf(user), session: sessionRoom(sid) };
      next();
    } catch (error) {
      logger.warn({ err: error }, 'socket handshake failed');
      next(refused('unavailable'));
    }
  });

  io.on('connection', (socket) => {
    const wanted = new Set([...socket.data.rooms, socket.data.session]);
    // A recovered socket keeps its old rooms: drop any its user may no longer read.
    for (const room of socket.rooms) if (room !== socket.id && !wanted.has(room)) socket.leave(room);
    // It was replayed only what its old rooms heard: with a room gained, the client refetches.
    const gained = socket.recovered && [...wanted].some((room) => !socket.rooms.has(room));
    socket.join([...wanted]);
    if (gained) socket.emit('resync');
  });

  // A server-side disconnect (not a closed transport) is never recovered with the old rooms:
  // the client connects anew, through the handshake, and refetches what it shows.
  const disconnectUser: Realtime['disconnectUser'] = (userId, { exceptSession } = {}) => {
    const sockets = io.in(rooms.user(userId));
    (exceptSession ? sockets.except(sessionRoom(exceptSession)) : sockets).disconnectSockets();
  };

  return {
    io,
    async publish(event) {
      lastWrite = undefined;
      io.to(roomsFor(event)).emit('event', event);
      const write = lastWrite as Promise<unknown> | undefined;
      lastWrite = undefined;
      if (!write) throw new Error('Socket.IO no escribió el evento en Redis');
      await withTimeout(write, PUBLISH_TIMEOUT_MS);
    },
    ready: () => options.redis.status === 'ready',
    disconnectUser,
    reconcile: (targets) => reconcileAccess(io, targets),
    close: () => new Promise<void>((resolve) => io.close(() => resolve())),
  };
}

function refused(code: 'unauthorized' | 'password_change_required' | 'unavailable') {
  return Object.assign(new Error(code), { data: { code } });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('Redis no respondió a tiempo')), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
