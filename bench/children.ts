import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchContext } from './lib';
import type { ClientSocket } from './realtime-clients';

/**
 * The processes suites run beside the bench server: residents' socket clients
 * (bench/realtime-clients.ts), a production worker (worker/index.ts), and the messages
 * exchanged with them.
 */
const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Handshakes in flight per client process and how long one may take; no new socket is opened
 * after `connectDeadlineMs` (the rest count as failed); how long `waitFor` waits by default.
 */
export type ClientOptions = { concurrency?: number; connectTimeoutMs?: number; connectDeadlineMs?: number; receiveTimeoutMs?: number };

/** A forked process's {type:'ready'} message (tsx's loader sends others), or its exit as an error. */
export function readyMessage<T>(child: ChildProcess, name: string, timeoutMs = 60_000) {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} no arrancó a tiempo`)), timeoutMs);
    child.on('message', (message: { type?: string }) => {
      if (message.type !== 'ready') return;
      clearTimeout(timer);
      resolve(message as T);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} terminó (${code})`));
    });
  });
}

/** Sends a message to a child process and resolves with the first answer that `matches`. */
export function request<T>(child: ChildProcess, message: object, matches: (answer: Record<string, unknown>) => boolean, timeoutMs = 120_000) {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.off('message', listener);
      reject(new Error(`sin respuesta a ${JSON.stringify(message).slice(0, 80)}`));
    }, timeoutMs);
    const listener = (answer: Record<string, unknown>) => {
      if (!matches(answer)) return;
      clearTimeout(timer);
      child.off('message', listener);
      resolve(answer as T);
    };
    child.on('message', listener);
    child.send(message);
  });
}

export type Clients = Awaited<ReturnType<typeof forkClients>>;

/**
 * The residents' sockets, split over CLIENT_PROCESSES processes (on one machine they stand for
 * many devices: one process would measure its own queue as much as the servers).
 */
export async function forkClients(processes: number, options: ClientOptions = {}) {
  const { concurrency = 50, connectTimeoutMs = 20_000, connectDeadlineMs = 90_000, receiveTimeoutMs = 10_000 } = options;
  const children: Array<{ child: ChildProcess; groups: Record<string, number> }> = [];
  for (let i = 0; i < processes; i++) {
    const child = fork(path.join(here, 'realtime-clients.ts'), { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    children.push({ child, groups: {} });
    await readyMessage(child, 'los clientes');
  }
  type Connected = { connected: number; groups: Record<string, number>; failed: number; refusals: Record<string, number> };
  return {
    /** Opens the sockets, socket i from process i % processes. */
    async connect(sockets: ClientSocket[]) {
      const results = await Promise.all(
        children.map(async (client, index) => {
          const share = sockets.filter((_, i) => i % children.length === index);
          const message = { type: 'connect', sockets: share, concurrency, timeoutMs: connectTimeoutMs, deadlineMs: connectDeadlineMs };
          const result = await request<Connected>(client.child, message, (answer) => answer.type === 'connected', connectDeadlineMs + connectTimeoutMs + 10_000);
          client.groups = result.groups;
          return result;
        }),
      );
      return {
        connected: results.reduce((sum, r) => sum + r.connected, 0),
        failed: results.reduce((sum, r) => sum + r.failed, 0),
        refusals: results.map((r) => r.refusals),
      };
    },
    /** Every group with a connected socket. */
    groups: () => [...new Set(children.flatMap((client) => Object.keys(client.groups)))],
    /** Connected sockets of these groups. */
    count: (groups: string[]) => children.reduce((sum, client) => sum + groups.reduce((n, group) => n + (client.groups[group] ?? 0), 0), 0),
    /** Receipt times of an event by every connected socket of these groups (or what arrived before the timeout). */
    async waitFor(key: string, groups: string[], timeoutMs = receiveTimeoutMs) {
      const times = await Promise.all(
        children.map((client) =>
          request<{ times: number[] }>(
            client.child,
            { type: 'collect', key, groups, timeoutMs },
            (answer) => answer.type === 'collected' && answer.key === key,
          ),
        ),
      );
      return times.flatMap((answer) => answer.times);
    },
    /** Events sockets received of a property they do not live in. */
    async strays() {
      const answers = await Promise.all(children.map((client) => request<{ count: number }>(client.child, { type: 'strays' }, (answer) => answer.type === 'strays')));
      return answers.reduce((sum, answer) => sum + answer.count, 0);
    },
    /** Ends the processes (their sockets close with them). */
    close: () => Promise.all(children.map((client) => stopProcess(client.child))),
  };
}

/** worker/index.ts as `npm start` runs it, on the bench database and Redis prefix (`env` besides). */
export async function forkWorker(ctx: BenchContext, sweepEveryMs: number, env: NodeJS.ProcessEnv = {}) {
  const child = fork(path.join(here, '..', 'worker', 'index.ts'), {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      DATABASE_URL: ctx.databaseUrl,
      REDIS_URL: ctx.redisUrl,
      REDIS_PREFIX: ctx.redisPrefix,
      BROADCAST_SWEEP_EVERY_MS: String(sweepEveryMs),
      LOG_LEVEL: 'error',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  // Its start (tsx compiling every job's module) takes a minute or more on a loaded machine.
  await readyMessage(child, 'el worker', 180_000);
  return child;
}

/** SIGTERM, then SIGKILL if it has not exited 10 s later. */
export function stopProcess(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

