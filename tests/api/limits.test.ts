import type { Redis } from 'ioredis';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { config } from '../../server/config';
import { createRedis } from '../../server/services/redis';
import { PASSWORD, createOrganization, createUser, unique } from '../support/factories';
import { testApp } from '../support/services';

/**
 * Rate limits, through an app behind a trusted proxy so that each request can come from the IP
 * it names (X-Forwarded-For). Every 429 says when to come back (Retry-After).
 */

let redis: Redis;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  await testApp();
  redis = createRedis(process.env.REDIS_URL!, { failFast: true });
  app = createApp({ redis, config: { ...config, trustProxy: true } });
});
afterAll(() => redis.disconnect());

const randomIp = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
const from = (ip: string) => {
  const agent = supertest.agent(app.callback());
  return {
    agent,
    post: (path: string, body: object) => agent.post(path).set('X-Forwarded-For', ip).send(body),
    put: (path: string, body: object) => agent.put(path).set('X-Forwarded-For', ip).send(body),
    delete: (path: string, body: object) => agent.delete(path).set('X-Forwarded-For', ip).send(body),
  };
};
const signIn = (ip: string, username: string, password: string) => from(ip).post('/api/login', { username, password });

function expectPaused(response: { status: number; headers: Record<string, string>; body: { message: string } }, message: RegExp) {
  expect(response.status).toBe(429);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  expect(response.body.message).toMatch(message);
}

describe('registration', () => {
  it('allows ten registrations an hour from one IP, then answers 429 with Retry-After', async () => {
    await createOrganization();
    const ip = randomIp();
    const register = () =>
      from(ip).post('/api/register', {
        name: 'Nueva',
        lastName: 'Vecina',
        username: `${unique('vecina')}@example.com`,
        phone: '809-555-0100',
        country: 'DO',
        city: 'DO-santo-domingo',
        password: 'secreto1',
        acceptedTerms: true,
      });
    for (let i = 0; i < 10; i++) expect((await register()).status).toBe(201);
    expectPaused(await register(), /Demasiados registros desde esta conexión. Inténtelo de nuevo en 60 minutos/);
    // In the language the request asks for.
    expectPaused(await register().set('Accept-Language', 'en'), /Too many registrations from this connection. Try again in 60 minutes/);
    // Another IP is not affected.
    expect(
      (
        await from(randomIp()).post('/api/register', {
          name: 'Otra',
          lastName: 'Vecina',
          username: `${unique('otra')}@example.com`,
          phone: '809-555-0101',
          country: 'DO',
          city: 'DO-santo-domingo',
          password: 'secreto1',
          acceptedTerms: true,
        })
      ).status,
    ).toBe(201);
  });
});

describe('wrong current passwords', () => {
  it('count like failed sign-ins on the password change', async () => {
    const user = await createUser();
    const ip = randomIp();
    const session = from(ip);
    expect((await session.post('/api/login', { username: user.username, password: PASSWORD })).status).toBe(200);
    for (let i = 0; i < 5; i++) {
      const wrong = await session.put('/api/user/password', { currentPassword: `equivocada-${i}`, newPassword: 'nueva-clave-99' });
      expect(wrong.status).toBe(400);
    }
    // Used up: even the right password waits, and so does signing in from that IP.
    expectPaused(await session.put('/api/user/password', { currentPassword: PASSWORD, newPassword: 'nueva-clave-99' }), /Demasiados intentos/);
    expectPaused(await signIn(ip, user.username, PASSWORD), /Demasiados intentos/);
  });

  it('count like failed sign-ins on the account deletion', async () => {
    const user = await createUser();
    const ip = randomIp();
    const session = from(ip);
    expect((await session.post('/api/login', { username: user.username, password: PASSWORD })).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await session.delete('/api/user', { password: `equivocada-${i}` })).status).toBe(400);
    expectPaused(await session.delete('/api/user', { password: PASSWORD }), /Demasiados intentos/);
  });
});

describe('failed sign-ins per account', () => {
  it('pause the account after 100 an hour from any IPs, until the window ends; then the right password works', async () => {
    const user = await createUser();
    // Four failures from each of 25 IPs: no single IP reaches its own limit.
    for (let i = 0; i < 25; i++) {
      const ip = randomIp();
      for (let j = 0; j < 4; j++) expect((await signIn(ip, user.username, `equivocada-${i}-${j}`)).status).toBe(401);
    }
    const paused = await signIn(randomIp(), user.username, PASSWORD);
    expectPaused(paused, /Demasiados intentos de inicio de sesión. Inténtelo de nuevo en 60 minutos/);
    expect(Number(paused.headers['retry-after'])).toBeLessThanOrEqual(3600);

    // The window ends (its Redis key expires): the owner's right password works again.
    const key = `${config.redisPrefix}:login:account:${user.username}`;
    expect(await redis.exists(key)).toBe(1);
    await redis.pexpire(key, 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await signIn(randomIp(), user.username, PASSWORD)).status).toBe(200);
  }, 120_000);
});

describe('failed sign-ins per IP behind a shared NAT', () => {
  it('pause guesses from the IP but not a neighbour who signed in from it before', async () => {
    const neighbour = await createUser();
    const ip = randomIp();
    expect((await signIn(ip, neighbour.username, PASSWORD)).status).toBe(200);
    // Someone behind the same NAT tries 50 usernames.
    for (let i = 0; i < 50; i++) expect((await signIn(ip, `${unique('nadie')}@example.com`, 'equivocada')).status).toBe(401);
    expectPaused(await signIn(ip, `${unique('nadie')}@example.com`, 'equivocada'), /Demasiados intentos/);
    // A newcomer on that network waits; the neighbour who signed in from it before does not.
    const newcomer = await createUser();
    expectPaused(await signIn(ip, newcomer.username, PASSWORD), /Demasiados intentos/);
    expect((await signIn(ip, neighbour.username, PASSWORD)).status).toBe(200);
  }, 60_000);
});

describe('forgotten passwords', () => {
  it('answer 429 with Retry-After past their limit', async () => {
    const ip = randomIp();
    const username = `${unique('olvido')}@example.com`;
    for (let i = 0; i < 3; i++) expect((await from(ip).post('/api/password/forgot', { username })).status).toBe(202);
    expectPaused(await from(ip).post('/api/password/forgot', { username }), /Demasiadas solicitudes/);
  });
});
