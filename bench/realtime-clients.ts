import { io } from 'socket.io-client';
import type { LiveEvent } from '../shared/events';

/**
 * Many Socket.IO clients in one process (forked by bench/suites/04-realtime.ts, so their work
 * does not share the suite's or the servers' event loops). Each socket belongs to a `group`
 * (the suite's name for the sockets that should get the same events) and may name the
 * properties whose events it may receive: an event of another property is a stray. Each group
 * remembers when its sockets first received each event (`<type>:<subjectId>`) and the first
 * event of each type (`<type>:*`), on the
 * machine's clock in milliseconds.
 *
 * Messages: {type:'connect', sockets, concurrency, timeoutMs, deadlineMs} -> {type:'connected',
 * connected, failed, refusals, groups (every connected socket so far, by group)}, none opened
 * after `deadlineMs`; {type:'collect', key, groups, timeoutMs} ->
 * {type:'collected', key, times} once every connected socket of those groups received it (or at
 * the timeout); {type:'strays'} -> {type:'strays', count}. The process exits when its parent
 * goes away (or on SIGTERM), its sockets with it.
 */
export type ClientSocket = { url: string; cookie: string; group: string; properties?: number[] };

type Message =
  | { type: 'connect'; sockets: ClientSocket[]; concurrency: number; timeoutMs: number; deadlineMs: number }
  | { type: 'collect'; key: string; groups: string[]; timeoutMs: number }
  | { type: 'strays' };

const connectedByGroup = new Map<string, number>();
/** Receipt times by event key, then by group. */
const received = new Map<string, Map<string, number[]>>();
const waiting = new Map<string, { groups: string[]; timer: NodeJS.Timeout }>();
let strays = 0;
const now = () => performance.timeOrigin + performance.now();

const timesOf = (key: string, groups: string[]) => groups.flatMap((group) => received.get(key)?.get(group) ?? []);
const complete = (key: string, groups: string[]) =>
  groups.every((group) => (received.get(key)?.get(group)?.length ?? 0) >= (connectedByGroup.get(group) ?? 0));

function answer(key: string) {
  const wait = waiting.get(key);
  if (!wait) return;
  clearTimeout(wait.timer);
  waiting.delete(key);
  process.send!({ type: 'collected', key, times: timesOf(key, wait.groups) });
}

function open({ url, cookie, group, properties }: ClientSocket, refusals: Map<string, number>, timeoutMs: number) {
  return new Promise<boolean>((resolve) => {
    const socket = io(url, { transports: ['websocket'], extraHeaders: { cookie }, forceNew: true, reconnection: false, timeout: timeoutMs });
    const seen = new Set<string>();
    socket.on('event', (event: LiveEvent) => {
      const at = now();
      if (properties && event.propertyId !== null && !properties.includes(event.propertyId)) strays++;
      // Each event by its subject, and the socket's first event of its type (`<type>:*`: a
      // notification.created, whose subject is each user's own inbox row).
      for (const key of [`${event.type}:${event.subjectId}`, `${event.type}:*`]) {
        if (seen.has(key)) continue;
        seen.add(key);
        const byGroup = received.get(key) ?? received.set(key, new Map()).get(key)!;
        const times = byGroup.get(group) ?? byGroup.set(group, []).get(group)!;
        times.push(at);
        const wait = waiting.get(key);
        if (wait && complete(key, wait.groups)) answer(key);
      }
    });
    const settle = (ok: boolean, reason?: string) => {
      if (reason) refusals.set(reason, (refusals.get(reason) ?? 0) + 1);
      if (ok) connectedByGroup.set(group, (connectedByGroup.get(group) ?? 0) + 1);
      else socket.close();
      resolve(ok);
    };
    socket.once('connect', () => settle(true));
    socket.once('connect_error', (error) => settle(false, error.message));
  });
}

process.on('message', async (message: Message) => {
  if (message.type === 'connect') {
    // A few at a time: thousands of handshakes at once would time out on a busy machine.
    const refusals = new Map<string, number>();
    const deadline = Date.now() + message.deadlineMs;
    let next = 0;
    let failed = 0;
    const worker = async () => {
      while (next < message.sockets.length && Date.now() < deadline) {
        if (!(await open(message.sockets[next++], refusals, message.timeoutMs))) failed++;
      }
    };
    await Promise.all(Array.from({ length: message.concurrency }, worker));
    failed += message.sockets.length - next;
    const connected = message.sockets.length - failed;
    process.send!({ type: 'connected', connected, groups: Object.fromEntries(connectedByGroup), failed, refusals: Object.fromEntries(refusals) });
  } else if (message.type === 'collect') {
    waiting.set(message.key, { groups: message.groups, timer: setTimeout(() => answer(message.key), message.timeoutMs) });
    if (complete(message.key, message.groups)) answer(message.key);
  } else if (message.type === 'strays') {
    process.send!({ type: 'strays', count: strays });
  }
});
process.on('disconnect', () => process.exit(0));
process.send!({ type: 'ready' });
