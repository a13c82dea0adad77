import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import type { LiveEvent } from '../../shared/events';
import { db, namedStatements, PREPARE } from '../../server/db';
import { recordEvent } from '../../server/events/outbox';
import { startRelay } from '../../server/events/relay';
import { findSignedInUser } from '../../server/session/store';
import { adminWorld, createResident } from '../support/factories';
import { waitFor } from '../support/live';
import { pgbouncerBinary, startPgbouncer, type Pgbouncer } from '../support/pgbouncer';
import { closeTestServices, testApp } from '../support/services';

/**
 * Behind PgBouncer in transaction pooling (docs/operations.md#pgbouncer), as a deployment of
 * many processes runs: this file's app reaches its database through a real pgbouncer (Debian's
 * package, 1.18) that has ONE server connection for it, so the transactions of the app's five
 * connections all run, in turn, on the same PostgreSQL session. Whatever outlived a transaction
 * there (a named prepared statement, a LISTEN, a SET, a session advisory lock, a temporary
 * table) would meet another client's transaction. DATABASE_DIRECT_URL is PostgreSQL itself.
 */
const binary = pgbouncerBinary();
const database = process.env.TEST_DATABASE_NAME!;
const directUrl = `${inject('directServerUrl')}/${database}`;
let bouncer: Pgbouncer | undefined;

// The settings PgBouncer itself sets on a server connection for each client (it tracks them).
const TRACKED = ['application_name', 'client_encoding', 'DateStyle', 'TimeZone', 'standard_conforming_strings'];

/** What the pooler's one server connection of this database keeps beyond a transaction. */
async function sessionState() {
  const { rows } = await db().raw(
    `select (select count(*) from pg_prepared_statements)::int as prepared,
       (select count(*) from pg_listening_channels())::int as listening,
       (select count(*) from pg_locks where locktype = 'advisory' and pid = pg_backend_pid())::int as "advisoryLocks",
       (select count(*) from pg_class where relnamespace = pg_my_temp_schema())::int as "temporaryTables",
       coalesce((select array_agg(name order by name) from pg_settings where source = 'session' and name <> all(?)), '{}') as settings`,
    [TRACKED],
  );
  return rows[0];
}

describe.skipIf(!binary)('behind PgBouncer in transaction pooling', () => {
  beforeAll(async () => {
    bouncer = await startPgbouncer({ server: inject('directServerUrl'), poolSize: 1 });
    // The app of this file (tests/support/services.ts) through it, as DATABASE_URL.
    process.env.DATABASE_URL = `${bouncer.url}/${database}`;
    process.env.DATABASE_DIRECT_URL = directUrl;
    await testApp();
  });

  afterAll(async () => {
    await closeTestServices();
    await bouncer?.stop();
  });

  it('shares one server connection between clients: a name one client prepared is taken for the next', async () => {
    // What the app must never do behind it (this proves the pooler would catch it).
    const [first, second] = [0, 1].map(() => new pg.Client({ connectionString: process.env.DATABASE_URL }));
    await Promise.all([first.connect(), second.connect()]);
    try {
      const pid = async (client: pg.Client) => (await client.query('select pg_backend_pid() as pid')).rows[0].pid;
      expect(await pid(first)).toBe(await pid(second));
      await first.query({ name: 'vecindad_probe', text: 'select 1' });
      await expect(second.query({ name: 'vecindad_probe', text: 'select 1' })).rejects.toMatchObject({ code: '42P05' });
    } finally {
      await first.query('deallocate all');
      await Promise.all([first.end(), second.end()]);
    }
  });

  it('runs list pages and session lookups unnamed, many at once, and leaves nothing on the shared session', async () => {
    expect(namedStatements()).toBe(false);
    const { agent, admin, property } = await adminWorld();
    for (let i = 0; i < 6; i++) await createResident({ property });

    // Every request's session lookup, and each page a marked (PREPARE) statement, from the
    // app's five connections at once (pages not asked before: a page asked again is remembered).
    const pages = await Promise.all([0, 1, 2, 3, 4, 5].map((offset) => agent.get(`/api/residents?limit=1&offset=${offset}`)));
    expect(pages.map((response) => [response.status, response.body.length])).toEqual(Array(6).fill([200, 1]));
    // A socket's lookup of its user, and a marked query through the pool, the same way.
    const users = await Promise.all(Array.from({ length: 6 }, () => findSignedInUser(admin.id)));
    expect(users.map((user) => user?.id)).toEqual(Array(6).fill(admin.id));
    const rows = await Promise.all(Array.from({ length: 6 }, () => db()('users').select('id').where('id', admin.id).options(PREPARE)));
    expect(rows).toEqual(Array(6).fill([{ id: admin.id }]));

    expect(await sessionState()).toEqual({ prepared: 0, listening: 0, advisoryLocks: 0, temporaryTables: 0, settings: [] });
  });

  it('delivers live events: the relay listens on PostgreSQL itself, not through the pooler', async () => {
    const { organization } = await adminWorld();
    const record = () => db().transaction(async (trx) => (await recordEvent(trx, { type: 'user.invited', organizationId: organization.id, audience: 'administrators' }))[0]);
    const published: LiveEvent[] = [];
    const arrived = (id: number) => waitFor(() => published.some((event) => event.id === id), 10_000, `el evento ${id}`);
    // No polling within the test's time: the relay drains once it listens, then only when a
    // NOTIFY wakes it. The first event, recorded before, comes out once it listens.
    const before = await record();
    const relay = startRelay({ publish: async (event) => void published.push(event), ready: () => true, pollMs: 600_000 });
    try {
      await arrived(before);
      // Listening on a session of its own (DATABASE_DIRECT_URL): the insert's NOTIFY reaches it.
      await arrived(await record());
      expect(await sessionState()).toMatchObject({ listening: 0 });
    } finally {
      await relay.stop();
    }
  });
});
