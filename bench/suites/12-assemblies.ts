import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Keygrip from 'keygrip';
import { SESSION_COOKIE, SESSION_MAX_AGE_MS } from '../../server/session/store';
import { stopProcess } from '../children';
import { BENCH_SESSION_SECRET, latencySummary, percentile, targetsTable, type BenchContext, type BenchSuite } from '../lib';

const OWNERS = 500;
/** The votes go out at an even pace over this long (500 in a minute: one every 120 ms). */
const VOTING_MS = 60_000;
const CLIENT_PROCESSES = 2;
const CONNECT_CONCURRENCY = 20;
const OPTIONS = ['Sí', 'No', 'Abstención'];
const TARGETS = { tallyP99Ms: 300 };

const here = path.dirname(fileURLToPath(import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => performance.timeOrigin + performance.now();
const verdict = (met: boolean) => (met ? 'cumple' : 'NO cumple');

/**
 * An assembly in session with 500 owners (one unit each, shares summing to 100) present and
 * their 500 phones connected (bench/tally-clients.ts, in CLIENT_PROCESSES processes). One item
 * open; each owner votes once, the votes going out at an even pace over one minute (open loop:
 * a vote does not wait for the one before). Every ballot's tally is pushed to the property's
 * room; a phone has a vote's tally when it receives a tally counting at least the ballots the
 * vote's answer counted. Latency: from the moment the vote's POST is sent to each phone's
 * receipt, for every vote and every phone (250,000 pairs): target p99 < 300 ms, all received.
 *
 * Baseline, in the same run and at the same pace (each bare emit half way between two votes):
 * as many sockets of the same client processes on the bare Socket.IO server of the server
 * process (bench/bare-socket.ts: same Redis streams adapter, no sign-in, no outbox), one emit
 * of a tally-sized event to all per vote, timed from the suite's asking for it. Everything
 * else on Vecindad's path (the POST, its checks and row lock, the tally query, the outbox,
 * NOTIFY, the relay, rooms by access) is what Vecindad adds.
 */
const suite: BenchSuite = {
  name: 'assemblies',
  description: '500 propietarios votan en un minuto un punto de asamblea; el recuento llega a los 500 teléfonos (p99 < 300 ms) frente a Socket.IO sin nada más',
  async run(ctx) {
    const admin = await ctx.createAdministrator();
    const owners = await ownersWithSessions(ctx, admin);
    const api = async (method: string, route: string, cookie: string, body?: unknown) => {
      const response = await fetch(`${ctx.baseUrl}${route}`, {
        method,
        headers: { 'Content-Type': 'application/json', cookie },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
      return response.json() as Promise<Record<string, unknown>>;
    };

    // The assembly: created, convened, everyone present online, in session, the item open.
    const created = await api('POST', '/api/assemblies', admin.cookie, {
      propertyId: owners.propertyId,
      kind: 'ordinary',
      title: 'Asamblea ordinaria (benchmark)',
      firstCallAt: new Date(Date.now() - 60_000).toISOString(),
      place: 'Salón de eventos',
      items: [{ title: 'Presupuesto 2027', majority: 'simple', weighting: 'share' }],
    });
    const assemblyId = created.id as number;
    const itemId = (created.items as Array<{ id: number }>)[0].id;
    await api('POST', `/api/assemblies/${assemblyId}/convene`, admin.cookie);
    await ctx.db.raw(
      `insert into assembly_attendance (assembly_id, unit_id, present, via, recorded_by_id)
       select ?, units.id, true, 'online', units.owner_id from units where property_id = ?`,
      [assemblyId, owners.propertyId],
    );
    await api('POST', `/api/assemblies/${assemblyId}/start`, admin.cookie);
    await api('POST', `/api/assemblies/${assemblyId}/items/${itemId}/open`, admin.cookie);

    const clients = await forkClients();
    try {
      const vecindad = await clients.connect(owners.sessions.map(({ cookie }) => ({ url: ctx.baseUrl, cookie, kind: 'vecindad' as const })));
      const bare = await clients.connect(owners.sessions.map(() => ({ url: ctx.bareSocketUrl, cookie: '', kind: 'bare' as const })));
      if (!vecindad.connected || !bare.connected) throw new Error('los sockets no se conectaron');
      await ctx.serverMemory(); // a GC: the handshakes' garbage is no vote's to pay
      await sleep(1000);

      // A tally-sized bare event (the payload Vecindad's tally event carries), numbered.
      const bareEvent = (seq: number) => ({
        type: 'bare.tally',
        subjectId: assemblyId,
        propertyId: owners.propertyId,
        payload: { assemblyId, status: 'in_session', itemId, seq, tally: { options: OPTIONS.map((option) => ({ option, units: seq, weight: seq * 2000 })), eligibleWeight: 1_000_000, castWeight: seq * 2000, castUnits: seq } },
      });
      // Warm-up of the baseline (Vecindad's first votes are measured as they come).
      for (let seq = -5; seq < 0; seq++) await ctx.bareEmit(bareEvent(seq));

      const votes: Array<{ mark: number; at: number; answeredAt: number }> = [];
      const bareSent: Array<{ mark: number; at: number }> = [];
      const failures: string[] = [];
      const interval = VOTING_MS / OWNERS;
      const started = now();
      const load: number[] = [];
      const pending: Array<Promise<void>> = [];
      for (let i = 0; i < OWNERS; i++) {
        const due = started + i * interval;
        const wait = due - now();
        if (wait > 0) await sleep(wait);
        if (i % 50 === 0) load.push(os.loadavg()[0]);
        const { cookie, unitId } = owners.sessions[i];
        const sentAt = now();
        pending.push(
          fetch(`${ctx.baseUrl}/api/assemblies/${assemblyId}/items/${itemId}/votes`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', cookie },
            body: JSON.stringify({ unitId, option: OPTIONS[i % OPTIONS.length] }),
          }).then(async (response) => {
            const answeredAt = now();
            const body = (await response.json()) as { tally?: { castUnits: number } };
            if (response.status !== 200 || !body.tally) failures.push(`${response.status} ${JSON.stringify(body).slice(0, 120)}`);
            else votes.push({ mark: body.tally.castUnits, at: sentAt, answeredAt });
          }),
        );
        // The baseline's emit for this vote, half way to the next one.
        pending.push(
          sleep(interval / 2).then(async () => {
            const at = now();
            bareSent.push({ mark: i, at });
            await ctx.bareEmit(bareEvent(i));
          }),
        );
      }
      await Promise.all(pending);
      const votingSeconds = Math.round((now() - started) / 100) / 10;
      await sleep(3000); // the last tallies on their way
      const [mine, baseline] = await Promise.all([clients.measure('vecindad', votes), clients.measure('bare', bareSent)]);
      const posts = votes.map((vote) => vote.answeredAt - vote.at);

      const expected = vecindad.connected * OWNERS;
      const met = !failures.length && mine.latencies.length === expected && percentile(mine.latencies, 99) < TARGETS.tallyP99Ms;
      const ratio = Math.round((percentile(mine.latencies, 99) / percentile(baseline.latencies, 99)) * 100) / 100;
      const stored = await ctx.db('assembly_votes').where({ itemId }).count({ count: '*' });
      return [
        targetsTable([
          {
            objetivo: `Voto -> recuento en ${vecindad.connected} teléfonos: todos, p99 < ${TARGETS.tallyP99Ms} ms`,
            valor: `${mine.latencies.length}/${expected} recibidos, p99 ${Math.round(percentile(mine.latencies, 99))} ms`,
            referencia: `Socket.IO sin nada más, mismo reparto: p99 ${Math.round(percentile(baseline.latencies, 99))} ms`,
            proporción: ratio,
            cumple: met,
          },
        ]),
        {
          title: `Votación: ${OWNERS} propietarios votan en ${VOTING_MS / 1000} s un punto; cada recuento a ${vecindad.connected} teléfonos (objetivo: todos, p99 < ${TARGETS.tallyP99Ms} ms desde que sale el POST del voto)`,
          rows: [
            {
              medición: 'Vecindad: POST del voto -> recuento en cada teléfono',
              recibidos: `${mine.latencies.length}/${expected}`,
              ...latencySummary(mine.latencies),
              objetivo: verdict(met),
            },
            { medición: 'Línea base: emit -> cada socket (Socket.IO sin nada más)', recibidos: `${baseline.latencies.length}/${bare.connected * OWNERS}`, ...latencySummary(baseline.latencies) },
            { medición: 'proporción p99 (Vecindad / línea base)', recibidos: String(ratio) },
            { medición: 'el POST del voto (respuesta)', recibidos: `${votes.length}/${OWNERS}`, ...latencySummary(posts), errores: failures.length ? failures.slice(0, 3).join(' | ') : 0 },
          ],
        },
        {
          title: 'Condiciones',
          rows: [
            {
              'votos guardados': Number(stored[0].count),
              'votación (s)': votingSeconds,
              'sockets Vecindad / línea base': `${vecindad.connected} / ${bare.connected}`,
              'fallidos al conectar': vecindad.failed + bare.failed,
              'carga (1 min) durante la votación': `${Math.min(...load).toFixed(1)}-${Math.max(...load).toFixed(1)}`,
            },
          ],
        },
      ];
    } finally {
      await clients.close();
    }
  },
};
export default suite;


/**
 * A property of OWNERS units (shares 0.2 % each, 100 in all), each owned by its own Propietario
 * with a session row, in one statement. No email addresses: convening would otherwise queue
 * 500 emails, the mail pipeline's load rather than the vote's. Answers each owner's signed
 * cookie (checked first against the administrator's real one) and unit.
 */
async function ownersWithSessions(ctx: BenchContext, admin: { organizationId: number; cookie: string }) {
  const keys = new Keygrip([BENCH_SESSION_SECRET]);
  const cookieValue = (name: string) => new RegExp(`${name.replace('.', '\\.')}=([^;]+)`).exec(admin.cookie)?.[1];
  const sid = cookieValue(SESSION_COOKIE);
  const sig = cookieValue(`${SESSION_COOKIE}.sig`);
  if (!sid || !sig || !keys.verify(`${SESSION_COOKIE}=${sid}`, sig)) {
    throw new Error('BENCH_SESSION_SECRET (bench/lib.ts) no coincide con el SESSION_SECRET del servidor de benchmark');
  }
  const [property] = await ctx.db('properties').insert({ name: 'Torre Asamblea', address: 'Av. Abraham Lincoln 500', organizationId: admin.organizationId }).returning('id');
  const { rows } = await ctx.db.raw(
    `with created as (
       insert into users (username, password, name, last_name, role, organization_id)
       select 'propietario-' || g || '-' || :tag || '@bench.do', 'sin-acceso', 'Propietario', 'N' || g, 'Propietario', :organizationId
       from generate_series(1, :count) g
       returning id
     ), owned as (
       insert into units (property_id, unit_number, share, owner_id)
       select :propertyId, 'U' || row_number() over (order by id), 100.0 / :count, id from created
       returning id, owner_id
     )
     insert into session (sid, sess, expire, user_id)
     select replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''),
            jsonb_build_object('userId', owner_id, '_expire', :expireMs::bigint, '_maxAge', :maxAge::bigint),
            to_timestamp(:expireMs::bigint / 1000.0), owner_id
     from owned
     returning sid, user_id`,
    { tag: Date.now().toString(36), organizationId: admin.organizationId, count: OWNERS, propertyId: property.id, expireMs: Date.now() + SESSION_MAX_AGE_MS, maxAge: SESSION_MAX_AGE_MS },
  );
  const unitOf = new Map(
    (await ctx.db('units').where({ propertyId: property.id }).select('id', 'ownerId')).map((unit: { id: number; ownerId: number }) => [unit.ownerId, unit.id]),
  );
  const sessions = (rows as Array<{ sid: string; user_id: number }>).map((row) => ({
    cookie: `${SESSION_COOKIE}=${row.sid}; ${SESSION_COOKIE}.sig=${keys.sign(`${SESSION_COOKIE}=${row.sid}`)}`,
    unitId: unitOf.get(row.user_id)!,
  }));
  return { propertyId: property.id as number, sessions };
}

/** The phones, split over CLIENT_PROCESSES processes; socket i from process i % processes. */
async function forkClients() {
  const children: ChildProcess[] = [];
  for (let i = 0; i < CLIENT_PROCESSES; i++) {
    const child = fork(path.join(here, '..', 'tally-clients.ts'), { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    await answer(child, (message) => message.type === 'ready');
    children.push(child);
  }
  return {
    async connect(sockets: Array<{ url: string; cookie: string; kind: 'vecindad' | 'bare' }>) {
      const results = await Promise.all(
        children.map((child, index) => {
          const share = sockets.filter((_, i) => i % children.length === index);
          child.send({ type: 'connect', sockets: share, concurrency: CONNECT_CONCURRENCY });
          return answer<{ connected: number; failed: number }>(child, (message) => message.type === 'connected');
        }),
      );
      return { connected: results.reduce((sum, r) => sum + r.connected, 0), failed: results.reduce((sum, r) => sum + r.failed, 0) };
    },
    async measure(kind: 'vecindad' | 'bare', sent: Array<{ mark: number; at: number }>) {
      const results = await Promise.all(
        children.map((child) => {
          child.send({ type: 'measure', kind, sent: sent.map(({ mark, at }) => ({ mark, at })) });
          return answer<{ latencies: number[]; missing: number }>(child, (message) => message.type === 'measured' && message.kind === kind);
        }),
      );
      return { latencies: results.flatMap((r) => r.latencies), missing: results.reduce((sum, r) => sum + r.missing, 0) };
    },
    close: () => Promise.all(children.map(stopProcess)),
  };
}

function answer<T>(child: ChildProcess, matches: (message: Record<string, unknown>) => boolean, timeoutMs = 180_000) {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('los clientes no respondieron a tiempo')), timeoutMs);
    const listener = (message: Record<string, unknown>) => {
      if (!matches(message)) return;
      clearTimeout(timer);
      child.off('message', listener);
      resolve(message as T);
    };
    child.on('message', listener);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`los clientes terminaron (${code})`));
    });
  });
}
