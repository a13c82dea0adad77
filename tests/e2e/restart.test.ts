import type { Knex } from 'knex';
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, expect } from 'vitest';
import { db } from '../../server/db';
import type { User } from '../../server/models';
import { createOrganization, createProperty, createResident, createUser, PASSWORD } from '../support/factories';
import { sessionCookie, waitFor } from '../support/live';
import { freePort } from '../support/ports';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { useBrowser } from './support/browser';
import { banner, markNoReload, notReloaded } from './support/pages';

/**
 * A deploy restarts one of two servers that share the database and Redis (as production runs
 * them behind a load balancer): A is server/index.ts in a process of its own, stopped with
 * SIGTERM and started again on the same port; B is this file's in-process server. What an
 * administrator publishes through B while A is going away reaches the screens of A's
 * browsers once A is back, whether their connection resumes its session or starts anew.
 */
const { test, port: portOfB } = useBrowser();

/** A deploy's stop timeout (Docker's, and server/supervisor.ts's before SIGKILL). */
const STOP_TIMEOUT_MS = 10_000;
/** The client's longest wait between two reconnection attempts (`reconnectionDelayMax`, lib/socket.ts). */
const RECONNECTION_DELAY_MAX_MS = 10_000;
/** How long the client gives an attempt before it tries again (Socket.IO's `timeout`, its default). */
const CONNECT_TIMEOUT_MS = 20_000;

let portOfA: number;
const running = new Set<ServerProcess>();
const locks = new Set<Knex.Transaction>();
beforeAll(async () => {
  portOfA = await freePort();
});
afterEach(async () => {
  await Promise.all([...locks].map((trx) => trx.rollback()));
  locks.clear();
  await Promise.all([...running].map((server) => server.stop()));
  running.clear();
});

async function startA() {
  const server = await startServerProcess(portOfA);
  running.add(server);
  return server;
}

async function community() {
  const organization = await createOrganization();
  const admin = await createUser({ role: 'Administrador', organizationId: organization.id });
  const property = await createProperty({ organizationId: organization.id, name: 'Torre Las Palmas' });
  const { user: resident } = await createResident({ property, user: { name: 'Rosa' } });
  return { admin, property, resident };
}

/**
 * The page's live connection over either transport: when it began each attempt (every attempt
 * opens a WebSocket first, the refused one of `withoutWebSockets` too), the CONNECT packets it
 * sent, how many the server accepted (Socket.IO's `40`; long-polling batches packets with \x1e)
 * and how many attempts had begun at each acceptance (a later upgrade probe is not an attempt).
 */
function watchLive(page: Page) {
  const live = { attempts: [] as number[], connects: [] as string[], accepted: 0, attemptsWhenAccepted: [] as number[] };
  const packets = (payload: string) => payload.split('\x1e');
  const accept = () => {
    live.accepted++;
    live.attemptsWhenAccepted.push(live.attempts.length);
  };
  page.on('websocket', (ws) => {
    if (ws.url().includes('/socket.io/') || ws.url() === REFUSED_URL) live.attempts.push(Date.now());
    ws.on('framesent', (frame) => packets(String(frame.payload)).forEach((packet) => packet.startsWith('40') && live.connects.push(packet)));
    ws.on('framereceived', (frame) => packets(String(frame.payload)).forEach((packet) => packet.startsWith('40{') && accept()));
  });
  page.on('request', (request) => {
    if (request.url().includes('/socket.io/') && request.method() === 'POST')
      packets(request.postData() ?? '').forEach((packet) => packet.startsWith('40') && live.connects.push(packet));
  });
  page.on('response', async (response) => {
    if (!response.url().includes('/socket.io/') || response.request().method() !== 'GET') return;
    const body = await response.text().catch(() => '');
    packets(body).forEach((packet) => packet.startsWith('40{') && accept());
  });
  return live;
}

/** A port no browser connects to. */
const REFUSED_URL = 'ws://127.0.0.1:9/';

/** A network that lets no WebSocket through: the live connection falls back to long-polling. */
const withoutWebSockets = (page: Page) =>
  page.addInitScript((refused) => {
    const Refused = class extends WebSocket {
      constructor(_url: string | URL, protocols?: string | string[]) {
        super(refused, protocols);
      }
    };
    Object.assign(window, { WebSocket: Refused });
  }, REFUSED_URL);

