import type { Knex } from 'knex';

/**
 * Every money-creating POST (a charge, a split across units, a payment, a reported transfer)
 * runs once per `Idempotency-Key` (server/routes/once.ts): `idempotency_keys` keeps, per
 * organization and key, the fingerprint of the request that used it (who, which path, what
 * body) and its first answer, written in the same transaction as what the request created. The
 * same request again gets that answer and creates nothing; another request with the key, 409.
 * Two requests with one key at once: the second waits on the key's row and gets the answer.
 *
 * The keys payments kept in their own columns move here without an answer (their requests were
 * fingerprinted otherwise: reusing one answers 409, so nothing is ever recorded twice), and
 * those columns go. `down` brings the columns back empty (the keys stay only here, dropped).
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('idempotency_keys', (t) => {
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.text('key').notNullable();
    t.text('request_hash').notNullable();
    t.jsonb('response');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['organization_id', 'key']);
  });
  await knex.raw(`
    insert into idempotency_keys (organization_id, key, request_hash, created_at)
    select organization_id, idempotency_key, coalesce(request_hash, ''), created_at from payments where idempotency_key is not null
  `);
  await knex.schema.alterTable('payments', (t) => {
    t.dropUnique(['organization_id', 'idempotency_key']);
    t.dropColumn('idempotency_key');
    t.dropColumn('request_hash');
  });
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('payments', (t) => {
    t.text('idempotency_key');
    t.text('request_hash');
    t.unique(['organization_id', 'idempotency_key']);
  });
  await knex.schema.dropTable('idempotency_keys');
}
