import { inject } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import type { LiveEvent } from '../../shared/events';
import { transaction } from '../../server/db/transaction';
import { recordEvent } from '../../server/events/outbox';
import type { User } from '../../server/models';
import { startServer, type RunningServer } from '../../server/server';
import { createRedis } from '../../server/services/redis';
import { PASSWORD, unique } from './factories';
import { testApp } from './services';

/**
 * Live parts under test: real server instances (HTTP, Socket.IO, relay) on this worker's
 * database and the real Redis, and real Socket.IO clients. Each test file takes a Redis prefix
 * of its own, so instances of different files (different databases) never share rooms.
 */
export const livePrefix = () => `${inject('redisPrefix')}-${unique('live')}`;

export type LiveServer = RunningServer & { url: string };

export async function startLiveServer(options: { prefix: string; relay?: boolean; redisUrl?: string }): Promise<LiveServer> {
  await testApp(); // connects this worker's database
  const running = await startServer({
    redisUrl: options.redisUrl ?? inject('redisUrl'),
    port: 0,
    host: '127.0.0.1',
    redisPrefix: options.prefix,
    relay: options.relay,
  });
  return { ...running, url: `http://127.0.0.1:${running.port}` };
}

/** Signs in over HTTP; the Cookie header a browser would send. */
export async function sessionCookie(url: string, user: User) {
  const response = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: user.username, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
}

export type LiveClient = {
  socket: Socket;
  /** The server it connects to, and the session it connects with. */
  url: string;
  cookie?: string;
  events: LiveEvent[];
  /** The first received event matching, waiting up to `timeoutMs`. */
  next: (match: (event: LiveEvent) => boolean, timeoutMs?: number) => Promise<LiveEvent>;
  close: () => void;
};

/** A Socket.IO client as the web client opens it (WebSocket first, session cookie). */
export function liveClient(url: string, cookie?: string, options: Parameters<typeof io>[1] = {}): LiveClient {
  const socket = io(url, {
    transports: ['websocket'],
    extraHeaders: cookie ? { cookie } : {},
    forceNew: true,
    reconnection: false,
    ...options,
  });
  const events: LiveEvent[] = [];
  socket.on('event', (event: LiveEvent) => events.push(event));
  return {
    socket,
    url,
    cookie,
    events,
    next: (match, timeoutMs = 5000) => waitFor(() => events.find(match), timeoutMs, 'evento en vivo'),
    close: () => socket.close(),
  };
}

/** Resolves when connected; rejects with the server's refusal. */
export function connected(client: LiveClient): Promise<void> {
  return new Promise((resolve, reject) => {
    if (client.socket.connected) return resolve();
    client.socket.once('connect', () => resolve());
    client.socket.once('connect_error', (error) => reject(error));
  });
}

/** Signs in and connects: a client ready to receive. */
export async function connectAs(url: string, user: User) {
  const client = liveClient(url, await sessionCookie(url, user));
  await connected(client);
  return client;
}

/**
 * Resolves once each client has heard every event recorded before the call, so that a check
 * that something did NOT reach it can follow: a marker to the client's user, recorded now, is
 * published after them all (the relay publishes in the order of recording, inbox events such
 * as this `notification.read` last), and a socket receives in the order published. A client
 * no longer connected hears nothing more.
 */
export async function caughtUp(clients: LiveClient[]) {
  const markers = await Promise.all(
    clients
      .filter((client) => client.socket.connected)
      .map(async (client) => {
        const response = await fetch(`${client.url}/api/user`, { headers: { cookie: client.cookie ?? '' } });
        if (!response.ok) throw new Error(`sesión no válida: ${response.status}`);
        const user = (await response.json()) as { id: number; organizationId: number };
        const [id] = await transaction((trx) =>
          recordEvent(trx, { type: 'notification.read', organizationId: user.organizationId, audience: 'user', userId: user.id, payload: { marker: true } }),
        );
        return { client, id };
      }),
  );
  await Promise.all(
    markers.map(({ client, id }) => waitFor(() => !client.socket.connected || client.events.some((event) => event.id === id), 5000, 'la marca de eventos')),
  );
}

/** Polls `probe` until it returns something truthy. */
export async function waitFor<T>(probe: () => T | undefined | null | false | Promise<T | undefined | null | false>, timeoutMs = 5000, what = 'condición'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`tiempo agotado esperando ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Deletes a test file's Redis keys (queues, Socket.IO stream, heartbeat): only its own prefix. */
export async function clearPrefix(prefix: string) {
  const redis = createRedis(inject('redisUrl'));
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      if (keys.length) await redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
