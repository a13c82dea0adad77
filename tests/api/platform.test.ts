import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import supertest from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { config } from '../../server/config';
import { closeDatabase, connectDatabase, db } from '../../server/db';
import { createRedis } from '../../server/services/redis';
import { deleteExpiredSessions } from '../../server/session/store';
import { PASSWORD, createUser, signedIn, unique } from '../support/factories';
import { client, testApp } from '../support/services';

await testApp();

describe('a database outage', () => {
  afterEach(async () => {
    await closeDatabase();
    connectDatabase(process.env.DATABASE_URL!, 5);
  });

  it('answers 503 quickly instead of hanging', async () => {
    const agent = await client();
    await closeDatabase();
    connectDatabase('postgres://postgres@127.0.0.1:1/vecindad', 1);
    const started = Date.now();
    const response = await agent.post('/api/login').send({ username: 'alguien@example.com', password: 'secreto123' });
    expect(response.status).toBe(503);
    expect(response.body).toEqual({
      error: 'service_unavailable',
      message: 'El servicio no está disponible en este momento. Inténtelo de nuevo.',
    });
    expect(Date.now() - started).toBeLessThan(6000);
  });
});

describe('every response', () => {
  it('carries a request id and security headers', async () => {
    const response = await (await client()).get('/api/health').set('X-Request-Id', 'prueba-123');
    expect(response.headers['x-request-id']).toBe('prueba-123');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('answers 405 with Allow for a known path and a wrong method', async () => {
    const response = await (await client()).delete('/api/login');
    expect(response.status).toBe(405);
    expect(response.headers.allow).toContain('POST');
  });
});

describe('sessions', () => {
  it('are kept in the session table and expired rows are cleaned up', async () => {
    const user = await createUser();
    await signedIn(user);
    const [row] = await db()('session').where({ userId: user.id });
    expect(row.sess).toMatchObject({ userId: user.id });
    await db()('session').where({ sid: row.sid }).update({ expire: new Date(Date.now() - 1000) });
    expect(await deleteExpiredSessions()).toBeGreaterThanOrEqual(1);
    expect(await db()('session').where({ sid: row.sid })).toHaveLength(0);
  });

  it('an expired session is not honoured', async () => {
    const user = await createUser();
    const agent = await signedIn(user);
    await db()('session').where({ userId: user.id }).update({ expire: new Date(Date.now() - 1000) });
    expect((await agent.get('/api/user')).status).toBe(401);
  });

  it('a deactivated user is signed out', async () => {
    const user = await createUser();
    const agent = await signedIn(user);
    await db()('users').where({ id: user.id }).update({ isActive: false });
    expect((await agent.get('/api/user')).status).toBe(401);
    const again = await agent.post('/api/login').send({ username: user.username, password: 'secreto123' });
    expect(again.status).toBe(401);
  });
});

describe('sign-in limits per IP', () => {
  it('pauses an IP after many failed attempts on different usernames', async () => {
    const redis = createRedis(process.env.REDIS_URL!, { failFast: true });
    // Behind a proxy the client's IP comes from X-Forwarded-For.
    const agent = supertest.agent(createApp({ redis, config: { ...config, trustProxy: true } }).callback());
    const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`;
    let status = 0;
    let attempts = 0;
    // Each attempt names another username, so only the per-IP limit can stop them.
    while (status !== 429 && attempts < 60) {
      attempts++;
      status = (
        await agent
          .post('/api/login')
          .set('X-Forwarded-For', ip)
          .send({ username: `${unique('nadie')}@example.com`, password: 'equivocada' })
      ).status;
    }
    redis.disconnect();
    expect(status).toBe(429);
    expect(attempts).toBe(51);
  }, 60_000);
});

describe('database errors raised through models', () => {
  it('become 409, not 500', async () => {
    const { toAppError } = await import('../../server/middleware/errors');
    const { User } = await import('../../server/models');
    const user = await createUser();
    const error = await User.query()
      .insert({ username: user.username, password: 'x', name: 'Otra', organizationId: user.organizationId })
      .catch((e: unknown) => e);
    expect(toAppError(error)?.status).toBe(409);
  });
});

describe('the built client', () => {
  it('sends hashed assets compressed when the browser accepts it, cached for a year', async () => {
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vecindad-client-'));
    const script = 'console.log("vecindad");'.repeat(50);
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), script);
    fs.writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Vecindad</title>');
    const redis = createRedis(process.env.REDIS_URL!, { failFast: true });
    const agent = supertest(createApp({ redis, config: { ...config, clientDir } }).callback());
    try {
      // supertest decompresses the body it receives.
      const compressed = await agent.get('/assets/app-abc123.js').set('Accept-Encoding', 'br, gzip');
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(compressed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(compressed.headers.vary).toContain('Accept-Encoding');
      expect(compressed.text).toBe(script);
      const plain = await agent.get('/assets/app-abc123.js').set('Accept-Encoding', 'identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.text).toBe(script);
    } finally {
      redis.disconnect();
      fs.rmSync(clientDir, { recursive: true, force: true });
    }
  });

  it('gives the page the session hint a session cookie lacks (sessions older than the hint)', async () => {
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vecindad-client-'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Vecindad</title>');
    const redis = createRedis(process.env.REDIS_URL!, { failFast: true });
    const agent = supertest(createApp({ redis, config: { ...config, clientDir } }).callback());
    try {
      const hint = (response: supertest.Response) => (response.headers['set-cookie'] as unknown as string[] | undefined)?.find((c) => c.startsWith('vecindad.session='));
      expect(hint(await agent.get('/'))).toBeUndefined();
      const user = await createUser();
      const login = await agent.post('/api/login').send({ username: user.username, password: PASSWORD });
      const session = (login.headers['set-cookie'] as unknown as string[]).filter((c) => c.startsWith('vecindad.sid')).map((c) => c.split(';')[0]);
      expect(hint(await agent.get('/properties').set('Cookie', session.join('; ')))).toMatch(/^vecindad\.session=1;/);
      expect(hint(await agent.get('/properties').set('Cookie', [...session, 'vecindad.session=1'].join('; ')))).toBeUndefined();
    } finally {
      redis.disconnect();
      fs.rmSync(clientDir, { recursive: true, force: true });
    }
  });
});
