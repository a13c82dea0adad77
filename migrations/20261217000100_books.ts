import type { Knex } from 'knex';
import { ACCOUNT_KINDS, DEFAULT_CHART } from '../shared/books';

const inList = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');
const quoted = (value: string) => `'${value.replace(/'/g, "''")}'`;

/**
 * The books (docs/modules/finances.md, "The books underneath"): a chart of accounts per
 * organization (the default one, fit for a Dominican condominium, for every organization: the
 * existing ones here, new ones from the trigger `organizations_chart`), journal entries and
 * their lines (debit or credit in centavos, with the fund as a dimension). An entry balances
 * (a constraint trigger checks it when the transaction commits) and is never edited:
 * corrections are reversing entries (`reverses_entry_id`). Entries go with their property
 * only (its deletion, which money rows already refuse).
 *
 * Billing's income reaches the funds: a charge names its fund (`charges.fund_id`: the fund an
 * extraordinary charge was issued for, otherwise the operating fund; the reserve line goes to
 * the reserve fund) and `allocation_funds` keeps how each allocation of a payment was split
 * between the funds, dated the day the money reached them.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('accounts', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.text('code').notNullable();
    t.text('name').notNullable();
    t.text('kind').notNullable();
    t.text('key');
    t.boolean('active').notNullable().defaultTo(true);
    t.timestamps(true, true);
    t.unique(['organization_id', 'code']);
  });
  const chart = DEFAULT_CHART.map((a) => `(org, ${quoted(a.code)}, ${quoted(a.name)}, ${quoted(a.kind)}, ${quoted(a.key)})`).join(',\n        ');
  await knex.raw(`
    alter table accounts add constraint accounts_kind_check check (kind in (${inList(ACCOUNT_KINDS)}));
    create unique index accounts_organization_key_unique on accounts (organization_id, key) where key is not null;
    create function books_default_chart(org integer) returns void language plpgsql as $$
    begin
      insert into accounts (organization_id, code, name, kind, key) values
        ${chart}
      on conflict do nothing;
    end $$;
    create function organizations_chart() returns trigger language plpgsql as $$
    begin
      perform books_default_chart(new.id);
      return new;
    end $$;
    create trigger organizations_chart after insert on organizations for each row execute function organizations_chart();
    select books_default_chart(id) from organizations;
  `);

  await knex.schema.createTable('journal_entries', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.integer('property_id').notNullable().references('properties.id').onDelete('CASCADE');
    t.date('date').notNullable();
    t.text('source_type').notNullable();
    t.integer('source_id').notNullable();
    t.text('description').notNullable();
    t.integer('reverses_entry_id').unique().references('journal_entries.id');
    t.integer('created_by_id').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['property_id', 'date', 'id']);
    t.index(['source_type', 'source_id']);
  });
  await knex.schema.createTable('journal_lines', (t) => {
    t.increments('id');
    t.integer('entry_id').notNullable().references('journal_entries.id').onDelete('CASCADE');
    // Checked at commit: lines go with their entry when a property (and its funds) or an organization (and its accounts) is deleted.
    t.integer('account_id').notNullable().references('accounts.id').deferrable('deferred');
    t.integer('fund_id').references('funds.id').deferrable('deferred');
    t.bigInteger('debit').notNullable().defaultTo(0);
    t.bigInteger('credit').notNullable().defaultTo(0);
    t.index(['entry_id']);
    t.index(['account_id']);
    t.index(['fund_id']);
    t.check('?? >= 0 and ?? >= 0 and (?? = 0) <> (?? = 0)', ['debit', 'credit', 'debit', 'credit'], 'journal_lines_amount_check');
  });
  await knex.raw(`
    create function books_entry_balanced() returns trigger language plpgsql as $$
    declare
      difference bigint;
    begin
      select coalesce(sum(debit - credit), 0) into difference from journal_lines where entry_id = new.entry_id;
      if difference <> 0 then
        raise exception 'journal entry % does not balance (debits - credits = %)', new.entry_id, difference
          using errcode = 'check_violation', constraint = 'journal_entries_balanced';
      end if;
      return null;
    end $$;
    create constraint trigger journal_lines_balanced after insert on journal_lines
      deferrable initially deferred for each row execute function books_entry_balanced();

    -- Never edited; deleted only with their property or organization (a cascade: it is gone by then).
    create function books_refuse_change() returns trigger language plpgsql as $$
    begin
      -- Each test in its own branch: a record's fields are looked up only where they exist.
      if tg_op = 'DELETE' then
        if tg_table_name = 'journal_entries' then
          if not exists (select 1 from properties where id = old.property_id)
             or not exists (select 1 from organizations where id = old.organization_id) then
            return old;
          end if;
        elsif tg_table_name = 'journal_lines' then
          if not exists (select 1 from journal_entries where id = old.entry_id) then return old; end if;
        elsif tg_table_name = 'allocation_funds' then
          if not exists (select 1 from payment_allocations where id = old.allocation_id) then return old; end if;
        end if;
      end if;
      raise exception '% rows are never edited or deleted: post a reversing entry instead', tg_table_name
        using errcode = 'check_violation', constraint = tg_table_name || '_immutable';
    end $$;
    create trigger journal_entries_immutable before update or delete on journal_entries
      for each row execute function books_refuse_change();
    create trigger journal_lines_immutable before update or delete on journal_lines
      for each row execute function books_refuse_change();
  `);

  // A charge's fund: the operating fund unless an extraordinary charge names another.
  await knex.schema.alterTable('charges', (t) => {
    t.integer('fund_id').references('funds.id');
  });
  await knex.raw(`
    alter table charges disable trigger charges_update;
    update charges c set fund_id = f.id from funds f where f.property_id = c.property_id and f.kind = 'operating';
    -- The update's deferred events fire now: the table is altered again below.
    set constraints charges_data_version immediate;
    alter table charges enable trigger charges_update;
    alter table charges alter column fund_id set not null;
    set constraints charges_data_version deferred;
    create index charges_fund_id_index on charges (fund_id);
    create function charges_fund() returns trigger language plpgsql as $$
    begin
      if new.fund_id is null then
        select id into new.fund_id from funds where property_id = new.property_id and kind = 'operating';
        -- No fund because no such property: refused as the property's foreign key would (it is
        -- checked after this trigger and the NOT NULL, which would otherwise answer first).
        if new.fund_id is null and not exists (select 1 from properties where id = new.property_id) then
          raise exception 'insert on table "charges" violates foreign key constraint "charges_property_id_foreign"'
            using errcode = 'foreign_key_violation', constraint = 'charges_property_id_foreign';
        end if;
      -- A fund that does not exist is the foreign key's to refuse.
      elsif exists (select 1 from funds where id = new.fund_id and property_id <> new.property_id) then
        raise exception 'a charge goes to a fund of its property'
          using errcode = 'check_violation', constraint = 'charges_fund_property';
      end if;
      return new;
    end $$;
    create trigger charges_fund before insert on charges for each row execute function charges_fund();
  `);

  await knex.schema.createTable('allocation_funds', (t) => {
    t.increments('id');
    t.integer('allocation_id').notNullable().references('payment_allocations.id').onDelete('CASCADE');
    t.integer('fund_id').notNullable().references('funds.id');
    t.integer('amount').notNullable();
    t.boolean('reserve_line').notNullable().defaultTo(false);
    t.date('date').notNullable();
    t.unique(['allocation_id', 'reserve_line']);
    t.index(['fund_id', 'date']);
    t.check('?? > 0', ['amount'], 'allocation_funds_amount_check');
  });
  await knex.raw(`
    create trigger allocation_funds_immutable before update or delete on allocation_funds
      for each row execute function books_refuse_change();
  `);
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('allocation_funds');
  await knex.raw(`
    drop trigger charges_fund on charges;
    drop function charges_fund();
  `);
  await knex.schema.alterTable('charges', (t) => t.dropColumn('fund_id'));
  await knex.schema.dropTable('journal_lines');
  await knex.schema.dropTable('journal_entries');
  await knex.raw(`
    drop function books_refuse_change();
    drop function books_entry_balanced();
    drop trigger organizations_chart on organizations;
    drop function organizations_chart();
    drop function books_default_chart(integer);
  `);
  await knex.schema.dropTable('accounts');
}
