import type { Knex } from 'knex';
import pg from 'pg';
import type { Logger } from 'pino';
import type { EventType, LiveEvent } from '../../shared/events';
import { db, directConnection } from '../db';
import { logger as rootLogger } from '../logger';

/** Work that must happen once an event is committed (scheduling a job), before it is sent. */
export type FollowUps = Partial<Record<EventType, (event: LiveEvent) => Promise<void>>>;

export type RelayOptions = {
  /** Sends one event; resolves once Redis has it (see realtime/index.ts). */
  publish: (event: LiveEvent) => Promise<void>;
  /** Whether Redis is reachable: while it is not, events wait in the table. */
  ready: () => boolean;
  followUps?: FollowUps;
  batchSize?: number;
  /** Fallback polling, for a missed NOTIFY or a lost LISTEN connection. */
  pollMs?: number;
  log?: Logger;
};

export type Relay = { wake: () => void; stop: () => Promise<void> };

const CHANNEL = 'vecindad_events';

/**
 * The outbox relay: publishes committed `events` rows, in the order they were recorded (inbox
 * events after the others), and marks them `published_at`. An insert NOTIFYs
 * `vecindad_events` (see the events migration), which wakes it on a dedicated LISTEN
 * connection; a timer polls as well. Rows are claimed with FOR UPDATE SKIP LOCKED, so several
 * relays (one per server instance) never send the same row at once. A row is marked only after
 * its follow-ups ran and Redis took it; otherwise it stays for the next round (delivery is at
 * least once: events carry their id).
 */
export function startRelay(options: RelayOptions): Relay {
  const log = options.log ?? rootLogger.child({ component: 'relay' });
  const batchSize = options.batchSize ?? 200;
  let stopped = false;
  let draining: Promise<void> | undefined;
  let again = false;

  const wake = () => {
    if (stopped) return;
    if (draining) {
      again = true;
      return;
    }
    draining = drain()
      .catch((error) => log.warn({ err: error }, 'el relay de eventos falló; se reintentará'))
      .finally(() => {
        draining = undefined;
        if (again) {
          again = false;
          wake();
        }
      });
  };

  async function drain() {
    while (!stopped && options.ready()) {
      const claimed = await db().transaction((trx) => publishBatch(trx));
      if (claimed < batchSize) return;
    }
  }

  async function publishBatch(trx: Knex.Transaction): Promise<number> {
    // Inbox events go after the rest: a notice to 10,000 residents is 10,000 of them, and the
    // live events that follow (a visitor at the desk, an emergency) must not wait behind them.
    // Each lane keeps its order, and no inbox event depends on a later event of the other.
    // The order is that of the events_unpublished_lane_idx index (same expression).
    const rows = await trx('events')
      .whereNull('publishedAt')
      .orderByRaw(`type like 'notification.%', id`)
      .limit(batchSize)
      .forUpdate()
      .skipLocked();
    const sends: Array<Promise<number>> = [];
    for (const row of rows) {
      const event = toLiveEvent(row);
      try {
        await options.followUps?.[event.type]?.(event);
      } catch (error) {
        // Later events of the same subject must not overtake this one: retry from here.
        log.warn({ err: error, eventId: event.id, type: event.type }, 'seguimiento de evento fallido');
        break;
      }
      sends.push(options.publish(event).then(() => event.id));
    }
    const results = await Promise.allSettled(sends);
    const sent = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    if (sent.length) await trx('events').whereIn('id', sent).update({ publishedAt: trx.fn.now() });
    if (sent.length < results.length) log.warn({ failed: results.length - sent.length }, 'eventos sin publicar');
    return rows.length;
  }

  // LISTEN on a connection of its own (a pooled one would be handed to other queries), to
  // PostgreSQL itself: through a transaction pooler (DATABASE_DIRECT_URL set) the session that
  // listens would serve other clients' transactions and their notifications would reach them.
  let listener: pg.Client | undefined;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let reconnectDelay = 500;
  const listen = async () => {
    if (stopped) return;
    const client = new pg.Client({ ...directConnection(), application_name: 'vecindad-relay' });
    listener = client;
    const retry = () => {
      if (stopped || listener !== client) return;
      listener = undefined;
      client.end().catch(() => {});
      reconnectTimer = setTimeout(listen, reconnectDelay);
      reconnectDelay = Math.min(reconnectDelay * 2, 15_000);
    };
    client.on('error', retry);
    client.on('end', retry);
    client.on('notification', wake);
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      reconnectDelay = 500;
      wake(); // whatever was committed while not listening
    } catch (error) {
      log.warn({ err: error }, 'LISTEN de eventos no disponible; se reintentará');
      retry();
    }
  };
  void listen();
  const poll = setInterval(wake, options.pollMs ?? 2000);

  return {
    wake,
    async stop() {
      stopped = true;
      clearInterval(poll);
      clearTimeout(reconnectTimer);
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => {});
      await draining;
    },
  };
}

/** Relay health: how many events wait to be published and how old the oldest is. */
export async function relayLag(trx: Knex = db()) {
  const row = await trx('events')
    .whereNull('publishedAt')
    .first(trx.raw('count(*)::int as pending'), trx.raw('extract(epoch from now() - min(created_at)) as oldest_seconds'));
  return { pending: Number(row?.pending ?? 0), oldestPendingSeconds: row?.oldestSeconds == null ? null : Math.round(Number(row.oldestSeconds) * 10) / 10 };
}

/** One recorded event, as the relay publishes it (jobs that follow events read it again). */
export async function loadEvent(id: number, trx: Knex = db()): Promise<LiveEvent | undefined> {
  const row = await trx('events').where({ id }).first();
  return row ? toLiveEvent(row) : undefined;
}

function toLiveEvent(row: Record<string, unknown>): LiveEvent {
  return {
    id: Number(row.id),
    type: row.type as EventType,
    audience: row.audience as LiveEvent['audience'],
    organizationId: row.organizationId as number,
    propertyId: (row.propertyId as number | null) ?? null,
    userId: (row.userId as number | null) ?? null,
    actorId: (row.actorId as number | null) ?? null,
    subjectType: (row.subjectType as string | null) ?? null,
    subjectId: (row.subjectId as number | null) ?? null,
    payload: (row.payload as Record<string, unknown>) ?? {},
    createdAt: new Date(row.createdAt as string).toISOString(),
  };
}
