import type { Knex } from 'knex';

/**
 * Billing, part 2 (docs/modules/billing.md, "Recurring fees and extraordinary charges"):
 * - `units.share`: the unit's participation percentage (Ley 5038), 0 to 100 with 4 decimals.
 * - `billing_plans`: one per property: the monthly cuota (per unit, or a budget split by
 *   shares), issue day, days until due, reserve-fund percentage and the late-fee rule.
 *   `late_fee_value` is centavos for a flat fee, a percentage (2 decimals) for `percent`.
 * - `charges.period` (first day of the month a monthly cuota or late fee belongs to),
 *   `charges.reserve_amount` (the reserve fund's part of the amount, shown as its own line)
 *   and `charges.source_charge_id` (the overdue charge a late fee is for). Unique keys: one
 *   monthly cuota per unit and period, one late fee per overdue charge and period, so a
 *   re-run, a second worker or a restart never doubles.
 * - `charge_credit_notes`: a correction that forgives what is left of a charge (a waived late
 *   fee), with its reason; like an allocation it adds to `paid_amount`, so the charge is
 *   settled and the ledger stays balanced. Never edited or deleted.
 * - `no_debt_certificates`: each certificate issued, with its public verification code.
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('units', (t) => {
    t.decimal('share', 7, 4);
  });
  await knex.raw('alter table units add constraint units_share_check check (share is null or (share >= 0 and share <= 100))');

  await knex.schema.createTable('billing_plans', (t) => {
    t.integer('property_id').primary().references('properties.id').onDelete('CASCADE');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE').index();
    t.integer('monthly_fee').notNullable();
    t.text('split').notNullable();
    t.integer('issue_day').notNullable();
    t.integer('due_days').notNullable();
    t.decimal('reserve_percent', 5, 2).notNullable().defaultTo(0);
    t.text('late_fee_kind').notNullable().defaultTo('none');
    t.decimal('late_fee_value', 14, 2).notNullable().defaultTo(0);
    t.integer('grace_days').notNullable().defaultTo(0);
    t.integer('updated_by_id').references('users.id').onDelete('SET NULL');
    t.timestamps(true, true);
    t.check('?? > 0', ['monthly_fee'], 'billing_plans_monthly_fee_check');
    t.check("?? in ('equal', 'share')", ['split'], 'billing_plans_split_check');
    t.check('?? between 1 and 28', ['issue_day'], 'billing_plans_issue_day_check');
    t.check('?? between 0 and 90', ['due_days'], 'billing_plans_due_days_check');
    t.check('?? between 0 and 100', ['reserve_percent'], 'billing_plans_reserve_percent_check');
    t.check("?? in ('none', 'flat', 'percent')", ['late_fee_kind'], 'billing_plans_late_fee_kind_check');
    t.check("?? >= 0 and (?? <> 'percent' or ?? <= 100)", ['late_fee_value', 'late_fee_kind', 'late_fee_value'], 'billing_plans_late_fee_value_check');
    t.check('?? between 0 and 90', ['grace_days'], 'billing_plans_grace_days_check');
  });

  await knex.schema.alterTable('charges', (t) => {
    t.date('period');
    t.integer('reserve_amount').notNullable().defaultTo(0);
    t.integer('source_charge_id').references('charges.id').onDelete('RESTRICT').index();
  });
  await knex.raw(`
    alter table charges
      add constraint charges_reserve_amount_check check (reserve_amount >= 0 and reserve_amount <= amount),
      add constraint charges_period_check check (period is null or period = date_trunc('month', period)::date);
    create unique index charges_monthly_unique on charges (unit_id, period) where type = 'maintenance' and period is not null;
    create unique index charges_late_fee_unique on charges (source_charge_id, period) where type = 'late_fee';
  `);

  await knex.schema.createTable('charge_credit_notes', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('RESTRICT');
    t.integer('charge_id').notNullable().unique().references('charges.id').onDelete('RESTRICT');
    t.integer('amount').notNullable();
    t.text('reason').notNullable();
    t.integer('created_by_id').notNullable().references('users.id').onDelete('RESTRICT').index();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('?? > 0', ['amount'], 'charge_credit_notes_amount_check');
  });
  await knex.raw(`
    create function billing_credit_note() returns trigger language plpgsql as $$
    begin
      update charges set paid_amount = paid_amount + new.amount where id = new.charge_id and status = 'pending';
      if not found and exists (select 1 from charges where id = new.charge_id) then
        raise exception 'only a pending charge is credited'
          using errcode = 'check_violation', constraint = 'charge_credit_notes_charge_pending';
      end if;
      return new;
    end $$;
    create trigger charge_credit_notes_apply before insert on charge_credit_notes
      for each row execute function billing_credit_note();
    create trigger charge_credit_notes_immutable before update or delete on charge_credit_notes
      for each row execute function billing_refuse_change();
  `);

  await knex.schema.createTable('no_debt_certificates', (t) => {
    t.increments('id');
    t.text('code').notNullable().unique();
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.integer('unit_id').notNullable().references('units.id').onDelete('CASCADE').index();
    t.integer('issued_by_id').references('users.id').onDelete('SET NULL');
    t.timestamp('issued_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.date('valid_until').notNullable();
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('no_debt_certificates');
  await knex.raw(`
    drop trigger charge_credit_notes_immutable on charge_credit_notes;
    drop trigger charge_credit_notes_apply on charge_credit_notes;
    drop function billing_credit_note();
  `);
  await knex.schema.dropTable('charge_credit_notes');
  await knex.raw('drop index charges_late_fee_unique; drop index charges_monthly_unique;');
  await knex.schema.alterTable('charges', (t) => {
    t.dropChecks(['charges_reserve_amount_check', 'charges_period_check']);
    t.dropColumn('source_charge_id');
    t.dropColumn('reserve_amount');
    t.dropColumn('period');
  });
  await knex.schema.dropTable('billing_plans');
  await knex.schema.alterTable('units', (t) => {
    t.dropChecks(['units_share_check']);
    t.dropColumn('share');
  });
}
