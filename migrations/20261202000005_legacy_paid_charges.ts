import type { Knex } from 'knex';

/**
 * Charges recorded as paid before payments had rows of their own get one: a confirmed payment
 * of the whole amount (on the day it was paid, with a receipt number) allocated to the charge.
 * From here on a charge's status follows its allocations, which a CHECK constraint holds.
 */
export async function up(knex: Knex) {
  await knex.raw(`
    do $$
    declare
      paid record;
      payment integer;
    begin
      for paid in select * from charges where status = 'completed' and paid_amount < amount order by id loop
        update charges set status = 'pending' where id = paid.id;
        insert into payments (organization_id, property_id, unit_id, user_id, amount, method, received_at,
                              receipt_number, status, recorded_by_id)
        values (paid.organization_id, paid.property_id, paid.unit_id, paid.user_id, paid.amount, coalesce(paid.method, 'other'),
                (coalesce(paid.paid_at, paid.updated_at) at time zone 'America/Santo_Domingo')::date,
                billing_next_number(paid.organization_id, 'receipt', (coalesce(paid.paid_at, paid.updated_at) at time zone 'America/Santo_Domingo')::date),
                'confirmed', paid.user_id)
        returning id into payment;
        insert into payment_allocations (payment_id, charge_id, amount) values (payment, paid.id, paid.amount);
      end loop;
    end $$;
  `);
  await knex.raw(`
    alter table charges add constraint charges_settled_check
      check (status not in ('pending', 'completed') or (status = 'completed') = (paid_amount = amount))
  `);
}

export async function down(knex: Knex) {
  await knex.raw('alter table charges drop constraint charges_settled_check');
}
