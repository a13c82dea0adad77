import type { Redis } from 'ioredis';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { issueCertificate } from '../../server/commands/delinquency';
import { config } from '../../server/config';
import { db } from '../../server/db';
import { unsubscribeToken } from '../../server/mail/unsubscribe';
import { GUESS_BUDGETS } from '../../server/services/guessLimiter';
import { createRedis } from '../../server/services/redis';
import { PASSWORD, createOrganization, createResident, createStaff, createUser, createVisitorPass, unique } from '../support/factories';
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
    get: (path: string) => agent.get(path).set('X-Forwarded-For', ip),
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

/*
 * Secrets people are sent (issue 26): certificate codes, invitation and reset links, unsubscribe
 * links and the desk's access codes took any number of wrong guesses. Each counts the wrong ones
 * (services/guessLimiter.ts); past its budget every attempt waits, the right secret too.
 */
describe('wrong guesses of secrets', () => {
  type Answer = { status: number; headers: Record<string, string>; body: { message: string } };

  /**
   * From one IP, `budget` wrong guesses answered as usual (the right secret still works before
   * the last), then 429 with Retry-After within the window, for the right secret too; another IP
   * is not held.
   */
  async function guessesUntilPaused(budget: number, wrong: (ip: string, i: number) => Promise<Answer>, right: (ip: string) => Promise<Answer>, missed: number) {
    const ip = randomIp();
    for (let i = 0; i < budget - 1; i++) expect((await wrong(ip, i)).status, `wrong guess ${i + 1}`).toBe(missed);
    expect((await right(ip)).status, 'the right secret before the budget is used up').toBe(200);
    expect((await wrong(ip, budget)).status, 'the last wrong guess of the budget').toBe(missed);
    const paused = await wrong(ip, budget + 1);
    expectPaused(paused, /Demasiados intentos con códigos o enlaces que no son válidos. Inténtelo de nuevo en 15 minutos/);
    expect(Number(paused.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expectPaused(await right(ip), /Demasiados intentos/);
    expect((await right(randomIp())).status, 'another IP').toBe(200);
  }

  it('certificate verification codes: per IP', async () => {
    const admin = await createUser({ role: 'Administrador' });
    const { unit, property } = await createResident();
    const { code } = await issueCertificate(db(), admin, { unit, property });
    await guessesUntilPaused(
      GUESS_BUDGETS.certificate.ip.points,
      (ip, i) => from(ip).get(`/api/certificates/AAAA-BBBB-CCCC-${String(i).padStart(4, '0')}`),
      (ip) => from(ip).get(`/api/certificates/${code}`),
      404,
    );
  });

  it('invitation and reset links: per IP, the page and the password form alike', async () => {
    const { user } = await createResident();
    expect((await from(randomIp()).post('/api/password/forgot', { username: user.username })).status).toBe(202);
    const email = await db()('emailOutbox').where({ toAddress: user.email }).orderBy('id', 'desc').first();
    const token = /\/reset-password#([\w-]+)/.exec(email.textBody)![1];
    await guessesUntilPaused(
      GUESS_BUDGETS.accountLink.ip.points,
      (ip, i) => (i % 2 ? from(ip).post('/api/password/token', { token: `${'A'.repeat(40)}${i}` }) : from(ip).post('/api/password/reset', { token: `${'B'.repeat(40)}${i}`, password: 'una-clave-nueva' })),
      (ip) => from(ip).post('/api/password/token', { token }),
      410,
    );
  });

  it('unsubscribe links: per IP, the check and the unsubscribe alike', async () => {
    const { user } = await createResident();
    const token = unsubscribeToken(user.id, 'messages');
    await guessesUntilPaused(
      GUESS_BUDGETS.unsubscribe.ip.points,
      (ip, i) => from(ip).post(i % 2 ? '/api/unsubscribe' : '/api/unsubscribe/check', { token: `${user.id}.messages.${'A'.repeat(39)}${String(i).padStart(4, '0')}` }),
      (ip) => from(ip).post('/api/unsubscribe/check', { token }),
      410,
    );
  });

  describe('the desk’s code lookup', () => {
    const UNKNOWN = 'XXXX-XXXX';
    async function guardhouse() {
      const { user: host, unit, property } = await createResident();
      const pass = await createVisitorPass({ propertyId: property.id, unitId: unit.id, hostId: host.id, passKind: 'recurring', maxUses: null });
      const guard = async () => {
        const user = await createUser({ role: 'Suplidor', organizationId: property.organizationId });
        await createStaff({ propertyId: property.id, userId: user.id, service: 'security' });
        return user;
      };
      /** A guard signed in from `ip`, looking codes up from it. */
      const at = async (ip: string, user?: Awaited<ReturnType<typeof guard>>) => {
        const session = from(ip);
        expect((await session.post('/api/login', { username: (user ??= await guard()).username, password: PASSWORD })).status).toBe(200);
        return { user, lookup: (code: string) => session.post('/api/desk/lookup', { propertyId: property.id, code }) };
      };
      return { pass, guard, at };
    }

    it('counts only wrong codes: a busy guardhouse’s right scans never wait', async () => {
      const { pass, at } = await guardhouse();
      const desk = await at(randomIp());
      const scans = GUESS_BUDGETS.deskCode.ip.points + 20;
      for (let i = 0; i < scans; i++) expect((await desk.lookup(pass.accessCode)).body, `scan ${i + 1}`).toMatchObject({ valid: true });
    }, 120_000);

    it('per guard: past their budget of wrong codes they wait, wherever they are; a colleague does not', async () => {
      const { pass, at } = await guardhouse();
      const ip = randomIp();
      const desk = await at(ip);
      const budget = GUESS_BUDGETS.deskCode.user.points;
      for (let i = 0; i < budget; i++) expect((await desk.lookup(UNKNOWN)).body, `wrong code ${i + 1}`).toEqual({ valid: false, reason: 'unknown' });
      expectPaused(await desk.lookup(UNKNOWN), /Demasiados intentos con códigos/);
      expectPaused(await desk.lookup(pass.accessCode), /Demasiados intentos/);
      // The same guard from another connection still waits; a colleague at the same desk does not.
      expectPaused(await (await at(randomIp(), desk.user)).lookup(pass.accessCode), /Demasiados intentos/);
      expect((await (await at(ip)).lookup(pass.accessCode)).body).toMatchObject({ valid: true });
    }, 60_000);

    it('per IP: guards sharing a connection share a larger budget, and hear the limit in their language', async () => {
      const { pass, guard, at } = await guardhouse();
      const ip = randomIp();
      const perGuard = GUESS_BUDGETS.deskCode.user.points - 1;
      let left = GUESS_BUDGETS.deskCode.ip.points;
      while (left > 0) {
        const desk = await at(ip);
        for (let i = 0; i < Math.min(perGuard, left); i++) expect((await desk.lookup(UNKNOWN)).status).toBe(200);
        left -= perGuard;
      }
      const english = await guard();
      await db()('users').where({ id: english.id }).update({ language: 'en' });
      const paused = await (await at(ip, english)).lookup(pass.accessCode);
      expectPaused(paused, /Too many attempts with codes or links that are not valid. Try again in 15 minutes/);
      expect((await (await at(randomIp())).lookup(pass.accessCode)).body).toMatchObject({ valid: true });
    }, 120_000);
  });
});
