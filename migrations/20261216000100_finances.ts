import type { Knex } from 'knex';
import { EXPENSE_STATUSES, FUND_KINDS } from '../shared/finances';
import { PAYMENT_METHODS } from '../shared/enums';

const inList = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/**
 * Finances' first tables (docs/modules/finances.md): funds per property (every property has its
 * `operating` and `reserve` fund: existing ones get them here, new ones from the trigger
 * `properties_funds`, whoever inserts the property), transfers between funds, suppliers (the
 * companies and people the building pays, per organization), expenses and their payments.
 * Money is integer centavos. Rows with money are never deleted by the app: expenses are voided,
 * with who, when and why.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('funds', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.integer('property_id').notNullable().references('properties.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('kind').notNullable();
    t.integer('opening_balance').notNullable().defaultTo(0);
    t.date('opening_date').notNullable();
    t.timestamps(true, true);
    t.index(['property_id', 'id']);
  });
  await knex.raw(`
    alter table funds add constraint funds_kind_check check (kind in (${inList(FUND_KINDS)}));
    create unique index funds_property_kind_unique on funds (property_id, kind) where kind <> 'other';
    create unique index funds_property_name_unique on funds (property_id, lower(name));
    insert into funds (organization_id, property_id, name, kind, opening_date)
      select organization_id, id, 'Fondo operativo', 'operating', (created_at at time zone 'America/Santo_Domingo')::date from properties
      union all
      select organization_id, id, 'Fondo de reserva', 'reserve', (created_at at time zone 'America/Santo_Domingo')::date from properties;
    create function properties_funds() returns trigger language plpgsql as $$
    begin
      insert into funds (organization_id, property_id, name, kind, opening_date) values
        (new.organization_id, new.id, 'Fondo operativo', 'operating', (now() at time zone 'America/Santo_Domingo')::date),
        (new.organization_id, new.id, 'Fondo de reserva', 'reserve', (now() at time zone 'America/Santo_Domingo')::date);
      return new;
    end $$;
    create trigger properties_funds after insert on properties for each row execute function properties_funds();
  `);

  await knex.schema.createTable('fund_transfers', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.integer('property_id').notNullable().references('properties.id').onDelete('RESTRICT');
    t.integer('from_fund_id').notNullable().references('funds.id').onDelete('RESTRICT');
    t.integer('to_fund_id').notNullable().references('funds.id').onDelete('RESTRICT');
    t.integer('amount').notNullable();
    t.date('date').notNullable();
    t.text('description').notNullable();
    t.integer('created_by_id').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['from_fund_id', 'date']);
    t.index(['to_fund_id', 'date']);
    t.check('?? > 0', ['amount'], 'fund_transfers_amount_check');
    t.check('?? <> ??', ['from_fund_id', 'to_fund_id'], 'fund_transfers_funds_check');
  });

  await knex.schema.createTable('suppliers', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('tax_id');
    t.text('phone');
    t.text('email');
    t.text('category');
    t.text('bank_account');
    t.text('notes');
    t.timestamps(true, true);
    t.index(['organization_id', 'name']);
  });

  await knex.schema.createTable('expenses', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.integer('property_id').notNullable().references('properties.id').onDelete('RESTRICT');
    t.integer('fund_id').notNullable().references('funds.id').onDelete('RESTRICT');
    t.text('category').notNullable();
    t.integer('supplier_id').references('suppliers.id').onDelete('RESTRICT');
    t.text('invoice_number');
    t.text('ncf');
    t.date('issue_date').notNullable();
    t.date('due_date');
    t.integer('amount').notNullable();
    t.integer('itbis').notNullable().defaultTo(0);
    t.integer('paid_amount').notNullable().defaultTo(0);
    t.text('description').notNullable();
    t.integer('maintenance_request_id').references('maintenance_requests.id').onDelete('SET NULL');
    t.text('status').notNullable().defaultTo('pending');
    t.integer('created_by_id').references('users.id').onDelete('SET NULL');
    t.timestamp('voided_at', { useTz: true });
    t.integer('voided_by_id').references('users.id').onDelete('SET NULL');
    t.text('void_reason');
    t.timestamps(true, true);
    t.index(['organization_id', 'issue_date', 'id']);
    t.index(['property_id', 'issue_date']);
    t.index(['fund_id']);
    t.index(['supplier_id']);
    t.check('?? > 0 and ?? >= 0 and ?? >= 0 and ?? <= ?? + ??', ['amount', 'itbis', 'paid_amount', 'paid_amount', 'amount', 'itbis'], 'expenses_amounts_check');
  });
  await knex.raw(`alter table expenses add constraint expenses_status_check check (status in (${inList(EXPENSE_STATUSES)}))`);

  await knex.schema.createTable('expense_payments', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.integer('expense_id').notNullable().references('expenses.id').onDelete('RESTRICT');
    t.integer('fund_id').notNullable().references('funds.id').onDelete('RESTRICT');
    t.integer('amount').notNullable();
    t.date('paid_at').notNullable();
    t.text('method').notNullable();
    t.text('reference');
    t.integer('created_by_id').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['expense_id']);
    t.index(['fund_id', 'paid_at']);
    t.check('?? > 0', ['amount'], 'expense_payments_amount_check');
  });
  await knex.raw(`alter table expense_payments add constraint expense_payments_method_check check (method in (${inList(PAYMENT_METHODS)}))`);
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('expense_payments');
  await knex.schema.dropTable('expenses');
  await knex.schema.dropTable('suppliers');
  await knex.schema.dropTable('fund_transfers');
  await knex.raw('drop trigger properties_funds on properties; drop function properties_funds()');
  await knex.schema.dropTable('funds');
}