/** The administrator publishes a notice through B's API; resolves once its event is on the Redis stream. */
async function publish(admin: User, propertyId: number, body: { title: string; message: string; category: string }) {
  const origin = `http://127.0.0.1:${portOfB()}`;
  const response = await fetch(`${origin}/api/properties/${propertyId}/broadcasts`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', cookie: await sessionCookie(origin, admin) },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const { id } = (await response.json()) as { id: number };
  await expect
    .poll(async () => (await db()('events').where({ type: 'broadcast.created', subjectId: id }).first())?.publishedAt, { timeout: 10_000 })
    .toBeTruthy();
}

/** Whether anything answers on A's port (a new connection, as a browser's next one). */
const answers = (url: string) =>
  fetch(`${url}/api/health`, { headers: { Connection: 'close' } }).then(
    () => true,
    () => false,
  );

type Scenario = {
  /** The page's connection had heard an event before (Socket.IO then resumes its session). */
  heardBefore: boolean;
  /**
   * A request of the page is still being answered when SIGTERM arrives (held here by a lock on
   * its table, as any slow query would hold it).
   */
  requestInFlight?: boolean;
};

/**
 * The resident's page on A, live; A is stopped with SIGTERM; once A no longer takes
 * connections, the administrator publishes an emergency notice through B; A is started again
 * on the same port. The notice is on the resident's screen within seconds of A being back,
 * without a reload, and the old A ended in order within a deploy's stop timeout.
 */
async function acrossRestart(page: Page, { heardBefore, requestInFlight = false }: Scenario) {
  const { admin, property, resident } = await community();
  const a = await startA();
  const live = watchLive(page);
  const signIn = await page.context().request.post(`${a.url}/api/login`, { data: { username: resident.username, password: PASSWORD } });
  expect(signIn.ok()).toBe(true);
  await page.goto(`${a.url}/`);
  await page.getByRole('heading', { name: 'Hola, Rosa' }).waitFor();
  await expect.poll(() => live.accepted, { timeout: 15_000 }).toBe(1);
  if (heardBefore) {
    await publish(admin, property.id, { title: 'Corte de agua', message: 'Mañana de 8:00 a 12:00 no habrá agua en la torre.', category: 'maintenance' });
    await banner(page).getByText('Corte de agua').waitFor({ timeout: 15_000 });
  }
  // What follows happens in the same page.
  await markNoReload(page);

  const lock = requestInFlight ? await holdDocumentsList(page) : undefined;
  running.delete(a);
  const sigterm = Date.now();
  let stoppedAfter = Infinity;
  const stopped = a.stop(60_000).then((code) => {
    stoppedAfter = Date.now() - sigterm;
    return code;
  });
  await waitFor(async () => !(await answers(a.url)), STOP_TIMEOUT_MS, 'que A deje de aceptar conexiones');
  await lock?.release();
  await publish(admin, property.id, { title: 'Fuga de gas', message: 'Desalojen la torre por las escaleras, sin usar el ascensor.', category: 'emergency' });

  // The deploy starts A again as soon as its port is free.
  await startA();
  const back = Date.now();
  const attemptsSinceBack = (until = live.attempts.length) => live.attempts.slice(0, until).filter((at) => at >= back).length;
  // The page tries again within its longest wait (and the moment the browser takes to say so)...
  await expect.poll(() => live.accepted > 1 || attemptsSinceBack() > 0, { timeout: RECONNECTION_DELAY_MAX_MS + 3000 }).toBe(true);
  // ...and is back at that attempt, however long a busy machine takes to answer its handshake
  // (short of the client's own timeout), with the notice on screen within seconds of that:
  // replayed, or refetched.
  await expect.poll(() => live.accepted, { timeout: CONNECT_TIMEOUT_MS }).toBeGreaterThan(1);
  expect(attemptsSinceBack(live.attemptsWhenAccepted[1])).toBeLessThanOrEqual(1);
  await banner(page).getByText('Fuga de gas').waitFor({ timeout: 5000 });
  // A connection that had heard an event asked to resume from it.
  expect(live.connects.at(-1)!.includes('"offset"')).toBe(heardBefore);
  expect(await notReloaded(page)).toBe(true);
  // The old A had ended in order, within a deploy's stop timeout.
  expect(await stopped, a.stderr()).toBe(0);
  expect(stoppedAfter).toBeLessThan(STOP_TIMEOUT_MS);
}

/**
 * The page asks for the documents list while a transaction holds its table: the request waits
 * in the server (its connection busy) until `release`.
 */
async function holdDocumentsList(page: Page) {
  const trx = await db().transaction();
  locks.add(trx);
  await trx.raw('lock table documents in access exclusive mode');
  const answered = page.evaluate(() => fetch('/api/documents').then((response) => response.status));
  await expect
    .poll(async () => (await db().raw(`select count(*)::int as n from pg_locks where not granted and relation = 'documents'::regclass`)).rows[0].n, { timeout: 10_000 })
    .toBeGreaterThan(0);
  return {
    async release() {
      locks.delete(trx);
      await trx.commit();
      await answered;
    },
  };
}

test(
  'a notice published while the resident\'s server restarts reaches the banner once it is back: a connection that resumes',
  async ({ page }) => {
    await acrossRestart(page, { heardBefore: true });
  },
  { timeout: 120_000 },
);

test(
  'a notice published while the resident\'s server restarts reaches the banner once it is back: a request of the page in flight at SIGTERM',
  async ({ page }) => {
    await acrossRestart(page, { heardBefore: true, requestInFlight: true });
  },
  { timeout: 120_000 },
);

test(
  'a notice published while the resident\'s server restarts reaches the banner once it is back: a connection on long-polling that had heard nothing',
  async ({ page }) => {
    await withoutWebSockets(page);
    await acrossRestart(page, { heardBefore: false });
  },
  { timeout: 120_000 },
);
