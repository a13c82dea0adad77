import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createQueues, closeQueues, type Queues } from '../../server/jobs/queues';
import { startWorker, type RunningWorker } from '../../worker/worker';
import { scheduleBroadcastExpiry } from '../../server/jobs/broadcasts';
import { Broadcast } from '../../server/models';
import { createRedis, pingRedis } from '../../server/services/redis';
import { SCHEDULERS, expiryJobId } from '../../shared/jobs';
import { createBroadcast, createProperty } from '../support/factories';
import { sleep, waitFor } from '../support/live';
import { freePort } from '../support/ports';
import { testApp } from '../support/services';

/**
 * A fault: Redis restarts with its data wiped (no persistence) while a broadcast with an end
 * date waits for its delayed job. The worker is not restarted; the broadcast still expires
 * within one sweep interval of its end.
 */
const SWEEP_EVERY_MS = 2000;
const prefix = 'vecindad-redis-loss';
let port: number;
let url: string;
let redisServer: ChildProcess | undefined;
let worker: RunningWorker;
let queues: Queues;
let connection: ReturnType<typeof createRedis> | undefined;

async function startRedis() {
  redisServer = spawn('redis-server', ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  await waitFor(() => pingRedis(url, 200), 10_000, 'redis-server');
}
async function stopRedis() {
  const exited = new Promise((resolve) => redisServer!.once('exit', resolve));
  redisServer!.kill('SIGKILL');
  await exited;
}

beforeAll(async () => {
  await testApp(); // the database connection
  port = await freePort();
  url = `redis://127.0.0.1:${port}`;
  await startRedis();
  connection = createRedis(url, { maxRetriesPerRequest: null });
  queues = createQueues(connection, prefix);
  worker = await startWorker({ redisUrl: url, prefix, sweepEveryMs: SWEEP_EVERY_MS });
});

afterAll(async () => {
  await worker?.close();
  if (queues) await closeQueues(queues); // unset when Redis did not start
  connection?.disconnect();
  if (redisServer?.exitCode === null) await stopRedis();
});

it('expires a broadcast within one sweep interval after Redis restarts empty, without a worker restart', async () => {
  const property = await createProperty();
  const endsAt = Date.now() + 6000;
  const broadcast = await createBroadcast({ propertyId: property.id, endDate: new Date(endsAt) });
  await scheduleBroadcastExpiry(queues.broadcasts, broadcast.id);
  expect(await queues.broadcasts.getJob(expiryJobId(broadcast.id))).toBeTruthy();

  // Redis dies and comes back with nothing: no delayed job, no scheduler.
  await stopRedis();
  await sleep(300);
  await startRedis();
  const empty = createRedis(url);
  expect(await empty.dbsize()).toBeLessThan(5);
  empty.disconnect();

  const expired = await waitFor(
    async () => ((await Broadcast.query().findById(broadcast.id))?.status === 'expired' ? Date.now() : undefined),
    20_000,
    'la expiración',
  );
  expect(expired - endsAt).toBeLessThan(SWEEP_EVERY_MS + 1000);
  // The worker put its schedulers back by itself.
  expect(await queues.broadcasts.getJobScheduler(SCHEDULERS.broadcastSweep.id)).toBeTruthy();
  expect(await queues.notifications.getJobScheduler(SCHEDULERS.notificationSweep.id)).toBeTruthy();
}, 40_000);
