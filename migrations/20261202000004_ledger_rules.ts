import type { Knex } from 'knex';

/**
 * The ledger's rules, kept by the database whatever the code above it does:
 * - An allocation takes money from a confirmed payment for a pending charge of the same unit:
 *   it adds to `payments.allocated_amount` and `charges.paid_amount`, whose CHECK constraints
 *   refuse any allocation that would exceed the payment or the charge. A charge's status
 *   follows what was paid: `completed` once paid in full, `pending` again if a payment is
 *   refunded.
 * - Charges, allocations, refunds and proofs are never edited or deleted; a payment with a
 *   receipt neither, except to become `refunded` (once a refund row points to it), which
 *   gives back what it paid to its charges. Statuses only move reported -> confirmed|rejected
 *   and confirmed -> refunded.
 * - `payment_totals` follows confirmed payments (per property and month of reception).
 */
export async function up(knex: Knex) {
  await knex.raw(`
    create function billing_refuse_change() returns trigger language plpgsql as $$
    begin
      raise exception '% rows are never edited or deleted: record a correction instead', tg_table_name
        using errcode = 'check_violation', constraint = tg_table_name || '_immutable';
    end $$;

    create function billing_allocate() returns trigger language plpgsql as $$
    declare
      payment_unit integer;
      charge_unit integer;
    begin
      update payments set allocated_amount = allocated_amount + new.amount
      where id = new.payment_id and status = 'confirmed' returning unit_id into payment_unit;
      if not found then
        if exists (select 1 from payments where id = new.payment_id) then
          raise exception 'only a confirmed payment is allocated'
            using errcode = 'check_violation', constraint = 'payment_allocations_payment_confirmed';
        end if;
        return new; -- no such payment: the foreign key refuses the row
      end if;
      update charges set paid_amount = paid_amount + new.amount
      where id = new.charge_id and status = 'pending' returning unit_id into charge_unit;
      if not found then
        if exists (select 1 from charges where id = new.charge_id) then
          raise exception 'only a pending charge is paid'
            using errcode = 'check_violation', constraint = 'payment_allocations_charge_pending';
        end if;
        return new;
      end if;
      if payment_unit <> charge_unit then
        raise exception 'a payment pays charges of its own unit'
          using errcode = 'check_violation', constraint = 'payment_allocations_same_unit';
      end if;
      return new;
    end $$;

    create function billing_charge_update() returns trigger language plpgsql as $$
    begin
      if (to_jsonb(new) - array['status', 'paid_amount', 'paid_at', 'method', 'receipt_url', 'updated_at'])
         <> (to_jsonb(old) - array['status', 'paid_amount', 'paid_at', 'method', 'receipt_url', 'updated_at']) then
        raise exception 'charges are never edited: record a correction instead'
          using errcode = 'check_violation', constraint = 'charges_immutable';
      end if;
      if new.paid_amount <> old.paid_amount and old.status in ('pending', 'completed') then
        new.status := case when new.paid_amount = new.amount then 'completed' else 'pending' end;
        new.paid_at := case when new.paid_amount = new.amount then coalesce(old.paid_at, now()) end;
      end if;
      return new;
    end $$;

    create function billing_payment_update() returns trigger language plpgsql as $$
    begin
      if new.status <> old.status and not (
          (old.status = 'reported' and new.status in ('confirmed', 'rejected'))
          or (old.status = 'confirmed' and new.status = 'refunded')) then
        raise exception 'a payment does not go from % to %', old.status, new.status
          using errcode = 'check_violation', constraint = 'payments_status_transition';
      end if;
      if old.receipt_number is not null and (
          new.allocated_amount < old.allocated_amount
          or (to_jsonb(new) - array['status', 'allocated_amount', 'updated_at'])
             <> (to_jsonb(old) - array['status', 'allocated_amount', 'updated_at'])) then
        raise exception 'a payment with a receipt is never edited: refund it instead'
          using errcode = 'check_violation', constraint = 'payments_immutable';
      end if;
      if new.status = 'refunded' and old.status = 'confirmed'
         and not exists (select 1 from payment_refunds where payment_id = new.id) then
        raise exception 'a refunded payment has its refund'
          using errcode = 'check_violation', constraint = 'payments_refund_recorded';
      end if;
      return new;
    end $$;

    create function billing_payment_refunded() returns trigger language plpgsql as $$
    begin
      update charges c set paid_amount = c.paid_amount - a.total
      from (select charge_id, sum(amount)::int as total from payment_allocations where payment_id = new.id group by charge_id) a
      where c.id = a.charge_id;
      return new;
    end $$;

    create function billing_payment_delete() returns trigger language plpgsql as $$
    begin
      if old.receipt_number is not null then
        raise exception 'a payment with a receipt is never deleted: refund it instead'
          using errcode = 'check_violation', constraint = 'payments_immutable';
      end if;
      return old;
    end $$;

    create function billing_payment_totals() returns trigger language plpgsql as $$
    declare
      change bigint := 0;
    begin
      if new.status = 'confirmed' and (tg_op = 'INSERT' or old.status <> 'confirmed') then
        change := new.amount;
      elsif tg_op = 'UPDATE' and old.status = 'confirmed' and new.status <> 'confirmed' then
        change := -new.amount;
      end if;
      if change > 0 then
        insert into payment_totals as t (organization_id, property_id, month, amount)
        values (new.organization_id, new.property_id, date_trunc('month', new.received_at)::date, change)
        on conflict (organization_id, property_id, month) do update set amount = t.amount + excluded.amount;
      elsif change < 0 then
        -- The month's row exists: the payment was counted in it when confirmed.
        update payment_totals set amount = amount + change
        where organization_id = new.organization_id and property_id = new.property_id
          and month = date_trunc('month', new.received_at)::date;
      end if;
      return new;
    end $$;

    create trigger payment_allocations_apply before insert on payment_allocations
      for each row execute function billing_allocate();
    create trigger payment_allocations_immutable before update or delete on payment_allocations
      for each row execute function billing_refuse_change();
    create trigger payment_refunds_immutable before update or delete on payment_refunds
      for each row execute function billing_refuse_change();
    create trigger payment_proofs_immutable before update on payment_proofs
      for each row execute function billing_refuse_change();
    create trigger charges_update before update on charges
      for each row execute function billing_charge_update();
    create trigger charges_immutable before delete on charges
      for each row execute function billing_refuse_change();
    create trigger payments_update before update on payments
      for each row execute function billing_payment_update();
    create trigger payments_refunded after update of status on payments
      for each row when (old.status = 'confirmed' and new.status = 'refunded') execute function billing_payment_refunded();
    create trigger payments_delete before delete on payments
      for each row execute function billing_payment_delete();
    create trigger payments_totals after insert or update of status on payments
      for each row execute function billing_payment_totals();
  `);
}

export async function down(knex: Knex) {
  await knex.raw(`
    drop trigger payments_totals on payments;
    drop trigger payments_delete on payments;
    drop trigger payments_refunded on payments;
    drop trigger payments_update on payments;
    drop trigger charges_immutable on charges;
    drop trigger charges_update on charges;
    drop trigger payment_proofs_immutable on payment_proofs;
    drop trigger payment_refunds_immutable on payment_refunds;
    drop trigger payment_allocations_immutable on payment_allocations;
    drop trigger payment_allocations_apply on payment_allocations;
    drop function billing_payment_totals();
    drop function billing_payment_delete();
    drop function billing_payment_refunded();
    drop function billing_payment_update();
    drop function billing_charge_update();
    drop function billing_allocate();
    drop function billing_refuse_change();
  `);
}
