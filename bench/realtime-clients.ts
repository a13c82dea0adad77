import { io, type Socket } from 'socket.io-client';
import type { LiveEvent } from '../shared/events';

/**
 * Many Socket.IO clients in one process (forked by bench/suites/04-realtime.ts, so their work
 * does not share the suite's or the server's event loop). Each remembers when it first received
 * each event (`<type>:<subjectId>`), on the machine's clock in milliseconds.
 *
 * Messages: {type:'connect', url, cookies} -> {type:'connected', connected, failed, refusals};
 * {type:'collect', key, expected, timeoutMs} -> {type:'collected', key, times} once `expected`
 * sockets received it (or at the timeout); {type:'close'}.
 */
type Message =
  | { type: 'connect'; url: string; cookies: string[]; concurrency?: number }
  | { type: 'collect'; key: string; expected: number; timeoutMs: number }
  | { type: 'close' };

const sockets: Socket[] = [];
const received = new Map<string, number[]>();
const waiting = new Map<string, { expected: number; timer: NodeJS.Timeout }>();
const now = () => performance.timeOrigin + performance.now();

function answer(key: string) {
  const wait = waiting.get(key);
  if (!wait) return;
  clearTimeout(wait.timer);
  waiting.delete(key);
  process.send!({ type: 'collected', key, times: received.get(key) ?? [] });
}

const refusals = new Map<string, number>();

function open(url: string, cookie: string) {
  return new Promise<boolean>((resolve) => {
    const socket = io(url, { transports: ['websocket'], extraHeaders: { cookie }, forceNew: true, reconnection: false, timeout: 20_000 });
    const seen = new Set<string>();
    sockets.push(socket);
    socket.on('event', (event: LiveEvent) => {
      const at = now();
      const key = `${event.type}:${event.subjectId}`;
      if (seen.has(key)) return;
      seen.add(key);
      const times = received.get(key) ?? [];
      times.push(at);
      received.set(key, times);
      if (times.length >= (waiting.get(key)?.expected ?? Infinity)) answer(key);
    });
    socket.once('connect', () => resolve(true));
    socket.once('connect_error', (error) => {
      refusals.set(error.message, (refusals.get(error.message) ?? 0) + 1);
      resolve(false);
    });
  });
}

process.on('message', async (message: Message) => {
  if (message.type === 'connect') {
    let next = 0;
    let connected = 0;
    const worker = async () => {
      while (next < message.cookies.length) {
        const index = next++;
        if (await open(message.url, message.cookies[index])) connected++;
      }
    };
    await Promise.all(Array.from({ length: message.concurrency ?? 50 }, worker));
    process.send!({ type: 'connected', connected, failed: message.cookies.length - connected, refusals: Object.fromEntries(refusals) });
  } else if (message.type === 'collect') {
    waiting.set(message.key, { expected: message.expected, timer: setTimeout(() => answer(message.key), message.timeoutMs) });
    if ((received.get(message.key)?.length ?? 0) >= message.expected) answer(message.key);
  } else if (message.type === 'close') {
    for (const socket of sockets) socket.close();
    process.exit(0);
  }
});
process.send!({ type: 'ready' });
