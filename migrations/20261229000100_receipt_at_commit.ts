import type { Knex } from 'knex';

/**
 * A confirmed payment has its receipt number and a receipt number means a confirmed (or later
 * refunded) payment, checked when the transaction commits instead of on each statement: a
 * payment is written, pays the unit's charges and takes its number last
 * (server/commands/payments.ts), so the organization's receipt counter, locked from the number
 * until commit, is held for a few statements and not for the whole settlement. The check reads
 * the row as it stands at commit.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table payments drop constraint payments_receipt_check;

    create function billing_payment_receipt_check() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from payments p where p.id = new.id
                 and (p.receipt_number is not null) <> (p.status in ('confirmed', 'refunded'))) then
        raise exception 'payment %: a receipt number for a confirmed or refunded payment, and for no other', new.id
          using errcode = 'check_violation', constraint = 'payments_receipt_check';
      end if;
      return null;
    end $$;

    create constraint trigger payments_receipt_check after insert or update of receipt_number, status on payments
      deferrable initially deferred for each row execute function billing_payment_receipt_check();
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop trigger payments_receipt_check on payments;
    drop function billing_payment_receipt_check();
    alter table payments add constraint payments_receipt_check check ((receipt_number is not null) = (status in ('confirmed', 'refunded')));
  `);
}
