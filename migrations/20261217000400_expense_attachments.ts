import type { Knex } from 'knex';
import { EXPENSE_ATTACHMENT_TYPES, MAX_EXPENSE_ATTACHMENT_BYTES } from '../shared/schemas/financesFiles';

/**
 * Expense attachments (docs/modules/finances.md, "Attachments"): the invoice's photo or PDF,
 * checked by content on upload (services/files.ts), kept like payment proofs and maintenance
 * photos (bytea out of line, uncompressed). Never deleted with money around them: an expense
 * is never deleted, so neither are its attachments.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('expense_attachments', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.integer('expense_id').notNullable().references('expenses.id').onDelete('RESTRICT').index();
    t.integer('uploaded_by_id').references('users.id').onDelete('SET NULL');
    t.text('file_name');
    t.enu('file_type', Object.keys(EXPENSE_ATTACHMENT_TYPES)).notNullable();
    t.integer('size_bytes').notNullable();
    t.binary('content').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check(`?? > 0 and ?? <= ${MAX_EXPENSE_ATTACHMENT_BYTES}`, ['size_bytes', 'size_bytes'], 'expense_attachments_size_bytes_check');
  });
  await knex.raw('alter table expense_attachments alter column content set storage external');
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('expense_attachments');
}
