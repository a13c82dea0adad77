import type { Knex } from 'knex';

/**
 * Finances, period close, budget, recurring expenses and the owners' monthly report
 * (docs/modules/finances.md):
 * - `finance_periods`: a property's month that was closed at least once, with its state now;
 *   `finance_period_actions` keeps every close and reopen (who, when, why).
 * - `budget_lines`: the annual budget per property, year and category, twelve monthly amounts.
 * - `recurring_expenses`: templates the worker turns into a pending expense each month; the
 *   expense keeps its template and month, unique, so a rerun adds nothing.
 * - `finance_reports`: the monthly report published when its month is closed (its figures as
 *   they were then), withdrawn when the month is reopened.
 * Money is integer centavos.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('finance_periods', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.integer('property_id').notNullable().references('properties.id').onDelete('CASCADE');
    t.text('month').notNullable();
    t.text('status').notNullable();
    t.timestamp('closed_at', { useTz: true });
    t.integer('closed_by_id').references('users.id').onDelete('SET NULL');
    t.timestamps(true, true);
    t.unique(['property_id', 'month']);
    t.check("?? ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'", ['month'], 'finance_periods_month_check');
    t.check("?? in ('open', 'closed')", ['status'], 'finance_periods_status_check');
  });

  await knex.schema.createTable('finance_period_actions', (t) => {
    t.increments('id');
    t.integer('period_id').notNullable().references('finance_periods.id').onDelete('CASCADE');
    t.text('action').notNullable();
    t.text('reason');
    t.integer('user_id').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['period_id', 'id']);
    t.check("?? in ('closed', 'reopened')", ['action'], 'finance_period_actions_action_check');
  });

  await knex.schema.createTable('budget_lines', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.integer('property_id').notNullable().references('properties.id').onDelete('CASCADE');
    t.integer('year').notNullable();
    t.text('category').notNullable();
    t.specificType('months', 'integer[]').notNullable();
    t.timestamps(true, true);
    t.unique(['property_id', 'year', 'category']);
    t.check('cardinality(??) = 12', ['months'], 'budget_lines_months_check');
  });

  await knex.schema.createTable('recurring_expenses', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.integer('property_id').notNullable().references('properties.id').onDelete('CASCADE');
    t.integer('fund_id').notNullable().references('funds.id').onDelete('RESTRICT');
    t.text('category').notNullable();
    t.integer('supplier_id').references('suppliers.id').onDelete('RESTRICT');
    t.integer('amount').notNullable();
    t.integer('itbis').notNullable().defaultTo(0);
    t.text('description').notNullable();
    t.integer('day_of_month').notNullable();
    t.boolean('active').notNullable().defaultTo(true);
    // The first month it issues (the month it was created until its day, then the next).
    t.text('first_month').notNullable();
    t.integer('created_by_id').references('users.id').onDelete('SET NULL');
    t.timestamp('deleted_at', { useTz: true });
    t.timestamps(true, true);
    t.index(['property_id', 'id']);
    t.check('?? > 0 and ?? >= 0', ['amount', 'itbis'], 'recurring_expenses_amounts_check');
    t.check('?? between 1 and 28', ['day_of_month'], 'recurring_expenses_day_check');
  });

  await knex.schema.alterTable('expenses', (t) => {
    t.integer('recurring_expense_id').references('recurring_expenses.id').onDelete('RESTRICT');
    t.text('recurring_month');
    t.unique(['recurring_expense_id', 'recurring_month'], { indexName: 'expenses_recurring_month_unique' });
  });

  await knex.schema.createTable('finance_reports', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.integer('property_id').notNullable().references('properties.id').onDelete('CASCADE');
    t.text('month').notNullable();
    t.text('status').notNullable();
    t.jsonb('figures').notNullable();
    t.integer('version').notNullable().defaultTo(1);
    t.timestamp('published_at', { useTz: true }).notNullable();
    t.integer('published_by_id').references('users.id').onDelete('SET NULL');
    t.timestamp('withdrawn_at', { useTz: true });
    t.unique(['property_id', 'month']);
    t.index(['property_id', 'status', 'month']);
    t.check("?? in ('published', 'withdrawn')", ['status'], 'finance_reports_status_check');
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('finance_reports');
  await knex.schema.alterTable('expenses', (t) => {
    t.dropUnique(['recurring_expense_id', 'recurring_month'], 'expenses_recurring_month_unique');
    t.dropColumn('recurring_month');
    t.dropColumn('recurring_expense_id');
  });
  await knex.schema.dropTable('recurring_expenses');
  await knex.schema.dropTable('budget_lines');
  await knex.schema.dropTable('finance_period_actions');
  await knex.schema.dropTable('finance_periods');
}
