import supertest from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { config } from '../../server/config';
import { closeDatabase, connectDatabase, db } from '../../server/db';
import { createRedis } from '../../server/services/redis';
import { WORKER_HEARTBEAT_EVERY_MS, WORKER_HEARTBEAT_KEY } from '../../shared/jobs';
import { beat } from '../../server/jobs/heartbeat';
import { createUser } from '../support/factories';
import { client, testApp } from '../support/services';

/**
 * `GET /api/health`: `ok` when the database, Redis, the relay and a worker are well; `degraded`
 * (still 200: the app serves) when the worker's heartbeat is stale or missing, Redis is
 * unreachable or the relay is behind; 503 `down` when the database does not answer.
 */

const app = await testApp();
const redis = app.context.services.redis;
const prefix = config.redisPrefix;

/** Nothing waits for the relay (no relay runs in these tests; other files leave events behind). */
const relayCaughtUp = () => db()('events').whereNull('publishedAt').update({ publishedAt: db().fn.now() });
const heartbeatAgo = (ms: number) => redis.set(`${prefix}:${WORKER_HEARTBEAT_KEY}`, String(Date.now() - ms));

describe('GET /api/health', () => {
  it('is ok when the database, Redis, the relay and a worker are well', async () => {
    await relayCaughtUp();
    await beat(redis, prefix);
    const response = await (await client()).get('/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: 'ok',
      database: 'up',
      redis: 'up',
      relay: { status: 'up', pending: 0, oldestPendingSeconds: null },
      worker: { status: 'up', heartbeatAgeSeconds: expect.any(Number) },
    });
  });

  it('is degraded (200) when the worker heartbeat is stale or missing', async () => {
    await relayCaughtUp();
    await heartbeatAgo(4 * WORKER_HEARTBEAT_EVERY_MS);
    const stale = await (await client()).get('/api/health');
    expect(stale.status).toBe(200);
    expect(stale.body).toMatchObject({ status: 'degraded', database: 'up', redis: 'up', worker: { status: 'stale' } });
    expect(stale.body.worker.heartbeatAgeSeconds).toBeGreaterThanOrEqual(20);

    await redis.del(`${prefix}:${WORKER_HEARTBEAT_KEY}`);
    const missing = await (await client()).get('/api/health');
    expect(missing.status).toBe(200);
    expect(missing.body).toMatchObject({ status: 'degraded', worker: { status: 'missing', heartbeatAgeSeconds: null } });
  });

  it('is degraded when an event has waited for the relay more than a minute', async () => {
    await relayCaughtUp();
    await beat(redis, prefix);
    const user = await createUser();
    await db()('events').insert({
      type: 'user.registered',
      organizationId: user.organizationId,
      audience: 'administrators',
      createdAt: new Date(Date.now() - 5 * 60_000),
    });
    const response = await (await client()).get('/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'degraded', relay: { status: 'behind', pending: 1 }, worker: { status: 'up' } });
    expect(response.body.relay.oldestPendingSeconds).toBeGreaterThan(60);
    await relayCaughtUp();
  });

  it('is degraded when Redis is unreachable, and sign-in still works', async () => {
    const deadRedis = createRedis('redis://127.0.0.1:1', { failFast: true });
    try {
      const agent = supertest.agent(createApp({ redis: deadRedis }).callback());
      const health = await agent.get('/api/health');
      expect(health.status).toBe(200);
      expect(health.body).toMatchObject({ status: 'degraded', database: 'up', redis: 'down', worker: { status: 'unknown' } });

      const user = await createUser();
      const login = await agent.post('/api/login').send({ username: user.username, password: 'secreto123' });
      expect(login.status).toBe(200);
    } finally {
      deadRedis.disconnect();
    }
  });

  describe('with the database down', () => {
    afterEach(async () => {
      await closeDatabase();
      connectDatabase(process.env.DATABASE_URL!, 5);
    });

    it('answers 503 down', async () => {
      await beat(redis, prefix);
      const agent = await client();
      await closeDatabase();
      connectDatabase('postgres://postgres@127.0.0.1:1/vecindad', 1);
      const response = await agent.get('/api/health');
      expect(response.status).toBe(503);
      expect(response.body).toMatchObject({ status: 'down', database: 'down', redis: 'up', relay: null, worker: { status: 'up' } });
    });
  });
});
