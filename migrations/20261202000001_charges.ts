import type { Knex } from 'knex';
import { CHARGE_TYPES } from '../shared/enums';

const OLD_TYPES = ['rent', 'maintenance', 'fees', 'deposit', 'other'];
const inList = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/**
 * The spec's `payments` table holds what is owed: it becomes `charges` (its fields kept), of a
 * unit and an organization, with `late_fee` and `extraordinary` types, a sequential invoice
 * number per organization, and `paid_amount`, the sum of the allocations of confirmed payments
 * (kept by the ledger's triggers, never above the amount). `user_id` is who was billed when it
 * was issued (none for a unit nobody is linked to). Existing rows get their organization, the
 * unit their payer lives in (else the property's first unit), a due date and a number.
 */
export async function up(knex: Knex) {
  await knex.schema.renameTable('payments', 'charges');
  await knex.raw(`
    alter sequence payments_id_seq rename to charges_id_seq;
    alter table charges rename constraint payments_pkey to charges_pkey;
    alter table charges rename constraint payments_amount_check to charges_amount_check;
    alter table charges rename constraint payments_method_check to charges_method_check;
    alter table charges rename constraint payments_status_check to charges_status_check;
    alter table charges rename constraint payments_user_id_foreign to charges_user_id_foreign;
    alter table charges rename constraint payments_property_id_foreign to charges_property_id_foreign;
    alter table charges drop constraint payments_type_check;
    alter table charges drop constraint payments_invoice_number_unique;
    alter index payments_property_id_index rename to charges_property_id_index;
    alter index payments_user_id_status_index rename to charges_user_id_status_index;
    drop index payments_status_due_date_index;
  `);
  await knex.schema.alterTable('charges', (t) => {
    t.integer('organization_id').references('organizations.id').onDelete('RESTRICT');
    t.integer('unit_id').references('units.id').onDelete('RESTRICT');
    t.integer('created_by_id').references('users.id').onDelete('RESTRICT');
    t.integer('paid_amount').notNullable().defaultTo(0);
  });
  await knex.raw(`
    update charges c set organization_id = p.organization_id from properties p where p.id = c.property_id;
    update charges c set unit_id = coalesce(
      (select r.unit_id from residents r
       where r.user_id = c.user_id and r.property_id = c.property_id and r.unit_id is not null
       order by r.status = 'inactive', r.id limit 1),
      (select u.id from units u where u.property_id = c.property_id order by u.id limit 1));
    update charges set due_date = (created_at at time zone 'America/Santo_Domingo')::date where due_date is null;
    update charges set invoice_number = billing_next_number(organization_id, 'invoice', (created_at at time zone 'America/Santo_Domingo')::date)
    where id in (select id from charges where invoice_number is null order by id);
    do $$ begin
      if exists (select 1 from charges where unit_id is null) then
        raise exception 'Hay cargos en propiedades sin unidades: agregue una unidad a esas propiedades y vuelva a migrar';
      end if;
    end $$;
  `);
  await knex.raw(`
    alter table charges
      alter column organization_id set not null,
      alter column unit_id set not null,
      alter column due_date set not null,
      alter column invoice_number set not null,
      alter column user_id drop not null,
      add constraint charges_type_check check (type in (${inList(CHARGE_TYPES)})),
      add constraint charges_paid_amount_check check (paid_amount >= 0 and paid_amount <= amount),
      add constraint charges_organization_id_invoice_number_unique unique (organization_id, invoice_number);
    create index charges_organization_id_due_date_index on charges (organization_id, due_date desc, id desc);
    create index charges_unit_id_created_at_index on charges (unit_id, created_at, id);
    create index charges_pending_index on charges (organization_id, property_id, due_date) include (amount, paid_amount) where status = 'pending';
  `);
}

export async function down(knex: Knex) {
  await knex.raw(`
    drop index charges_pending_index;
    drop index charges_unit_id_created_at_index;
    drop index charges_organization_id_due_date_index;
    alter table charges
      drop constraint charges_organization_id_invoice_number_unique,
      drop constraint charges_paid_amount_check,
      drop constraint charges_type_check,
      alter column invoice_number drop not null,
      alter column due_date drop not null;
    update charges set user_id = (select u.id from users u where u.organization_id = charges.organization_id order by u.id limit 1) where user_id is null;
    alter table charges alter column user_id set not null;
  `);
  await knex.schema.alterTable('charges', (t) => {
    t.dropColumn('paid_amount');
    t.dropColumn('created_by_id');
    t.dropColumn('unit_id');
    t.dropColumn('organization_id');
  });
  await knex.raw(`
    alter table charges add constraint payments_type_check check (type in (${inList(OLD_TYPES)}));
    alter table charges add constraint payments_invoice_number_unique unique (invoice_number);
    create index payments_status_due_date_index on charges (status, due_date);
    alter index charges_user_id_status_index rename to payments_user_id_status_index;
    alter index charges_property_id_index rename to payments_property_id_index;
    alter table charges rename constraint charges_property_id_foreign to payments_property_id_foreign;
    alter table charges rename constraint charges_user_id_foreign to payments_user_id_foreign;
    alter table charges rename constraint charges_status_check to payments_status_check;
    alter table charges rename constraint charges_method_check to payments_method_check;
    alter table charges rename constraint charges_amount_check to payments_amount_check;
    alter table charges rename constraint charges_pkey to payments_pkey;
    alter sequence charges_id_seq rename to payments_id_seq;
  `);
  await knex.schema.renameTable('charges', 'payments');
}
