import type { Knex } from 'knex';
import { BANKS, BANK_CURRENCIES } from '../shared/financesBank';

const inList = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/**
 * Bank accounts and reconciliation (docs/modules/finances.md, "Bank accounts and
 * reconciliation"): a property's bank accounts and the funds each holds, the statements imported
 * and their lines (each matched to at most one book entry, each book entry to at most one line),
 * other incomes (money in that is not a unit's payment), the bank account an expense payment left
 * from, and the months marked reconciled. Money is integer centavos; nothing with money is
 * deleted by the app.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('bank_accounts', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    // An account without statements or incomes goes with its property; lines and incomes restrict it.
    t.integer('property_id').notNullable().references('properties.id').onDelete('CASCADE');
    t.text('bank').notNullable();
    t.text('name');
    t.text('last4').notNullable();
    t.text('currency').notNullable().defaultTo('DOP');
    t.integer('opening_balance').notNullable().defaultTo(0);
    t.date('opening_date').notNullable();
    t.boolean('receives_payments').notNullable().defaultTo(false);
    t.jsonb('statement_mapping');
    t.timestamps(true, true);
    t.index(['property_id', 'id']);
    t.check("?? ~ '^[0-9]{4}$'", ['last4'], 'bank_accounts_last4_check');
  });
  await knex.raw(`
    alter table bank_accounts add constraint bank_accounts_bank_check check (bank in (${inList(BANKS)}));
    alter table bank_accounts add constraint bank_accounts_currency_check check (currency in (${inList(BANK_CURRENCIES)}));
    create unique index bank_accounts_receiving_unique on bank_accounts (property_id) where receives_payments;
  `);

  await knex.schema.createTable('bank_account_funds', (t) => {
    t.integer('bank_account_id').notNullable().references('bank_accounts.id').onDelete('CASCADE');
    t.integer('fund_id').notNullable().references('funds.id').onDelete('CASCADE');
    t.primary(['bank_account_id', 'fund_id']);
  });

  await knex.schema.alterTable('expense_payments', (t) => {
    t.integer('bank_account_id').references('bank_accounts.id').onDelete('RESTRICT');
    t.index(['bank_account_id', 'paid_at']);
  });

  await knex.schema.createTable('other_incomes', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.integer('property_id').notNullable().references('properties.id').onDelete('RESTRICT');
    t.integer('fund_id').notNullable().references('funds.id').onDelete('RESTRICT');
    t.integer('bank_account_id').references('bank_accounts.id').onDelete('RESTRICT');
    t.date('date').notNullable();
    t.integer('amount').notNullable();
    t.text('description').notNullable();
    t.integer('created_by_id').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['fund_id', 'date']);
    t.index(['bank_account_id', 'date']);
    t.check('?? > 0', ['amount'], 'other_incomes_amount_check');
  });

  await knex.schema.createTable('bank_statements', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.integer('bank_account_id').notNullable().references('bank_accounts.id').onDelete('RESTRICT');
    t.text('file_name').notNullable();
    t.text('format').notNullable();
    t.integer('imported').notNullable();
    t.integer('duplicates').notNullable();
    t.integer('created_by_id').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['bank_account_id', 'id']);
  });

  await knex.schema.createTable('bank_lines', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.integer('bank_account_id').notNullable().references('bank_accounts.id').onDelete('RESTRICT');
    t.integer('statement_id').notNullable().references('bank_statements.id').onDelete('RESTRICT');
    t.date('date').notNullable();
    t.text('description').notNullable().defaultTo('');
    t.text('reference');
    t.bigInteger('amount').notNullable();
    t.bigInteger('balance');
    // Matched to at most one of a payment, an expense payment or an other income (the commands
    // set one and unmatching clears all); `matched_at` says whether it is matched.
    // The nth line of its file with the same date, amount, reference and balance (two equal
    // fees on one day are two lines; the same file imported again adds none).
    t.integer('occurrence').notNullable().defaultTo(1);
    t.integer('payment_id').references('payments.id').onDelete('RESTRICT');
    t.integer('expense_payment_id').references('expense_payments.id').onDelete('RESTRICT');
    t.integer('other_income_id').references('other_incomes.id').onDelete('RESTRICT');
    t.timestamp('matched_at', { useTz: true });
    t.integer('matched_by_id').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['bank_account_id', 'date', 'id']);
    t.index(['bank_account_id', 'amount']);
    t.check('?? <> 0', ['amount'], 'bank_lines_amount_check');
    t.check('(?? is null) = (num_nonnulls(??, ??, ??) = 0)', ['matched_at', 'payment_id', 'expense_payment_id', 'other_income_id'], 'bank_lines_matched_at_check');
  });
  await knex.raw(`
    create unique index bank_lines_key_unique on bank_lines (bank_account_id, date, amount, reference, balance, occurrence) nulls not distinct;
    create unique index bank_lines_payment_unique on bank_lines (payment_id) where payment_id is not null;
    create unique index bank_lines_expense_payment_unique on bank_lines (expense_payment_id) where expense_payment_id is not null;
    create unique index bank_lines_other_income_unique on bank_lines (other_income_id) where other_income_id is not null;
  `);

  await knex.schema.createTable('bank_reconciliations', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.integer('bank_account_id').notNullable().references('bank_accounts.id').onDelete('RESTRICT');
    t.text('month').notNullable();
    t.bigInteger('bank_closing').notNullable();
    t.bigInteger('book_closing').notNullable();
    t.integer('reconciled_by_id').references('users.id').onDelete('SET NULL');
    t.timestamp('reconciled_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['bank_account_id', 'month']);
    t.check("?? ~ '^[0-9]{4}-[0-9]{2}$'", ['month'], 'bank_reconciliations_month_check');
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('bank_reconciliations');
  await knex.schema.dropTable('bank_lines');
  await knex.schema.dropTable('bank_statements');
  await knex.schema.dropTable('other_incomes');
  await knex.schema.alterTable('expense_payments', (t) => t.dropColumn('bank_account_id'));
  await knex.schema.dropTable('bank_account_funds');
  await knex.schema.dropTable('bank_accounts');
}
