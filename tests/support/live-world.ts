import type { Queue } from 'bullmq';
import { afterAll, beforeAll, inject } from 'vitest';
import type { User } from '../../server/models';
import { createRedis } from '../../server/services/redis';
import { closeQueues, createQueues, type Queues } from '../../server/jobs/queues';
import { startWorker, type RunningWorker } from '../../worker/worker';
import { clearPrefix, connectAs, livePrefix, sessionCookie, startLiveServer, waitFor, type LiveClient, type LiveServer } from './live';

type WorkerOptions = { sweepEveryMs?: number; smtpUrl?: string };

/**
 * A worker test file's live world: a server whose relay schedules the jobs, the queues, the
 * workers and the sockets, all under the file's own Redis prefix, and all closed (the prefix's
 * keys deleted) after the file. Call it at the top of the file: it registers the hooks.
 */
export function useLiveWorld() {
  const redis = createRedis(inject('redisUrl'));
  const prefix = livePrefix();
  const queues: Queues = createQueues(redis, prefix);
  const clients: LiveClient[] = [];
  const workers = new Set<RunningWorker>();

  const world = {
    queues,
    /** Started before the file's tests. */
    server: undefined as unknown as LiveServer,
    cookie: (user: User) => sessionCookie(world.server.url, user),
    /** A JSON request to the server as the signed-in `cookie`; the body parsed when there is one. */
    async api(method: string, path: string, cookie: string, body?: unknown) {
      const response = await fetch(`${world.server.url}${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', cookie },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
    },
    /** Signs in and connects a socket, closed after the file. */
    async connect(user: User) {
      const client = await connectAs(world.server.url, user);
      clients.push(client);
      return client;
    },
    /**
     * A real BullMQ worker on the file's prefix, closed after the file. Its sweep runs hourly
     * unless told otherwise: far away, so what moves a row is the row's own job.
     */
    async startWorker(options: WorkerOptions = {}) {
      const worker = await startWorker({ redisUrl: inject('redisUrl'), prefix, sweepEveryMs: 60 * 60 * 1000, ...options });
      workers.add(worker);
      return worker;
    },
    /**
     * Resolves once a run of the sweep `name` of `queue` has both started after this call and
     * finished: what that sweep does to the rows as they are now is done. For checks that a
     * sweep left something alone, or did something only once.
     */
    async nextSweep(queue: Queue, name: string, timeoutMs = 5000) {
      const since = Date.now();
      await waitFor(async () => (await queue.getJobs(['completed'])).some((job) => job.name === name && job.processedOn! > since), timeoutMs, `una pasada de ${name}`);
    },
    /**
     * Resolves once the delayed job `jobId` of `queue` has fired before its row's moment, which
     * moved to `at` (worker/jobs/delayed.ts): it waits again until then (its data's `key` says
     * so), or it ended. For checks of what it did when it fired.
     */
    async firedEarly(queue: Queue, jobId: string, key: string, at: Date) {
      await waitFor(async () => {
        const job = await queue.getJob(jobId);
        return job && (job.data[key] === at.toISOString() || job.finishedOn);
      }, 3000, 'el trabajo disparado');
    },
    /** A worker for the tests of the enclosing describe only. */
    useWorker(options: WorkerOptions = {}) {
      let worker: RunningWorker | undefined;
      beforeAll(async () => {
        worker = await world.startWorker(options);
      });
      afterAll(async () => {
        if (worker) workers.delete(worker);
        await worker?.close();
        worker = undefined;
      });
    },
  };

  beforeAll(async () => {
    world.server = await startLiveServer({ prefix });
  });
  afterAll(async () => {
    clients.forEach((client) => client.close());
    await Promise.all([...workers].map((worker) => worker.close()));
    await world.server?.close();
    await closeQueues(queues);
    redis.disconnect();
    await clearPrefix(prefix);
  });

  return world;
}
