import { describe, expect, it } from 'vitest';
import knex from 'knex';
import pg from 'pg';
import { knexConfig } from '../../knexfile';
import { db, PREPARE, preparedName } from '../../server/db';
import { adminWorld, createAmenity, createBooking, createDocument, createResident, createUser, signedIn } from '../support/factories';
import { testApp } from '../support/services';
import { statementsDuring } from '../support/statements';

/**
 * X-Total-Count is remembered per organization data version (server/services/listTotals.ts):
 * a page asked again does not count again, and any committed change of the organization's
 * rows, made by the app or by any other SQL, gives the next page the new total.
 */

await testApp();

/** PostgreSQL itself, where statements are prepared (through a pooler they run unnamed). */
const directUrl = process.env.DATABASE_DIRECT_URL ?? process.env.DATABASE_URL!;

const total = (response: { headers: Record<string, string> }) => Number(response.headers['x-total-count']);
const versionOf = async (organizationId: number) =>
  Number((await db()('data_versions').where({ organizationId }).first())?.version ?? 0);

describe('list totals', () => {
  it('counts a page once, then again only after a change of the organization', async () => {
    const { agent, property, organization } = await adminWorld();
    for (let i = 0; i < 3; i++) await createResident({ property });

    expect(total(await agent.get('/api/residents?limit=2').expect(200))).toBe(3);
    const again = await statementsDuring(async () => expect(total(await agent.get('/api/residents?limit=2&offset=2').expect(200))).toBe(3));
    expect(again.filter((sql) => /count\(\*\)/.test(sql))).toEqual([]);
    // The versions came with the session (one query for both), not in a statement of their own.
    expect(again.filter((sql) => /data_versions/.test(sql))).toEqual([]);

    // Through the API.
    await createResident({ property });
    const created = await agent
      .post(`/api/properties/${property.id}/residents`)
      .send({ name: 'Rosa', lastName: 'Peña', username: 'rosa.pena@correo.do', unit: 'A1', createUnit: true })
      .expect(201);
    expect(total(await agent.get('/api/residents?limit=2').expect(200))).toBe(5);
    await agent.post(`/api/properties/${property.id}/residents/${created.body.id}/deactivate`).expect(200);
    expect(total(await agent.get('/api/residents?limit=2&status=active').expect(200))).toBe(4);

    // By SQL the app never saw, on a connection of its own.
    const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await other.connect();
    try {
      const before = await versionOf(organization.id);
      await other.query('begin');
      await other.query(`update residents set status = 'inactive' where property_id = $1`, [property.id]);
      await other.query(`update residents set status = 'temporary' where id = (select min(id) from residents where property_id = $1)`, [property.id]);
      // Not committed yet: neither the rows nor the version moved for anyone else.
      expect(total(await agent.get('/api/residents?limit=2&status=active').expect(200))).toBe(4);
      await other.query('commit');
      expect(await versionOf(organization.id)).toBe(before + 1); // once per transaction
      expect(total(await agent.get('/api/residents?limit=2&status=active').expect(200))).toBe(0);
      expect(total(await agent.get('/api/residents?limit=2&status=temporary').expect(200))).toBe(1);

      // A rolled-back change moves nothing.
      await other.query('begin');
      await other.query('delete from residents where property_id = $1', [property.id]);
      await other.query('rollback');
      expect(await versionOf(organization.id)).toBe(before + 1);
      expect(total(await agent.get('/api/residents?limit=2').expect(200))).toBe(5);
    } finally {
      await other.end();
    }
  });

  it("remembers a page's rows until the organization changes, details included", async () => {
    const { agent, admin, property, organization } = await adminWorld();
    const { user } = await createResident({ property });
    const names = async () => (await agent.get('/api/residents?limit=5').expect(200)).body.map((row: { name: string }) => row.name);
    expect(await names()).toEqual([user.name]);
    // Asked again: no statement runs but the session's (which knex does not run).
    const again = await statementsDuring(async () => expect(await names()).toEqual([user.name]));
    expect(again).toEqual([]);
    await db()('users').where({ id: user.id }).update({ name: 'Renombrada' });
    expect(await names()).toEqual(['Renombrada']);

    // A payment's proof is read for the payments page (alsoReads): adding one shows it.
    const unit = await db()('units').where({ propertyId: property.id }).first('id');
    const [payment] = await db()('payments')
      .insert({ organizationId: organization.id, propertyId: property.id, unitId: unit.id, userId: user.id, recordedById: admin.id, amount: 100, method: 'cash', status: 'reported', receivedAt: '2030-01-01' })
      .returning('id');
    const proof = async () => (await agent.get('/api/payments?limit=5').expect(200)).body[0].proof;
    expect(await proof()).toBeNull();
    await db()('payment_proofs').insert({ paymentId: payment.id, fileName: 'comprobante.pdf', fileType: 'application/pdf', sizeBytes: 4, content: Buffer.from('%PDF') });
    expect(await proof()).toMatchObject({ fileName: 'comprobante.pdf' });
  });

  it('presents a page remembered for two viewers to each as their own', async () => {
    const { agent, admin, property, organization } = await adminWorld();
    const colleague = await createUser({ role: 'Administrador', organizationId: organization.id });
    const amenity = await createAmenity({ propertyId: property.id, name: 'Piscina' });
    await createBooking({ amenityId: amenity.id, userId: admin.id });
    const mine = async (reader: typeof agent) => (await reader.get('/api/bookings?limit=5').expect(200)).body.map((row: { mine: boolean }) => row.mine);
    const other = await signedIn(colleague);
    expect(await mine(agent)).toEqual([true]);
    // The same page, not queried again for the colleague, and presented to them.
    const shared = await statementsDuring(async () => expect(await mine(other)).toEqual([false]));
    expect(shared).toEqual([]);
    expect(await mine(agent)).toEqual([true]);
  });

  it('follows changes that only change who may read a row', async () => {
    const { admin, property, organization } = await adminWorld();
    const { user: resident } = await createResident({ property });
    const agent = await signedIn(resident);
    const document = await createDocument({ organizationId: organization.id, access: 'custom', uploadedById: admin.id });

    expect(total(await agent.get('/api/documents?limit=5').expect(200))).toBe(0);
    await db()('document_shares').insert({ documentId: document.id, userId: resident.id });
    expect(total(await agent.get('/api/documents?limit=5').expect(200))).toBe(1);
  });

  it('keeps organizations apart: a change in one leaves the other its remembered total', async () => {
    const first = await adminWorld();
    const second = await adminWorld();
    await createResident({ property: first.property });
    await createResident({ property: second.property });
    expect(total(await first.agent.get('/api/residents').expect(200))).toBe(1);
    expect(total(await second.agent.get('/api/residents').expect(200))).toBe(1);

    const secondVersion = await versionOf(second.organization.id);
    await createResident({ property: first.property });
    expect(await versionOf(second.organization.id)).toBe(secondVersion);
    expect(total(await first.agent.get('/api/residents').expect(200))).toBe(2);
    expect(total(await second.agent.get('/api/residents').expect(200))).toBe(1);
  });

  it('serves deep pages of the residents directory from remembered bookmarks, in the same order as a full sort', async () => {
    const { agent, property, organization } = await adminWorld();
    await db().raw(
      `with added as (
         insert into users (username, email, password, name, last_name, role, organization_id)
         select 'vecino' || g || '@correo.do', 'vecino' || g || '@correo.do', 'x', (array['Ana','José','María','Ñico'])[1 + g % 4], 'Pérez ' || (g * 7919 % 2100), 'Residente', ?
         from generate_series(1, 2100) g returning id)
       insert into residents (user_id, property_id) select id, ? from added`,
      [organization.id, property.id],
    );
    const expected = async (offset: number) =>
      (await db()('residents as r').join('users as u', 'u.id', 'r.userId').where('r.propertyId', property.id).orderBy(['u.sortName', 'r.id']).offset(offset).limit(25).select('r.id')).map(
        (row: { id: number }) => row.id,
      );
    const page = async (offset: number) => (await agent.get(`/api/residents?limit=25&offset=${offset}`).expect(200)).body.map((row: { id: number }) => row.id);

    for (const offset of [990, 1000, 1990, 2080]) expect(await page(offset)).toEqual(await expected(offset));
    // A search every resident matches pages the same way.
    const searched = async (offset: number) => (await agent.get(`/api/residents?q=perez&limit=25&offset=${offset}`).expect(200)).body.map((row: { id: number }) => row.id);
    for (const offset of [1000, 2080]) expect(await searched(offset)).toEqual(await expected(offset));
    // A search with few matches (525 Ñicos) gathers them before sorting: the same order.
    const nicos = async (offset: number) => (await agent.get(`/api/residents?q=nico&limit=25&offset=${offset}`).expect(200)).body.map((row: { id: number }) => row.id);
    const expectedNicos = async (offset: number) =>
      (await db()('residents as r').join('users as u', 'u.id', 'r.userId').where({ 'r.propertyId': property.id, 'u.name': 'Ñico' }).orderBy(['u.sortName', 'r.id']).offset(offset).limit(25).select('r.id')).map(
        (row: { id: number }) => row.id,
      );
    for (const offset of [0, 500, 510]) expect(await nicos(offset)).toEqual(await expectedNicos(offset));
    // A rename moves a resident from the last thousand to the first: the bookmarks follow.
    const last = (await expected(2099))[0];
    await db()('users').where('id', (await db()('residents').where('id', last).first()).userId).update({ name: 'Aarón' });
    for (const offset of [1000, 1990, 2080]) expect(await page(offset)).toEqual(await expected(offset));
  });

  it('runs a residents page as a prepared statement (a search, whose plan depends on its pattern, is planned each time)', async () => {
    const { agent, property } = await adminWorld();
    for (let i = 0; i < 9; i++) await createResident({ property });
    const marked: Array<{ sql: string; prepared: boolean }> = [];
    const listener = (query: { sql: string; options?: { prepare?: boolean } }) => marked.push({ sql: query.sql, prepared: Boolean(query.options?.prepare) });
    db().on('query', listener);
    try {
      // (Pages not asked before: a page asked again is remembered, not run.)
      for (let i = 0; i < 7; i++) expect((await agent.get(`/api/residents?limit=2&offset=${i}`).expect(200)).body).toHaveLength(2);
      expect((await agent.get('/api/residents?q=zzz&limit=2').expect(200)).body).toEqual([]);
    } finally {
      db().off('query', listener);
    }
    const pages = marked.filter(({ sql }) => /"page"/.test(sql));
    expect(pages.map(({ prepared }) => prepared)).toEqual([true, true, true, true, true, true, true, false]);

    // A marked statement is prepared on its connection under the name its text gives (on
    // PostgreSQL itself: through a transaction pooler it runs unnamed, tests/api/pgbouncer.test.ts).
    const direct = knex(knexConfig(directUrl, 1));
    try {
      await direct.transaction(async (trx) => {
        const query = () => trx('users').select('id').where('id', 1);
        await query().options(PREPARE);
        const { sql } = query().toSQL().toNative();
        const { rows } = await trx.raw('select statement from pg_prepared_statements where name = ?', [preparedName(sql)]);
        expect(rows).toEqual([{ statement: sql }]);
      });
    } finally {
      await direct.destroy();
    }
  });

  it('prepares a statement anew when its table changed shape since it was prepared', async () => {
    // One connection, so the second run meets the statement the first one prepared.
    const single = knex(knexConfig(directUrl, 1));
    try {
      await single.raw('create table prepared_probe (id int)');
      await single('prepared_probe').insert({ id: 1 });
      const probe = () => single('prepared_probe').select('*').options(PREPARE);
      expect(await probe()).toEqual([{ id: 1 }]);
      await single.raw('alter table prepared_probe add column note text');
      expect(await probe()).toEqual([{ id: 1, note: null }]);
    } finally {
      await single.raw('drop table if exists prepared_probe');
      await single.destroy();
    }
  });
});
