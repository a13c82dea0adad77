import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import webpush from 'web-push';
import type { BenchContext } from './lib';

/**
 * Where the emergency measurements deliver: a local push service and a local SMTP server,
 * each counting what arrives and when (performance.now()), and the administrator's POST.
 */
type Arrivals = { arrived: number; firstAt: number; lastAt: number; waiting?: { count: number; resolve: () => void } };

function arrivals() {
  const state: Arrivals = { arrived: 0, firstAt: 0, lastAt: 0 };
  return {
    arrive() {
      state.arrived += 1;
      state.lastAt = performance.now();
      if (state.arrived === 1) state.firstAt = state.lastAt;
      if (state.waiting && state.arrived >= state.waiting.count) state.waiting.resolve();
    },
    /** What arrived since the last reset, and the first's and last's arrival. */
    counts: () => ({ arrived: state.arrived, firstAt: state.firstAt, lastAt: state.lastAt }),
    reset: () => void Object.assign(state, { arrived: 0, firstAt: 0, lastAt: 0 }),
    /** Resolves once `count` arrived (rejects after `timeoutMs`). */
    waitFor: (count: number, timeoutMs: number, what: string) =>
      new Promise<void>((resolve, reject) => {
        if (state.arrived >= count) return resolve();
        const timer = setTimeout(() => reject(new Error(`solo ${state.arrived} de ${count} ${what} en ${Math.round(timeoutMs / 1000)} s`)), timeoutMs);
        state.waiting = { count, resolve: () => (clearTimeout(timer), (state.waiting = undefined), resolve()) };
      }),
  };
}

/** A real SMTP server (smtp-server, as the tests use) that takes every message and counts it, unparsed. */
export async function startSmtpSink() {
  const counter = arrivals();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        counter.arrive();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    counts: counter.counts,
    reset: counter.reset,
    waitFor: (count: number, timeoutMs: number) => counter.waitFor(count, timeoutMs, 'correos'),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A local push service: a node:http server answering 201 to every push. */
export async function startPushService() {
  const counter = arrivals();
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      counter.arrive();
      response.statusCode = 201;
      response.end();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    counts: counter.counts,
    reset: counter.reset,
    waitFor: (count: number, timeoutMs: number) => counter.waitFor(count, timeoutMs, 'pushes'),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type PushService = Awaited<ReturnType<typeof startPushService>>;

/**
 * One subscribed device per active resident of the organization, all with real P-256 keys
 * (one pair: each push still gets its own ephemeral key and salt), on `serviceUrl`. Answers
 * the keys and how many devices there are.
 */
export async function subscribeResidents(ctx: BenchContext, organizationId: number, serviceUrl: string) {
  const device = createECDH('prime256v1');
  device.generateKeys();
  const keys = { p256dh: device.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') };
  await ctx.db.raw(
    `insert into push_subscriptions (organization_id, user_id, endpoint, p256dh, auth, device_label)
     select :organizationId, r.user_id, :serviceUrl || '/push/' || r.user_id, :p256dh, :auth, 'Chrome · Android'
     from residents r join properties p on p.id = r.property_id
     where p.organization_id = :organizationId and r.status <> 'inactive'`,
    { organizationId, serviceUrl, ...keys },
  );
  const devices = Number((await ctx.db('pushSubscriptions').where({ organizationId }).count({ n: '*' }))[0].n);
  return { keys, devices };
}

/**
 * The transport's own cost: `count` pushes encrypted and signed beforehand with web-push, sent
 * straight to `serviceUrl`, `concurrency` at a time. Answers the seconds the sending took.
 */
export async function sendBaselinePushes(serviceUrl: string, keys: { p256dh: string; auth: string }, count: number, concurrency: number) {
  const vapid = webpush.generateVAPIDKeys();
  const requests = Array.from({ length: count }, (_, n) =>
    webpush.generateRequestDetails({ endpoint: `${serviceUrl}/push/baseline-${n}`, keys }, JSON.stringify({ title: 'Emergencia: Fuga de gas', body: 'Salgan del edificio por la escalera norte.', url: '/broadcasts', tag: 'broadcast-1' }), {
      vapidDetails: { subject: 'mailto:bench@vecindad.do', publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      TTL: 86_400,
      contentEncoding: 'aes128gcm',
    }),
  );
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests.length) {
        const request = requests[next++];
        const response = await fetch(request.endpoint, { method: request.method, headers: request.headers as Record<string, string>, body: new Uint8Array(request.body!) });
        await response.body?.cancel();
      }
    }),
  );
  return (performance.now() - started) / 1000;
}

/** POSTs an emergency broadcast to these properties, 100 a request (the most one takes). */
export async function postEmergency(ctx: BenchContext, cookie: string, propertyIds: number[]) {
  for (let start = 0; start < propertyIds.length; start += 100) {
    const response = await fetch(`${ctx.baseUrl}/api/broadcasts`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', cookie, Origin: ctx.baseUrl },
      body: JSON.stringify({ title: 'Fuga de gas', message: 'Salgan del edificio por la escalera norte.', category: 'emergency', propertyIds: propertyIds.slice(start, start + 100) }),
    });
    if (response.status !== 201) throw new Error(`POST /api/broadcasts: ${response.status} ${await response.text()}`);
  }
}
